import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Synchronization
import TestSupport
import Testing
import WebimClientLibrary

/// Files: upload, the signed download URL, every refusal the service or the library's checks make.
@Suite struct FileTests {
    /// A 1×1 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    )!

    /// Sends a file and returns its id and the handler's outcome.
    private func send(
        _ chat: ManualChat,
        _ data: Data,
        _ name: String,
        _ type: String
    ) async throws -> (String, String?) {
        let id = try await start(chat, data, name, type)
        return (id, await chat.events.outcome(of: "file"))
    }

    /// Sends a file; its handler reports as `file`.
    private func start(_ chat: ManualChat, _ data: Data, _ name: String, _ type: String) async throws -> String {
        let handler = HandlerRecorder("file", chat.harness.listener)
        return try await chat.harness.run { _, stream in
            try stream.send(file: data, filename: name, mimeType: type, completionHandler: handler)
        }
    }

    @Test func fileIsUploadedShownWithItsAttachmentAndDownloadableBySignedURL() async throws {
        try await ManualChat.with { chat in
            let id = try await start(chat, Self.png, "dot.png", "image/png")
            // The handler (the upload's answer) and the change (the delta) may come in either order.
            #expect(
                await chat.events.sawAll(matching: [
                    { $0 == .completed(handler: "file", outcome: "success") },
                    { if case .changed(id, _, .sent) = $0 { true } else { false } },
                ])
            )
            let message = try #require(chat.harness.listener.message(id))
            #expect(message.getType() == .fileFromVisitor)
            // Its text is the file's name, as while it was sent, never the protocol's file parameters JSON.
            #expect(message.getText() == "dot.png")
            let file = try #require(message.getData()?.getAttachment()?.getFileInfo())
            #expect(file.getFileName() == "dot.png")
            #expect(file.getContentType() == "image/png")
            #expect(file.getImageInfo()?.getWidth() == 1)
            let url = try #require(file.getURL())
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(url: url.absoluteString),
                timeout: .seconds(5)
            )
            let body = try await response.body.collect(upTo: 1 << 20)
            #expect(response.status.code == 200)
            #expect(Data(body.readableBytesView) == Self.png)
        }
    }

    @Test func eachRefusalOfTheServiceReachesTheHandlerAndTheMessageGoes() async throws {
        let location = #""accountConfig": {"max_visitor_upload_file_size": 1, "allowed_upload_file_types": "png, txt""#
        try await ManualChat.with(location: location + "}") { chat in
            let cases: [(Data, String, String, String)] = [
                (Data(count: 1_200_000), "big.png", "image/png", "fileSizeExceeded"),
                (Data("MZ".utf8), "tool.exe", "application/octet-stream", "fileTypeNotAllowed"),
                (Data("not a picture".utf8), "fake.png", "image/png", "fileTypeNotAllowed"),
                (Data(), "empty.txt", "text/plain", "fileSizeTooSmall"),
                (
                    Data(#"X5O!P%@AP[4\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*"#.utf8), "eicar.txt",
                    "text/plain", "maliciousFileDetected"
                ),
            ]
            for (data, name, type, expected) in cases {
                // The refused message leaves the list first, then the handler hears why.
                let id = try await start(chat, data, name, type)
                #expect(await chat.saw(.removed(id: id)), "\(name)")
                #expect(await chat.events.outcome(of: "file") == expected, "\(name)")
            }
        }
    }

    @Test func theFileCountLimitAndDisabledUploadsAreRefused() async throws {
        try await ManualChat.with(location: #""maxFilesPerChat": 1"#) { chat in
            let outcomesuccess = try await send(chat, Self.png, "one.png", "image/png").1
            #expect(outcomesuccess == "success")
            let outcomemaxFilesCountPerChatExceeded = try await send(chat, Self.png, "two.png", "image/png").1
            #expect(outcomemaxFilesCountPerChatExceeded == "maxFilesCountPerChatExceeded")
        }
        try await ManualChat.with(location: #""accountConfig": {"visitor_upload_file": false}"#) { chat in
            let outcomeunauthorized = try await send(chat, Self.png, "one.png", "image/png").1
            #expect(outcomeunauthorized == "unauthorized")
            // Once the app fetched the settings, the library refuses before uploading (PROTOCOL.md §7.1).
            let settings = HandlerRecorder("settings", chat.harness.listener)
            try await chat.harness.run { _, stream in try stream.getServerSideSettings(completionHandler: settings) }
            #expect(await chat.events.outcome(of: "settings") == "success")
            let outcomeuploadNotAllowed = try await send(chat, Self.png, "two.png", "image/png").1
            #expect(outcomeuploadNotAllowed == "uploadNotAllowed")
        }
        try await ManualChat.with(location: #""accountConfig": {"max_visitor_upload_file_size": 1}"#) { chat in
            let settings = HandlerRecorder("settings", chat.harness.listener)
            try await chat.harness.run { _, stream in try stream.getServerSideSettings(completionHandler: settings) }
            #expect(await chat.events.outcome(of: "settings") == "success")
            let outcomefileSizeExceeded = try await send(chat, Data(count: 2_000_000), "big.png", "image/png").1
            #expect(outcomefileSizeExceeded == "fileSizeExceeded")
        }
    }

    @Test func uploadedFilesAreSentLaterOrDeleted() async throws {
        try await ManualChat.with { chat in
            let upload = HandlerRecorder("upload", chat.harness.listener)
            for name in ["kept.png", "dropped.png"] {
                try await chat.harness.run { _, stream in
                    _ = try stream.uploadFilesToServer(
                        file: Self.png,
                        filename: name,
                        mimeType: "image/png",
                        completionHandler: upload
                    )
                }
                #expect(await chat.events.outcome(of: "upload") == "success")
            }
            let files = upload.uploaded.withLock { $0 }
            try #require(files.count == 2)
            #expect(files.map { $0.getFileName() } == ["kept.png", "dropped.png"])
            let remover = HandlerRecorder("delete", chat.harness.listener)
            let dropped = files[1].getGuid()
            try await chat.harness.run { _, stream in
                try stream.deleteUploadedFiles(fileGuid: dropped, completionHandler: remover)
            }
            #expect(await chat.events.outcome(of: "delete") == "success")
            try await chat.harness.run { _, stream in
                try stream.deleteUploadedFiles(fileGuid: dropped, completionHandler: remover)
            }
            #expect(await chat.events.outcome(of: "delete") == "fileNotFound")
            let sender = HandlerRecorder("files", chat.harness.listener)
            let kept = [files[0]]
            let id = try await chat.harness.run { _, stream in
                try stream.send(uploadedFiles: kept, completionHandler: sender)
            }
            // The handler (the action's answer) and the change (the delta) may come in either order.
            #expect(
                await chat.events.sawAll(matching: [
                    { $0 == .completed(handler: "files", outcome: "success") },
                    { if case .changed(id, _, .sent) = $0 { true } else { false } },
                ])
            )
            #expect(chat.harness.listener.message(id)?.getAttachment()?.getFileName() == "kept.png")
            let keptGuid = files[0].getGuid()
            try await chat.harness.run { _, stream in
                try stream.deleteUploadedFiles(fileGuid: keptGuid, completionHandler: remover)
            }
            #expect(await chat.events.outcome(of: "delete") == "fileHasBeenSent")
        }
    }
}
