/// How a cycle gets its outcome: the server's pushes, a notification shown, a cycle ended
/// without one. The outcome itself is named by `CycleOutcome.classify`.
extension PluginRuntime {
    // MARK: Pushes

    /// The server sends `cycle`'s push of `kind` (at T for an alert push, at F
    /// for a background one): what becomes of it, traced as it happens.
    mutating func sendPush(cycle: Int, kind: PushKind) -> PushFate {
        let sendTimes = kind == .alert ? state.calendar.notifyTimes : state.calendar.fetchTimes
        let downgraded = fcmHistory.active && fcmHistory.downgrades(at: sendTimes[cycle])
        let fate =
            world.server.pushWhen == .always
            ? push.fate(of: cycle, kind: kind, sendTimes: sendTimes, context: context, downgraded: downgraded)
            : push.fate(of: cycle, kind: kind, sendTimes: sendTimes, context: context, downgraded: downgraded) {
                [context] in
                Self.serverHasNews(cycle: $0, sendTimes: sendTimes, context: context)
            }
        // `pushes` counts what the server sent: under `pushWhen: withNews` a cycle without news sends none.
        if case .notSent = fate {} else { context.activity[.pushes] += 1 }
        if context.tracer != nil { tracePush(fate, cycle: cycle, kind: kind, sent: sendTimes[cycle]) }
        return fate
    }

    /// `server.pushWhen: withNews`: the server sends cycle `cycle`'s push only when the user's
    /// starred projects changed since the previous cycle's send time (the last push it sent, or a
    /// cycle it skipped for want of news, which moves nothing) and the list is not empty.
    static func serverHasNews(cycle: Int, sendTimes: [Millis], context: DeviceContext) -> Bool {
        let send = sendTimes[cycle]
        let since = cycle > 0 ? sendTimes[cycle - 1] : context.calendar.start
        return !context.user.starredEmpty.contains(send) && context.server.hasUpdate(after: since, through: send)
    }

    private func tracePush(_ fate: PushFate, cycle: Int, kind: PushKind, sent: Millis) {
        let service = push.serviceName
        if case .notSent = fate { return context.trace(.pushNotSent(kind), cycle: cycle, at: sent) }
        context.trace(.pushSent(kind), cycle: cycle, at: sent)
        switch fate {
        case .notSent: break
        case .dropped:
            context.trace(.pushDropped(service: service), cycle: cycle, at: sent)
        case .expired(let arrival, let hold, let at):
            context.trace(.pushHeld(hold, service: service, until: .storeFor(push.storeFor)), cycle: cycle, at: arrival)
            context.trace(.pushExpired(service: service), cycle: cycle, at: at)
        case .replaced(let arrival, let hold, let at, let by):
            context.trace(.pushHeld(hold, service: service, until: .newestOnly), cycle: cycle, at: arrival)
            context.trace(.pushReplaced(byCycle: by), cycle: cycle, at: at)
        case .discarded(let arrival, let at, let hold, let reason):
            if let hold {
                context.trace(.pushHeld(hold, service: service, until: .release(at)), cycle: cycle, at: arrival)
            }
            context.trace(.pushDiscarded(reason), cycle: cycle, at: at)
        case .delivered(let arrival, let release, let hold):
            if let hold {
                context.trace(.pushHeld(hold, service: service, until: .release(release)), cycle: cycle, at: arrival)
            }
        }
    }

    /// A push's handler ended, showing a notification or not: FCM keeps count (`FCMPriorityHistory`).
    @inline(__always)
    mutating func pushHandled(shown: Bool) {
        // A notification the user denied is no visible notification to FCM either.
        if fcmHistory.active { fcmHistory.record(at: now, shown: shown && !notificationsBlocked) }
    }

    // MARK: Cycles

