import Foundation
import NIOCore
import NIOHTTP1
import TestSupport
import Testing
import WebimWire

/// Upload, file delete and signed download over real HTTP (PROTOCOL.md §7).
@Suite struct FileConformanceTests {
    static let png =
        (try? Data(contentsOf: repositoryRoot.appendingPathComponent("Scenarios/files/sunset.png"))) ?? Data()

    static func upload(
        _ client: ServiceClient,
        name: String,
        type: String,
        bytes: Data?,
        clientSideID: String? = nil
    ) async throws -> UploadResponse {
        var fields = [("chat-mode", "online")] + client.auth
        if let clientSideID { fields.append(("client-side-id", clientSideID)) }
        let boundary = UUID().uuidString
        let body = HTTP.multipart(boundary: boundary, fields: fields, file: bytes.map { (name, type, $0) })
        let answer = try await HTTP.raw(
            client.base + WireEndpoint.upload,
            method: .POST,
            headers: [("Content-Type", "multipart/form-data; boundary=\(boundary)")],
            body: body
        )
        return try JSONDecoder().decode(UploadResponse.self, from: answer.body)
    }

    @Test func uploadErrorsFollowTheLocationLimits() async throws {
        try await withService { base in
            let restricted = try await ServiceClient.start(base, location: "restricted")
            #expect(
                try await Self.upload(restricted, name: "a.png", type: "image/png", bytes: Self.png).error
                    == WireError.unauthorized
            )
            let client = try await ServiceClient.start(base, location: "files")
            let cases: [(String, String, Data?, String)] = [
                ("a.png", "image/png", nil, WireError.uploadedFileNotFound),
                ("a.png", "image/png", Data(), WireError.fileSizeTooSmall),
                ("big.png", "image/png", Self.png + Data(count: 1_100_000), WireError.maxFileSizeExceeded),
                ("tool.exe", "application/octet-stream", Data("MZ".utf8), WireError.notAllowedFileType),
                ("a.png", "application/pdf", Self.png, WireError.notAllowedMimeType),
                ("a.png", "image/png", Data("not a png".utf8), WireError.notMatchingMagicNumbers),
                (
                    "eicar.txt", "text/plain",
                    Data(#"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"#.utf8),
                    WireError.maliciousFileDetected
                ),
            ]
            for (name, type, bytes, error) in cases {
                #expect(try await Self.upload(client, name: name, type: type, bytes: bytes).error == error, "\(error)")
            }
            for index in 0..<5 {
                let answer = try await Self.upload(
                    client,
                    name: "p\(index).png",
                    type: "image/png",
                    bytes: Self.png,
                    clientSideID: "c\(index)"
                )
                #expect(answer.error == nil)
            }
            let sixth = try await Self.upload(
                client,
                name: "p6.png",
                type: "image/png",
                bytes: Self.png,
                clientSideID: "c6"
            )
            #expect(sixth.error == WireError.maxFilesCountPerChatExceeded)
        }
    }

