import HTTPAPI
import Hummingbird
import NIOCore

/// The service's request context: Hummingbird's basic one plus where the request came in, which the Host and Origin
/// checks need (the port a page's origin must name, and whether a client core of this process sent it).
struct ServiceRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The port of the socket the request arrived on; nil in process.
    let listeningPort: Int?
    /// Sent by a client core of this process through `InProcessTransport`, not over a socket.
    let isInProcess: Bool
    /// The largest JSON body `request.decode(as:context:)` reads; the console's routes raise it to
    /// `BodyLimit.consoleJSON` (`ConsoleBodyLimitMiddleware`), since it depends on the scenarios' largest upload.
    var maxUploadSize = BodyLimit.overhead

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        listeningPort = source.channel.localAddress?.port
        isInProcess = false
    }

    /// A context for a request handed over in process.
    init(inProcess source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        listeningPort = nil
        isInProcess = true
    }

    /// JSON bodies are read as the API's errors name them.
    var requestDecoder: APIJSONDecoder { APIJSONDecoder() }
}
