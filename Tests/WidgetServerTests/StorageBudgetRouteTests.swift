import Foundation
import HTTPAPI
import NIOHTTP1
import TestSupport
import Testing
import WebimService
import WidgetServer

/// The storage budgets as the page meets them: the service's refusal of a visitor over their budget arrives as the
/// action's `result`, and the tab then answers 507 naming the budget; this server's own data folder answers 507 past
/// its budget.
@Suite struct StorageBudgetRouteTests {
    @Test func aVisitorOverTheBudgetGets507NamingIt() async throws {
        let budgets = StorageBudgets(visitorBytes: 1000, folderBytes: 1 << 40, retention: .seconds(3600))
        let smallVisitorBudget: @Sendable (inout ServiceConfiguration) -> Void = { $0.storageBudgets = budgets }
        try await LiveStack.withStack(adjustService: smallVisitorBudget) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            _ = await stream.next()
            let (type, body) = WidgetClient.multipart(
                filename: "notes.txt",
                contentType: "text/plain",
                bytes: Array(repeating: 65, count: 2000),
                clientID: "file-0001"
            )
            let sent = try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: body, contentType: type)
            #expect(sent.status == 202, "\(sent.text)")
            let refused = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "file-0001" }
            let error = refused?.json["error"] as? [String: Any]
            #expect(refused?.json["ok"] as? Bool == false)
            #expect(error?["code"] as? String == "visitor_budget_exceeded")
            // The tab knows now: the next upload and message are refused at once, with the budget named.
            let (_, again) = WidgetClient.multipart(
                filename: "more.txt",
                contentType: "text/plain",
                bytes: Array(repeating: 66, count: 10),
                clientID: "file-0002"
            )
            let upload = try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: again, contentType: type)
            #expect(upload.status == 507 && upload.errorCode == "visitor_budget_exceeded", "\(upload.text)")
            #expect(upload.text.contains("visitor budget"))
            let message = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"Hello","clientId":"text-0001"}"#
            )
            #expect(message.status == 507 && message.errorCode == "visitor_budget_exceeded", "\(message.text)")
            stream.close()
        }
    }

    @Test func aWidgetServerOverItsFolderBudgetRefusesNewBytes() async throws {
        let twoMegabytes: @Sendable (inout WidgetConfiguration) -> Void = { $0.storageBudget = 2 << 20 }
        try await LiveStack.withStack(adjust: twoMegabytes) { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            _ = await stream.next()
            let (type, body) = WidgetClient.multipart(
                filename: "big.txt",
                contentType: "text/plain",
                bytes: Array(repeating: 65, count: 3 << 20),
                clientID: "file-0001"
            )
            let upload = try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: body, contentType: type)
            #expect(upload.status == 507 && upload.errorCode == "storage_budget_exceeded", "\(upload.text)")
            #expect(upload.text.contains("2 MB"))
            // What fits is still taken.
            let message = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"Hello","clientId":"text-0001"}"#
            )
            #expect(message.status == 202, "\(message.text)")
            stream.close()
        }
    }
}
