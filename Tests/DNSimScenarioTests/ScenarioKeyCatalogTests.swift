import XCTest

@testable import DNSimScenario

/// The key catalog: every key declared once, with the role docs/model.md §9 gives it, and
/// `role(of:)` answering for every way a path is written.
final class ScenarioKeyCatalogTests: XCTestCase {
    func testEveryPathIsDeclaredOnce() {
        let paths = ScenarioKeyCatalog.keys.flatMap(\.paths) + ScenarioKeyCatalog.sweepOnlyKeys.flatMap(\.paths)
        XCTAssertEqual(
            paths.count, Set(paths).count, "\(Dictionary(grouping: paths) { $0 }.filter { $0.value.count > 1 }.keys)")
    }

    /// A shown key has its documentation; a part has none, since its parent's row describes it, but
    /// may name its value's type (`duration`, `distribution`) for `uncertainty` to take a number there.
    func testShownKeysAreDocumentedAndPartsAreNot() {
        for key in ScenarioKeyCatalog.keys {
            if key.table == nil {
                XCTAssertEqual(key.range + key.meaning + key.example, "", key.path)
                XCTAssertTrue(["", "duration", "distribution"].contains(key.type), key.path)
                XCTAssertNotNil(
                    ScenarioKeyCatalog.key(
                        at: ScenarioKeyCatalog.parent(of: key.path).replacingOccurrences(of: "[]", with: ""))
                        ?? ScenarioKeyCatalog.key(at: ScenarioKeyCatalog.parent(of: key.path)),
                    "\(key.path): a part of nothing")
            } else {
                XCTAssertFalse(key.type.isEmpty || key.meaning.isEmpty, key.path)
            }
        }
    }

    /// A mapping's role is its keys' role when they share one, and `mixed` otherwise.
    func testAMappingsRoleAgreesWithItsKeys() {
        for key in ScenarioKeyCatalog.keys {
            let children = (ScenarioKeyCatalog.tree[key.path] ?? []) + (ScenarioKeyCatalog.tree[key.path + "[]"] ?? [])
            guard !children.isEmpty else { continue }
            let roles = Set(
                children.compactMap { name -> ScenarioKeyRole? in
                    ScenarioKeyCatalog.key(at: "\(key.path).\(name)")?.role
                        ?? ScenarioKeyCatalog.key(at: "\(key.path)[].\(name)")?.role
                })
            XCTAssertEqual(key.role, roles.count == 1 ? roles.first! : .mixed, key.path)
        }
    }

    /// docs/model.md §9: `plugin.*`, `strategies.*` and `app.*` are levers; `user.*` and `server.*`
    /// conditions, but `server.pushWhen`, which the team sets (a lever since the amended spec).
    func testWholeSectionsHaveTheirSpecRoles() {
        for key in ScenarioKeyCatalog.keys {
            for path in key.paths {
                let section = String(path.prefix { $0 != "." && $0 != "[" })
                switch section {
                case "plugin", "strategies", "app": XCTAssertEqual(key.role, .lever, path)
                case "user", "server":
                    XCTAssertEqual(
                        key.role, path == "server.pushWhen" ? .lever : path == "server" ? .mixed : .condition, path)
                case "metrics": XCTAssertEqual(key.role, .definition, path)
                case "expect", "sweep", "precision": XCTAssertEqual(key.role, .run, path)
                default: break
                }
            }
        }
    }

