import Foundation
import XCTest

@testable import DNSimCLI
@testable import DNSimRun

/// A test case that runs the command line in process, in a temporary folder
/// of its own that is removed afterwards.
class CommandLineTestCase: XCTestCase {
    var temporary: URL!

    override func setUp() {
        super.setUp()
        temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "dnsim-\(type(of: self))-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: temporary)
        super.tearDown()
    }

    /// `dnsim-events arguments…`: its exit code, stdout and stderr.
    func invoke(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        final class Output: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let output = Output()
        let console = Console(out: { output.out += $0 }, error: { output.err += $0 })
        let code = DNSimCommand.main(arguments, console: console)
        return (code, output.out, output.err)
    }
}
