import AsyncHTTPClient
import NIOCore
import NIOHTTP1

/// A JSON request whose body goes out in two halves, the second only when the test says: until then the server is
/// handling it (its head has arrived, its body has not), so the test knows a request is in flight when a drain
/// starts, with no sleep.
struct HeldRequest: Sendable {
    /// The server's answer, once the rest of the body went out.
    let answer: Task<Answer, any Error>
    private let rest: AsyncStream<ByteBuffer>.Continuation
    private let secondHalf: ByteBuffer

    /// POSTs the head and the first half of `body` to `path`.
    init(_ client: WidgetClient, _ path: String, body: String) {
        let bytes = Array(body.utf8)
        let half = bytes.count / 2
        let (parts, rest) = AsyncStream.makeStream(of: ByteBuffer.self)
        rest.yield(ByteBuffer(bytes: bytes[..<half]))
        var request = HTTPClientRequest(url: client.baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .stream(parts, length: .known(Int64(bytes.count)))
        answer = Task { [request] in try await client.execute(request) }
        self.rest = rest
        secondHalf = ByteBuffer(bytes: bytes[half...])
    }

    /// Sends the rest of the body; the server then answers.
    func release() {
        rest.yield(secondHalf)
        rest.finish()
    }
}
