import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// Each route with valid input, against the embedded service, its outcome read from the event stream.
@Suite struct ActionRouteTests {
    @Test func messagesAreSentEditedAndDeletedWithResults() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "edits")
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")
            let sent = try await client.post("/api/tabs/\(tab)/messages", #"{"text":"First","clientId":"edit-0001"}"#)
            #expect(sent.status == 202)
            let id = try #require(sent.json["id"] as? String)
            #expect(sent.json["clientId"] as? String == "edit-0001")
            _ = await stream.waitFor { $0.name == "message.changed" && $0.message?["sendStatus"] as? String == "sent" }

            let edited = try await client.request(
                .PATCH,
                "/api/tabs/\(tab)/messages/\(id)",
                body: #"{"text":"First, edited","clientId":"edit-0002"}"#
            )
            #expect(edited.status == 202)
            // The result and the confirmed edited version come in either order; the page deletes what it shows.
            var editOK: Bool?
            var editedAndSent = false
            var seen: [String] = []
            while editOK == nil || !editedAndSent, let event = await stream.next(timeout: .seconds(20)) {
                seen.append("\(event.name) \(event.data)")
                if event.name == "result", event.json["clientId"] as? String == "edit-0002" {
                    editOK = event.json["ok"] as? Bool
                }
                if event.name == "message.changed", event.message?["text"] as? String == "First, edited" {
                    editedAndSent = event.message?["sendStatus"] as? String == "sent"
                }
            }
            #expect(editOK == true, "events: \(seen)")
            #expect(editedAndSent, "events: \(seen)")
            let deleted = try await client.request(.DELETE, "/api/tabs/\(tab)/messages/\(id)?clientId=edit-0003")
            #expect(deleted.status == 202, "\(deleted.json)")
            let deleteResult = await stream.waitFor(timeout: .seconds(20)) {
                $0.name == "result" && $0.json["clientId"] as? String == "edit-0003"
            }
            #expect(deleteResult?.json["ok"] as? Bool == true)
            stream.close()
        }
    }

    @Test func chatTypingReadRatingAndTranscriptRoutesWork() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            let snapshot = try #require(await stream.next())
            for key in [
                "chatState", "visitState", "onlineStatus", "operator", "departments", "hintsEnabled", "unreadByVisitor",
                "unreadByOperatorTime", "messages", "hasMoreHistory", "limits",
            ] {
                #expect(snapshot.json.keys.contains(key), "snapshot lacks \(key)")
            }
            #expect(try await client.post("/api/tabs/\(tab)/chat", #"{"action":"start"}"#).status == 202)
            let joined = await stream.waitFor { $0.name == "operator.changed" && $0.json["operator"] is [String: Any] }
            let operatorID = try #require((joined?.json["operator"] as? [String: Any])?["id"] as? String)
            #expect(try await client.post("/api/tabs/\(tab)/typing", #"{"draft":"Hel"}"#).status == 204)
            #expect(try await client.post("/api/tabs/\(tab)/typing", #"{"draft":null}"#).status == 204)
            #expect(try await client.post("/api/tabs/\(tab)/read").status == 204)
            _ = await stream.waitFor { $0.name == "message.added" && $0.message?["type"] as? String == "operator" }

            let rated = try await client.post(
                "/api/tabs/\(tab)/rating",
                #"{"operatorId":"\#(operatorID)","rating":5,"note":"Great","clientId":"rate-0001"}"#
            )
            #expect(rated.status == 202)
            let rating = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "rate-0001" }
            #expect(rating?.json["ok"] as? Bool == true)
            // After the rating, the resolution survey; the service keeps the answer on the chat.
            let resolved = try await client.post(
                "/api/tabs/\(tab)/resolution",
                #"{"answer":1,"clientId":"reso-0001"}"#
            )
            #expect(resolved.status == 202)
            let resolution = await stream.waitFor {
                $0.name == "result" && $0.json["clientId"] as? String == "reso-0001"
            }
            #expect(resolution?.json["ok"] as? Bool == true)
            let mailed = try await client.post(
                "/api/tabs/\(tab)/transcript",
                #"{"email":"a@example.com","clientId":"mail-0001"}"#
            )
            #expect(mailed.status == 202)
            let mail = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "mail-0001" }
            #expect(mail?.json["ok"] as? Bool == true)
            let contacts = try await client.post(
                "/api/tabs/\(tab)/contacts",
                #"{"name":"Ann","email":"ann@example.com","phone":"+7 (900) 123-45-67","clientId":"cont-0001"}"#
            )
            #expect(contacts.status == 202)
            let given = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "cont-0001" }
            #expect(given?.json["ok"] as? Bool == true)

            let transcript = try await client.get("/api/tabs/\(tab)/transcript")
            #expect(transcript.status == 200)
            #expect(transcript.headers["content-type"] == "text/plain; charset=utf-8")
            #expect(transcript.headers["content-disposition"]?.hasPrefix("attachment") == true)
            #expect(transcript.text.contains("How can I help you today?"))

            let limits = try await client.get("/api/tabs/\(tab)/limits")
            #expect(limits.status == 200 && limits.json["maxFileSize"] as? Int == 10 * 1024 * 1024)
            #expect(try await client.post("/api/tabs/\(tab)/chat", #"{"action":"close"}"#).status == 202)
            _ = await stream.waitFor {
                $0.name == "chat.state" && ($0.json["state"] as? String)?.hasPrefix("closed") == true
            }
            stream.close()
        }
    }

    @Test func aKeyboardButtonIsChosenOnce() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "bot-keyboards")
            let stream = try await client.events(tab)
            _ = try await client.post("/api/tabs/\(tab)/chat", #"{"action":"start"}"#)
            let menu = try #require(
                await stream.waitFor { event in
                    let keyboard = event.message?["keyboard"] as? [String: Any]
                    return event.name == "message.added" && keyboard?["state"] as? String == "pending"
                }
            )
            let messageID = try #require(menu.message?["id"] as? String)
            let body = #"{"messageId":"\#(messageID)","buttonId":"orders","clientId":"key-00001"}"#
            #expect(try await client.post("/api/tabs/\(tab)/keyboard", body).status == 202)
            #expect(try await client.post("/api/tabs/\(tab)/keyboard", body).status == 202)
            let result = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "key-00001" }
            #expect(result?.json["ok"] as? Bool == true)
            let unknownButton = try await client.post(
                "/api/tabs/\(tab)/keyboard",
                #"{"messageId":"\#(messageID)","buttonId":"nope","clientId":"key-00002"}"#
            )
            #expect(unknownButton.status == 404 && unknownButton.errorCode == "unknown_button")
            stream.close()
        }
    }

    @Test func deletingATabEndsItsStreamAndAKioskResetDeletesItsData() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab()
            let stream = try await client.events(tab)
            _ = await stream.next()
            _ = try await client.post(
                "/api/tabs/\(tab)/messages",
                #"{"text":"Bye from the kiosk visitor","clientId":"bye-00001"}"#
            )
            _ = await stream.waitFor { $0.name == "message.changed" }
            let folder = stack.dataDirectory.appendingPathComponent("widget/tabs/\(tab)")
            #expect(FileManager.default.fileExists(atPath: folder.path))
            let deleted = try await client.request(.DELETE, "/api/tabs/\(tab)?clear=1")
            #expect(deleted.status == 204)
            #expect(!FileManager.default.fileExists(atPath: folder.path))
            // Nor in the history store the tabs share, its log included.
            let widget = stack.dataDirectory.appendingPathComponent("widget")
            #expect(occurrencesOnDisk(of: "Bye from the kiosk visitor", under: widget) == 0)
            #expect(try await client.events(tab).status == 204)
        }
    }
}
