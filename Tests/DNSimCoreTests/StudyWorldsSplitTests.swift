import XCTest

@testable import DNSimCore

/// `StudyWorldsSplit` cuts a shard file at its study's worlds by the JSON's structure: strings with brackets, commas,
/// quotes and escapes in them, a `worlds` key elsewhere, or a list that is not the study's do not move the cut.
final class StudyWorldsSplitTests: XCTestCase {
    func split(_ text: String) -> (rest: String, worlds: [String])? {
        StudyWorldsSplit.split(Array(text.utf8)).map {
            (String(decoding: $0.rest, as: UTF8.self), $0.worlds.map { String(decoding: $0, as: UTF8.self) })
        }
    }

    func testTheStudysWorldsAreCutOneByOne() throws {
        let text =
            #"{"a":"x","result":{"arms":[{"worlds":[1]}]},"study":{"design":"sobol","worldRange":[0,2],"#
            + #""worlds":[{"arms":[{"n":"a,]}\"[{"}],"identity":"i\\\"],","world":1},{"arms":[],"identity":"j","world":2}]},"t":"v"}"#
        let cut = try XCTUnwrap(split(text))
        XCTAssertEqual(
            cut.worlds,
            [
                #"{"arms":[{"n":"a,]}\"[{"}],"identity":"i\\\"],","world":1}"#,
                #"{"arms":[],"identity":"j","world":2}"#,
            ])
        XCTAssertEqual(
            cut.rest,
            #"{"a":"x","result":{"arms":[{"worlds":[1]}]},"study":{"design":"sobol","worldRange":[0,2],"worlds":[]},"t":"v"}"#
        )
    }

    func testAnEmptyListAndSpacesSplitToNothingOrTheirWorlds() throws {
        XCTAssertEqual(try XCTUnwrap(split(#"{"study":{"worlds":[]}}"#)).worlds, [])
        XCTAssertEqual(
            try XCTUnwrap(split(#"{"study":{"worlds": [ {"w":1} , {"w":2} ]}}"#)).worlds,
            [#" {"w":1} "#, #" {"w":2} "#])
    }

    func testFilesNotLaidOutSoGiveNil() {
        XCTAssertNil(split(#"{"result":{"worlds":[{"w":1}]}}"#), "a worlds list outside the study")
        XCTAssertNil(split(#"{"study":{"design":"a"},"other":{"worlds":[{"w":1}]}}"#), "a later object's worlds")
        XCTAssertNil(split(#"{"study":{"design":"a"},"x":[[{"w":1}]]}"#), "an array after the study")
        XCTAssertNil(split(#"{"study":{"worlds":[{"w":1},]}}"#), "a trailing comma")
        XCTAssertNil(split(#"{"study":{"worlds":[,{"w":1}]}}"#), "an empty element")
        XCTAssertNil(split(#"{"study":{"worlds":[{"w":1}"#), "cut off")
        XCTAssertNil(split(#"{"s\"tudy":{"worlds":[{"w":1}]}}"#), "another key")
        XCTAssertNil(split(""))
        XCTAssertNil(split("[1,2]"))
    }
}
