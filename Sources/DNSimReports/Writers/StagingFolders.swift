import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folders a run writes into before its report is moved into place:
/// `.<folder>.partial-<tag>` (the report's files) and `.<folder>.cycles-<tag>`
/// (`cycles.csv`'s chunks); `<tag>` is made unique by `mkdtemp(3)`, so two runs
/// never share one, whatever their process ids or hosts. They go where the
/// files' renames into the report folder cannot fail for a reason of their own
/// (`place(for:)`): inside the report folder when it exists, beside it when not.
///
/// Every staging folder of this process is registered here, so that an
/// interrupted run (SIGINT, SIGTERM, SIGHUP, SIGQUIT) can remove them all
/// (`interrupt()`). A folder this tool made holds a marker file (`markerName`)
/// on which its maker keeps an exclusive `flock(2)` lock for the folder's whole
/// life; the kernel drops the lock when the maker ends, however it ends. A later
/// run removes a folder left behind (`removeStale(for:)`) only when it holds
/// that marker and its lock can be taken: its maker is provably gone. Nothing is
/// judged by a process id or a host name, which say nothing of a process in
/// another PID namespace (containers sharing a volume) or on another machine.
public enum StagingFolders {
    /// What a staging folder holds.
    public enum Kind: String, Sendable, CaseIterable {
        /// The report's files, written before they are renamed into the folder.
        case partial
        /// `cycles.csv`'s chunk files, and the concatenated file before it is moved in.
        case cycles
        /// A folder being removed after an interrupt (renamed first, so no worker can add to it).
        case removing
    }

    /// A staging folder's name taken apart: `.<folder>.<kind>-<tag>`.
    public struct Name: Equatable, Sendable {
        /// The report folder's last path component.
        public var folder: String
        public var kind: Kind
        /// What makes the name unique: `mkdtemp`'s letters and digits.
        public var tag: String

        public init(folder: String, kind: Kind, tag: String) {
            self.folder = folder
            self.kind = kind
            self.tag = tag
        }

        public var text: String { ".\(folder).\(kind.rawValue)-\(tag)" }

