/// Why iOS discards a background push the device received instead of waking the app.
public enum PushDiscard: String, Sendable {
    /// The user switched Background App Refresh off for the app.
    case backgroundAppRefreshOff = "Background App Refresh is off"
    /// The app was force-quit while the push waited: "the system discards held notifications".
    case forceQuit = "the app was force-quit"
}
