import DNSimCore

/// `fleet`: segments of devices, each with conditions of its own.
extension ScenarioKeyCatalog {
    static let fleetKeys: [ScenarioKey] = [
        ScenarioKey(
            "fleet", .mixed, type: "list", default: "none (every device in the scenario's world)",
            range: "see [`fleet`](#fleet); 1–\(FleetReader.maxSegments) segments",
            meaning: "Segments of devices, each a share of the fleet with some conditions "
                + "set; each device's segment is a keyed draw of its own.",
            example: ""),
        ScenarioKey(
            "fleet[].segment", .run, type: "text", default: "required",
            range:
                "1–\(FleetReader.maxNameLength) characters, no control characters, `/` or `,`; unique, not differing only in case",
            why: "names the segment's rows in the reports",
            meaning: "The segment's name in `segments.csv` and `summary.md`.",
            example: "`oem-killer`"),
        ScenarioKey(
            "fleet[].share", .condition, type: "number", default: "required",
            range: "above 0, at most 1; the segments' shares add to 1",
            meaning: "The share of the devices in the segment.",
            example: "`0.25`"),
        ScenarioKey(
            "fleet[].platform", .condition, type: "`ios` or `android`",
            default: "none (each device runs every platform's arms)",
            range:
                "a platform the scenario simulates; every segment names one or none does, and each simulated platform has one",
            meaning:
                "The platform of the segment's devices: they run only that platform's arms, so the segments' shares are the "
                + "install base's platform mix and the reports add a whole-install-base table.",
            example: "`android`"),
        ScenarioKey(
            "fleet[].set", .condition, type: "mapping of dotted keys to values", default: "none",
            range: "condition keys only",
            meaning:
                "The conditions the segment's devices have instead of the scenario's: each value replaces the scenario's at that key.",
            example: "`{ platforms.android.exactAlarmPermission: false }`"),
    ]
}
