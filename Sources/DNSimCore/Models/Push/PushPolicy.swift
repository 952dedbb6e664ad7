/// When the server sends a cycle's push (`server.pushWhen`).
public enum PushPolicy: String, Sendable, CaseIterable {
    /// Every cycle, news or not.
    case always
    /// Only when the user's starred projects have updates since the last push it sent, as a team
    /// that knows the news server-side would.
    case withNews
}
