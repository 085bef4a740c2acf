import Foundation
import NIOHTTP1
import TestSupport
import Testing
import WidgetServer

/// A kiosk opens none of the operating system's dialogs (issue 30): its tabs take no files unless the server runs with
/// `--kiosk-uploads` (the picker is the system's file dialog), and give out only images, never a file or transcript
/// to save.
@Suite struct KioskFilesTests {
    @Test func aKioskTabsUploadIsRefusedWithoutTheFlag() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            let kiosk = try await Self.createTab(client, kiosk: true)
            let refused = try await Self.upload(client, tab: kiosk, clientID: "kiosk-file-1")
            #expect(refused.status == 403 && refused.errorCode == "kiosk_uploads_off", "\(refused.text)")
            let limits = try await client.get("/api/tabs/\(kiosk)/limits")
            #expect(limits.json["uploadsAllowed"] as? Bool == false)
            // The same upload from a tab that is no kiosk's goes through: the refusal is the kiosk's alone.
            let plain = try await Self.createTab(client, kiosk: false)
            let sent = try await Self.upload(client, tab: plain, clientID: "plain-file-1")
            #expect(sent.status == 202, "\(sent.text)")
        }
    }

    @Test func aKioskTabTakesFilesWithTheFlag() async throws {
        let withUploads: @Sendable (inout WidgetConfiguration) -> Void = { $0.kiosk.uploads = true }
        try await LiveStack.withStack(adjust: withUploads) { stack in
            let client = WidgetClient(stack)
            let kiosk = try await Self.createTab(client, kiosk: true)
            let sent = try await Self.upload(client, tab: kiosk, clientID: "kiosk-file-2")
            #expect(sent.status == 202, "\(sent.text)")
            let limits = try await client.get("/api/tabs/\(kiosk)/limits")
            #expect(limits.json["uploadsAllowed"] as? Bool == true)
        }
    }

    @Test func aKioskTabGetsImagesButNoFileOrTranscriptToSave() async throws {
        try await LiveStack.withStack { stack in
            let client = WidgetClient(stack)
            for kiosk in [true, false] {
                let tab = try await Self.createTab(client, kiosk: kiosk)
                let stream = try await client.events(tab)
                _ = await stream.next()
                // The `files` scenario's operator answers a chat's start with a photo and a PDF.
                let message = #"{"text":"Send me the manual","clientId":"ask-0001"}"#
                #expect(try await client.post("/api/tabs/\(tab)/messages", message).status == 202)
                var urls: [String: String] = [:]
                while urls.count < 2, let event = await stream.next() {
                    let attachment = event.message?["attachment"] as? [String: Any]
                    for file in attachment?["files"] as? [[String: Any]] ?? [] {
                        if let name = file["name"] as? String, let url = file["url"] as? String { urls[name] = url }
                    }
                }
                stream.close()
                let photo = try await client.get(try #require(urls["sunset.png"]))
                #expect(photo.status == 200, "kiosk \(kiosk): the photo")
                let manual = try await client.get(try #require(urls["manual.pdf"]))
                let transcript = try await client.get("/api/tabs/\(tab)/transcript")
                if kiosk {
                    #expect(manual.status == 403 && manual.errorCode == "kiosk_downloads_off", "\(manual.text)")
                    #expect(transcript.status == 403 && transcript.errorCode == "kiosk_downloads_off")
                } else {
                    #expect(manual.status == 200 && transcript.status == 200)
                }
            }
        }
    }

    private static func createTab(_ client: WidgetClient, kiosk: Bool) async throws -> String {
        let answer = try await client.post("/api/tabs", #"{"location":"files","kiosk":\#(kiosk)}"#)
        #expect(answer.status == 201, "\(answer.text)")
        return try #require(answer.json["tabId"] as? String)
    }

    private static func upload(_ client: WidgetClient, tab: String, clientID: String) async throws -> Answer {
        let (type, body) = WidgetClient.multipart(
            filename: "notes.txt",
            contentType: "text/plain",
            bytes: Array("A note".utf8),
            clientID: clientID
        )
        return try await client.request(.POST, "/api/tabs/\(tab)/files", bodyBytes: body, contentType: type)
    }
}
