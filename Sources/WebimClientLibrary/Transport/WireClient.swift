import Foundation
import MultipartKit
import NIOCore
import WebimWire

/// The request side of the protocol: builds requests as PROTOCOL.md §1 says, sends them through the
/// session's transport, and decodes the JSON answers.
struct WireClient: Sendable {
    let transport: any WireTransport
    let log: SessionLog

    /// A failure below the protocol: no answer at all, or a status the SDK does not parse (PROTOCOL.md §1.5).
    enum TransportError: Error {
        case noConnection(String)
        case unavailable(status: UInt)
        case undecodable(String)
    }

    /// Statuses whose body the SDK parses as a protocol answer (iOS 4.0).
    static let parsedStatuses: Set<UInt> = [200, 400, 402, 403, 404, 405, 413, 415, 500]

    /// What the core calls itself on every request (PROTOCOL.md §1.3, in this port's words).
    static let userAgent = (name: "User-Agent", value: "Linux: Webim-Client 4.0.0; (webim-widget)")

    func get<Answer: Decodable>(
        _ path: String,
        query: [(String, String)],
        timeout: Duration,
        as: Answer.Type
    ) async throws -> Answer {
        try await get(path, query: query, timeout: timeout, as: Answer.self, keepingElementsAt: []).answer
    }

    /// `get`, also returning the JSON text of each element of the array that the object keys `elementsPath`
    /// lead to, as the service wrote it, for a caller that stores them as they came (nil: no such array).
    func get<Answer: Decodable>(
        _ path: String,
        query: [(String, String)],
        timeout: Duration,
        as: Answer.Type,
        keepingElementsAt elementsPath: [String]
    ) async throws -> (answer: Answer, elements: [String]?) {
        let request = WireRequest(method: .get, pathAndQuery: "\(path)?\(WireForm.encode(query))")
        return try await execute(request, timeout: timeout, keepingElementsAt: elementsPath)
    }

    func postForm<Answer: Decodable>(
        _ path: String,
        fields: [(String, String)],
        timeout: Duration,
        as: Answer.Type
    ) async throws -> Answer {
        let request = WireRequest(
            method: .post,
            pathAndQuery: path,
            headers: [("Content-Type", "application/x-www-form-urlencoded")],
            body: Data(WireForm.encode(fields).utf8)
        )
        return try await execute(request, timeout: timeout)
    }

    /// PROTOCOL.md §7.1: `multipart/form-data` with `chat-mode`, `client-side-id`, the credentials and the file.
    func upload(
        _ upload: QueuedAction.UploadCall,
        credentials: [(String, String)],
        timeout: Duration
    ) async throws -> UploadResponse {
        let boundary = UUID().uuidString
        var fields = [(WireParameter.chatMode, "online")]
        if let id = upload.clientSideID { fields.append((WireParameter.clientSideID, id)) }
        var parts = (fields + credentials)
            .map { name, value in
                MultipartPart(
                    headers: ["Content-Disposition": "form-data; name=\"\(name)\""],
                    body: ByteBuffer(string: value)
                )
            }
        let quotedName = upload.fileName.replacingOccurrences(of: "\"", with: "%22")
        parts.append(
            MultipartPart(
                headers: [
                    "Content-Disposition":
                        "form-data; name=\"\(WireParameter.uploadFile)\"; filename=\"\(quotedName)\"",
                    "Content-Type": upload.mimeType,
                ],
                body: ByteBuffer(bytes: upload.data)
            )
        )
        var body = ByteBuffer()
        try MultipartSerializer().serialize(parts: parts, boundary: boundary, into: &body)
        let request = WireRequest(
            method: .post,
            pathAndQuery: WireEndpoint.upload,
            headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
            body: Data(body.readableBytesView)
        )
        return try await execute(request, timeout: timeout)
    }

    private func execute<Answer: Decodable>(_ request: WireRequest, timeout: Duration) async throws -> Answer {
        try await execute(request, timeout: timeout, keepingElementsAt: []).answer
    }

    private func execute<Answer: Decodable>(
        _ request: WireRequest,
        timeout: Duration,
        keepingElementsAt elementsPath: [String]
    ) async throws -> (answer: Answer, elements: [String]?) {
        var request = request
        request.headers.append(Self.userAgent)
        let reply: WireReply
        do {
            reply = try await transport.exchange(request, timeout: timeout)
        } catch {
            throw TransportError.noConnection("\(error)")
        }
        log(.verbose, .networkRequest, "\(request.method.rawValue) \(request.pathAndQuery) → \(reply.status)")
        guard Self.parsedStatuses.contains(reply.status) else {
            throw TransportError.unavailable(status: reply.status)
        }
        do {
            let (value, ranges) = try JSONValue.parse(reply.body, elementsAt: elementsPath)
            let elements = ranges?.map { String(decoding: reply.body[$0], as: UTF8.self) }
            return (try WireCoding.decode(Answer.self, from: value), elements)
        } catch {
            throw TransportError.undecodable("\(error)")
        }
    }
}
