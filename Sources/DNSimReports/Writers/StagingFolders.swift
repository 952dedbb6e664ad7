import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The folders a run writes into before its report is moved into place:
/// `.<folder>.partial-<pid>@<host>` (the report's files) and
/// `.<folder>.cycles-<pid>@<host>` (`cycles.csv`'s chunks), beside the report folder.
///
/// Every staging folder of this process is registered here, so that an
/// interrupted run (SIGINT, SIGTERM) can remove them all (`interrupt()`), and
/// a later run removes those of processes that no longer exist
/// (`removeStale(beside:)`). The host is in the name because report folders
/// may sit on a file system that several machines share (a cluster's shards):
/// a pid says nothing about another machine's processes, so only this host's
/// folders, and those of earlier versions that wrote no host, are judged.
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

    /// A staging folder's name taken apart.
    public struct Name: Equatable, Sendable {
        /// The report folder's last path component.
        public var folder: String
        public var kind: Kind
        public var pid: Int32
        /// Nil for names written before hosts were recorded; those are taken as this host's.
        public var host: String?

        public init(folder: String, kind: Kind, pid: Int32, host: String?) {
            self.folder = folder
            self.kind = kind
            self.pid = pid
            self.host = host
        }

        public var text: String { ".\(folder).\(kind.rawValue)-\(pid)" + (host.map { "@\($0)" } ?? "") }

        /// `.<folder>.<kind>-<pid>[@<host>]`, or nil for any other name.
        public init?(parsing name: String) {
            guard name.hasPrefix(".") else { return nil }
            // The last `.<kind>-` in the name: a report folder's own name may contain one.
            let markers = Kind.allCases.compactMap { kind in name.range(of: ".\(kind.rawValue)-", options: .backwards).map { (kind, $0) } }
            guard let (kind, marker) = markers.max(by: { $0.1.lowerBound < $1.1.lowerBound }),
                  marker.lowerBound > name.index(after: name.startIndex) else { return nil }
            let rest = name[marker.upperBound...]
            let pidText = rest.prefix { $0 != "@" }
            guard !pidText.isEmpty, pidText.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let pid = Int32(pidText), pid > 0 else { return nil }
            var host: String?
            if pidText.endIndex < rest.endIndex {
                host = String(rest[rest.index(after: pidText.endIndex)...])
                guard host?.isEmpty == false else { return nil }
            }
            self.init(folder: String(name[name.index(after: name.startIndex)..<marker.lowerBound]), kind: kind, pid: pid, host: host)
        }
    }

    /// This machine's host name, reduced to characters safe in a file name.
    public static let host: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = gethostname(&buffer, buffer.count - 1) == 0 ? buffer.firstIndex(of: 0) ?? 0 : 0
        let raw = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let safe = String(raw.unicodeScalars.prefix(64).map { scalar -> Character in
            let c = Character(scalar)
            return c.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : "_"
        })
        return safe.isEmpty ? "localhost" : safe
    }()

    /// The staging folder of `kind` for the report folder `target`, for this process.
    public static func url(beside target: URL, kind: Kind) -> URL {
        let name = Name(folder: target.lastPathComponent, kind: kind, pid: getpid(), host: host)
        return target.deletingLastPathComponent().appendingPathComponent(name.text)
    }

    /// Creates (afresh) and registers this process's staging folder of `kind` for `target`.
    public static func create(beside target: URL, kind: Kind) throws -> URL {
        let url = url(beside: target, kind: kind)
        try registry.withLock { () throws in
            try? FileManager.default.removeItem(at: url)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            registry.folders.insert(url.path)
        }
        return url
    }

    /// Removes a staging folder this process created, and forgets it.
    public static func remove(_ url: URL) {
        registry.withLock {
            try? FileManager.default.removeItem(at: url)
            registry.folders.remove(url.path)
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
    /// renamed first (to `.<folder>.removing-<pid>@<host>`), so a worker's
    /// next chunk file fails to open instead of landing in a folder being
    /// removed; files already open vanish with the folder.
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
            try? FileManager.default.removeItem(at: victim)
        }
        return folders.count
    }

    /// A staging folder left by a process that no longer runs.
    public struct Stale: Equatable, Sendable {
        public var url: URL
        public var pid: Int32
        /// Bytes of the files it held.
        public var bytes: Int64
    }

    /// Removes the staging folders in `target`'s parent folder that belong
    /// to processes of this host that no longer run (any report folder's,
    /// not only `target`'s), and says which. Folders of other hosts, of
    /// running processes and of this process are left alone.
    @discardableResult
    public static func removeStale(beside target: URL, isRunning: (Int32) -> Bool = isRunning) -> [Stale] {
        let parent = target.deletingLastPathComponent()
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: parent.path) else { return [] }
        var removed: [Stale] = []
        // Parsed before sorting: a parent such as /tmp may hold thousands of unrelated entries.
        let candidates = names.compactMap { entry in Name(parsing: entry).map { (entry, $0) } }.sorted { $0.0 < $1.0 }
        for (entry, name) in candidates {
            guard name.host == nil || name.host == host,
                  name.pid != getpid(), !isRunning(name.pid) else { continue }
            let url = parent.appendingPathComponent(entry)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            let bytes = size(of: url)
            guard (try? manager.removeItem(at: url)) != nil else { continue }
            removed.append(Stale(url: url, pid: name.pid, bytes: bytes))
        }
        return removed
    }

    /// Whether a process with this id exists on this machine (`kill(pid, 0)`;
    /// EPERM means it exists but belongs to someone else).
    public static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// The total size of the regular files under `url`.
    static func size(of url: URL) -> Int64 {
        guard let files = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey]) else { return 0 }
        var total: Int64 = 0
        for case let file as URL in files {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }

    /// Registered folders, under one lock that a commit also holds.
    final class Registry: @unchecked Sendable {
        let lock = NSLock()
        var folders: Set<String> = []

        func withLock<T>(_ body: () throws -> T) rethrows -> T {
            lock.lock()
            defer { lock.unlock() }
            return try body()
        }
    }

    static let registry = Registry()
}
