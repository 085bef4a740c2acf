import HTTPAPI
import Hummingbird
import NIOCore

/// The widget server's request context: Hummingbird's basic one plus the socket's two ends, which the Host and Origin
/// check (the port a page's origin must name) and the per-address limit on new tabs need.
struct WidgetRequestContext: ListeningPortRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The port the request arrived on.
    let listeningPort: Int?
    /// The client's address without its port (`127.0.0.1`, `::1`); nil when unknown.
    let clientAddress: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        listeningPort = source.channel.localAddress?.port
        clientAddress = source.channel.remoteAddress?.ipAddress
    }

    /// JSON bodies are read as the API's errors name them.
    var requestDecoder: APIJSONDecoder { APIJSONDecoder() }

    /// The largest JSON body a route reads: requests are small (a message, a tab's options); an upload sets its own
    /// limit from the location's.
    var maxUploadSize: Int { 256 * 1024 }
}
