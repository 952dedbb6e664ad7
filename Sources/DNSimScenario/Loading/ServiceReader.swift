import DNSimCore

/// Reads `fetch:` (the network, and the copy of fetched content) and `server:` (its updates).
enum ServiceReader {
    static func fetch(_ map: ScenarioSection) -> FetchConfiguration {
        var fetch = FetchConfiguration()
        if let d = map.distribution("latency") { fetch.latency = d }
        if let p = map.number("failure") { fetch.failure = p }
        if let copy = map.optionalSection("copy") { fetch.copy = CopyTemplateReader.read(copy) }
        return fetch
    }

    static func server(_ map: ScenarioSection) -> ServerConfiguration {
        var server = ServerConfiguration()
        if let v = map.number("updatesPerDay") { server.updatesPerDay = v }
        if let v = map.integer("starredPlans") { server.starredPlans = v }
        if let v = map.choice("pushWhen", as: PushPolicy.self) { server.pushWhen = v }
        return server
    }
}
