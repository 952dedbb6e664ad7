import DNSimText
import Foundation

extension BaselineReport {
    /// The folder `run` writes reports under by default.
    public static let defaultRoot = "Reports"

    /// `dnsim-events FILE [flags] [--out ROOT]`: the command that writes the
    /// baseline folder `path` afresh, so an error about a baseline in
    /// `policy/Reports/<name>/` says `--out policy/Reports` (and none for `Reports/`).
    /// A folder not named after the scenario cannot be written under its own
    /// name, and the command says where it writes instead. The flags are the
    /// run's overrides, which give a `<name>@…/` folder its tag under any root.
    public static func regenerationCommand(file: String, flags: String = "", baseline path: String, scenario: String)
        -> String
    {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let last = (trimmed as NSString).lastPathComponent
        let parent = PathText.parent(trimmed)
        let root = parent.isEmpty ? "." : parent
        let command = "dnsim-events \(file)\(flags)" + (isDefaultRoot(root) ? "" : " --out \(root)")
        guard last == scenario || last.hasPrefix(scenario + "@") else {
            return command + ", which writes \(root)/\(scenario)/ rather than \(trimmed)/"
        }
        return command
    }

    /// `Reports`, however written (`./Reports`, or its absolute path from the working folder).
    static func isDefaultRoot(_ root: String) -> Bool {
        let here = FileManager.default.currentDirectoryPath
        let absolute = root.hasPrefix("/") ? root : here + "/" + root
        return URL(fileURLWithPath: absolute).standardizedFileURL.path
            == URL(fileURLWithPath: here + "/" + defaultRoot).standardizedFileURL.path
    }

    /// `(dnsim-events FILE --out ROOT, and commit ROOT/)`: how to regenerate and keep the baseline `path`.
    public static func regenerationHint(file: String, flags: String = "", baseline path: String, scenario: String)
        -> String
    {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        let parent = PathText.parent(trimmed)
        return "(\(regenerationCommand(file: file, flags: flags, baseline: path, scenario: scenario)), "
            + "and commit \(parent.isEmpty ? trimmed : parent)/)"
    }
}
