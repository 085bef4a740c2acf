import Foundation
import NIOHTTP1
import TestSupport
import Testing

/// A message of several files over real HTTP against the embedded service's `files` location: uploads kept unsent,
/// one removed, the rest sent as one message with a caption, and each route's refusals.
@Suite struct UploadRouteTests {
    private static func upload(
        _ client: WidgetClient,
        _ tab: String,
        name: String,
        clientID: String,
        bytes: [UInt8] = Array("Hello, file".utf8)
    ) async throws -> Answer {
        let (type, body) = WidgetClient.multipart(
            filename: name,
            contentType: "text/plain",
            bytes: bytes,
            clientID: clientID
        )
        return try await client.request(.POST, "/api/tabs/\(tab)/uploads", bodyBytes: body, contentType: type)
    }

    @Test func uploadsAreSentAsOneMessageWithTheCaptionAfterIt() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "files")
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")

            var guids: [String] = []
            for index in 1...4 {
                let answer = try await Self.upload(
                    client,
                    tab,
                    name: "note\(index).txt",
                    clientID: "upload-000\(index)"
                )
                #expect(answer.status == 201, "\(answer.text)")
                #expect(answer.json["name"] as? String == "note\(index).txt")
                #expect(answer.json["size"] as? Int == 11)
                #expect(answer.json["clientId"] as? String == "upload-000\(index)")
                guids.append(try #require(answer.json["guid"] as? String))
            }
            // A retried upload answers the first one's file: nothing is uploaded twice.
            let retried = try await Self.upload(client, tab, name: "note1.txt", clientID: "upload-0001")
            #expect(retried.json["guid"] as? String == guids[0])

            // The clientId in a JSON body, as the page sends it (the query takes it too).
            let removed = try await client.request(
                .DELETE,
                "/api/tabs/\(tab)/uploads/\(guids[3])",
                body: #"{"clientId":"remove-0001"}"#
            )
            #expect(removed.status == 202, "\(removed.text)")
            let removedResult = await stream.waitFor {
                $0.name == "result" && $0.json["clientId"] as? String == "remove-0001"
            }
            #expect(removedResult?.json["ok"] as? Bool == true)
            // Removed, it is no longer the tab's to send.
            let sendRemoved = try await client.post(
                "/api/tabs/\(tab)/file-messages",
                #"{"guids":["\#(guids[3])"],"clientId":"send-0000"}"#
            )
            #expect(sendRemoved.status == 404 && sendRemoved.errorCode == "unknown_file")

            let body =
                #"{"guids":["\#(guids[0])","\#(guids[1])","\#(guids[2])"],"caption":"Three notes","clientId":"send-0001"}"#
            let sent = try await client.post("/api/tabs/\(tab)/file-messages", body)
            #expect(sent.status == 202, "\(sent.text)")
            #expect(try await client.post("/api/tabs/\(tab)/file-messages", body).status == 202)

            var files: [String: Any]?
            var caption: [String: Any]?
            var answer: [String: Any]?
            var resultOK: Bool?
            var seen: [String] = []
            while files == nil || caption == nil || answer == nil || resultOK == nil,
                let event = await stream.next(timeout: .seconds(20))
            {
                seen.append("\(event.name) \(event.data)")
                let message = event.message
                if event.name == "result", event.json["clientId"] as? String == "send-0001" {
                    resultOK = event.json["ok"] as? Bool
                } else if message?["type"] as? String == "fileFromVisitor", message?["sendStatus"] as? String == "sent"
                {
                    files = message
                } else if message?["type"] as? String == "visitor", message?["text"] as? String == "Three notes" {
                    caption = message
                } else if message?["type"] as? String == "operator",
                    (message?["text"] as? String)?.contains("files in one message") == true
                {
                    answer = message
                }
            }
            #expect(resultOK == true, "events: \(seen)")
            let names = ((files?["attachment"] as? [String: Any])?["files"] as? [[String: Any]])?.map {
                $0["name"] as? String
            }
            #expect(names == ["note1.txt", "note2.txt", "note3.txt"], "events: \(seen)")
            #expect(caption != nil, "events: \(seen)")
            #expect(answer?["text"] as? String == "Thanks, I got your 3 files in one message.", "events: \(seen)")

            // The retried send sent nothing again: one file message, one caption.
            let again = try await client.events(tab)
            let snapshot = try #require(await again.next())
            let messages = snapshot.json["messages"] as? [[String: Any]] ?? []
            #expect(messages.filter { $0["type"] as? String == "fileFromVisitor" }.count == 1)
            #expect(messages.filter { $0["text"] as? String == "Three notes" }.count == 1)
            again.close()
            stream.close()
        }
    }

    @Test func filesTheServiceRefusesStayUnsentAndTakeNoCaption() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "files")
            let stream = try await client.events(tab)
            #expect(await stream.next()?.name == "snapshot")
            var guids: [String] = []
            for index in 1...6 {
                let answer = try await Self.upload(client, tab, name: "n\(index).txt", clientID: "upload-000\(index)")
                guids.append(try #require(answer.json["guid"] as? String))
            }
            // The location takes 5 visitor files a chat: 6 in one message are refused, with no caption after them.
            let all = guids.map { #""\#($0)""# }.joined(separator: ",")
            let refused = try await client.post(
                "/api/tabs/\(tab)/file-messages",
                #"{"guids":[\#(all)],"caption":"Six notes","clientId":"send-0001"}"#
            )
            #expect(refused.status == 202, "\(refused.text)")
            let result = await stream.waitFor { $0.name == "result" && $0.json["clientId"] as? String == "send-0001" }
            #expect(result?.json["ok"] as? Bool == false)
            let error = result?.json["error"] as? [String: Any]
            #expect(error?["code"] as? String == "max_files_count_per_chat_exceeded", "\(result?.data ?? "")")
            // Still the tab's to send, fewer of them.
            let five = guids.prefix(5).map { #""\#($0)""# }.joined(separator: ",")
            let sent = try await client.post(
                "/api/tabs/\(tab)/file-messages",
                #"{"guids":[\#(five)],"caption":"Five notes","clientId":"send-0002"}"#
            )
            #expect(sent.status == 202, "\(sent.text)")
            let caption = await stream.waitFor { $0.message?["text"] as? String == "Five notes" }
            #expect(caption != nil)
            let again = try await client.events(tab)
            let messages = (try #require(await again.next())).json["messages"] as? [[String: Any]] ?? []
            #expect(messages.filter { $0["text"] as? String == "Six notes" }.isEmpty)
            again.close()
            stream.close()
        }
    }

    @Test func eachRouteRefusesWhatItCannotTake() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let tab = try await client.createTab(location: "files")
            let path = "/api/tabs/\(tab)/file-messages"

            let tooLarge = try await Self.upload(
                client,
                tab,
                name: "big.txt",
                clientID: "upload-0001",
                bytes: Array(repeating: 65, count: 1024 * 1024 + 1)
            )
            #expect(tooLarge.status == 413 && tooLarge.errorCode == "file_too_large")
            let wrongType = try await Self.upload(client, tab, name: "run.exe", clientID: "upload-0002")
            #expect(wrongType.status == 415 && wrongType.errorCode == "file_type_not_allowed")
            // What only the service can tell: a .png that is no picture (a type it does not take), and a file it
            // finds unsafe.
            let notPicture = try await Self.upload(client, tab, name: "fake.png", clientID: "upload-0003")
            #expect(notPicture.status == 415 && notPicture.errorCode == "file_type_not_allowed", "\(notPicture.text)")
            let eicar = #"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"#
            let unsafe = try await Self.upload(
                client,
                tab,
                name: "eicar.txt",
                clientID: "upload-0004",
                bytes: Array(eicar.utf8)
            )
            #expect(unsafe.status == 409 && unsafe.errorCode == "upload_refused", "\(unsafe.text)")

            let eleven = (0...10).map { #""g\#($0)""# }.joined(separator: ",")
            let cases: [(String, UInt, String)] = [
                (#"{"guids":[],"clientId":"send-0001"}"#, 400, "too_many_files"),
                (#"{"guids":[\#(eleven)],"clientId":"send-0002"}"#, 400, "too_many_files"),
                (#"{"guids":["a","a"],"clientId":"send-0003"}"#, 400, "invalid_guid"),
                (#"{"guids":["a b"],"clientId":"send-0004"}"#, 400, "invalid_guid"),
                (#"{"guids":["unknown"],"clientId":"send-0005"}"#, 404, "unknown_file"),
                (#"{"guids":["a"],"clientId":"x"}"#, 400, "invalid_client_id"),
                (
                    #"{"guids":["a"],"caption":"\#(String(repeating: "c", count: 10_001))","clientId":"send-0006"}"#,
                    413, "text_too_long"
                ),
            ]
            for (body, status, code) in cases {
                let answer = try await client.post(path, body)
                #expect(answer.status == status && answer.errorCode == code, "\(body.prefix(80)): \(answer.text)")
            }
            let missingClientID = try await client.request(.DELETE, "/api/tabs/\(tab)/uploads/g1")
            #expect(missingClientID.status == 400 && missingClientID.errorCode == "missing_field")
            let unknown = try await client.request(.DELETE, "/api/tabs/\(tab)/uploads/g1?clientId=remove-0001")
            #expect(unknown.status == 404 && unknown.errorCode == "unknown_file")
        }
    }
}
