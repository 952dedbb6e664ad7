import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Which paths the user named (`--junit`, `--out`, `init --out`, `fit --out`, `--emit-telemetry`)
/// a command may write, and how (issue 44, item 1). Every writer of such a path asks it first, so
/// the rule is one:
///
/// - never a file the command reads (the scenario, `--from`, the telemetry fitted) nor anything
///   inside a folder it reads (a baseline);
/// - a FIFO or a character device (`/dev/null`, `/dev/stdout` on a pipe) is opened and written,
///   never renamed over: replacing `/dev/null` as root would break every later user of it;
/// - any other non-regular file (a socket, a block device), a folder or a read-only file is refused;
/// - an existing regular file is replaced (a temporary file renamed over it) only when it is an
///   earlier output of this tool, recognised by its content (the writer says how); a symbolic
///   link is followed, so the link stays a link.
///
/// Refusals are `PATH: what is wrong; what to do`, exit 2, before anything is written.
public struct OutputPathPolicy: Sendable {
    /// How a file that may be written is written.
    public enum Action: Sendable, Equatable {
        /// Nothing is there: written beside it, then renamed into place.
        case create
        /// An earlier output of this tool: replaced the same way.
        case replace
        /// A FIFO or a character device: opened and written in place.
        case writeThrough
    }

    /// Why a path may not be written: `PATH: reason`.
    public struct Refusal: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Files the command reads, each with what it is (`the scenario being checked`): never written.
    public var inputs: [(path: String, role: String)]
    /// Folders the command reads (a baseline), each with what it is (`the baseline small is checked against`).
    public var readFolders: [(path: String, role: String)]

    public init(inputs: [(path: String, role: String)] = [], readFolders: [(path: String, role: String)] = []) {
        self.inputs = inputs
        self.readFolders = readFolders
    }

    // MARK: One file

