import HTTPAPI
import HTTPTypes
import Testing

/// Every code either server answers, with its status: a renamed case, a changed status or a code added without a
/// thought for the page and the console fails here.
@Suite struct APIErrorCodeTests {
    private static let golden: [(code: String, status: Int)] = [
        // Both servers.
        ("bad_request", 400), ("not_found", 404), ("method_not_allowed", 405), ("body_too_large", 413),
        ("unsupported_media_type", 415), ("range_not_satisfiable", 416), ("internal_error", 500),
        ("forbidden_host", 403), ("forbidden_origin", 403), ("invalid_json", 400), ("missing_field", 400),
        ("invalid_field", 400), ("unknown_field", 400),
        // The operator console.
        ("unauthorized", 401), ("bad_input", 400), ("conflict", 409),
        // The widget: limits and tabs.
        ("rate_limited", 429), ("too_many_tabs", 503), ("too_many_tabs_for_client", 429), ("draining", 503),
        ("unknown_tab", 404),
        ("session_ended", 409), ("session_failed", 503), ("history_busy", 409), ("storage_unavailable", 503),
        ("visitor_budget_exceeded", 507), ("storage_budget_exceeded", 507),
        ("invalid_location", 400), ("invalid_visitor_fields", 400),
        ("invalid_department_key", 400), ("prechat_too_long", 400), ("invalid_core_log", 400), ("invalid_resume", 400),
        ("invalid_tab_id", 400), ("invalid_credential", 403), ("credential_expired", 403), ("invalid_clear", 400),
        ("invalid_last_event_id", 400), ("invalid_after", 400),
        // The widget: messages.
        ("invalid_client_id", 400), ("empty_text", 400), ("invalid_text", 400), ("text_too_long", 413),
        ("invalid_quoted_message_id", 400), ("quote_with_data", 400), ("invalid_reaction", 400), ("invalid_id", 400),
        ("unknown_message", 404), ("cannot_reply", 409), ("cannot_edit", 409), ("cannot_delete", 409),
        ("cannot_react", 409), ("not_an_action_request", 409), ("unknown_sticker", 404),
        // The widget: actions.
        ("invalid_message_id", 400), ("invalid_button_id", 400), ("draft_too_long", 400), ("invalid_rating", 400),
        ("note_too_long", 400), ("invalid_operator_id", 400), ("invalid_action", 400),
        ("first_question_too_long", 400), ("invalid_custom_fields", 400), ("invalid_email", 400),
        ("contact_too_long", 400), ("invalid_phone", 400), ("no_contacts", 400),
        ("not_a_keyboard", 409), ("unknown_button", 404), ("no_operator", 409), ("invalid_survey_answer", 400),
        ("no_survey", 409),
        ("invalid_resolution_answer", 400), ("hint_text_too_long", 400), ("hints_unavailable", 409),
        ("hints_unanswered", 502),
        // The widget: files and history.
        ("not_multipart", 415), ("uploads_not_allowed", 409), ("kiosk_uploads_off", 403),
        ("kiosk_downloads_off", 403), ("file_too_large", 413), ("invalid_multipart", 400),
        ("empty_file", 400), ("file_type_not_allowed", 415), ("invalid_guid", 400), ("invalid_thumb", 400),
        ("unknown_file", 404), ("file_unavailable", 502), ("no_core_log", 404), ("invalid_limit", 400),
        ("invalid_before", 400), ("upload_refused", 409), ("too_many_files", 400), ("too_many_uploads", 409),
        // The widget: pages.
        ("invalid_option", 400), ("invalid_path", 400), ("invalid_widget", 400), ("invalid_variant", 400),
        ("states_unavailable", 502), ("template_missing", 500), ("preview_config_missing", 500),
        ("preview_config_invalid", 500), ("preview_save_forbidden", 403),
    ]

    @Test func everyCodeAndItsStatusIsTheGoldenOne() {
        let served = APIError.Code.allCases.map { (code: $0.rawValue, status: $0.status.code) }
        #expect(served.map(\.code) == Self.golden.map(\.code))
        #expect(served.map(\.status) == Self.golden.map(\.status))
    }

    @Test func codesAreUniqueSnakeCase() {
        let codes = APIError.Code.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(code.allSatisfy { $0.isLowercase || $0 == "_" }, "\(code)")
        }
    }

    @Test func anErrorTakesItsCodesStatus() {
        #expect(APIError(.textTooLong, "text is at most 10000 characters.", field: "text").status == .contentTooLarge)
        #expect(APIError.methodNotAllowed(allowed: ["GET", "POST"]).headers[.allow] == "GET, POST")
    }
}