    @Test func uploadSendsAFileMessageAndTheSignedURLServesIt() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            let answer = try await Self.upload(
                client,
                name: "sunset.png",
                type: "image/png",
                bytes: Self.png,
                clientSideID: "up1"
            )
            let file = try #require(answer.data)
            #expect(file.image?.size == .init(width: 64, height: 48))
            let message = try await client.waitForMessage { $0.kind == "file_visitor" }
            #expect(message?.clientSideId == "up1")
            #expect(message?.file?.knownState == .ready)
            let guid = try #require(file.guid)
            let expires = Int64(Date().timeIntervalSince1970) + 300
            let hash = WireSignature.downloadHash(guid: guid, expires: expires, authToken: client.page.authToken)
            let url =
                "\(base)\(WireEndpoint.download)/\(guid)/sunset.png?page-id=\(client.page.pageId)&expires=\(expires)"
            let good = try await HTTP.raw("\(url)&hash=\(hash)&thumb=ios")
            #expect(good.status == 200 && good.body == Self.png)
            #expect(try await HTTP.raw("\(url)&hash=00").status == 403)
            let old = Int64(Date().timeIntervalSince1970) - 10
            let oldHash = WireSignature.downloadHash(guid: guid, expires: old, authToken: client.page.authToken)
            let expired =
                "\(base)\(WireEndpoint.download)/\(guid)/a.png?page-id=\(client.page.pageId)&expires=\(old)&hash=\(oldHash)"
            #expect(try await HTTP.raw(expired).status == 403)
            let deleteSent = try await client.get(WireEndpoint.fileDelete, [("guid", guid)], as: ActionResponse.self)
            #expect(deleteSent.error == WireError.fileHasBeenSent)
        }
    }

    @Test func unsentUploadCanBeDeletedOnceAndAttachedByChatMessage() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base)
            let first = try #require(
                try await Self.upload(client, name: "a.png", type: "image/png", bytes: Self.png).data
            )
            let second = try #require(
                try await Self.upload(client, name: "b.png", type: "image/png", bytes: Self.png).data
            )
            #expect(
                try await client.get(WireEndpoint.fileDelete, [("guid", first.guid ?? "")], as: ActionResponse.self)
                    .error == nil
            )
            #expect(
                try await client.get(WireEndpoint.fileDelete, [("guid", first.guid ?? "")], as: ActionResponse.self)
                    .error
                    == WireError.fileNotFound
            )
            let text = "[\(try second.messageText())]"
            let sent = try await client.action(
                "chat.message",
                [("client-side-id", "files1"), ("kind", "file_visitor"), ("message", text)]
            )
            #expect(sent.error == nil)
            #expect(
                try await client.waitForMessage { $0.kind == "file_visitor" }?.fileParameters.first?.guid == second.guid
            )
        }
    }

    @Test func severalUploadsGoAsOneMessageWithinTheChatsFileLimit() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "files")
            func uploaded(_ count: Int, from start: Int) async throws -> [FileParametersItem] {
                var files: [FileParametersItem] = []
                for index in start..<start + count {
                    let answer = try await Self.upload(
                        client,
                        name: "p\(index).png",
                        type: "image/png",
                        bytes: Self.png
                    )
                    files.append(try #require(answer.data))
                }
                return files
            }
            func send(_ files: [FileParametersItem], id: String) async throws -> ActionResponse {
                let text = "[\(try files.map { try $0.messageText() }.joined(separator: ","))]"
                return try await client.action(
                    "chat.message",
                    [("client-side-id", id), ("kind", "file_visitor"), ("message", text)]
                )
            }
            let eleven = try await uploaded(11, from: 0)
            #expect(try await send(eleven, id: "m0").error == WireError.wrongArgumentValue)
            #expect(try await send(Array(eleven.prefix(3)), id: "m1").error == nil)
            let message = try await client.waitForMessage { $0.kind == "file_visitor" }
            #expect(message?.fileParameters.map(\.guid) == eleven.prefix(3).map(\.guid))
            let answer = try await client.waitForMessage { $0.kind == "operator" && $0.text.contains("files") }
            #expect(answer?.text == "Thanks, I got your 3 files in one message.")
            // The location allows 5 visitor files a chat: 3 more would be 6, and they stay unsent, so deletable.
            let more = Array(eleven[3..<6])
            #expect(try await send(more, id: "m2").error == WireError.maxFilesCountPerChatExceeded)
            let delete = try await client.get(
                WireEndpoint.fileDelete,
                [("guid", more[0].guid ?? "")],
                as: ActionResponse.self
            )
            #expect(delete.error == nil)
            #expect(try await send(Array(more.suffix(2)), id: "m3").error == nil)
        }
    }

    @Test func offlineMessageAcceptsAMislabelledMultipartBody() async throws {
        try await withService { base in
            let client = try await ServiceClient.start(base, location: "offline")
            #expect(client.page.state == "offline-message")
            let boundary = "b0undary"
            let fields =
                [("action", "chat.offline_message"), ("text", "Please call"), ("client-side-id", "off1")] + client.auth
            let body = HTTP.multipart(boundary: boundary, fields: fields, file: ("a.png", "image/png", Self.png))
            let answer = try await HTTP.raw(
                base + WireEndpoint.action,
                method: .POST,
                headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: body
            )
            #expect(try JSONDecoder().decode(ActionResponse.self, from: answer.body).error == nil)
            let page = try await client.get(WireEndpoint.history, as: HistorySinceResponse.self)
            let kinds = page.data?.messages?.map(\.kind) ?? []
            #expect(kinds.contains("visitor") && kinds.contains("file_visitor"))
        }
    }
}
