/// The plugin's fetcher (docs/model.md §3): attempts keyed by the cycle they serve, failures and
/// retries, the ack and the cache, and which cycle a completed fetch decides.
extension PluginRuntime {
    /// Starts a fetch from a BG task or alarm, within `budget` when the platform gives the code one.
    mutating func startFetch(budget: Millis?) {
        attempt(FetchAttempt(cycle: cycleStartingFetch, cpuUntil: budget.map { now + $0 } ?? .max))
    }

    /// Starts a foreground fetch at the app open keyed `openKey` (no budget).
    mutating func startForegroundFetch(openKey: Int) {
        guard state.firstUnresolved < state.calendar.count else { return }
        attempt(FetchAttempt(cycle: cycleStartingFetch, openKey: openKey))
    }

    /// The cycle a fetch starting now is made for: the earliest unresolved one, or a later one
    /// whose window is already open (an earlier cycle's alarm is held), since a fetch never serves
    /// a closed window. `earlyFetch: arm` knows no windows: the earliest unresolved one.
    /// Inlined: a getter called out of line from the mutating `startFetch` was handed a copy of
    /// the whole runtime (a 2.8 KB memcpy per fetch started), as `decidedCycle` was.
    @inline(__always)
    var cycleStartingFetch: Int {
        let first = state.firstUnresolved
        guard strategy.earlyFetch == .cache else { return first }
        return max(first, state.calendar.windowCycle(from: first, holding: now))
    }

    /// An alert push's handler fetches to show `cycle`, within `budget`.
    mutating func startPushFetch(cycle: Int, budget: Millis) {
        attempt(FetchAttempt(cycle: cycle, cpuUntil: now + budget, pushed: true))
    }

    /// A fetch by a BG request or alarm that `cancelDualSchedule` left behind (a defect).
    mutating func startStaleFetch(budget: Millis?) {
        var attempt = FetchAttempt(
            cycle: min(state.calendar.firstCycle(notifyingAfter: now), state.calendar.count - 1),
            cpuUntil: budget.map { now + $0 } ?? .max)
        attempt.stale = true
        self.attempt(attempt)
    }

    /// One attempt: failure and latency keyed by the cycle it serves and the attempt.
    mutating func attempt(_ attempt: FetchAttempt) {
        var attempt = attempt
        if attempt.retry == 0 { attempt.epoch = state.epoch }
        let source: RandomSource, index: Int
        if attempt.openKey >= 0 {
            (source, index) = (
                .foregroundFetch, DrawIndex.foregroundFetch.make(attempt.openKey, saturating: attempt.retry)
            )
        } else {
            let number = state.fetcher.nextAttempt(for: attempt.cycle)
            (source, index) = (.fetchAttempt, DrawIndex.fetchAttempt.make(attempt.cycle, saturating: number))
        }
        // Latency (never negative) and the network failure flag in one word, shared by the arms.
        let drawn = context.memoizedDraw(source, index: index) { [fetch] random in
            let failed = random.bernoulli(fetch.failure)
            return random.duration(fetch.latency) << 1 | (failed ? 1 : 0)
        }
        let failed = drawn & 1 == 1
        let latency = drawn >> 1
        context.activity[.fetches] += 1
        let offline = context.user.offline.contains(now)
        if !offline { context.activity[.serverRequests] += 1 }
        let timeout = plugin.fetchTimeout ?? .max
        let failure: FetchFailure?
        var end = now + min(latency, timeout)
        if end > attempt.cpuUntil {
            failure = .budgetExpired
            end = attempt.cpuUntil
        } else if latency > timeout {
            failure = .timeout
        } else if offline {
            failure = .offline
        } else if now >= state.fetcher.tokenExpiry {
            failure = .unauthorized
        } else {
            failure = failed ? .network : nil
        }
        let acked = state.fetcher.acked
        context.trace(
            .fetchStarted(
                copyTemplate: fetch.copy != nil, afterID: acked, retry: attempt.retry, foreground: attempt.openKey >= 0,
                pushHandler: attempt.pushed ? push.handlerName : nil), cycle: attempt.cycle)
        schedule(at: end, .fetchFinished(attempt, failure: failure))
        if let telemetry = context.telemetry {
            let outcome: TelemetryFetchOutcome
            switch failure {
            case .budgetExpired?, .timeout?: outcome = .timeout
            case .some: outcome = .error
            case nil:
                outcome =
                    !context.user.starredEmpty.contains(end)
                        && context.server.updates(after: acked, through: end).count > 0
                    ? .ok : .empty
            }
            telemetry.fetchAttempt(startedAt: now, finishedAt: end, outcome: outcome)
        }
    }

