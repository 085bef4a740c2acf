import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// Every route answers bad input with a JSON error naming the problem, never a 500.
@Suite struct RouteValidationTests {
    private struct Case: Sendable {
        var method: HTTPMethod
        var path: String
        var body: String?
        var status: UInt
        var code: String
        var field: String? = nil
    }

    private static let cases: [Case] = [
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":"hi"}"#,
            status: 400,
            code: "missing_field",
            field: "clientId"
        ),
        Case(method: .POST, path: "/messages", body: "text=hi", status: 400, code: "invalid_json"),
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":"  ","clientId":"page-0002"}"#,
            status: 400,
            code: "empty_text"
        ),
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":"hi","clientId":"x"}"#,
            status: 400,
            code: "invalid_client_id"
        ),
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":5,"clientId":"page-0003"}"#,
            status: 400,
            code: "invalid_field",
            field: "text"
        ),
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":"hi","clientId":"page-0003","data":5}"#,
            status: 400,
            code: "invalid_field",
            field: "data"
        ),
        // The chat service's bound on `data` (4 KB), refused before anything is queued.
        Case(
            method: .POST,
            path: "/messages",
            body:
                "{\"text\":\"hi\",\"clientId\":\"page-0003\",\"data\":{\"d\":\"\(String(repeating: "d", count: 4_100))\"}}",
            status: 400,
            code: "invalid_field",
            field: "data"
        ),
        Case(
            method: .POST,
            path: "/messages",
            body: #"{"text":"hi","clientId":"page-0004","quotedMessageId":"nope"}"#,
            status: 404,
            code: "unknown_message"
        ),
        Case(
            method: .POST,
            path: "/messages",
            body: "{\"text\":\"\(String(repeating: "a", count: 10_001))\",\"clientId\":\"page-0004\"}",
            status: 413,
            code: "text_too_long"
        ),
        Case(
            method: .PATCH,
            path: "/messages/nope",
            body: #"{"text":"x","clientId":"page-0005"}"#,
            status: 404,
            code: "unknown_message"
        ),
        Case(
            method: .PATCH,
            path: "/messages/nope",
            body: #"{"clientId":"page-0005"}"#,
            status: 400,
            code: "missing_field",
            field: "text"
        ),
        Case(method: .DELETE, path: "/messages/nope", status: 400, code: "missing_field", field: "clientId"),
        Case(method: .DELETE, path: "/messages/nope?clientId=page-0006", status: 404, code: "unknown_message"),
        Case(
            method: .POST,
            path: "/messages/nope/accept",
            body: #"{"clientId":"page-0009"}"#,
            status: 404,
            code: "unknown_message"
        ),
        Case(
            method: .POST,
            path: "/keyboard",
            body: #"{"messageId":"m","buttonId":"b","clientId":"page-0007"}"#,
            status: 404,
            code: "unknown_message"
        ),
        Case(method: .POST, path: "/keyboard", body: #"{"messageId":"m"}"#, status: 400, code: "missing_field"),
        Case(method: .POST, path: "/typing", body: #"{"draft":5}"#, status: 400, code: "invalid_field", field: "draft"),
        Case(
            method: .POST,
            path: "/rating",
            body: #"{"rating":6,"clientId":"page-0008"}"#,
            status: 400,
            code: "invalid_rating"
        ),
        Case(
            method: .POST,
            path: "/rating",
            body: #"{"rating":5,"clientId":"page-0008"}"#,
            status: 409,
            code: "no_operator"
        ),
        Case(
            method: .POST,
            path: "/resolution",
            body: #"{"answer":2,"clientId":"page-0008"}"#,
            status: 400,
            code: "invalid_resolution_answer",
            field: "answer"
        ),
        Case(
            method: .POST,
            path: "/resolution",
            body: #"{"answer":1,"clientId":"page-0008"}"#,
            status: 409,
            code: "no_operator"
        ),
        Case(
            method: .POST,
            path: "/rating",
            // The real service takes notes of up to 2,000 characters (`note-is-too-long`).
            body: "{\"rating\":5,\"note\":\"\(String(repeating: "n", count: 2_001))\",\"clientId\":\"page-0008\"}",
            status: 400,
            code: "note_too_long",
            field: "note"
        ),
        Case(
            method: .POST,
            path: "/chat",
            body: #"{"action":"dance"}"#,
            status: 400,
            code: "invalid_action",
            field: "action"
        ),
        Case(
            method: .POST,
            path: "/chat",
            body: #"{"action":"start","departmentKey":"no such"}"#,
            status: 400,
            code: "invalid_department_key"
        ),
        Case(
            method: .POST,
            path: "/transcript",
            body: #"{"email":"nope","clientId":"page-0009"}"#,
            status: 400,
            code: "invalid_email"
        ),
        Case(
            method: .POST,
            path: "/contacts",
            body: #"{"email":"nope","clientId":"page-0010"}"#,
            status: 400,
            code: "invalid_email",
            field: "email"
        ),
        Case(
            method: .POST,
            path: "/contacts",
            body: #"{"phone":"call me <b>","clientId":"page-0011"}"#,
            status: 400,
            code: "invalid_phone",
            field: "phone"
        ),
        Case(
            method: .POST,
            path: "/contacts",
            body: #"{"name":"  ","clientId":"page-0012"}"#,
            status: 400,
            code: "no_contacts"
        ),
        Case(method: .GET, path: "/history?limit=0", status: 400, code: "invalid_limit", field: "limit"),
        Case(method: .GET, path: "/history?before=nope", status: 404, code: "unknown_message"),
        Case(method: .GET, path: "/events?after=x", status: 400, code: "invalid_after"),
        Case(method: .GET, path: "/files/nope", status: 404, code: "unknown_file"),
        Case(method: .GET, path: "/files/nope?thumb=2", status: 400, code: "invalid_thumb"),
        Case(method: .POST, path: "/files", body: "{}", status: 415, code: "not_multipart"),
        Case(method: .DELETE, path: "?clear=2", status: 400, code: "invalid_clear"),
        Case(method: .PUT, path: "/messages", body: "{}", status: 405, code: "method_not_allowed"),
        Case(method: .GET, path: "/nothing-here", status: 404, code: "not_found"),
    ]

    @Test func everyRouteRefusesBadInputWithAJSONError() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            for entry in Self.cases {
                let answer = try await client.request(entry.method, "/api/tabs/\(tab)\(entry.path)", body: entry.body)
                let label = "\(entry.method) \(entry.path)"
                #expect(answer.status == entry.status, "\(label): \(answer.text)")
                #expect(answer.errorCode == entry.code, "\(label): \(answer.text)")
                #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true, "\(label)")
                if let field = entry.field { #expect(answer.errorField == field, "\(label)") }
            }
        }
    }

    @Test func unknownTabsAndPathsAreJSON404s() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            for path in ["/messages", "/read", "/typing", "/chat", "/rating", "/keyboard", "/transcript", "/contacts"] {
                let answer = try await client.post("/api/tabs/AAAAAAAAAAAAAAAAAAAAAA\(path)", "{}")
                #expect(answer.status == 404 && answer.errorCode == "unknown_tab", "\(path)")
            }
            for path in ["/history", "/limits", "/transcript", "/files/x"] {
                let answer = try await client.get("/api/tabs/AAAAAAAAAAAAAAAAAAAAAA\(path)")
                #expect(answer.status == 404 && answer.errorCode == "unknown_tab", "\(path)")
            }
            let deleted = try await client.request(.DELETE, "/api/tabs/AAAAAAAAAAAAAAAAAAAAAA")
            #expect(deleted.status == 404 && deleted.errorCode == "unknown_tab")
            let nowhere = try await client.get("/no/such/page")
            #expect(nowhere.status == 404 && nowhere.errorCode == "not_found")
            let gone = try await client.events("AAAAAAAAAAAAAAAAAAAAAA")
            #expect(gone.status == 204)
        }
    }

    @Test func creatingATabValidatesItsOptions() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let cases: [(String, String)] = [
                (#"{"location":"../x"}"#, "invalid_location"),
                (#"{"visitorFields":"not json"}"#, "invalid_visitor_fields"),
                (#"{"departmentKey":""}"#, "invalid_department_key"),
                (#"{"location":5}"#, "invalid_field"),
                ("[", "invalid_json"),
            ]
            for (body, code) in cases {
                let answer = try await client.post("/api/tabs", body)
                #expect(answer.status == 400 && answer.errorCode == code, "\(body): \(answer.text)")
            }
            let ok = try await client.post("/api/tabs", #"{"location":"default","departmentKey":"sales"}"#)
            #expect(ok.status == 201)
        }
    }
}
