import HTTPAPI
import HTTPTypes
import Hummingbird
import NIOCore
import Prometheus
import WebimWire

/// `GET /metrics`: the server's counts in the Prometheus text format, for a scraper on this machine or one that shows
/// the metrics token (`--metrics-token-file`). Never for the public: tab and stream counts say how busy a site is, and
/// nginx in front of the server adds its proxy headers, so a request carrying them is not from this machine even when
/// it arrives from loopback.
struct MetricsController {
    let metrics: WidgetMetrics
    let levels: MetricLevels
    /// The bearer token a scraper from elsewhere shows; nil: loopback only.
    let token: String?

    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self).get("metrics", use: scrape)
    }

    private func scrape(_ request: Request, context: WidgetRequestContext) throws -> Response {
        try authorize(request, context: context)
        levels.record()
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.registry.emitToBuffer()))
        )
    }

    /// A token, when shown, must be the one; without one, only a direct request from loopback passes. Anything else
    /// is told nothing is here.
    private func authorize(_ request: Request, context: WidgetRequestContext) throws {
        if let header = request.headers[.authorization] {
            guard let token, let given = BearerToken.of(header), RandomToken.matches(given, token) else {
                throw APIError.metricsTokenRefused
            }
            return
        }
        guard DirectRequest.isFromThisMachine(request, context: context) else { throw APIError.notFound }
    }
}
