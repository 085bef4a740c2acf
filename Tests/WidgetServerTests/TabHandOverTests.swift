import Foundation
import HTTPAPI
import TestSupport
import Testing
import WidgetServer

/// Two widget servers in front of one chat service, sharing a cluster key: a page whose server is gone continues its
/// tab on the other with the credential it holds (same visitor, chat and history), and a credential that is not the
/// deployment's own continues nothing.
@Suite struct TabHandOverTests {
    static let key = ClusterKey.random()

    /// Runs servers A and B (separate data folders, so B holds nothing of A's tabs) against one service over HTTP.
    static func withTwoServers(
        keyOfB: ClusterKey = key,
        _ body: @Sendable (WidgetClient, WidgetClient, LiveStack) async throws -> Void
    ) async throws {
        try await withTemporaryDirectory { directory in
            try await LiveStack.withService(dataDirectory: directory) { service in
                try await LiveStack.withWidget(
                    accountURL: service,
                    serviceURL: service,
                    dataDirectory: directory.appendingPathComponent("a"),
                    adjust: { $0.clusterKey = key }
                ) { stackA in
                    try await LiveStack.withWidget(
                        accountURL: service,
                        serviceURL: service,
                        dataDirectory: directory.appendingPathComponent("b"),
                        adjust: { $0.clusterKey = keyOfB }
                    ) { stackB in
                        try await body(WidgetClient(stackA), WidgetClient(stackB), stackA)
                    }
                }
            }
        }
    }

    /// Opens a tab the page names on `server`, says something, and returns the credential the server sealed for it.
    static func tabWithCredential(on server: WidgetClient, tab: String) async throws -> String {
        #expect(try await server.post("/api/tabs/\(tab)", "{}").status == 201)
        let stream = try await server.events(tab)
        defer { stream.close() }
        let sent = try await server.post("/api/tabs/\(tab)/messages", #"{"text":"Before","clientId":"before-0001"}"#)
        #expect(sent.status == 202)
        let credential = await stream.waitFor {
            $0.name == "tab.credential" || $0.name == "snapshot" && $0.json["credential"] is String
        }
        let sentEvent = await stream.waitFor {
            $0.message?["text"] as? String == "Before" && $0.message?["sendStatus"] as? String == "sent"
        }
        #expect(sentEvent != nil)
        return try #require(credential?.json["credential"] as? String)
    }

    @Test func aTabContinuesOnAnotherServerWithTheSameVisitorAndChat() async throws {
        try await Self.withTwoServers { serverA, serverB, stack in
            let tab = RandomToken.make(byteCount: 16)
            let credential = try await Self.tabWithCredential(on: serverA, tab: tab)
            // B has never seen the tab; with the credential it continues it.
            let continued = try await serverB.post("/api/tabs/\(tab)", #"{"credential":"\#(credential)"}"#)
            #expect(continued.status == 201)
            #expect(continued.json["resumed"] as? Bool == true)
            let stream = try await serverB.events(tab)
            defer { stream.close() }
            // The history comes from the service: the message said through A.
            let before = await stream.waitFor { event in
                event.message?["text"] as? String == "Before"
                    || (event.json["messages"] as? [[String: Any]])?.contains { $0["text"] as? String == "Before" }
                        == true
            }
            #expect(before != nil)
            // The page sends again what A had not confirmed to it, with the same clientId, and says more.
            let again = try await serverB.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"Before","clientId":"before-0001"}"#
            )
            #expect(again.status == 202)
            #expect(
                try await serverB.post("/api/tabs/\(tab)/messages", #"{"text":"After","clientId":"after-0001"}"#)
                    .status == 202
            )
            let after = await stream.waitFor {
                $0.message?["text"] as? String == "After" && $0.message?["sendStatus"] as? String == "sent"
            }
            #expect(after != nil)
            // One visitor, one chat, each message once.
            let console = OperatorConsoleClient(serviceURL: stack.serviceURL)
            let chats = try await console.request("GET", "/chats") as? [[String: Any]] ?? []
            #expect(chats.count == 1)
            let visitor = try await console.onlyVisitorID()
            let chat = try await console.request("GET", "/visitors/\(visitor)") as? [String: Any]
            let texts = ((chat?["chat"] as? [String: Any])?["messages"] as? [[String: Any]] ?? []).compactMap {
                $0["text"] as? String
            }
            #expect(texts.filter { $0 == "Before" }.count == 1, "\(texts)")
            #expect(texts.filter { $0 == "After" }.count == 1, "\(texts)")
        }
    }

    @Test func aForgedForeignOrMovedCredentialIsRefusedAndOpensNothing() async throws {
        try await Self.withTwoServers(keyOfB: .random()) { serverA, serverB, _ in
            let tab = RandomToken.make(byteCount: 16)
            let credential = try await Self.tabWithCredential(on: serverA, tab: tab)
            // B's key is not A's: the credential is foreign there.
            let foreign = try await serverB.post("/api/tabs/\(tab)", #"{"credential":"\#(credential)"}"#)
            #expect(foreign.status == 403)
            #expect(foreign.errorCode == "invalid_credential")
            // On A's own key, but for another tab.
            let otherTab = RandomToken.make(byteCount: 16)
            let moved = try await serverA.post("/api/tabs/\(otherTab)", #"{"credential":"\#(credential)"}"#)
            #expect(moved.status == 403)
            #expect(moved.errorCode == "invalid_credential")
            var bytes = Array(credential.utf8)
            bytes[bytes.count - 5] = bytes[bytes.count - 5] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            let tampered = try await serverA.post(
                "/api/tabs/\(otherTab)",
                #"{"credential":"\#(String(decoding: bytes, as: UTF8.self))"}"#
            )
            #expect(tampered.status == 403)
            // Nothing was opened for the refused requests.
            #expect(try await serverB.get("/healthz").json["tabs"] as? Int == 0)
            #expect(try await serverA.get("/healthz").json["tabs"] as? Int == 1)
            let malformed = try await serverA.post("/api/tabs/not-a-tab-id", "{}")
            #expect(malformed.status == 400)
            #expect(malformed.errorCode == "invalid_tab_id")
        }
    }

    /// Without a credential, a server that does not hold the tab makes a new visitor under the id the page proposed.
    @Test func withoutACredentialAnotherServerStartsANewVisitor() async throws {
        try await Self.withTwoServers { serverA, serverB, stack in
            let tab = RandomToken.make(byteCount: 16)
            _ = try await Self.tabWithCredential(on: serverA, tab: tab)
            let fresh = try await serverB.post("/api/tabs/\(tab)", "{}")
            #expect(fresh.status == 201)
            #expect(fresh.json["resumed"] as? Bool == false)
            #expect(
                try await serverB.post("/api/tabs/\(tab)/messages", #"{"text":"Hi","clientId":"fresh-0001"}"#).status
                    == 202
            )
            let console = OperatorConsoleClient(serviceURL: stack.serviceURL)
            let twoVisitors = await eventually(within: .seconds(10)) {
                ((try? await console.request("GET", "/chats")) as? [[String: Any]])?.count == 2
            }
            #expect(twoVisitors)
        }
    }
}
