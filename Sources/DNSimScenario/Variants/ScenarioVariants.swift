import DNSimCore

/// The one way a sweep point, a study world and a fleet segment derive a scenario: the base
/// document (the file without the blocks that declare variants) with each setting placed, then
/// loaded and validated like any scenario, so a combination that only fails together is caught.
/// Every variant takes its calendars from the base's cache and keeps the base's default
/// `freshWithin` (the base scenario's lead, whatever lead the variant has).
struct ScenarioVariants: Sendable {
    let base: YAMLNode
    let text: String
    let file: String
    let calendarCache: CalendarCache
    let defaultFreshWithin: Millis

    /// `root` without its top-level keys in `dropped`, with `added` scalars after the rest.
    init(
        root: YAMLNode, dropping dropped: Set<String>, adding added: [(key: String, value: String)] = [],
        text: String, file: String, calendarCache: CalendarCache, defaultFreshWithin: Millis
    ) {
        var base = root
        if case .mapping(let pairs) = root.kind {
            base.kind = .mapping(
                pairs.filter { !dropped.contains($0.key.scalar ?? "") }
                    + added.map {
                        YAMLPair(
                            key: YAMLNode(kind: .scalar($0.key), mark: root.mark),
                            value: YAMLNode(kind: .scalar($0.value), mark: root.mark))
                    })
        }
        self.base = base
        self.text = text
        self.file = file
        self.calendarCache = calendarCache
        self.defaultFreshWithin = defaultFreshWithin
    }

    /// The base with each setting in place, in order, or the first whose key names no place.
    func placing(_ settings: [VariantSetting]) -> Result<YAMLNode, UnplacedSetting> {
        var node = base
        for setting in settings {
            guard let updated = node.setting(setting.path[...], to: setting.value) else {
                return .failure(UnplacedSetting(setting: setting))
            }
            node = updated
        }
        return .success(node)
    }

    /// The variant `node` loaded; each message of a failure starts with `context` (which values).
    func load(_ node: YAMLNode, context: @autoclosure () -> String) -> Result<Scenario, DiagnosticList> {
        do {
            var scenario = try CalendarCache.$inherited.withValue(calendarCache) {
                try ScenarioLoader.load(root: node, text: text, file: file)
            }
            scenario.keepDefaultFreshWithin(defaultFreshWithin)
            return .success(scenario)
        } catch let error as DiagnosticList {
            let context = context()
            return .failure(
                DiagnosticList(
                    error.diagnostics.map {
                        var diagnostic = $0
                        diagnostic.message = MessageText.bounded("\(context): \(diagnostic.message)")
                        return diagnostic
                    }))
        } catch {
            return .failure(DiagnosticList([Diagnostic(file: file, mark: nil, message: "\(context()): \(error)")]))
        }
    }
}
