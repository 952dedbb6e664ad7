import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive `flock(2)` lock on an open file, held until `release()` or until the value is
/// gone. The kernel drops it when its holder ends, however it ends (SIGKILL, a power cut), so a
/// lock that can be taken proves that whoever held it is gone: no process id or host name is
/// guessed at, which would not hold across PID namespaces or machines sharing a folder.
///
/// The lock belongs to the open file description, not to the process: two `open`s of one file in
/// one process exclude each other just as two processes do.
public final class FileLock: @unchecked Sendable {
    /// The locked file's descriptor, -1 once released.
    public private(set) var descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { release() }

    /// Takes the lock on the file `descriptor` refers to, waiting for it when `wait` is true;
    /// the lock then owns the descriptor and closes it on release. Nil, with `errno` set and the
    /// descriptor left open, when another holds it and `wait` is false, or when the file system
    /// offers no locks (ENOLCK, EOPNOTSUPP).
    public static func lock(_ descriptor: Int32, wait: Bool) -> FileLock? {
        while flock(descriptor, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            if errno == EINTR { continue }
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    /// The file that is at `path` when the lock is taken, opened and locked, waiting while
    /// another holds it. A file replaced by a rename while this waited is the old file, no longer
    /// at `path`: then the new one is opened and locked instead, so that every editor that renames
    /// over `path` only while holding this lock excludes every other.
    public static func lockCurrentFile(at path: String) throws(WriteFailure) -> FileLock {
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
            guard descriptor >= 0 else { throw WriteFailure.posix(path) }
            guard let lock = lock(descriptor, wait: true) else {
                let failure = WriteFailure(path: path, reason: "cannot lock it: \(WriteFailure.reason(code: errno))")
                close(descriptor)
                throw failure
            }
            var locked = stat(), current = stat()
            if fstat(descriptor, &locked) == 0, stat(path, &current) == 0, locked.st_dev == current.st_dev,
                locked.st_ino == current.st_ino
            {
                return lock
            }
            lock.release()
        }
    }

    /// Drops the lock and closes the file; later calls do nothing.
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }
}
