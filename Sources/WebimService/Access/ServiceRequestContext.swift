import HTTPAPI
import Hummingbird
import NIOCore

/// The service's request context: Hummingbird's basic one plus the port the request came in on, which the Host and
/// Origin checks need (the port a page's origin must name). A client core of this process never comes through here:
/// it calls the protocol's handler directly (`InProcessTransport`).
struct ServiceRequestContext: ListeningPortRequestContext {
    var coreContext: CoreRequestContextStorage
    /// The port of the socket the request arrived on.
    let listeningPort: Int?
    /// The largest JSON body `request.decode(as:context:)` reads; the console's routes raise it to
    /// `BodyLimit.consoleJSON` (`ConsoleBodyLimitMiddleware`), since it depends on the scenarios' largest upload.
    var maxUploadSize = BodyLimit.overhead

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        listeningPort = source.channel.localAddress?.port
    }

    /// JSON bodies are read as the API's errors name them.
    var requestDecoder: APIJSONDecoder { APIJSONDecoder() }
}
