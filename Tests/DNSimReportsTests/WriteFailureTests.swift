import Foundation
import XCTest

@testable import DNSimReports

/// The reason a write failed, as `WriteFailure` reads it from Foundation's errors (no disk needed).
final class WriteFailureTests: XCTestCase {
    func testTheReasonComesFromThePOSIXErrorUnderneath() {
        let underlying = NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))
        let error = NSError(
            domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
            userInfo: [NSUnderlyingErrorKey: underlying])
        let failure = WriteFailure(path: "/x/y.csv", error: error)
        XCTAssertEqual(failure.description, "cannot write /x/y.csv: no space left on device")
        XCTAssertTrue(failure.isNoSpace)
        XCTAssertEqual(
            WriteFailure(path: "p", error: CocoaError(.fileWriteOutOfSpace)).reason, "no space left on device")
        XCTAssertEqual(
            WriteFailure(path: "p", error: CocoaError(.fileWriteVolumeReadOnly)).reason, "read-only file system")
        XCTAssertEqual(WriteFailure.posix("q", EACCES).description, "cannot write q: permission denied")
        XCTAssertEqual(WriteFailure(path: "other", error: failure), failure, "a failure keeps its own path")
    }
}
