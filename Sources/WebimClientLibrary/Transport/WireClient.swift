import AsyncHTTPClient
import Foundation
import MultipartKit
import NIOCore
import NIOHTTP1
import WebimWire

/// The HTTP side of the protocol: builds requests as PROTOCOL.md §1 says and decodes the JSON answers.
struct WireClient: Sendable {
    let baseURL: String
    let client: HTTPClient
    let log: SessionLog

    /// A failure below the protocol: no answer at all, or a status the SDK does not parse (PROTOCOL.md §1.5).
    enum TransportError: Error {
        case noConnection(String)
        case unavailable(status: UInt)
        case undecodable(String)
    }

    /// Statuses whose body the SDK parses as a protocol answer (iOS 4.0).
    private static let parsedStatuses: Set<UInt> = [200, 400, 402, 403, 404, 405, 413, 415, 500]

    func get<Answer: Decodable>(
        _ path: String,
        query: [(String, String)],
        timeout: TimeAmount,
        as: Answer.Type
    ) async throws -> Answer {
        let request = HTTPClientRequest(url: "\(baseURL)\(path)?\(WireForm.encode(query))")
        return try await execute(request, timeout: timeout)
    }

    func postForm<Answer: Decodable>(
        _ path: String,
        fields: [(String, String)],
        timeout: TimeAmount,
        as: Answer.Type
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: "\(baseURL)\(path)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.body = .bytes(ByteBuffer(string: WireForm.encode(fields)))
        return try await execute(request, timeout: timeout)
    }

    /// PROTOCOL.md §7.1: `multipart/form-data` with `chat-mode`, `client-side-id`, the credentials and the file.
    func upload(
        _ upload: QueuedAction.UploadCall,
        credentials: [(String, String)],
        timeout: TimeAmount
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
        var request = HTTPClientRequest(url: "\(baseURL)\(WireEndpoint.upload)")
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
        request.body = .bytes(body)
        return try await execute(request, timeout: timeout)
    }

    private func execute<Answer: Decodable>(_ request: HTTPClientRequest, timeout: TimeAmount) async throws -> Answer {
        var request = request
        request.headers.add(name: "User-Agent", value: "Linux: Webim-Client 4.0.0; (webim-widget)")
        let response: HTTPClientResponse
        let body: ByteBuffer
        do {
            response = try await client.execute(request, timeout: timeout)
            body = try await response.body.collect(upTo: 32 << 20)
        } catch {
            throw TransportError.noConnection("\(error)")
        }
        log(.verbose, .networkRequest, "\(request.method) \(request.url) → \(response.status.code)")
        guard Self.parsedStatuses.contains(response.status.code) else {
            throw TransportError.unavailable(status: response.status.code)
        }
        do {
            return try WireCoding.makeDecoder().decode(Answer.self, from: Data(body.readableBytesView))
        } catch {
            throw TransportError.undecodable("\(error)")
        }
    }
}
