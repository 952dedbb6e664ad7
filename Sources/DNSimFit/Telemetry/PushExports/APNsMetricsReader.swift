import DNSimText

/// Reads a CSV of the APNs Push Notifications Console's delivery metrics, one row per day (and push
/// type or priority, if the team splits them): our schema, since Apple publishes the metrics' names
/// but no column layout for an export (docs/telemetry.md). Counts are whole notifications.
enum APNsMetricsReader {
    /// The metric columns in the console's order; `received_by_apns` is the denominator of every share.
    static let metrics = [
        "received_by_apns", "delivered_to_device", "delivered_to_device_from_storage", "stored_device_offline",
        "stored_power_considerations", "discarded_token_unregistered", "discarded_token_unregistered_from_storage",
        "discarded_expired", "discarded_disabled", "discarded_disabled_from_storage",
    ]

    /// The metrics that count only notifications APNs received the same day.
    static let sameDay: Set<String> = [
        "delivered_to_device", "stored_device_offline", "stored_power_considerations", "discarded_token_unregistered",
        "discarded_disabled",
    ]

    static func read(_ table: inout TelemetryTable) throws(FitError) -> PushDeliveryData {
        let date = table.index("date")!, received = table.index("received_by_apns")!
        let present = metrics.filter { $0 != "received_by_apns" }.compactMap { name in
            table.index(name).map { (name, $0) }
        }
        let pushType = table.index("push_type")
        var sums = [Int](repeating: 0, count: present.count), messages = 0, rows = 0
        var firstDay = Int64.max, lastDay = Int64.min, types = Set<String>()
        rowLoop: while try table.nextRow() {
            let day: Int64
            switch self.day(table, date) {
            case .success(let d): day = d
            case .failure(let p): try table.reject(p, column: date); continue
            }
            var counts: [Int] = []
            for column in [received] + present.map(\.1) {
                switch count(table, column) {
                case .success(let n): counts.append(n)
                case .failure(let p): try table.reject(p, column: column); continue rowLoop
                }
            }
            // A metric of that day's notifications counts some of those APNs received that day: one above
            // that is damage. Not those that may be of earlier days' (from storage, expired in storage).
            if let over = counts.indices.dropFirst().first(where: {
                counts[$0] > counts[0] && Self.sameDay.contains(present[$0 - 1].0)
            }) {
                let (name, column) = present[over - 1]
                try table.reject(
                    RowProblem(
                        reason: "column \(name): above received_by_apns",
                        message:
                            "column \(name): \(counts[over]) is more than received_by_apns (\(counts[0])) on this row"),
                    column: column)
                continue
            }
            messages += counts[0]
            for i in sums.indices { sums[i] += counts[i + 1] }
            rows += 1
            firstDay = min(firstDay, day)
            lastDay = max(lastDay, day)
            if let pushType, !table.isEmpty(pushType) { types.insert(table.text(pushType).trimmingSpaces) }
        }
        guard messages > 0 else {
            throw FitError(
                file: table.file, line: nil,
                message: rows == 0
                    ? "no usable rows: there is nothing to fit"
                    : "received_by_apns is 0 on every row: there is nothing to fit")
        }
        let tallies = zip(present, sums).map { PushTally(name: $0.0.0, count: Double($0.1), total: messages) }
        return PushDeliveryData(
            platform: .ios, entries: rows, messages: messages, firstDay: firstDay, lastDay: lastDay,
            labels: types.sorted(), tallies: tallies)
    }

    /// `2027-01-04`: a day, as the console's metrics are daily.
    static func day(_ table: TelemetryTable, _ column: Int) -> Result<Int64, RowProblem> {
        let text = table.text(column).trimmingSpaces
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), y >= 1970,
            CivilDate.isValid(year: y, month: m, day: d)
        {
            return .success(CivilDate.dayNumber(year: Int64(y), month: Int64(m), day: Int64(d)))
        }
        return .failure(
            RowProblem(
                reason: "column date: not a date",
                message: "column date: \(TelemetryTable.quote(text)) is not a day; expected e.g. 2027-01-04"))
    }

    /// A whole count of notifications; an empty optional metric is 0.
    static func count(_ table: TelemetryTable, _ column: Int) -> Result<Int, RowProblem> {
        let name = table.columns[column]
        let text = table.text(column).trimmingSpaces
        if text.isEmpty, !TelemetryKind.apns.requiredColumns.contains(name) { return .success(0) }
        guard let n = Int(text), n >= 0, n <= 1_000_000_000_000_000 else {
            return .failure(
                RowProblem(
                    reason: "column \(name): not a count",
                    message: "column \(name): \(TelemetryTable.quote(text)) is not a whole number of notifications"))
        }
        return .success(n)
    }
}
