import Testing
import WebimClientLibrary

@testable import WidgetServer

/// The tab's unsent uploads without I/O: kept by guid and by the upload's `clientId`, forgotten once sent, bounded;
/// and a send's outcome as the waiting tab reads it.
@Suite struct UnsentUploadsTests {
    /// An uploaded file as the core answers one: only the guid matters here.
    private struct File: UploadedFile {
        var guid: String
        func getSize() -> Int64 { 1 }
        func getGuid() -> String { guid }
        func getFileName() -> String { "\(guid).txt" }
        func getContentType() -> String? { "text/plain" }
        func getVisitorId() -> String { "v" }
        func getClientContentType() -> String { "text/plain" }
        func getImageInfo() -> (any ImageInfo)? { nil }
        var description: String { guid }
    }

    @Test func aFileIsFoundByGuidAndByItsUploadsClientIDUntilForgotten() {
        let uploads = UnsentUploads()
        uploads.keep(File(guid: "g1"), clientID: "upload-0001")
        #expect(uploads.file(guid: "g1")?.getGuid() == "g1")
        #expect(uploads.file(forClientID: "upload-0001")?.getGuid() == "g1")
        #expect(uploads.file(forClientID: "upload-0002") == nil)
        uploads.forget(guids: ["g1"])
        #expect(uploads.file(guid: "g1") == nil)
        // A retried upload of a file already sent is not answered with it.
        #expect(uploads.file(forClientID: "upload-0001") == nil)
    }

    @Test func theTabKeepsAtMostItsCapacity() {
        let uploads = UnsentUploads()
        for index in 0..<UnsentUploads.capacity {
            #expect(uploads.hasRoom)
            uploads.keep(File(guid: "g\(index)"), clientID: "upload-\(index)0000")
        }
        #expect(!uploads.hasRoom)
        uploads.forget(guids: ["g0"])
        #expect(uploads.hasRoom)
    }

    @Test func aSendsOutcomeIsWhatTheServiceAnswered() async {
        let events = TabEventLog(subscriberBuffer: 8, maximumSubscribers: 1)
        let accepted = SendUploadsRequest(results: ActionResultHandler(clientID: "send-0001", events: events))
        accepted.onSuccess(messageID: "m1")
        #expect(await accepted.outcome(timeout: .seconds(60)) == .accepted)
        let refused = SendUploadsRequest(results: ActionResultHandler(clientID: "send-0002", events: events))
        refused.onFailure(messageID: "m2", error: .maxFilesCountPerMessage)
        #expect(await refused.outcome(timeout: .seconds(60)) == .refused)
        let silent = SendUploadsRequest(results: ActionResultHandler(clientID: "send-0003", events: events))
        #expect(await silent.outcome(timeout: .zero) == .pending)
    }
}
