/// Why the device discards a push it received instead of waking the app.
public enum PushDiscard: String, Sendable {
    /// The user switched Background App Refresh off for the app.
    case backgroundAppRefreshOff = "Background App Refresh is off"
    /// The app was force-quit while the push waited: "the system discards held notifications".
    case forceQuit = "the app was force-quit"
    /// Android: FCM does not deliver to a force-stopped app (its `droppedAppForceStopped`).
    case forceStopped = "the app was force-stopped (FCM droppedAppForceStopped)"
}
