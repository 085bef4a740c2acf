import HTTPAPI
import Hummingbird

/// The checks a balancer or a supervisor makes: `GET /healthz`, whether the process is alive, and `GET /readyz`,
/// whether it takes new tabs.
struct HealthController {
    let registry: TabRegistry
    let drain: ServerDrain
    let configuration: WidgetConfiguration
    /// Whether the account's server answers; asked first as the server starts (`makeWidgetApplication`).
    let reachability: ServiceReachability

    /// The routes, at the root.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("healthz", use: health)
            .get("readyz", use: readiness)
    }

    private struct Health: Encodable {
        var ok: Bool
        var status: String
        var service: String
        var tabs: Int
        var draining: Bool
    }

    private struct Readiness: Encodable {
        var ready: Bool
        var tabs: Int
        var maxTabs: Int
    }

    /// Liveness, and whether the chat service answers (`ServiceReachability`: at most one question every few
    /// seconds). Still 200 while draining: a supervisor that restarted a draining server would cut the requests it
    /// is finishing.
    private func health(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let reachable = await reachability.isReachable()
        return try JSONResponse.make(
            Health(
                ok: true,
                status: "ok",
                service: reachable ? "reachable" : "unreachable",
                tabs: registry.count,
                draining: drain.isDraining
            )
        )
    }

    /// Whether a new tab would open here: 503 `draining` once the drain started, 503 `too_many_tabs` at
    /// `--max-tabs`. It never asks the chat service: a balancer asks often, and a tab opens whether or not the
    /// service answers (its session keeps trying).
    private func readiness(_ request: Request, context: WidgetRequestContext) throws -> Response {
        if drain.isDraining { throw APIError.draining }
        let tabs = registry.count
        if tabs >= configuration.maxTabs { throw APIError.tooManyTabs(retryAfterSeconds: 30) }
        return try JSONResponse.make(Readiness(ready: true, tabs: tabs, maxTabs: configuration.maxTabs))
    }
}