        /// `.<folder>.<kind>-<tag>`, the tag ASCII letters and digits, or nil for any other name.
        public init?(parsing name: String) {
            guard name.hasPrefix(".") else { return nil }
            // The last `.<kind>-` in the name: a report folder's own name may contain one.
            let markers = Kind.allCases.compactMap { kind in
                name.range(of: ".\(kind.rawValue)-", options: .backwards).map { (kind, $0) }
            }
            guard let (kind, marker) = markers.max(by: { $0.1.lowerBound < $1.1.lowerBound }),
                marker.lowerBound > name.index(after: name.startIndex)
            else { return nil }
            let tag = name[marker.upperBound...]
            guard !tag.isEmpty,
                tag.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
                )
            else {
                return nil
            }
            self.init(
                folder: String(name[name.index(after: name.startIndex)..<marker.lowerBound]), kind: kind,
                tag: String(tag))
        }
    }

    /// The file inside every staging folder this tool made: it marks the folder as the tool's, and
    /// its maker holds its lock while the folder is in use.
    public static let markerName = ".dnsim-events-staging"
    /// The marker's first line; the lines after it name the maker (`pid N`, `host H`), for messages only.
    static let markerSignature = "dnsim-events staging folder; removed by a later run once no process holds its lock\n"

    /// This machine's host name, reduced to characters safe in a file name; written in the
    /// marker to say who made a folder, never used to judge whether it is in use.
    public static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = gethostname(&buffer, buffer.count - 1) == 0 ? buffer.firstIndex(of: 0) ?? 0 : 0
        let raw = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let safe = String(
            raw.unicodeScalars.prefix(64).map { scalar -> Character in
                let c = Character(scalar)
                return c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : "_"
            })
        return safe.isEmpty ? "localhost" : safe
    }()

    /// Where the staging folders of `target` (a report folder, or a file such as a JUnit report) go.
    /// Inside it when it is a folder already: the renames out of them then stay on its own file
    /// system (a volume mounted there) and need nothing of its parent, which may be read-only
    /// (`/results` mounted under a read-only `/`). Beside it when it is yet to be made, or a file:
    /// in the folder that will hold it, which must then take new entries anyway.
    public static func place(for target: URL) -> URL {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory)
        return exists && isDirectory.boolValue ? target : target.deletingLastPathComponent()
    }

    /// Creates, marks and registers a new staging folder of `kind` for `target`, at `place(for:)`.
    /// Throws a `WriteFailure` naming the folder it could not make.
    public static func create(for target: URL, kind: Kind) throws -> URL {
        let place = place(for: target)
        let template = place.appendingPathComponent(
            Name(folder: target.lastPathComponent, kind: kind, tag: "XXXXXX").text)
        try makeFolder(place)
        return try registry.withLock { () throws -> URL in
            var bytes = Array(template.path.utf8CString)
            guard mkdtemp(&bytes) != nil else { throw WriteFailure.posix(template.path) }
            // mkdtemp filled in the X's; the path is the array without its terminating NUL.
            let path = String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            registry.folders.insert(path)
            if let lock = mark(path) { registry.locks[path] = lock }
            return URL(fileURLWithPath: path)
        }
    }

    /// Writes the marker into the new `folder` and takes its lock, which is kept until the folder is
    /// removed or the process ends. The marker is written under another name and renamed into place
    /// once locked, so no other run ever finds it unlocked while its maker lives. Nil, and the folder
    /// left unmarked (never removed by another run), when that fails: a file system without locks.
    static func mark(_ folder: String) -> FileLock? {
        let pending = "\(folder)/\(markerName).new"
        let descriptor = open(pending, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return nil }
        guard let lock = FileLock.lock(descriptor, wait: false) else {
            close(descriptor)
            unlink(pending)
            return nil
        }
        let text = Array("\(markerSignature)pid \(getpid())\nhost \(host)\n".utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == text.count, rename(pending, "\(folder)/\(markerName)") == 0 else {
            unlink(pending)
            lock.release()
            return nil
        }
        return lock
    }

    /// Makes `folder` and its missing parents (`mkdir -p`), remembering which it made: a write that
    /// fails (a full disk) removes them again if they are still empty, so no empty `--out` folder is
    /// left. Throws a `WriteFailure` naming the folder.
    public static func makeFolder(_ folder: URL) throws {
        var missing: [String] = []
        var probe = folder.standardizedFileURL
        var info = stat()
        while probe.path != "/", lstat(probe.path, &info) != 0 {
            missing.append(probe.path)
            probe = probe.deletingLastPathComponent()
        }
        defer { if !missing.isEmpty { registry.withLock { registry.madeFolders.formUnion(missing) } } }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw WriteFailure(path: folder.path, error: error)
        }
    }

    /// Removes a staging folder this process created, and forgets it, and then any folder this
    /// process made for its output that is empty.
    public static func remove(_ url: URL) {
        registry.withLock {
            erase(url)
            registry.folders.remove(url.path)
            // Released once the folder is gone: until then no other run may take it for abandoned.
            registry.locks.removeValue(forKey: url.path)?.release()
            removeEmptyMadeFolders()
        }
    }

    /// `rmdir(2)` of each folder `makeFolder` made, deepest first: only an empty one goes, so a
    /// report that was written keeps its folder. The caller holds the lock.
    static func removeEmptyMadeFolders() {
        for path in registry.madeFolders.sorted(by: { $0.count > $1.count }) where rmdir(path) == 0 || errno == ENOENT {
            registry.madeFolders.remove(path)
        }
    }

    /// Runs `body` (the renames that put a report in place) so that an
    /// interrupt waits for it: a report folder is never left half old, half new.
    public static func commit<T>(_ body: () throws -> T) rethrows -> T {
        try registry.withLock(body)
    }

    /// Removes every staging folder of this process, after any commit under
    /// way has finished, and keeps the lock, so every later `create` and
    /// `commit` waits for ever: the caller is about to exit. Returns how many
    /// were removed. Safe while worker threads still write (see `removeRegistered`).
    @discardableResult
    public static func interrupt() -> Int {
        registry.lock.lock()
        return removeRegistered()
    }

    /// Removes every registered folder; the caller holds the lock. Each is
    /// renamed first (to `.<folder>.removing-<tag>`), so a worker's
    /// next chunk file fails to open instead of landing in a folder being
    /// removed; files already open vanish with the folder. The markers' locks
    /// are kept until the process ends, so a folder left half removed is marked
    /// and removed by a later run.
    static func removeRegistered() -> Int {
        let folders = registry.folders.sorted()
        registry.folders.removeAll()
        for path in folders {
            let url = URL(fileURLWithPath: path)
            var victim = url
            if var name = Name(parsing: url.lastPathComponent) {
                name.kind = .removing
                let doomed = url.deletingLastPathComponent().appendingPathComponent(name.text)
                if rename(path, doomed.path) == 0 { victim = doomed }
            }
            erase(victim)
        }
        removeEmptyMadeFolders()
        return folders.count
    }

    /// Removes `folder` with everything in it, its marker last: a removal cut short (a kill, a
    /// full disk) leaves a folder that is still marked, so a later run can finish it.
    static func erase(_ folder: URL) {
        let manager = FileManager.default
        for entry in (try? manager.contentsOfDirectory(atPath: folder.path)) ?? [] where entry != markerName {
            try? manager.removeItem(at: folder.appendingPathComponent(entry))
        }
        try? manager.removeItem(at: folder)
    }

    /// A staging folder left by a run that has ended.
    public struct Stale: Equatable, Sendable {
        public var url: URL
        /// Who made it, as its marker says (`process 4242 on ci-runner-1`), or nil when it does not say.
        public var owner: String?
        /// Bytes of the files it held.
        public var bytes: Int64
    }

    /// Removes the staging folders beside and inside `target` (any report folder's, not only
    /// `target`'s) that this tool made and whose maker has ended, and says which: a folder whose
    /// name has a staging folder's pattern, that holds this tool's marker, and whose marker's lock
    /// this process can take at once. A folder of a run still going (this process's or any other, on
    /// any host that shares the folder) is locked and kept; a folder without the marker is not this
    /// tool's and is kept.
    @discardableResult
    public static func removeStale(for target: URL) -> [Stale] {
        var removed: [Stale] = []
        for place in Set([target.deletingLastPathComponent(), place(for: target)]).sorted(by: { $0.path < $1.path }) {
            removed += removeStale(in: place)
        }
        return removed
    }

    /// `removeStale(for:)` in one folder.
    static func removeStale(in folder: URL) -> [Stale] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        var removed: [Stale] = []
        // The pattern first: a folder such as /tmp may hold thousands of unrelated entries.
        for entry in names.filter({ Name(parsing: $0) != nil }).sorted() {
            let url = folder.appendingPathComponent(entry)
            guard let (lock, owner) = abandoned(url) else { continue }
            let bytes = size(of: url)
            // Removed while locked, so no other run takes it for abandoned meanwhile.
            erase(url)
            lock.release()
            guard !FileManager.default.fileExists(atPath: url.path) else { continue }
            removed.append(Stale(url: url, owner: owner, bytes: bytes))
        }
        return removed
    }

    /// The marker's lock of `folder` and who made it, when `folder` is a real folder (not a link)
    /// holding this tool's marker whose lock no one holds; nil otherwise.
    static func abandoned(_ folder: URL) -> (FileLock, String?)? {
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        let descriptor = open(
            folder.appendingPathComponent(markerName).path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
            let lock = FileLock.lock(descriptor, wait: false)
        else {
            close(descriptor)
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        guard text.hasPrefix(markerSignature) else {
            lock.release()
            return nil
        }
        let fields = Dictionary(
            text.dropFirst(markerSignature.count).split(separator: "\n").compactMap { line -> (String, String)? in
                let parts = line.split(separator: " ", maxSplits: 1)
                return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
            }, uniquingKeysWith: { first, _ in first })
        let owner = fields["pid"].map { pid in "process \(pid)" + (fields["host"].map { " on \($0)" } ?? "") }
        return (lock, owner)
    }

    /// The total size of the regular files under `url`, its marker aside.
    static func size(of url: URL) -> Int64 {
        guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else {
            return 0
        }
        var total: Int64 = 0
        for case let file as URL in files where file.lastPathComponent != markerName {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }

    /// Registered folders, under one lock that a commit also holds.
    final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var folders: Set<String> = []
        /// The marker locks of the marked ones, by path.
        var locks: [String: FileLock] = [:]
        /// Folders `makeFolder` made (`--out`'s), removed again while empty.
        var madeFolders: Set<String> = []

        func withLock<T>(_ body: () throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body()
        }
    }

    static let registry = Registry()
}
