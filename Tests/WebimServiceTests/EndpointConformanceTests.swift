import Foundation
import NIOCore
import NIOHTTP1
import Testing
import WebimWire

/// The auxiliary GET endpoints, history and the JSON error rules (PROTOCOL.md §1.5, §2.9, §6, §9).
@Suite struct EndpointConformanceTests {
    @Test func metaConfigsLegacySettingsAndOnlineStatus() async throws {
        try await withService { base in
            let meta = try await HTTP.get(base + WireEndpoint.meta, as: MetaResponse.self)
            #expect(meta.endpoints?.configs?.url == WireEndpoint.configs)
            // The action loop's second `?` (PROTOCOL.md §1.2) must not change the answer.
            let quirk = "\(base)\(WireEndpoint.configs)/files?jsonp=false?page-id=p&auth-token=t"
            let config = try await HTTP.get(quirk, as: LocationConfigResponse.self)
            #expect(config.maxVisitorUploadFileSizeMegabytes == 1)
            #expect(config.allowedUploadFileTypes?.contains("pdf") == true)
            let offline = try await HTTP.get(
                "\(base)\(WireEndpoint.configs)/offline?jsonp=false",
                as: LocationConfigResponse.self
            )
            #expect(offline.locationSettings?.chat?.visitorFields?["offlineMode"]?["email"]?.presence == "mandatory")
            let script = try await HTTP.raw("\(base)\(WireEndpoint.legacySettingsPrefix)files.js")
            let text = String(decoding: script.body, as: UTF8.self)
            let json = Data(text.dropFirst(29).dropLast(2).utf8)
            #expect(
                try JSONDecoder().decode(LocationConfigResponse.self, from: json).maxVisitorUploadFileSizeMegabytes == 1
            )
            let status = try await HTTP.get(
                "\(base)\(WireEndpoint.onlineStatus)?location=offline",
                as: OnlineStatusResponse.self
            )
            #expect(status.onlineStatus == "offline" && status.onlineOperators == false)
            let android = try await HTTP.get(
                "\(base)\(WireEndpoint.legacyOnlineStatus)?location=busy",
                as: OnlineStatusResponse.self
            )
            #expect(android.onlineStatus == "busy_online")
        }
    }

    @Test func unknownPathsAndMalformedRequestsGetJSONErrors() async throws {
        try await withService { base in
            let unknown = try await HTTP.raw(base + "/nope")
            #expect(unknown.status == 404)
            #expect(try JSONDecoder().decode(ActionResponse.self, from: unknown.body).error == "not-found")
            let wrongMethod = try await HTTP.raw(base + WireEndpoint.action)
            #expect(try JSONDecoder().decode(ActionResponse.self, from: wrongMethod.body).error != nil)
            let delta = try await HTTP.get("\(base)\(WireEndpoint.delta)?since=abc", as: DeltaResponse.self)
            #expect(delta.error == WireError.reinitRequired)
            let upload = try await HTTP.raw(
                base + WireEndpoint.upload,
                method: .POST,
                headers: [("Content-Type", "multipart/form-data; boundary=x")],
                body: ByteBuffer(string: "garbage")
            )
            #expect(upload.status == 200)
            #expect(try JSONDecoder().decode(UploadResponse.self, from: upload.body).error != nil)
            let console = try await ServiceClient.console(base, .POST, "/visitors/nobody/typing", "{")
            #expect(console.status == 400)
            #expect(console.json["error"]?["code"]?.stringValue == "invalid_json")
            let badLimit = try await ServiceClient.console(base, .GET, "/chats?limit=0", "")
            #expect(badLimit.status == 400 && badLimit.json["error"]?["field"]?.stringValue == "limit")
        }
    }

    @Test func historySinceBeforeAndSearch() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            for index in 1...3 {
                _ = try await client.action(
                    "chat.message",
                    [("client-side-id", "m\(index)"), ("message", "Note \(index)")]
                )
            }
            let first = try await client.get(WireEndpoint.history, as: HistorySinceResponse.self)
            let revision = try #require(first.data?.revision)
            #expect(first.data?.messages?.map(\.text) == ["Note 1", "Note 2", "Note 3"])
            #expect(first.data?.hasMore == false)
            // Editable as the delta says: the visitor's own messages in the open chat.
            let editable = first.data?.messages?.map(\.canBeEdited)
            #expect(editable == [true, true, true])
            _ = try await client.action("chat.delete_message", [("client-side-id", "m2")])
            let announced = try await client.waitFor { $0.objectType == "HISTORY_REVISION" }
            #expect(announced?.data?["revision"]?.intValue != nil)
            let changes = try await client.get(
                WireEndpoint.history,
                [("since", revision)],
                as: HistorySinceResponse.self
            )
            #expect(changes.data?.messages?.count == 1)
            #expect(changes.data?.messages?.first?.deleted == true)
            let newest = try #require(first.data?.messages?.last?.timeMicros)
            let older = try await client.get(
                WireEndpoint.history,
                [("before-ts", String(newest))],
                as: HistoryBeforeResponse.self
            )
            #expect(older.data?.messages?.map(\.text) == ["Note 1"])
            let found = try await client.get(
                WireEndpoint.searchMessages,
                [("query", "note 3")],
                as: SearchResponse.self
            )
            #expect(found.data?.count == 1)
            _ = try await client.action("chat.close")
            let closed = try await client.get(WireEndpoint.history, as: HistorySinceResponse.self)
            let editableAfterClose = closed.data?.messages?.map(\.canBeEdited)
            #expect(editableAfterClose == [false, false])
        }
    }

    @Test func lightModeAuthAndInfo() async throws {
        try await withService { base in
            let auth = try await HTTP.raw(
                "\(base)\(WireEndpoint.auth)?device-id=light-1&location=manual&platform=ios",
                method: .POST
            )
            let token = try #require(try JSONDecoder().decode(LightModeAuthResponse.self, from: auth.body).authToken)
            let info = try await HTTP.raw(base + WireEndpoint.info, headers: [("Authorization", "Bearer \(token)")])
            #expect(try JSONDecoder().decode(LightModeInfoResponse.self, from: info.body).unreadMessagesCount == 0)
            let anonymous = try await HTTP.raw(base + WireEndpoint.info)
            #expect(
                try JSONDecoder().decode(LightModeInfoResponse.self, from: anonymous.body).error
                    == WireError.unauthorized
            )
        }
    }
}
