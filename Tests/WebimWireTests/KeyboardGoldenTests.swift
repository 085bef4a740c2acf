import Testing
import WebimWire

/// Keyboards and keyboard responses against PROTOCOL.md §4.7.
@Suite struct KeyboardGoldenTests {
    static let keyboardMessage = #"""
        {"id":"k1","clientSideId":"k1","chatId":"17","kind":"keyboard","text":"","name":"Bot","ts":1700000002,"ts_m":1700000002000000,"data":{"state":"completed","buttons":[[{"id":"b1","text":"Open site","config":{"active":true,"link":"https://example.com","state":"showing","hide_after_response":false},"params":{"type":"url","color":"#00aaff"}},{"id":"b2","text":"Insert","config":{"text_to_insert":"Hello","state":"showing_selected"},"params":{"type":"action","action":"insert"}}],[{"id":"b3","text":"Plain"}]],"response":{"buttonId":"b2","messageId":"k1"}}}
        """#

    @Test func keyboardMessageRoundTripsWithRowsConfigsAndResponse() throws {
        let message = try roundTrip(Self.keyboardMessage, as: MessageItem.self)
        let keyboard = try #require(message.keyboard)
        #expect(keyboard.knownState == .completed)
        #expect(keyboard.buttons.map(\.count) == [2, 1])
        #expect(keyboard.buttons[0][0].config?.link == "https://example.com")
        #expect(keyboard.buttons[0][1].config?.textToInsert == "Hello")
        #expect(keyboard.buttons[0][1].config?.knownState == .showingSelected)
        #expect(keyboard.buttons[0][0].params?.type == "url")
        #expect(keyboard.response == KeyboardItem.Response(buttonId: "b2", messageId: "k1"))
    }

    @Test func unknownKeyboardAndButtonStatesReadAsCanceledAndHidden() throws {
        let keyboard = try roundTrip(
            #"{"state":"whatever","buttons":[[{"id":"b","text":"t","config":{"state":"gone"}}]]}"#,
            as: KeyboardItem.self
        )
        #expect(keyboard.knownState == .canceled)
        #expect(keyboard.buttons[0][0].config?.knownState == .hidden)
    }

    @Test func keyboardResponseRoundTrips() throws {
        let text = #"""
            {"id":"r1","kind":"keyboard_response","text":"Insert","name":"Guest","ts_m":1700000003000000,"ts":1700000003,"data":{"button":{"id":"b2","text":"Insert"},"request":{"messageId":"k1"}}}
            """#
        let message = try roundTrip(text, as: MessageItem.self)
        let response = try #require(message.keyboardResponse)
        #expect(response.button?.id == "b2")
        #expect(response.request?.messageId == "k1")
        #expect(message.keyboard == nil)
    }

    @Test func builtKeyboardEncodesAsTheWireShape() throws {
        let keyboard = KeyboardItem(
            state: .pending,
            buttons: [[KeyboardButtonItem(id: "a", text: "A", config: .init(state: .showing))]]
        )
        #expect(
            try WireCoding.jsonValue(of: keyboard)
                == jsonValue(#"{"state":"pending","buttons":[[{"id":"a","text":"A","config":{"state":"showing"}}]]}"#)
        )
    }
}
