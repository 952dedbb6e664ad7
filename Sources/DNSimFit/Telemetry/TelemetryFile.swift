import Foundation

/// A team's own device log, read and checked: which kind it is (from its
/// header), its usable rows, and what was skipped.
public struct TelemetryFile: Sendable {
    /// The path as given; messages and reports name the file this way.
    public let path: String
    public let kind: TelemetryKind
    public let content: TelemetryContent
    public let skipped: SkippedRows
    /// Header columns that are not part of the format (ignored, listed in fit.md).
    public let ignoredColumns: [String]

    public static let minimumRows = 30

    /// The file name without its folder.
    public var name: String { (path as NSString).lastPathComponent }

    public var rows: Int {
        switch content {
        case .backgroundLaunches(let data): data.rows
        case .fetchAttempts(let data): data.rows
        case .appOpens(let data): data.rows
        case .pushDelivery(let data): data.entries
        }
    }

    /// First and last row time (UTC epoch ms): submissions, fetch starts or opens.
    public var timeRange: (first: Int64, last: Int64) {
        switch content {
        case .backgroundLaunches(let data): (data.firstSubmitted, data.lastSubmitted)
        case .fetchAttempts(let data): (data.firstStarted, data.lastStarted)
        case .appOpens(let data): (data.firstOpen, data.lastOpen)
        case .pushDelivery(let data): (data.firstDay * 86_400_000, data.lastDay * 86_400_000)
        }
    }

    /// Reads and checks a telemetry CSV. Without `skipBadRows` the first bad
    /// row stops the read with `file:line: error: …`; with it, bad rows are
    /// counted by reason in `skipped`.
    /// The largest file `fit` reads: 1 GB, about 12 million rows of a fetch or bg log.
    /// A fit of that many rows is as exact as the model it fits; sample a larger log.
    public static let maximumBytes: Int64 = 1_000_000_000

    /// `eligibility` applies to a bg file: the periods its requests' delays leave out, and whether
    /// requests that need them may be fitted without.
    public static func read(
        path: String, skipBadRows: Bool = false, eligibility: EligibilityOptions = EligibilityOptions()
    )
        throws(FitError) -> TelemetryFile
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FitError(file: path, line: nil, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw FitError(file: path, line: nil, message: "is a folder, not a CSV file")
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
        guard size <= maximumBytes else {
            throw FitError(
                file: path, line: nil,
                message: "is \(size) bytes; fit reads files of at most \(maximumBytes) bytes (1 GB, about "
                    + "12 million rows): fit a sample of the rows, e.g. every tenth device")
        }
        // Mapped, not read: the parser touches the file's pages as it goes, so a bad row near the
        // start fails before the rest is read, and the file is never held twice.
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw FitError(file: path, line: nil, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        guard size > 0 else {
            return try parse(
                UnsafeBufferPointer(start: nil, count: 0), path: path, skipBadRows: skipBadRows,
                eligibility: eligibility)
        }
        guard let mapped = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw FitError(file: path, line: nil, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        defer { munmap(mapped, Int(size)) }
        return try parse(
            UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: Int(size)), path: path,
            skipBadRows: skipBadRows, eligibility: eligibility)
    }

    /// Parses CSV bytes; `path` names them in messages.
    public static func parse(
        _ bytes: [UInt8], path: String, skipBadRows: Bool = false,
        eligibility: EligibilityOptions = EligibilityOptions()
    ) throws(FitError) -> TelemetryFile {
        let result: Result<TelemetryFile, FitError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(FitError) {
                return .success(try parse(buffer, path: path, skipBadRows: skipBadRows, eligibility: eligibility))
            } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Parses CSV bytes in a buffer (a mapped file) that outlives the call.
    static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, path: String, skipBadRows: Bool,
        eligibility: EligibilityOptions = EligibilityOptions()
    ) throws(FitError) -> TelemetryFile {
        // JSON, told by its first character: an FCM Data API response (no CSV header starts with { or [).
        if let first = buffer.drop(while: { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }).first,
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        {
            let data = try FCMDeliveryReader.read(Array(buffer), path: path)
            return TelemetryFile(
                path: path, kind: .fcm, content: .pushDelivery(data), skipped: SkippedRows(), ignoredColumns: [])
        }
        let result: Result<TelemetryFile, FitError> = {
            do throws(FitError) {
                var table = try TelemetryTable(buffer, file: path, skipBadRows: skipBadRows)
                let content: TelemetryContent
                switch table.kind {
                case .bg: content = .backgroundLaunches(try BackgroundLaunchData.read(&table, eligibility: eligibility))
                case .fetch: content = .fetchAttempts(try FetchAttemptData.read(&table))
                case .opens: content = .appOpens(try AppOpenData.read(&table))
                case .work: content = .backgroundLaunches(try WorkRunReader.read(&table, eligibility: eligibility))
                case .apns: content = .pushDelivery(try APNsMetricsReader.read(&table))
                case .fcm: preconditionFailure("an FCM export is JSON, never a CSV header")
                }
                return .success(
                    TelemetryFile(
                        path: path, kind: table.kind, content: content, skipped: table.skipped,
                        ignoredColumns: table.ignoredColumns))
            } catch {
                return .failure(error)
            }
        }()
        let file = try result.get()
        // A push export's rows are days of pooled counts: one is enough (its reader refuses none).
        guard file.rows >= minimumRows || file.kind.isPushExport else {
            let skippedNote =
                file.skipped.count > 0
                ? " (\(file.skipped.count) bad row\(file.skipped.count == 1 ? "" : "s") skipped)" : ""
            throw FitError(
                file: path, line: nil,
                message:
                    "only \(file.rows) usable row\(file.rows == 1 ? "" : "s")\(skippedNote); a fit needs at least \(minimumRows)"
            )
        }
        return file
    }
}
