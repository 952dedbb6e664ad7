import DNSimText

/// Reads an FCM Data API response (`projects.androidApps.deliveryData.list`) as the API returns it:
/// `androidDeliveryData[]`, each entry an app, a day and an analytics label with `data`. Proto3's
/// JSON mapping writes the int64 `countMessagesAccepted` as a string and leaves out a percentage
/// that is 0, so a number in quotes is read and an absent percentage counts as 0. A field name
/// close to a known one is refused with a suggestion, since read as absent it would silently be 0.
enum FCMDeliveryReader {
    /// `messageOutcomePercents`: mutually exclusive shares of countMessagesAccepted.
    static let outcomes = [
        "delivered", "pending", "collapsed", "droppedTooManyPendingMessages", "droppedAppForceStopped",
        "droppedDeviceInactive", "droppedTtlExpired",
    ]
    /// `deliveryPerformancePercents`: not exclusive (a message can be delayed for several reasons).
    static let performance = [
        "deliveredNoDelay", "delayedDeviceOffline", "delayedDeviceDoze", "delayedMessageThrottled",
        "delayedUserStopped",
    ]
    static let insights = ["priorityLowered"]
    static let entryFields = ["appId", "date", "analyticsLabel", "data"]
    static let dataFields = [
        "countMessagesAccepted", "countNotificationsAccepted", "messageOutcomePercents", "deliveryPerformancePercents",
        "messageInsightPercents", "proxyNotificationInsightPercents",
    ]

    struct Failure: Error {
        let position: TextPosition?
        let message: String
    }

    static func read(_ bytes: [UInt8], path: String) throws(FitError) -> PushDeliveryData {
        do throws(Failure) {
            let document: JSONText
            do { document = try JSONTextReader.parse(bytes) } catch {
                throw Failure(position: error.position, message: error.message)
            }
            return try data(document)
        } catch {
            throw FitError(
                file: path, line: error.position?.line, column: error.position?.column, message: error.message)
        }
    }

    static func data(_ document: JSONText) throws(Failure) -> PushDeliveryData {
        guard case .object(let members, let at) = document else {
            throw Failure(
                position: document.position,
                message: "expected an FCM Data API response, a JSON object with androidDeliveryData")
        }
        guard let list = members.first(where: { $0.key == "androidDeliveryData" }) else {
            throw missing(
                "androidDeliveryData", in: members, at: at, of: "the JSON object (fit reads an FCM Data API response)")
        }
        guard case .array(let items, _) = list.value else {
            throw Failure(position: list.value.position, message: "androidDeliveryData must be a list of entries")
        }
        var sums: [String: Double] = [:]
        var messages = 0, performanceMessages = 0, insightMessages = 0
        var apps = Set<String>(), labels = Set<String>(), seen: [String: TextPosition] = [:]
        var firstDay = Int64.max, lastDay = Int64.min
        for (i, item) in items.enumerated() {
            let name = "androidDeliveryData[\(i)]"
            guard case .object(let fields, let itemAt) = item else {
                throw Failure(position: item.position, message: "\(name) must be an object")
            }
            try refuseMisspelt(fields, known: entryFields, in: name)
            let app = try text(fields, "appId", in: name) ?? ""
            let label = try text(fields, "analyticsLabel", in: name) ?? ""
            guard let dateMember = fields.first(where: { $0.key == "date" }) else {
                throw missing("date", in: fields, at: itemAt, of: name)
            }
            let day = try self.day(dateMember.value, in: "\(name).date")
            let combination = "\(app)\u{0}\(day)\u{0}\(label)"
            if let earlier = seen[combination] {
                throw Failure(
                    position: itemAt,
                    message: "\(name) repeats the app, date and analytics label of the entry at line \(earlier.line) "
                        + "(the API gives one entry per combination: is a page in the file twice?)")
            }
            seen[combination] = itemAt
            guard let dataMember = fields.first(where: { $0.key == "data" }) else {
                throw missing("data", in: fields, at: itemAt, of: name)
            }
            guard case .object(let data, let dataAt) = dataMember.value else {
                throw Failure(position: dataMember.value.position, message: "\(name).data must be an object")
            }
            try refuseMisspelt(data, known: dataFields, in: "\(name).data")
            guard let countMember = data.first(where: { $0.key == "countMessagesAccepted" }) else {
                throw missing("countMessagesAccepted", in: data, at: dataAt, of: "\(name).data")
            }
            let accepted = try count(countMember.value, in: "\(name).data.countMessagesAccepted")
            guard let outcomeMember = data.first(where: { $0.key == "messageOutcomePercents" }) else {
                throw missing("messageOutcomePercents", in: data, at: dataAt, of: "\(name).data")
            }
            let outcome = try percents(outcomeMember.value, known: outcomes, in: "\(name).data.messageOutcomePercents")
            let sum = outcome.values.reduce(0, +)
            guard sum <= 100.5 else {
                throw Failure(
                    position: outcomeMember.value.position,
                    message:
                        "\(name).data.messageOutcomePercents add up to \(sum)%; they are exclusive shares of countMessagesAccepted"
                )
            }
            for field in outcomes { sums[field, default: 0] += Double(accepted) * (outcome[field] ?? 0) / 100 }
            messages += accepted
            if let member = data.first(where: { $0.key == "deliveryPerformancePercents" }) {
                let shares = try percents(
                    member.value, known: performance, in: "\(name).data.deliveryPerformancePercents")
                for field in performance { sums[field, default: 0] += Double(accepted) * (shares[field] ?? 0) / 100 }
                performanceMessages += accepted
            }
            if let member = data.first(where: { $0.key == "messageInsightPercents" }) {
                let shares = try percents(member.value, known: insights, in: "\(name).data.messageInsightPercents")
                for field in insights { sums[field, default: 0] += Double(accepted) * (shares[field] ?? 0) / 100 }
                insightMessages += accepted
            }
            if !app.isEmpty { apps.insert(app) }
            labels.insert(label.isEmpty ? "(none)" : label)
            firstDay = min(firstDay, day)
            lastDay = max(lastDay, day)
        }
        guard messages > 0 else {
            throw Failure(
                position: list.value.position,
                message: items.isEmpty
                    ? "androidDeliveryData is empty: there is nothing to fit"
                    : "every entry has countMessagesAccepted 0: there is nothing to fit")
        }
        // A group no entry had is left out (the data do not support its shares), not written as 0.
        let groups = [(outcomes, messages), (performance, performanceMessages), (insights, insightMessages)].filter {
            $0.1 > 0
        }
        let tallies = groups.flatMap { fields, total in
            fields.map { PushTally(name: $0, count: sums[$0] ?? 0, total: total) }
        }
        let morePages = members.contains {
            $0.key == "nextPageToken" && { if case .string(let s, _) = $0.value { !s.isEmpty } else { false } }($0)
        }
        return PushDeliveryData(
            platform: .android, entries: items.count, messages: messages, firstDay: firstDay, lastDay: lastDay,
            apps: apps.sorted(), labels: labels.sorted(), tallies: tallies, morePages: morePages)
    }