    /// Displays the cache (or the fallback) for `cycle` now (after the
    /// platform's display delay) and resolves the cycle.
    mutating func show(cachedContent: Bool, cycle: Int) {
        let delivered = now + context.draw(os.notificationDelay, source: .notificationDelay, index: cycle)
        // What the user sees is what counts: lateness, freshness and content age run to that moment.
        let display = presentation.map { $0.seen(delivered, level: interruptionLevel) } ?? delivered
        if display > delivered, !notificationsBlocked {
            context.trace(.notificationHeld(until: display), cycle: cycle, at: delivered)
        }
        let notifyTime = state.calendar.notifyTimes[cycle]
        let fetchTime = state.calendar.fetchTimes[cycle]
        let lastFetchEnd = state.fetcher.lastFetchEnd
        let beforeFetch = lastFetchEnd < fetchTime || lastFetchEnd > display
        var contentAge: Millis?
        var fetchedAt: Millis?
        var copy: NotificationCopy?
        if cachedContent, var content = state.fetcher.cache {
            contentAge = display - content.fetchedAt
            fetchedAt = content.fetchedAt
            if !content.shown, !notificationsBlocked {
                content.shown = true
                context.activity[.lostUpdates] -= content.updateCount
                log.recordShown(content, at: display, server: context.server)
                state.fetcher.cache = content
            }
            if context.tracer != nil { copy = self.copy(of: content) }
        } else if context.tracer != nil {
            copy = NotificationCopy(title: plugin.fallbackTitle, body: plugin.fallbackBody)
        }
        let outcome = CycleOutcome.classify(
            .shown(at: display, contentFetchedAt: fetchedAt), fetchTime: fetchTime,
            freshWithin: world.freshWithin, blocked: notificationsBlocked)
        if notificationsBlocked {
            context.trace(.notificationBlocked, cycle: cycle, at: display)
            return resolve(
                CycleRecord(
                    cycle: cycle, notifyTime: notifyTime, outcome: outcome, shownAt: nil, lateness: nil,
                    notifiedBeforeFetch: false, contentAge: nil))
        }
        if let copy {
            context.trace(
                .notificationShown(outcome, afterNotifyTime: display - notifyTime, copy: copy), cycle: cycle,
                at: display)
        }
        if let setupAt = state.lifecycle.setupAt {
            log.setupLatencies.append(display - setupAt)
            state.lifecycle.setupAt = nil
        }
        noteDisplay(at: display)
        resolve(
            CycleRecord(
                cycle: cycle, notifyTime: notifyTime, outcome: outcome, shownAt: display,
                lateness: CycleOutcome.lateness(display: display, notifyTime: notifyTime),
                notifiedBeforeFetch: beforeFetch, contentAge: contentAge, heldFor: display - delivered))
    }

    /// Ends a cycle without a notification, for `reason`.
    mutating func resolveUnshown(cycle: Int, because reason: UnshownReason) {
        let outcome = CycleOutcome.classify(
            .notShown(reason), fetchTime: state.calendar.fetchTimes[cycle], freshWithin: world.freshWithin)
        context.trace(.cycleUnshown(outcome, reason, pushService: push.serviceName), cycle: cycle)
        resolve(
            CycleRecord(
                cycle: cycle, notifyTime: state.calendar.notifyTimes[cycle], outcome: outcome, shownAt: nil,
                lateness: nil,
                notifiedBeforeFetch: false, contentAge: nil))
    }

    private mutating func resolve(_ record: CycleRecord) {
        log.cycles.append(record)
        state.firstUnresolved += 1
        state.cycleWasResolved = true
    }

    /// Passes over a cycle that is not due (New Activity was off at its T).
    mutating func skipCycle() {
        state.firstUnresolved += 1
        state.cycleWasResolved = true
    }

    /// Whether a cycle was resolved since the last call: the strategy then opens the next one.
    mutating func takeResolvedCycle() -> Bool {
        guard state.cycleWasResolved else { return false }
        state.cycleWasResolved = false
        return true
    }
}
