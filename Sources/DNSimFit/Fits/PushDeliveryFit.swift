/// A push export fitted: the scenario's `drop` for the platform, a pooled share of messages, and
/// every other outcome the export gives as a share beside it. A loss the simulator makes itself
/// from another key (a force-stopped Android app, iOS notifications the user turned off) is left
/// out of `drop` and reported beside it, as `fetch.failure` leaves out timeouts: counted in both,
/// it would be simulated twice.
public struct PushDeliveryFit: Sendable {
    public let data: PushDeliveryData
    /// The scenario key it sets, `platforms.<platform>.push.drop`.
    public let key: String
    /// The export's outcomes that make up `drop`, as the export names them.
    public let dropFields: [String]
    public let drop: PooledShare
    /// Every outcome of the export, by its own name, in the export's order.
    public let shares: [(name: String, share: PooledShare)]

    /// What makes up `drop`: messages lost for good for reasons no other scenario key simulates.
    public static func dropFields(_ platform: PushDeliveryData.Platform) -> [String] {
        switch platform {
        case .android: ["droppedTooManyPendingMessages", "droppedDeviceInactive", "droppedTtlExpired"]
        case .ios: ["discarded_token_unregistered", "discarded_token_unregistered_from_storage", "discarded_expired"]
        }
    }

    public static func fit(_ data: PushDeliveryData, source: String = "export") throws(FitError) -> PushDeliveryFit {
        let fields = dropFields(data.platform).filter { data.tally($0) != nil }
        let count = fields.compactMap { data.tally($0)?.count }.reduce(0, +)
        guard count <= Double(data.messages) * (1 + 1e-9) else {
            throw FitError(
                file: source, line: nil,
                message: "the discarded notifications (\(fields.joined(separator: " + "))) add up to "
                    + "\(Int(count)), more than the \(data.messages) received_by_apns: these cannot be shares of them")
        }
        return PushDeliveryFit(
            data: data, key: "platforms.\(data.platform.rawValue).push.drop", dropFields: fields,
            drop: PooledShare(count: count, total: data.messages),
            shares: data.tallies.map { ($0.name, PooledShare(count: $0.count, total: $0.total)) })
    }

    /// The share of one outcome, if the export has it.
    public func share(_ name: String) -> PooledShare? { shares.first { $0.name == name }?.share }
}