    /// What to do with `path` (a file the user named), or why not. `ownOutput` says what an earlier
    /// output looks like (`a JUnit report written by dnsim-events check`) and `isOwn` recognises one
    /// by its content; nil means any regular file may be replaced (`init --force`).
    public func action(for path: String, ownOutput: String?, isOwn: (String) -> Bool = { _ in false }) throws(Refusal)
        -> Action
    {
        try refuseRead(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            if let problem = ReportWriter.brokenLink(URL(fileURLWithPath: path), showing: path) {
                throw Refusal(path: path, reason: String(problem.dropFirst(path.count + 1)))
            }
            return .create
        }
        switch info.st_mode & S_IFMT {
        case S_IFIFO, S_IFCHR:
            return .writeThrough
        case S_IFDIR:
            throw Refusal(path: path, reason: "is a folder, not a file; give a file in it")
        case S_IFREG:
            if info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
                throw Refusal(
                    path: path,
                    reason: "is read-only, so it is not replaced; make it writable, remove it or give another file")
            }
            if let ownOutput, !isOwn(path) {
                throw Refusal(
                    path: path,
                    reason: "exists and is not \(ownOutput), so it is not replaced; remove it or give another file")
            }
            return .replace
        default:
            throw Refusal(path: path, reason: "is \(Self.kind(info.st_mode)), not a file")
        }
    }

    /// Writes `text` to `path` as `action(for:…)` decided: through a FIFO or device, or into a
    /// staging folder beside it (which an interrupt removes) renamed over it. A link is written
    /// through to its target, so it stays a link.
    public static func write(_ text: String, to path: String, _ action: Action) throws {
        if action == .writeThrough {
            let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { throw WriteFailure.posix(path) }
            defer { close(descriptor) }
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw WriteFailure.posix(path)
                }
                bytes = bytes.dropFirst(written)
            }
            return
        }
        var target = URL(fileURLWithPath: path)
        if action == .replace { target = target.resolvingSymlinksInPath() }
        let manager = FileManager.default
        try StagingFolders.makeFolder(target.deletingLastPathComponent())
        let staging = try StagingFolders.create(for: target, kind: .partial)
        defer { StagingFolders.remove(staging) }
        let file = staging.appendingPathComponent(target.lastPathComponent)
        do { try Data(text.utf8).write(to: file) } catch { throw WriteFailure(path: path, error: error) }
        // A replaced file keeps its permissions.
        if action == .replace,
            let mode = (try? manager.attributesOfItem(atPath: target.path))?[.posixPermissions] as? NSNumber
        {
            chmod(file.path, mode_t(mode.uint16Value))
        }
        try StagingFolders.commit {
            guard rename(file.path, target.path) == 0 else { throw WriteFailure.posix(path) }
        }
    }

    // MARK: A folder of files

    /// Refuses to write `names` into `folder` (a report, a fit, telemetry) when one of them is a file
    /// the command reads, is not a regular file (files are renamed into a folder, so a FIFO or a
    /// link there would be replaced), is read-only, or is a file this tool did not write: `isOwn`
    /// recognises an earlier output (a report folder by its `manifest.json`, a log by its header).
    public func checkFolder(_ folder: String, names: [String], ownOutput: String, isOwn: (String) -> Bool)
        throws(Refusal)
    {
        try refuseRead(folder)
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            try refuseRead(path)
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG else {
                let what = kind == S_IFLNK ? "a symbolic link" : kind == S_IFDIR ? "a folder" : Self.kind(info.st_mode)
                throw Refusal(
                    path: path,
                    reason:
                        "is \(what), which writing \(name) would replace with a file; remove it or give another folder")
            }
            if info.st_mode & 0o222 == 0 || access(path, W_OK) != 0 {
                throw Refusal(
                    path: path,
                    reason: "is read-only, so it is not replaced; make it writable, remove it or give another folder")
            }
            if !isOwn(path) {
                throw Refusal(
                    path: path,
                    reason: "exists and is not \(ownOutput), so it is not replaced; remove it or give another folder")
            }
        }
    }

    // MARK: Recognising what the tool wrote

    /// Whether the file at `path` begins with `prefix` (only that many bytes are read).
    public static func file(_ path: String, beginsWith prefix: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let wanted = Data(prefix.utf8)
        return (try? handle.read(upToCount: wanted.count)) == wanted
    }

    /// Whether the file's first line is one of `lines`.
    public static func file(_ path: String, firstLineIn lines: [String]) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.read(upToCount: 4096) else {
            return false
        }
        try? handle.close()
        let first = data.prefix { $0 != 0x0A }
        return lines.contains { Data($0.utf8) == first || Data(($0 + "\r").utf8) == first }
    }

    // MARK: Inputs

    /// Refuses `path` when it is a file the command reads or lies inside a folder it reads.
    func refuseRead(_ path: String) throws(Refusal) {
        if let input = inputs.first(where: { Self.sameFile($0.path, path) }) {
            let shown = input.path == path ? input.role : "\(input.path), \(input.role)"
            throw Refusal(
                path: path, reason: "is \(shown), which this command reads and never writes; give another path")
        }
        for folder in readFolders where Self.isInside(path, folder.path) {
            throw Refusal(
                path: path,
                reason:
                    "is in \(folder.path)/, \(folder.role), which this command reads and never writes; give another path"
            )
        }
    }

    /// The same file, however named (links, `./`, hard links): same device and inode.
    static func sameFile(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        guard stat(a, &x) == 0, stat(b, &y) == 0 else { return false }
        return x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// Whether `path` is `folder` or lies under it: some existing ancestor of `path` (or `path`
    /// itself) is the folder, by identity.
    static func isInside(_ path: String, _ folder: String) -> Bool {
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else { return false }
        var url = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            var info = stat()
            if stat(url.path, &info) == 0, info.st_dev == folderInfo.st_dev, info.st_ino == folderInfo.st_ino {
                return true
            }
            if url.path == "/" { return false }
            url = url.deletingLastPathComponent()
        }
    }

    /// What kind of file a mode is, for a message.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}