    /// The attempt ended: a failure is retried while retries are left and
    /// the code still has CPU; updates move the ack and replace the cache.
    mutating func finishFetch(_ attempt: FetchAttempt, failure: FetchFailure?) -> FetchResult {
        if let failure {
            let retry = now + plugin.retryDelay
            if failure != .budgetExpired, attempt.retry < plugin.retryAttempts, retry < attempt.cpuUntil {
                context.trace(.fetchRetrying(failure, retryDelay: plugin.retryDelay), cycle: attempt.cycle)
                var next = attempt
                next.retry += 1
                schedule(at: retry, .fetchRetry(next))
                return .retrying
            }
            state.fetcher.lastFetchEnd = now
            context.trace(.fetchFailed(failure, ack: state.fetcher.acked), cycle: attempt.cycle)
            return .failed
        }
        state.fetcher.lastFetchEnd = now
        let acked = state.fetcher.acked
        // updateStarredPlans with an empty list: the fetcher has no project to ask about.
        let answer =
            context.user.starredEmpty.contains(now)
            ? (count: 0, last: acked)
            : context.server.updates(after: acked, through: now)
        guard answer.count > 0 else {
            context.trace(.fetchEmpty, cycle: attempt.cycle)
            // `onEmpty: show_cached`: nothing new confirms the cached content, as of now; the
            // strategies then treat it as the fetch's content.
            if strategy.onEmpty == .showCached, var confirmed = state.fetcher.cache {
                confirmed.fetchedAt = now
                state.fetcher.cache = confirmed
                return .updates
            }
            return .empty
        }
        var content = NotificationContent(
            fetchedAt: now, updatesAfter: acked, updatesThrough: answer.last,
            updateCount: answer.count)
        context.activity[.acked] += answer.count
        context.activity[.lostUpdates] += answer.count  // lost until a notification shows them
        state.fetcher.acked = answer.last
        // carryUnshown: updates fetched earlier and never shown join this notification.
        if strategy.carryUnshown, let previous = state.fetcher.cache, !previous.shown,
            previous.updatesThrough == content.updatesAfter
        {
            content.updatesAfter = previous.updatesAfter
            content.updateCount += previous.updateCount
        }
        if context.tracer != nil {
            context.trace(
                .fetchReturned(updates: answer.count, ack: answer.last, cached: copy(of: content)), cycle: attempt.cycle
            )
        }
        state.fetcher.cache = content
        return .updates
    }

    /// The cycle a fetch that completed now decides, or nil when it is early (docs/model.md §2,
    /// cycle windows): the cycle whose window (F to the next cycle's F) holds now, or nil when now
    /// is before the earliest unresolved cycle's F. It may be later than the earliest unresolved
    /// cycle, whose window has then closed: the caller supersedes the cycles before it. With
    /// `earlyFetch: arm` every fetch started for the earliest unresolved cycle decides it, as
    /// plugins without cycle windows behave.
    /// Inlined: called on `runtime` out of line, it was handed a copy of all of it (a 2.4 KB memcpy).
    @inline(__always)
    func decidedCycle(startedFor served: Int) -> Int? {
        let cycle = state.firstUnresolved
        guard cycle < state.calendar.count else { return nil }
        switch strategy.earlyFetch {
        case .cache:
            let window = state.calendar.windowCycle(from: cycle, holding: now)
            return window >= cycle ? window : nil
        case .arm: return served == cycle ? cycle : nil
        }
    }

    /// A fetch decided `cycle` with a success: its prefetch is done.
    mutating func prefetched(_ cycle: Int) {
        state.fetcher.prefetchedCycle = cycle
    }

    /// The cycle foreground code keeps a fetch scheduled for (docs/model.md §2,
    /// resubmission): the earliest unresolved one without in-window content.
    var cycleNeedingPrefetch: Int {
        state.firstUnresolved == state.fetcher.prefetchedCycle ? state.firstUnresolved + 1 : state.firstUnresolved
    }

    /// Whether the cache holds content fetched but never shown.
    var cacheHoldsUnshownUpdates: Bool { state.fetcher.holdsUnshownUpdates }

    /// The exact title and body of a content, as the fetcher aggregates it.
    func copy(of content: NotificationContent) -> NotificationCopy {
        var latest: [Int: Int64] = [:]
        var order = 0
        context.server.forEachUpdate(after: content.updatesAfter, through: content.updatesThrough) { _, plan in
            order += 1
            latest[plan] = Int64(order)
        }
        let plans = latest.sorted { $0.value < $1.value }.map(\.key)
        return NotificationCopy.aggregated(itemIndices: plans, template: fetch.copy)
            ?? NotificationCopy(title: plugin.fallbackTitle, body: plugin.fallbackBody)
    }
}