    /// A required field that is not there: at the key that looks like a misspelling of it, else at the object.
    static func missing(_ field: String, in members: [JSONText.Member], at: TextPosition, of owner: String) -> Failure {
        if let close = members.first(where: { WordSuggestion.closest(to: $0.key, in: [field]) != nil }) {
            return Failure(
                position: close.keyPosition,
                message: "\(owner) has no \"\(field)\"; it has \"\(close.key)\" (did you mean \"\(field)\"?)")
        }
        return Failure(position: at, message: "\(owner) has no \"\(field)\"")
    }

    /// A key that is not a known field but is close to one: a typo that would read as absent.
    static func refuseMisspelt(_ members: [JSONText.Member], known: [String], in owner: String) throws(Failure) {
        for member in members where !known.contains(member.key) {
            if let close = WordSuggestion.closest(to: member.key, in: known) {
                throw Failure(
                    position: member.keyPosition,
                    message: "\(owner) has an unknown field \"\(member.key)\" (did you mean \"\(close)\"?)")
            }
        }
    }

    static func text(_ members: [JSONText.Member], _ field: String, in owner: String) throws(Failure) -> String? {
        guard let member = members.first(where: { $0.key == field }) else { return nil }
        guard case .string(let s, _) = member.value else {
            throw Failure(position: member.value.position, message: "\(owner).\(field) must be a string")
        }
        return s
    }

    /// A whole count, as proto3 writes an int64 (`"1234"`) or as a plain number.
    static func count(_ value: JSONText, in name: String) throws(Failure) -> Int {
        let literal: String
        switch value {
        case .string(let s, _), .number(let s, _): literal = s
        default:
            throw Failure(
                position: value.position, message: "\(name) must be a whole number of messages, such as \"120000\"")
        }
        guard let n = Int(literal), n >= 0, n <= 1_000_000_000_000_000 else {
            throw Failure(
                position: value.position,
                message: "\(name): '\(literal.prefix(40))' is not a whole number of messages from 0 to 10^18")
        }
        return n
    }

    /// `{ "delivered": 97.2, … }`: each a number from 0 to 100; an absent one is 0 (proto3 omits zeros).
    static func percents(_ value: JSONText, known: [String], in owner: String) throws(Failure) -> [String: Double] {
        guard case .object(let members, _) = value else {
            throw Failure(position: value.position, message: "\(owner) must be an object")
        }
        try refuseMisspelt(members, known: known, in: owner)
        var shares: [String: Double] = [:]
        for member in members where known.contains(member.key) {
            guard case .number(let literal, _) = member.value, let v = Double(literal), v >= 0, v <= 100 else {
                throw Failure(
                    position: member.value.position,
                    message: "\(owner).\(member.key) must be a percentage from 0 to 100")
            }
            shares[member.key] = v
        }
        return shares
    }

    /// `{ "year": 2027, "month": 1, "day": 4 }` as days since 1970-01-01.
    static func day(_ value: JSONText, in name: String) throws(Failure) -> Int64 {
        guard case .object(let members, let at) = value else {
            throw Failure(
                position: value.position, message: "\(name) must be an object { \"year\", \"month\", \"day\" }")
        }
        var parts: [Int] = []
        for field in ["year", "month", "day"] {
            guard let member = members.first(where: { $0.key == field }) else {
                throw missing(field, in: members, at: at, of: name)
            }
            guard case .number(let literal, _) = member.value, let n = Int(literal) else {
                throw Failure(position: member.value.position, message: "\(name).\(field) must be a whole number")
            }
            parts.append(n)
        }
        guard (1970...9999).contains(parts[0]), CivilDate.isValid(year: parts[0], month: parts[1], day: parts[2]) else {
            throw Failure(
                position: at,
                message: "\(name): \(parts[0])-\(parts[1])-\(parts[2]) is not a date (a whole day is needed)")
        }
        return CivilDate.dayNumber(year: Int64(parts[0]), month: Int64(parts[1]), day: Int64(parts[2]))
    }
}
