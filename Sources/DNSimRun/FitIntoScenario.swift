import DNSimReports
import DNSimScenario
import Foundation

/// `fit FILE.csv --into SCENARIO.yaml`: the fitted keys set in the scenario file itself, every other
/// byte kept (`ScenarioEditor`). The file is checked before the fit, so a scenario that cannot take
/// the values fails in a moment rather than after minutes of bootstrap, and is replaced (a temporary
/// file in its folder, renamed over it) only once the edited text loads and validates, and only if
/// no one else changed it meanwhile: the comparison and the rename happen under an exclusive lock on
/// the file (`FileLock`), so two fits into one scenario at once never lose an edit silently.
public struct FitIntoScenario: Sendable {
    /// The path as given: messages name the file this way.
    public let path: String
    /// The file itself, a symbolic link followed, so that a link stays a link.
    public let file: String
    let bytes: [UInt8]
    let permissions: mode_t

    /// Refuses what `path` cannot be: a regular file that loads as a valid scenario, which this
    /// process may replace, and whose mappings can take `keys`.
    public init(path: String, keys: [String]) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Self.problem(path, "no such file")
        }
        guard !isDirectory.boolValue else { throw Self.problem(path, "is a directory, not a scenario file") }
        let file = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes = (try? manager.attributesOfItem(atPath: file)) ?? [:]
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw Self.problem(
                path, "is not a regular file (a pipe, a device or a socket), so it cannot be edited in place")
        }
        _ = try ScenarioLoader.load(path: path).validated()
        guard let data = manager.contents(atPath: file) else { throw Self.problem(path, "cannot read the file") }
        guard access(file, W_OK) == 0 else {
            throw Self.problem(path, "cannot be edited: \(String(cString: strerror(errno)).lowercased())")
        }
        // The new text is written beside the file, then renamed over it.
        if let problem = ReportWriter.problem(writingTo: URL(fileURLWithPath: file).deletingLastPathComponent().path) {
            throw Self.problem(path, "cannot be replaced: \(problem)")
        }
        do { try ScenarioEditor.check(keys: keys, in: [UInt8](data), file: path) } catch {
            throw DiagnosticList([error])
        }
        self.path = path
        self.file = file
        bytes = [UInt8](data)
        permissions = (attributes[.posixPermissions] as? NSNumber).map { mode_t($0.uint16Value) } ?? 0o644
    }

    /// Sets `settings` in the file, or leaves it as it was and says why. Returns what changed and
    /// the warnings about fleet segments that set the same keys (their devices keep their own values).
    /// `measured` takes the place of `init`'s `# GUESS:` comment on each line set.
    public func set(
        _ settings: [(key: String, value: String)], fitFolder: String,
        measured: String? = nil
    ) throws -> (changes: [ScenarioKeyChange], warnings: [Diagnostic]) {
        let kept = "\(path) was left as it was; the fitted values are in \(fitFolder)/fit.yaml"
        // Compared and replaced under the file's lock, which every fit --into takes, so another
        // editor's rename cannot fall between the comparison and this one's (a lost edit).
        let lock: FileLock
        do { lock = try FileLock.lockCurrentFile(at: file) } catch { throw OutputFailure("\(error); \(kept)") }
        defer { lock.release() }
        // The fit may have taken minutes: an edit made meanwhile, by hand or by another fit, is not overwritten.
        guard FileManager.default.contents(atPath: file).map({ [UInt8]($0) }) == bytes else {
            throw SetupError("\(path) changed while the fit ran; \(kept) (run fit --into again)")
        }
        let edited: (bytes: [UInt8], changes: [ScenarioKeyChange])
        do { edited = try ScenarioEditor.setting(settings, in: bytes, file: path, measured: measured) } catch {
            throw DiagnosticList([error])
        }
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(bytes: edited.bytes, file: path)
            _ = try scenario.validated()
        } catch {
            let lead = Diagnostic(
                file: path, mark: nil,
                message: "with the fitted values set, the scenario does not load, so \(kept); "
                    + "the problems, at their places in the edited text:")
            throw DiagnosticList([lead] + error.diagnostics)
        }
        if edited.bytes != bytes { try replaceFile(with: edited.bytes) }
        return (edited.changes, overrides(settings.map(\.key), scenario, edited.bytes))
    }

    /// A warning for each fleet segment whose `set` names a fitted key, a mapping holding one or a
    /// key inside one: the edit sets the scenario's value, and those devices keep the segment's.
    private func overrides(_ keys: [String], _ scenario: Scenario, _ bytes: [UInt8]) -> [Diagnostic] {
        let items = (try? YAMLParser.parse(bytes, file: path))?.value(forKey: "fleet")?.sequence ?? []
        var warnings: [Diagnostic] = []
        for (segment, item) in zip(scenario.fleet, items) {
            let marks = item.value(forKey: "set")?.mapping ?? []
            for setting in segment.settings {
                let fitted = keys.filter {
                    setting.key == $0 || $0.hasPrefix(setting.key + ".") || setting.key.hasPrefix($0 + ".")
                }
                guard !fitted.isEmpty else { continue }
                warnings.append(
                    Diagnostic(
                        file: path, mark: marks.first { $0.key.scalar == setting.key }?.key.mark,
                        message:
                            "fleet segment \(MessageText.quoted(segment.name)) sets \(setting.key): \(setting.value), so its devices keep that, "
                            + "not the fitted \(fitted.joined(separator: " and ")) (set for the rest of the fleet)",
                        severity: .warning))
            }
        }
        return warnings
    }

    /// The new text in a temporary file beside the scenario, with its permissions, renamed over it:
    /// a reader sees the old file or the new one, never a part.
    private func replaceFile(with text: [UInt8]) throws {
        let url = URL(fileURLWithPath: file)
        var template = Array("\(url.deletingLastPathComponent().path)/.\(url.lastPathComponent).fit-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else { throw failure(WriteFailure.posix(url.deletingLastPathComponent().path)) }
        // mkstemp filled in the X's; the name is the array without its terminating NUL.
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var written = 0
        while written < text.count {
            let count = text[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            written += count
        }
        let complete = written == text.count && fchmod(descriptor, permissions) == 0 && fsync(descriptor) == 0
        let problem = complete ? nil : WriteFailure.posix(temporary)
        close(descriptor)
        if let problem {
            unlink(temporary)
            throw failure(problem)
        }
        guard rename(temporary, file) == 0 else {
            let problem = WriteFailure.posix(path)
            unlink(temporary)
            throw failure(problem)
        }
    }

    private func failure(_ problem: WriteFailure) -> OutputFailure {
        OutputFailure("\(problem); \(path) is as it was")
    }

    private static func problem(_ path: String, _ message: String) -> DiagnosticList {
        DiagnosticList([Diagnostic(file: path, mark: nil, message: message)])
    }
}
