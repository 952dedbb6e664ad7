import Foundation

/// A file that could not be written, said as `cannot write PATH: no space left on
/// device`: the path and the system's reason, never a Foundation error dump.
public struct WriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    /// The reason in lower case (`no space left on device`, `permission denied`).
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `error` from writing `path`, its reason read from the POSIX error under it when there is one.
    public init(path: String, error: any Error) {
        if let failure = error as? WriteFailure {
            self = failure
            return
        }
        self.init(path: path, reason: Self.reason(error))
    }

    /// The current `errno` of a failed system call on `path`.
    public static func posix(_ path: String, _ code: Int32 = errno) -> WriteFailure {
        WriteFailure(path: path, reason: reason(code: code))
    }

    public var description: String { "cannot write \(path): \(reason)" }

    /// Whether the disk was full: the one failure worth advice of its own.
    public var isNoSpace: Bool { reason == Self.reason(code: ENOSPC) }

    static func reason(code: Int32) -> String { String(cString: strerror(code)).lowercased() }

    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return reason(code: Int32(ns.code)) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(code: Int32(underlying.code))
        }
        if ns.domain == NSCocoaErrorDomain {
            switch CocoaError.Code(rawValue: ns.code) {
            case .fileWriteOutOfSpace: return reason(code: ENOSPC)
            case .fileWriteNoPermission: return reason(code: EACCES)
            case .fileWriteVolumeReadOnly: return reason(code: EROFS)
            case .fileNoSuchFile, .fileWriteInvalidFileName: return reason(code: ENOENT)
            default: break
            }
        }
        return ns.localizedDescription.lowercased()
    }
}
