import DNSimText
import Foundation
import XCTest

/// A path's parent, as `NSString.deletingLastPathComponent` gives it, one-character names included.
final class PathTextTests: XCTestCase {
    func testTheParentIsNSStringsWhereThatWorks() {
        for path in [
            "P/Reports/small", "P/Reports/small/", "small", "/small", "/", "", "./Reports", "a//b", "/a/b", "ab/c",
            "policy/Reports/small@devices=6",
        ] {
            XCTAssertEqual(PathText.parent(path), (path as NSString).deletingLastPathComponent, path)
        }
    }

    /// Where NSString traps on Linux.
    func testOneCharacterNames() {
        XCTAssertEqual(PathText.parent("P"), "")
        XCTAssertEqual(PathText.parent("P/"), "")
        XCTAssertEqual(PathText.parent("x/P"), "x")
        XCTAssertEqual(PathText.parent("/P"), "/")
    }
}
