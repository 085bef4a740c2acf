import Testing
import WebimWire

/// Endpoint, action and error names spelled as PROTOCOL.md §1.4, §5.2 and §5.3 spell them.
@Suite struct WireNamesTests {
    @Test func everyActionOfTheProtocolIsNamed() {
        let names = Set(WireAction.allCases.map(\.rawValue))
        for name in [
            "chat.start", "chat.close", "chat.message", "chat.delete_message", "chat.react_message",
            "chat.visitor_typing", "chat.read_by_visitor", "chat.operator_rate_select",
            "chat.resolution_survey_select", "chat.keyboard_response", "chat.set_prechat_fields",
            "chat.send_chat_history", "chat.clear_history", "chat.action_request.call_sentry_action_request",
            "chat.cont_resp", "chat.offline_message", "sticker", "geo_response", "survey.answer", "survey.cancel",
            "set_push_token", "widget.update", "file_upload_progress",
        ] {
            #expect(names.contains(name), "missing \(name)")
        }
    }

    @Test func errorStringsUseTheWireSpelling() {
        #expect(WireError.visitorBanned == "visitor_banned")
        #expect(WireError.notAllowed == "not_allowed")
        #expect(WireError.quotedMessageNotFound == "quoted-message-not-found")
        #expect(WireError.maxFileSizeExceeded == "max_file_size_exceeded")
        #expect(WireError.fileNotFound == "file-not-found")
        #expect(WireError.fatal.contains(WireError.wrongProvidedVisitorHash))
    }

    @Test func endpointsMatchTheProtocolTable() {
        #expect(WireEndpoint.upload == "/l/v/m/upload")
        #expect(WireEndpoint.fileDelete == "/l/v/file-delete")
        #expect(WireEndpoint.download == "/l/v/m/download")
        #expect(WireEndpoint.searchMessages == "/l/v/m/search-messages")
        #expect(WireEndpoint.meta == "/api/visitor/meta")
    }
}
