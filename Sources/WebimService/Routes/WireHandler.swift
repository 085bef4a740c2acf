import Foundation
import HTTPAPI
import HTTPTypes
import Logging
import NIOCore
import WebimWire

/// The visitor protocol as one function: a parsed request in, the answer's status and bytes out. The HTTP routes
/// (`ProtocolRoutes`) and the in-process transport both call it, so a client core in this process gets exactly
/// the bytes a client over HTTP would, without a router, a channel or a second parse.
struct WireHandler: Sendable {
    let engine: ChatEngine
    let bodyLimit: BodyLimit
    let logger: Logger

    /// An answer: HTTP 200 whatever the outcome, as every SDK version accepts (PROTOCOL.md §1.5), but for a path
    /// the protocol does not have.
    struct Answer: Sendable {
        var status = HTTPResponse.Status.ok
        var contentType = "application/json; charset=utf-8"
        var body: ByteBuffer
    }

    /// The answer to `call`. Only a cancelled request throws: its client went away and reads no answer.
    func answer(_ call: WireCall) async throws -> Answer {
        do {
            return try await answerOrThrow(call)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("request failed", metadata: ["endpoint": "\(call.endpoint)", "error": "\(error)"])
            return try Self.json(ActionResponse.failure(WireError.internalError))
        }
    }

    /// The protocol's answer to a path it does not have.
    static func notFound() throws -> Answer {
        try json(ActionResponse.failure("not-found"), status: .notFound)
    }

    private func answerOrThrow(_ call: WireCall) async throws -> Answer {
        switch call.endpoint {
        case .initialization:
            return try Self.json(try await engine.sessions.initialize(call.query, bearerToken: call.bearerToken))
        case .delta:
            guard call.query[WireParameter.event] != "init" else {
                return try Self.json(try await engine.sessions.initialize(call.query, bearerToken: call.bearerToken))
            }
            return Answer(body: ByteBuffer(bytes: try await engine.deltas.answer(call.query).json()))
        case .action:
            return try await action(call)
        case .history:
            return switch try await engine.reads.history(call.query) {
            case .since(let page): try Self.json(page)
            case .before(let page): try Self.json(page)
            }
        case .search:
            return try Self.json(try await engine.reads.search(call.query))
        case .upload:
            return try await upload(call)
        case .fileDelete:
            guard case .bytes(let body) = call.body else { throw BodyTooLarge() }
            let fields = call.query.merging(WireForm.decode(String(buffer: body))) { _, fromBody in fromBody }
            return try Self.json(try await engine.fileActions.delete(fields: fields))
        case .meta:
            return try Self.json(Self.meta)
        case .configs(let raw):
            // The location may arrive as `mobile?jsonp=false` when a client glued a second `?` on (§1.2).
            return try Self.json(engine.reads.locationConfig(String(raw.split(separator: "?").first ?? "default")))
        case .legacySettings(let file):
            return try legacySettings(file: file, query: call.query)
        case .onlineStatus:
            return try Self.json(try await engine.reads.onlineStatus(call.query))
        case .auth:
            return try Self.json(try await engine.sessions.lightModeAuth(call.query))
        case .info:
            return try Self.json(try await engine.sessions.lightModeInfo(bearerToken: call.bearerToken))
        case .hints(let location):
            let answer = HintsAnswer(call.body, questions: engine.library.location(location).hintQuestions)
            return try Self.json(answer.body, status: answer.status)
        }
    }

    /// A body longer than its endpoint reads, other than an upload's (which has its own protocol error).
    struct BodyTooLarge: Error {}

    private func action(_ call: WireCall) async throws -> Answer {
        guard case .bytes(let body) = call.body else { throw BodyTooLarge() }
        var fields = call.query
        var file: UploadedPart?
        // iOS labels an offline message with a file urlencoded but writes multipart (PROTOCOL.md §11.10).
        if let boundary = call.contentType.flatMap(MultipartForm.boundary(contentType:))
            ?? MultipartForm.boundary(firstLineOf: body)
        {
            guard let form = MultipartForm.parse(body, boundary: boundary, fileFieldName: WireParameter.uploadFile)
            else { return try Self.json(ActionResponse.failure(WireError.wrongArgumentValue)) }
            fields.merge(form.fields) { _, fromBody in fromBody }
            file = form.file
        } else {
            fields.merge(WireForm.decode(String(buffer: body))) { _, fromBody in fromBody }
        }
        return try Self.json(try await engine.actions.answer(form: fields, file: file))
    }

    private func upload(_ call: WireCall) async throws -> Answer {
        guard case .bytes(let body) = call.body else {
            return try Self.json(UploadResponse.failure(WireError.maxFileSizeExceeded))
        }
        guard
            let boundary = call.contentType.flatMap(MultipartForm.boundary(contentType:))
                ?? MultipartForm.boundary(firstLineOf: body),
            let form = MultipartForm.parse(body, boundary: boundary, fileFieldName: WireParameter.uploadFile)
        else { return try Self.json(UploadResponse.failure(WireError.uploadedFileNotFound)) }
        let fields = call.query.merging(form.fields) { _, fromBody in fromBody }
        return try Self.json(try await engine.fileActions.upload(fields: fields, file: form.file))
    }

    /// The legacy settings wrapper: the client drops the first 29 and the last 2 characters (PROTOCOL.md §9).
    static let legacyPrefix = "window.webimLocationSettings("
    static let legacySuffix = ");"

    private func legacySettings(file: String, query: [String: String]) throws -> Answer {
        guard file.hasPrefix("all-settings-"), file.hasSuffix(".js") else { return try Self.notFound() }
        var location = String(file.dropFirst("all-settings-".count).dropLast(".js".count))
        if location == "mobile", let named = query[WireParameter.location] { location = named }
        var script = ByteBuffer(string: Self.legacyPrefix)
        script.writeBytes(try WireCoding.makeEncoder().encode(engine.reads.locationConfig(location)))
        script.writeString(Self.legacySuffix)
        return Answer(contentType: "application/javascript; charset=utf-8", body: script)
    }

    private static let meta: MetaResponse = {
        let endpoint = { (path: String) in MetaResponse.Endpoint(url: path) }
        return MetaResponse(
            endpoints: .init(
                configs: endpoint(WireEndpoint.configs),
                historyMobile: endpoint(WireEndpoint.history),
                auth: MetaResponse.Endpoint(url: WireEndpoint.auth, method: "POST"),
                info: endpoint(WireEndpoint.info)
            )
        )
    }()

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Answer {
        Answer(status: status, body: ByteBuffer(bytes: try WireCoding.makeEncoder().encode(value)))
    }
}
