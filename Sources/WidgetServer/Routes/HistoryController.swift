import Foundation
import HTTPAPI
import HTTPTypes
import Hummingbird

/// Older history page by page, the whole transcript as a text download, and the client core's log (the developer
/// preview's).
struct HistoryController {
    let registry: TabRegistry

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .get("{tab}/history", use: history)
            .get("{tab}/transcript", use: transcript)
            .get("{tab}/log", use: coreLog)
    }

    /// The whole transcript, as a text file to save; never on a kiosk, whose visitors e-mail it instead.
    private func transcript(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        guard await !tab.isKiosk else { throw APIError.kioskDownloadsOff }
        let text = try await tab.reading.transcript()
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"chat-transcript.txt\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text))
        )
    }

    /// The core's log as text, shown in the page (`text/plain`) or, with `download=1`, as a file.
    private func coreLog(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        guard let log = await tab.coreLog else {
            throw APIError(.noCoreLog, "This tab keeps no core log: open it with coreLog (never on a kiosk).")
        }
        var headers: HTTPFields = [
            .contentType: "text/plain; charset=utf-8", .cacheControl: "no-store",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ]
        if FormQuery(request).get("download") == "1" {
            headers[.contentDisposition] = "attachment; filename=\"webim-core-\(tab.id.prefix(8)).log\""
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: log.text)))
    }

    private struct Page: Encodable {
        var messages: [WidgetMessage]
        var hasMore: Bool
    }

    private func history(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let tab = try registry.tab(context)
        let query = FormQuery(request)
        var limit = 30
        if let text = query.get("limit") {
            guard let value = Int(text), (1...100).contains(value) else {
                throw APIError(.invalidLimit, "limit is 1 to 100.", field: "limit")
            }
            limit = value
        }
        let before = query.get("before")
        if let before, before.isEmpty || before.count > 128 {
            throw APIError(.invalidBefore, "before is a message id.", field: "before")
        }
        let page = try await tab.reading.messages(before: before, limit: limit)
        return try JSONResponse.make(Page(messages: page.messages, hasMore: page.hasMore))
    }
}
