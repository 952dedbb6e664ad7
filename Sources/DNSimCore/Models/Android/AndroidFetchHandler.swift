/// Where the plugin's code fetches when its fetch alarm fires (`platforms.android.fetchIn`).
public enum AndroidFetchHandler: String, Sendable, CaseIterable {
    /// In the alarm's `BroadcastReceiver` (with `goAsync`): the fetch has `receiverBudget`, then
    /// it is cancelled, as iOS cancels a BG task at its budget.
    case receiver
    /// The receiver hands the fetch to expedited work, which runs it to the end within its quota
    /// and execution limit (today's alarm results).
    case worker
}
