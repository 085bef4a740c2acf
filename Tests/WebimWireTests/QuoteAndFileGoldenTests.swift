import Testing
import WebimWire

/// Quotes, file parameters and `data.file` against PROTOCOL.md §4.4–§4.6.
@Suite struct QuoteAndFileGoldenTests {
    static let fileParameters = #"""
        {"guid":"g1","filename":"cat.png","content_type":"image/png","client_content_type":"image/png","size":2048,"visitor_id":"v1","image":{"size":{"width":640,"height":480}}}
        """#

    @Test func quotedFileMessageRoundTrips() throws {
        let text = #"""
            {"id":"m2","kind":"operator","text":"Nice cat","name":"Anna","ts_m":1700000004000000,"ts":1700000004,"authorId":1,"quote":{"state":"filled","message":{"id":"m1","authorId":0,"kind":"file_visitor","name":"Guest","text":"{\"guid\":\"g1\",\"filename\":\"cat.png\",\"content_type\":\"image/png\"}","ts":1700000001}},"reaction":"like","canVisitorReact":true,"canVisitorChangeReaction":false}
            """#
        let message = try roundTrip(text, as: MessageItem.self)
        let quote = try #require(message.quote)
        #expect(quote.knownState == .filled)
        #expect(quote.message?.ts == 1_700_000_001)
        #expect(FileParametersItem.list(fromMessageText: quote.message?.text ?? "").first?.guid == "g1")
        #expect(message.reaction == "like" && message.canVisitorReact == true)
    }

    @Test func pendingAndNotFoundQuotesDecode() throws {
        #expect(try roundTrip(#"{"state":"pending"}"#, as: QuoteItem.self).knownState == .pending)
        #expect(try roundTrip(#"{"state":"not-found"}"#, as: QuoteItem.self).knownState == .notFound)
    }

    @Test func replyQuoteParameterWritesExplicitNulls() throws {
        #expect(
            try WireCoding.jsonValue(of: QuoteReference(messageID: "m1"))
                == jsonValue(#"{"ref":{"msgId":"m1","msgChannelSideId":null,"chatId":null}}"#)
        )
    }

    @Test func fileParametersRoundTripSingleAndArray() throws {
        let file = try roundTrip(Self.fileParameters, as: FileParametersItem.self)
        #expect(file.image?.size == .init(width: 640, height: 480))
        #expect(file.contentType == "image/png" && file.size == 2048)
        #expect(FileParametersItem.list(fromMessageText: Self.fileParameters) == [file])
        #expect(FileParametersItem.list(fromMessageText: "[\(Self.fileParameters),\(Self.fileParameters)]").count == 2)
        #expect(FileParametersItem.list(fromMessageText: "not json").isEmpty)
    }

    @Test func fileMessageExposesStateAndCaption() throws {
        let text = #"""
            {"id":"f1","kind":"file_operator","text":"{\"guid\":\"g1\",\"filename\":\"a.pdf\",\"content_type\":\"application/pdf\"}","name":"Anna","ts_m":1700000005000000,"ts":1700000005,"data":{"file":{"state":"error","progress":40,"desc":{"guid":"g1","filename":"a.pdf","content_type":"application/pdf"},"error":"malicious_file_detected","error_message":"virus","visitor_error_message":"Cannot send"},"extra_text":"The manual"}}
            """#
        let message = try roundTrip(text, as: MessageItem.self)
        #expect(message.file?.knownState == .error)
        #expect(message.file?.progress == 40)
        #expect(message.file?.visitorErrorMessage == "Cannot send")
        #expect(message.fileParameters.first?.filename == "a.pdf")
        #expect(message.extraText == "The manual")
        #expect(try roundTrip(#"{"desc":{"guid":"g"}}"#, as: MessageFileItem.self).knownState == .ready)
    }

    @Test func uploadResponseRoundTrips() throws {
        let answer = try roundTrip(#"{"result":"ok","data":\#(Self.fileParameters)}"#, as: UploadResponse.self)
        #expect(answer.data?.guid == "g1")
        #expect(try roundTrip(#"{"error":"max_file_size_exceeded"}"#, as: UploadResponse.self).error != nil)
    }

    @Test func stickerDecodes() throws {
        let text =
            #"{"id":"s1","kind":"sticker_visitor","text":"","name":"Guest","ts_m":1,"ts":0.000001,"data":{"stickerId":7}}"#
        #expect(try roundTrip(text, as: MessageItem.self).sticker?.stickerId == 7)
    }
}