    func testNamedLeversAndConditions() {
        let levers = [
            "platforms.ios.fetchTask.kind", "platforms.ios.resubmitOnOpen", "platforms.android.alarmKind",
            "platforms.android.rescheduleOnBoot", "platforms.android.push.priority", "strategies.push.kind", "lead",
        ]
        for path in levers { XCTAssertEqual(ScenarioKeyCatalog.role(of: path), .lever, path) }
        let conditions = [
            "platforms.ios.fetchTask.never", "platforms.ios.fetchTask.delay", "platforms.ios.fetchTask.budget",
            "platforms.android.doze", "platforms.android.exactAlarmPermission", "platforms.ios.push.drop",
            "platforms.android.push.delay", "fetch.latency", "fetch.failure", "server.updatesPerDay", "timeZone",
        ]
        for path in conditions { XCTAssertEqual(ScenarioKeyCatalog.role(of: path), .condition, path) }
        for path in ["name", "seed", "devices", "days", "start", "description"] {
            XCTAssertEqual(ScenarioKeyCatalog.role(of: path), .run, path)
        }
    }

    /// A path as a sweep or a message writes it resolves to its declared key's role.
    func testRoleOfResolvesItemsIndicesAndDistributionParameters() {
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "platforms.ios.fetchTask.delay.lognormal.median"), .condition)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "platforms.ios.fetchTask.delay.mixture[2].weight"), .condition)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "strategies.2.chained.guard"), .lever)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "strategies.chained.guardHorizon"), .lever)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "expect[2].max"), .run)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "expect[].arm"), .run)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "sweep.1.range.step"), .run)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "user.appOpenHours[3]"), .condition)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "user.lowPowerMode.startHours.4"), .condition)
        XCTAssertEqual(ScenarioKeyCatalog.role(of: "platforms"), .mixed)
        XCTAssertNil(ScenarioKeyCatalog.role(of: "nonsense"))
        XCTAssertNil(ScenarioKeyCatalog.role(of: ""))
    }

    /// The loader takes required keys from the catalog: every key marked required is needed.
    func testTheLoaderRequiresTheKeysMarkedRequired() throws {
        XCTAssertEqual(
            ScenarioKeyCatalog.required[""], ["name", "devices", "days", "start", "plugin", "platforms", "strategies"])
        let text = "name: t\ndays: 1\nstart: 2027-01-01\nplugin: {}\nplatforms: { ios: {} }\nstrategies: [chained]\n"
        XCTAssertThrowsError(try ScenarioLoader.load(bytes: Array(text.utf8), file: "t.yaml")) { error in
            let messages = (error as? DiagnosticList)?.diagnostics.map(\.message) ?? []
            XCTAssertTrue(messages.contains("the scenario needs 'devices'"), "\(messages)")
            XCTAssertTrue(messages.contains("plugin needs 'contentFetch'"), "\(messages)")
        }
    }

    /// A declared range is the one the loader checks: one above the top of each is refused, naming the range.
    func testTheLoaderChecksTheDeclaredRanges() throws {
        let base = try XCTUnwrap(try YAMLParser.parse(Array(ScenarioFormatDocTests.base.utf8), file: "base.yaml"))
        let limited = ScenarioKeyCatalog.keys.filter { $0.limits != nil }
        XCTAssertGreaterThan(limited.count, 20)
        for key in limited {
            let (low, high): (String, String)
            switch key.limits! {
            case .number(let range):
                (low, high) = (ScenarioReader.show(range.lowerBound), ScenarioReader.show(range.upperBound))
            case .integer(let range): (low, high) = (String(range.lowerBound), String(range.upperBound))
            }
            let above = YAMLNode(
                kind: .scalar(ScenarioReader.show((Double(high) ?? 0) + 1)), mark: SourceMark(line: 1, column: 1))
            let parts = key.path.split(separator: ".").map(String.init)
            let edited = try XCTUnwrap(base.setting(parts[...], to: above), key.path)
            XCTAssertThrowsError(try ScenarioLoader.load(root: edited, text: "", file: "t.yaml"), key.path) { error in
                let messages = (error as? DiagnosticList)?.diagnostics.map(\.message) ?? []
                XCTAssertTrue(
                    messages.contains {
                        $0.hasPrefix(key.path) && $0.contains("must be between \(low) and \(high), not")
                    },
                    "\(key.path): \(messages)")
            }
        }
    }
}
