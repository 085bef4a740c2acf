import Foundation
import TestSupport
import Testing
import WebimClientLibrary

@testable import WidgetServer

/// Every name the page's contract carries, written out here once: a renamed Swift case must fail this test, not
/// silently change what the page, an embedding site or a stored event reads.
@Suite struct ContractNamesTests {
    @Test func eventNamesAreTheContracts() {
        #expect(
            EventName.allCases.map(\.rawValue) == [
                "snapshot", "message.added", "message.changed", "message.removed", "messages.cleared",
                "history.complete", "chat.state", "visit.state", "operator.changed", "operator.typing", "departments",
                "location.settings", "online.status", "unread.operator", "unread.visitor", "hello", "error.fatal",
                "error.transient", "result", "tab.credential", "survey", "reconnect",
            ]
        )
        #expect(ReconnectReason.allCases.map(\.rawValue) == ["draining"])
        #expect(TabEvent.messagesCleared.name == .messagesCleared)
        #expect(TabEvent.fatalError(type: "", message: "").name.rawValue == "error.fatal")
    }

    /// The page listens for each event by its name (`EVENT_NAMES` in `Public/js/events.js`): an event left out there
    /// never reaches the page, however right the server is.
    @Test func thePageListensForEveryEventTheServerSends() throws {
        let file = repositoryRoot.appendingPathComponent("Public/js/events.js")
        let source = try String(contentsOf: file, encoding: .utf8)
        let list = try #require(source.firstRange(of: "EVENT_NAMES = Object.freeze([").map { source[$0.upperBound...] })
        let names = list[..<(list.firstRange(of: "]")?.lowerBound ?? list.endIndex)]
            .matches(of: /'([a-z.]+)'/).map { String($0.output.1) }
        #expect(names.sorted() == EventName.allCases.map(\.rawValue).sorted())
    }

    @Test func stateNamesAreTheContracts() {
        let chatStates: [ChatState] = [
            .chatting, .chattingWithRobot, .closedByOperator, .closedByVisitor, .invitation, .closed, .queue, .unknown,
        ]
        #expect(
            chatStates.map(\.contractName) == [
                "chatting", "chattingWithRobot", "closedByOperator", "closedByVisitor", "invitation", "closed", "queue",
                "unknown",
            ]
        )
        let visitStates: [VisitSessionState] = [
            .chat, .departmentSelection, .idle, .idleAfterChat, .offlineMessage, .firstQuestion, .unknown,
        ]
        #expect(
            visitStates.map(\.contractName) == [
                "chat", "departmentSelection", "idle", "idleAfterChat", "offlineMessage", "firstQuestion", "unknown",
            ]
        )
        let online: [OnlineStatus] = [.busyOffline, .busyOnline, .offline, .online, .unknown]
        let names = ["busyOffline", "busyOnline", "offline", "online", "unknown"]
        #expect(online.map(\.contractName) == names)
        let departments: [DepartmentOnlineStatus] = [.busyOffline, .busyOnline, .offline, .online, .unknown]
        #expect(departments.map(\.contractName) == names)
        let fatal: [FatalErrorType] = [
            .accountBlocked, .noChat, .providedVisitorFieldsExpired, .unknown, .visitorBanned,
            .wrongProvidedVisitorHash, .initializationFailed,
        ]
        #expect(
            fatal.map(\.contractName) == [
                "accountBlocked", "noChat", "providedVisitorFieldsExpired", "unknown", "visitorBanned",
                "wrongProvidedVisitorHash", "initializationFailed",
            ]
        )
        let transient: [NotFatalErrorType] = [.noNetworkConnection, .serverIsNotAvailable]
        #expect(transient.map(\.contractName) == ["noNetworkConnection", "serverIsNotAvailable"])
    }

    @Test func messagePartNamesAreTheContracts() {
        let types: [MessageType] = [
            .actionRequest, .contactInformationRequest, .keyboard, .keyboardResponse, .fileFromOperator,
            .fileFromVisitor, .info, .operatorMessage, .operatorBusy, .visitorMessage, .stickerVisitor,
        ]
        #expect(
            types.map(\.contractName) == [
                "actionRequest", "contactInformationRequest", "keyboard", "keyboardResponse", "fileFromOperator",
                "fileFromVisitor", "info", "operator", "operatorBusy", "visitor", "sticker",
            ]
        )
        let attachments: [AttachmentState] = [.error, .ready, .upload, .externalChecks]
        #expect(attachments.map(\.contractName) == ["error", "ready", "upload", "externalChecks"])
        let quotes: [QuoteState] = [.pending, .filled, .notFound]
        #expect(quotes.map(\.contractName) == ["pending", "filled", "notFound"])
        let keyboards: [KeyboardState] = [.pending, .completed, .canceled]
        #expect(keyboards.map(\.contractName) == ["pending", "completed", "canceled"])
        let buttonTypes: [ButtonType] = [.url, .insert]
        #expect(buttonTypes.map(\.contractName) == ["url", "insert"])
        let buttonStates: [ButtonState] = [.showing, .showingSelected, .hidden]
        #expect(buttonStates.map(\.contractName) == ["showing", "showingSelected", "hidden"])
    }

    @Test func refusalCodesAreTheContracts() {
        #expect(
            ActionFailure.allCases.map(\.rawValue) == [
                "unknown", "quoted_message_can_not_be_replied", "quoted_message_from_another_visitor",
                "quoted_message_multiple_ids", "quoted_message_required_arguments_missing", "quoted_message_wrong_id",
                "not_allowed", "message_empty", "message_not_owned", "max_length_exceeded", "wrong_mesage_kind",
                "message_not_found", "file_size_exceeded", "file_type_not_allowed", "uploaded_file_not_found",
                "upload_canceled", "unauthorized", "file_size_too_small", "max_files_count_per_chat_exceeded",
                "malicious_file_detected", "upload_not_allowed", "no_chat", "button_id_not_set",
                "request_message_id_not_set", "can_not_create_response", "wrong_operator_id", "note_is_too_long",
                "operator_not_in_chat", "rate_disabled", "rate_value_incorrect", "sent_too_many_times",
                "email_changed_too_many_times", "visitor_budget_exceeded", "storage_budget_exceeded", "survey_disabled",
                "no_current_survey", "incorrect_survey_id", "incorrect_stars_value", "incorrect_radio_value",
                "max_comment_length_exceeded", "question_not_found", "no_sticker_id",
                "resolution_survey_value_incorrect", "file_has_been_sent",
            ]
        )
        // Each refusal reads as a sentence, and the generic one only where nothing more is known.
        for failure in ActionFailure.allCases {
            #expect(failure.message.hasSuffix("."))
            #expect((failure.message == ActionFailure.unknown.message) == (failure == .unknown), "\(failure)")
        }
        #expect(ActionFailure(EditMessageError.wrongMesageKind) == .wrongMessageKind)
        #expect(ActionFailure(SendFileError.fileSizeExceeded).rawValue == "file_size_exceeded")
        #expect(ActionFailure(KeyboardResponseError.canNotCreateResponse).rawValue == "can_not_create_response")
        #expect(ActionFailure(RateOperatorError.noteIsTooLong).rawValue == "note_is_too_long")
        #expect(ActionFailure(SendDialogToEmailAddressError.sentTooManyTimes).rawValue == "sent_too_many_times")
        #expect(ActionFailure(DataMessageError.quotedMessageWrongId).rawValue == "quoted_message_wrong_id")
        #expect(ActionFailure(DeleteMessageError.messageNotFound).rawValue == "message_not_found")
        #expect(ActionFailure(ReactionError.notAllowed).rawValue == "not_allowed")
        #expect(ActionFailure(SendSurveyAnswerError.maxCommentLenghtExceeded).rawValue == "max_comment_length_exceeded")
        #expect(ActionFailure(SurveyCloseError.incorrectSurveyID).rawValue == "incorrect_survey_id")
        #expect([SurveyType.stars, .radio, .comment].map(\.contractName) == ["stars", "radio", "comment"])
        #expect(ActionFailure(SendStickerError.noStickerId).rawValue == "no_sticker_id")
        #expect(ActionFailure(SendResolutionError.resolutionSurveyValueIncorrect) == .resolutionSurveyValueIncorrect)
        #expect(ActionFailure(SendResolutionError.rateFormMismatch) == .notAllowed)
        #expect(ActionFailure(DeleteUploadedFileError.fileHasBeenSent).rawValue == "file_has_been_sent")
        #expect(ActionFailure(SendFilesError.maxFilesCountPerMessage).rawValue == "max_files_count_per_chat_exceeded")
    }
}
