import DNSimText
import Foundation

/// eligibility.csv read (docs/telemetry.md): per device, the periods of each state that holds some
/// BG requests (Low Power Mode, force-quit, offline, not idle, not charging), so that `fit` counts a
/// request's delay over the time it could run only, as the simulator draws it. A device that has
/// any row is taken as logged over all its requests' times; one with none has unknown eligibility.
public struct EligibilityPeriods: Sendable {
    /// The path as given; messages and fit.md name the file this way.
    public let path: String
    /// Per device, each state's periods as half-open [from, to) UTC epoch ms, in file order.
    let periods: [String: [EligibilityState: [(Int64, Int64)]]]
    /// Rows read.
    public let rows: Int
    /// The states the file has any period of.
    public let states: Set<EligibilityState>

    public static let header = "device,state,from,to"
    static let columns = ["device", "state", "from", "to"]

    public var deviceCount: Int { periods.count }

    /// Whether the file lists `device` (any row of it, a `logged` one included).
    public func lists(_ device: String) -> Bool { periods[device] != nil }

    /// The time that holds a request with `needs` on `device`: the union of its holding states'
    /// periods; nil when the file does not list the device.
    public func heldTime(device: String, needs: BackgroundRequestNeeds) -> HeldTime? {
        guard let states = periods[device] else { return nil }
        return HeldTime(needs.holdingStates.flatMap { states[$0] ?? [] })
    }

    /// The time that holds a regular WorkManager job on `device`: Doze, and the charger and network
    /// gaps its constraints wait out; nil when the file does not list the device.
    public func heldTime(device: String, requiresCharging: Bool, requiresNetwork: Bool) -> HeldTime? {
        guard let states = periods[device] else { return nil }
        var holding: [EligibilityState] = [.doze]
        if requiresCharging { holding.append(.notCharging) }
        if requiresNetwork { holding.append(.offline) }
        return HeldTime(holding.flatMap { states[$0] ?? [] })
    }

    public static func read(path: String) throws(FitError) -> EligibilityPeriods {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FitError(file: path, line: nil, message: "no such file (the eligibility file, --eligibility)")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw FitError(
                file: path, line: nil, message: isDirectory.boolValue ? "is a folder, not a CSV file" : "cannot be read"
            )
        }
        guard Int64(data.count) <= TelemetryFile.maximumBytes else {
            throw FitError(
                file: path, line: nil,
                message: "is \(data.count) bytes; fit reads files of at most \(TelemetryFile.maximumBytes) bytes")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses eligibility CSV bytes; `path` names them in messages. Every bad row is an error
    /// (`file:line:col`): a period read wrong would move every delay of its device.
    public static func parse(_ bytes: [UInt8], path: String) throws(FitError) -> EligibilityPeriods {
        let result: Result<EligibilityPeriods, FitError> = bytes.withUnsafeBufferPointer { buffer in
            do throws(FitError) { return .success(try parse(buffer, path: path)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    static func parse(_ buffer: UnsafeBufferPointer<UInt8>, path: String) throws(FitError) -> EligibilityPeriods {
        var reader = CSVRecordReader(buffer, trimsBlanks: true)
        var fields: [CSVRecordReader.Field] = []
        let index: [Int]
        switch reader.next(into: &fields) {
        case .end:
            throw FitError(
                file: path, line: nil,
                message: "the file is empty; an eligibility file starts with the header \(header)")
        case .problem(let line, let message, _):
            throw FitError(file: path, line: line, message: "header: \(message)")
        case .fields(let line):
            try TelemetryTable.checkText(fields, reader, line: line, file: path)
            let names = fields.map { reader.text($0).trimmingSpaces.lowercased() }
            let missing = columns.filter { !names.contains($0) }
            guard missing.isEmpty else {
                throw FitError(
                    file: path, line: line,
                    message: "missing column\(missing.count > 1 ? "s" : "") "
                        + missing.map { "'\($0)'" }.joined(separator: ", ")
                        + "; an eligibility file's header is \(header)")
            }
            index = columns.map { names.firstIndex(of: $0)! }
        }
        let width = fields.count
        var periods: [String: [EligibilityState: [(Int64, Int64)]]] = [:]
        var states = Set<EligibilityState>()
        var rows = 0
        while true {
            let row = reader.next(into: &fields)
            guard case .fields(let line) = row else {
                if case .problem(let line, let message, _) = row {
                    throw FitError(file: path, line: line, message: message)
                }
                break
            }
            func fail(_ column: Int?, _ message: String) -> FitError {
                FitError(
                    file: path, line: line, column: column.map { TelemetryTable.column(of: fields[$0], in: reader) },
                    message: message)
            }
            try TelemetryTable.checkText(fields, reader, line: line, file: path)
            guard fields.count == width else {
                throw fail(
                    nil,
                    "the row has \(fields.count) field\(fields.count == 1 ? "" : "s") but the header has \(width) columns"
                )
            }
            let device = reader.text(fields[index[0]])
            guard !device.isEmpty else {
                throw fail(index[0], "column device is empty; every period belongs to a device")
            }
            let name = reader.text(fields[index[1]])
            guard let state = EligibilityState(rawValue: name) else {
                let known = EligibilityState.allCases.map(\.rawValue)
                let hint = WordSuggestion.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
                throw fail(
                    index[1],
                    "column state: \(TelemetryTable.quote(name)) is not a state\(hint); "
                        + "expected one of \(known.joined(separator: ", "))")
            }
            var times: [Int64] = []
            for column in [index[2], index[3]] {
                let text = reader.text(fields[column])
                switch ISOTimestamp.parse(text) {
                case .time(let millis) where TelemetryTable.plausibleTimes.contains(millis): times.append(millis)
                case .time:
                    throw fail(
                        column,
                        "column \(columns[column == index[2] ? 2 : 3]): \(TelemetryTable.quote(text)) is outside "
                            + "1969–9899 (a scenario's years), so not an instant a phone logged; fix or drop the row")
                case .noZone:
                    throw fail(
                        column,
                        "column \(columns[column == index[2] ? 2 : 3]): \(TelemetryTable.quote(text)) has no time zone; "
                            + "add Z (UTC) or an offset such as +02:00")
                case .invalid:
                    throw fail(
                        column,
                        "column \(columns[column == index[2] ? 2 : 3]): \(TelemetryTable.quote(text)) is not an ISO 8601 time; "
                            + "expected e.g. 2027-01-04T18:25:00Z")
                }
            }
            guard times[1] >= times[0] else {
                throw fail(
                    index[3],
                    "column to: \(TelemetryTable.quote(reader.text(fields[index[3]]))) is before from "
                        + "\(TelemetryTable.quote(reader.text(fields[index[2]])))")
            }
            periods[device, default: [:]][state, default: []].append((times[0], times[1]))
            states.insert(state)
            rows += 1
        }
        guard rows > 0 else {
            throw FitError(
                file: path, line: nil, message: "has a header but no periods; list at least a `logged` row per device")
        }
        return EligibilityPeriods(path: path, periods: periods, rows: rows, states: states)
    }
}
