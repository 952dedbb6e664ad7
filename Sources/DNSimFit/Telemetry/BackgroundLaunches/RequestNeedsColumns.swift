/// A bg file's optional columns that say which device a request is of and what it needs
/// (docs/telemetry.md): `device`, `kind` (refresh or processing), `requires_power`, `requires_network`.
struct RequestNeedsColumns {
    let device: Int?
    let kind: Int?
    let power: Int?
    let network: Int?

    init(_ table: TelemetryTable) {
        device = table.index("device")
        kind = table.index("kind")
        power = table.index("requires_power")
        network = table.index("requires_network")
    }

    /// The current row's needs; an empty field is the default (refresh, false).
    func needs(_ table: TelemetryTable) -> Result<BackgroundRequestNeeds, RowProblem> {
        var needs = BackgroundRequestNeeds.none
        if let kind, !table.isEmpty(kind) {
            switch table.text(kind) {
            case "refresh", "appRefresh": break
            case "processing": needs.processing = true
            default:
                return .failure(
                    RowProblem(
                        reason: "column kind: not a request kind",
                        message: "column kind: \(TelemetryTable.quote(table.text(kind))) is not a request kind; "
                            + "expected refresh (BGAppRefreshTaskRequest) or processing (BGProcessingTaskRequest)"))
            }
        }
        for (column, name) in [(power, "requires_power"), (network, "requires_network")] {
            guard let column, !table.isEmpty(column) else { continue }
            let value: Bool
            switch table.text(column).lowercased() {
            case "true", "1", "yes": value = true
            case "false", "0", "no": value = false
            default:
                return .failure(
                    RowProblem(
                        reason: "column \(name): not true or false",
                        message: "column \(name): \(TelemetryTable.quote(table.text(column))) is not true or false"))
            }
            if name == "requires_power" { needs.requiresPower = value } else { needs.requiresNetwork = value }
        }
        if needs.requiresPower && !needs.processing {
            return .failure(
                RowProblem(
                    reason: "requires_power on a refresh request",
                    message: "column requires_power: true on a refresh request; only a processing request "
                        + "(BGProcessingTaskRequest.requiresExternalPower) can require external power"))
        }
        return .success(needs)
    }

    /// The column that makes a row need eligibility, for the refusal's line:column.
    func reasonColumn(_ needs: BackgroundRequestNeeds) -> Int {
        if needs.requiresPower, let power { return power }
        if needs.processing, let kind { return kind }
        return network ?? kind ?? power ?? 0
    }

    /// Why a row needs eligibility, in words.
    func reason(_ needs: BackgroundRequestNeeds) -> String {
        if needs.requiresPower { return "a processing request that requires external power" }
        if needs.processing { return "a processing request, which waits for the phone to be idle" }
        return "a request that requires the network"
    }
}
