extension APIError {
    /// Every code either server answers, each written out: a renamed case cannot change what the page or the console
    /// reads (a golden test holds the list and each code's status).
    package enum Code: String, CaseIterable, Sendable {
        // MARK: Both servers

        /// A malformed request Hummingbird refused itself (a bad percent escape in a file path).
        case badRequest = "bad_request"
        /// No such route, or a route that found nothing to answer.
        case notFound = "not_found"
        /// The path exists, but not for this method (`Allow` lists the ones it has).
        case methodNotAllowed = "method_not_allowed"
        /// The body is over the route's limit.
        case bodyTooLarge = "body_too_large"
        /// A JSON route's body does not say it is `application/json`.
        case unsupportedMediaType = "unsupported_media_type"
        /// A file's byte range that cannot be read.
        case rangeNotSatisfiable = "range_not_satisfiable"
        /// An unexpected failure, logged.
        case internalError = "internal_error"
        /// A host name the server does not serve (DNS rebinding).
        case forbiddenHost = "forbidden_host"
        /// A change asked for by another site's page (CSRF).
        case forbiddenOrigin = "forbidden_origin"
        /// The body is not JSON (or not UTF-8).
        case invalidJSON = "invalid_json"
        /// A required body field, part or query parameter is absent.
        case missingField = "missing_field"
        /// A body field has the wrong JSON type.
        case invalidField = "invalid_field"
        /// A body names a key the route does not take (a typo, or something the route would otherwise keep).
        case unknownField = "unknown_field"

        // MARK: Operator console

        /// No console token, or a wrong one.
        case unauthorized = "unauthorized"
        /// A value out of range for an operator action.
        case badInput = "bad_input"
        /// An operator action that is not possible now.
        case conflict = "conflict"

        // MARK: Widget: limits and tabs

        /// The page changes things faster than a person can (`Retry-After`).
        case rateLimited = "rate_limited"
        /// As many tabs are open as the server keeps (`Retry-After`).
        case tooManyTabs = "too_many_tabs"
        /// One client address holds as many tabs open as one address may (`Retry-After`).
        case tooManyTabsForClient = "too_many_tabs_for_client"
        /// The server is draining before it stops: new tabs go to another server (`Retry-After`).
        case draining = "draining"
        /// No open tab has this id.
        case unknownTab = "unknown_tab"
        /// The tab's chat session has ended.
        case sessionEnded = "session_ended"
        /// The tab's chat session could not start.
        case sessionFailed = "session_failed"
        /// The tab is already reading history.
        case historyBusy = "history_busy"
        /// The tab's store on disk refused a message (`Retry-After`).
        case storageUnavailable = "storage_unavailable"
        /// The visitor has stored as many bytes as the chat service keeps for one visitor, in all their chats.
        case visitorBudgetExceeded = "visitor_budget_exceeded"
        /// A server's data folder holds as many bytes as it is allowed; nothing new is stored.
        case storageBudgetExceeded = "storage_budget_exceeded"
        /// `location` is not a location key.
        case invalidLocation = "invalid_location"
        /// `visitorFields` is not a JSON object.
        case invalidVisitorFields = "invalid_visitor_fields"
        /// `departmentKey` is not a department key.
        case invalidDepartmentKey = "invalid_department_key"
        /// `prechat` is too long.
        case prechatTooLong = "prechat_too_long"
        /// `coreLog` is not a log level.
        case invalidCoreLog = "invalid_core_log"
        /// `resume` is not a tab id this server gives.
        case invalidResume = "invalid_resume"
        /// The tab id in the path does not have the shape of one (22 base64url characters).
        case invalidTabID = "invalid_tab_id"
        /// The visitor credential was not sealed by this deployment for this tab, or was changed.
        case invalidCredential = "invalid_credential"
        /// The visitor credential is older than the tab data's retention.
        case credentialExpired = "credential_expired"
        /// `clear` is not 1 or 0.
        case invalidClear = "invalid_clear"
        /// `Last-Event-ID` is not an event id.
        case invalidLastEventID = "invalid_last_event_id"
        /// `after` is not an event id.
        case invalidAfter = "invalid_after"

        // MARK: Widget: messages

        /// `clientId` is not the page's idempotency id.
        case invalidClientID = "invalid_client_id"
        /// A message without text.
        case emptyText = "empty_text"
        /// A message text with a NUL character.
        case invalidText = "invalid_text"
        /// A message text over the limit.
        case textTooLong = "text_too_long"
        /// `quotedMessageId` is not a message id.
        case invalidQuotedMessageID = "invalid_quoted_message_id"
        /// A reply that also carries custom data.
        case quoteWithData = "quote_with_data"
        /// `reaction` is not `like` or `dislike`.
        case invalidReaction = "invalid_reaction"
        /// The message id in the path is not valid.
        case invalidID = "invalid_id"
        /// The tab has no message with this id.
        case unknownMessage = "unknown_message"
        /// The message cannot be replied to.
        case cannotReply = "cannot_reply"
        /// The message cannot be edited.
        case cannotEdit = "cannot_edit"
        /// The message cannot be deleted.
        case cannotDelete = "cannot_delete"
        /// The message takes no reaction, or no other one.
        case cannotReact = "cannot_react"
        /// The message is no operator's action request: there is nothing to accept.
        case notAnActionRequest = "not_an_action_request"
        /// The location offers no sticker with this id (or no stickers).
        case unknownSticker = "unknown_sticker"

        // MARK: Widget: actions

        /// `messageId` is not a message id.
        case invalidMessageID = "invalid_message_id"
        /// `buttonId` is not a button id.
        case invalidButtonID = "invalid_button_id"
        /// `draft` is too long.
        case draftTooLong = "draft_too_long"
        /// `rating` is not 1 to 5.
        case invalidRating = "invalid_rating"
        /// `note` is too long.
        case noteTooLong = "note_too_long"
        /// `operatorId` is not an operator id.
        case invalidOperatorID = "invalid_operator_id"
        /// `action` is not `start` or `close`.
        case invalidAction = "invalid_action"
        /// `firstQuestion` is too long.
        case firstQuestionTooLong = "first_question_too_long"
        /// `customFields` has too many fields.
        case invalidCustomFields = "invalid_custom_fields"
        /// `email` is not an e-mail address.
        case invalidEmail = "invalid_email"
        /// A contact (`name`, `email`, `phone`) is too long.
        case contactTooLong = "contact_too_long"
        /// `phone` has more than digits, spaces and `+ - ( )`.
        case invalidPhone = "invalid_phone"
        /// Contacts with none of `name`, `email`, `phone`.
        case noContacts = "no_contacts"
        /// The message has no buttons.
        case notAKeyboard = "not_a_keyboard"
        /// The keyboard has no such button.
        case unknownButton = "unknown_button"
        /// There is no operator to rate.
        case noOperator = "no_operator"
        /// `answer` does not answer the survey's open question: stars out of 1…5, no such option, too long, missing.
        case invalidSurveyAnswer = "invalid_survey_answer"
        /// The tab has no survey open.
        case noSurvey = "no_survey"
        /// A resolution survey's `answer` is not 0 or 1.
        case invalidResolutionAnswer = "invalid_resolution_answer"
        /// `text` asked for suggestions is longer than a question.
        case hintTextTooLong = "hint_text_too_long"
        /// The location offers no suggestions: hints are off, or its config names no hints service that answers
        /// suggestions.
        case hintsUnavailable = "hints_unavailable"
        /// The location's hints service did not answer in time.
        case hintsUnanswered = "hints_unanswered"

        // MARK: Widget: files and history

        /// An upload that is not `multipart/form-data`.
        case notMultipart = "not_multipart"
        /// The location takes no files.
        case uploadsNotAllowed = "uploads_not_allowed"
        /// A kiosk tab's upload, refused unless the server runs with `--kiosk-uploads`.
        case kioskUploadsOff = "kiosk_uploads_off"
        /// A kiosk tab's download of something that is no image (a document, the transcript): a download could
        /// open the operating system's save dialog on a shared screen.
        case kioskDownloadsOff = "kiosk_downloads_off"
        /// A file over the location's limit.
        case fileTooLarge = "file_too_large"
        /// A multipart body that does not parse.
        case invalidMultipart = "invalid_multipart"
        /// An empty file.
        case emptyFile = "empty_file"
        /// A file type the location does not take.
        case fileTypeNotAllowed = "file_type_not_allowed"
        /// The file guid in the path is not valid.
        case invalidGUID = "invalid_guid"
        /// `thumb` is not 1 or 0.
        case invalidThumb = "invalid_thumb"
        /// The tab has no such file.
        case unknownFile = "unknown_file"
        /// The chat service did not send the file.
        case fileUnavailable = "file_unavailable"
        /// The tab keeps no core log.
        case noCoreLog = "no_core_log"
        /// `limit` is not 1 to 100.
        case invalidLimit = "invalid_limit"
        /// `before` is not a message id.
        case invalidBefore = "invalid_before"
        /// The chat service refused an upload for a reason the page has no other code for (its content, a chat's
        /// file limit).
        case uploadRefused = "upload_refused"
        /// A file message of no files or of more than 10.
        case tooManyFiles = "too_many_files"
        /// The tab keeps as many uploaded, unsent files as it may; the page sends or removes some first.
        case tooManyUploads = "too_many_uploads"

        // MARK: Widget: pages

        /// A page option with a bad value.
        case invalidOption = "invalid_option"
        /// A path of another spelling than its one (`RequestPathRule`: either server), or a static path that is not a
        /// file name under `/static/`.
        case invalidPath = "invalid_path"
        /// `widget` is not an origin this server serves.
        case invalidWidget = "invalid_widget"
        /// A preview `variant` that is not a widget configuration.
        case invalidVariant = "invalid_variant"
        /// The chat service lists no named states for the gallery (a real account's service has no fixtures).
        case statesUnavailable = "states_unavailable"
        /// A page template is missing.
        case templateMissing = "template_missing"
        /// The preview configuration file cannot be read.
        case previewConfigMissing = "preview_config_missing"
        /// The preview configuration file is not a preview configuration.
        case previewConfigInvalid = "preview_config_invalid"
        /// A request to save the preview configuration that did not come straight from this machine.
        case previewSaveForbidden = "preview_save_forbidden"
    }
}
