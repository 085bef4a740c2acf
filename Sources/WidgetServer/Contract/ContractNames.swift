import WebimClientLibrary

// The client core's values as the page's contract names them, each written out: a renamed Swift case must not
// change what the page, an embedding site or a stored event reads (a golden test holds the whole list).

extension ChatState {
    /// `chat.state`'s `state`.
    var contractName: String {
        switch self {
        case .chatting: "chatting"
        case .chattingWithRobot: "chattingWithRobot"
        case .closedByOperator: "closedByOperator"
        case .closedByVisitor: "closedByVisitor"
        case .invitation: "invitation"
        case .closed: "closed"
        case .queue: "queue"
        case .unknown: "unknown"
        }
    }
}

extension VisitSessionState {
    /// `visit.state`'s `state`.
    var contractName: String {
        switch self {
        case .chat: "chat"
        case .departmentSelection: "departmentSelection"
        case .idle: "idle"
        case .idleAfterChat: "idleAfterChat"
        case .offlineMessage: "offlineMessage"
        case .firstQuestion: "firstQuestion"
        case .unknown: "unknown"
        }
    }
}

extension OnlineStatus {
    /// `online.status`'s `status`, and the location status route's.
    var contractName: String {
        switch self {
        case .busyOffline: "busyOffline"
        case .busyOnline: "busyOnline"
        case .offline: "offline"
        case .online: "online"
        case .unknown: "unknown"
        }
    }
}

extension DepartmentOnlineStatus {
    /// A department's `online`.
    var contractName: String {
        switch self {
        case .busyOffline: "busyOffline"
        case .busyOnline: "busyOnline"
        case .offline: "offline"
        case .online: "online"
        case .unknown: "unknown"
        }
    }
}

extension FatalErrorType {
    /// `error.fatal`'s `type`.
    var contractName: String {
        switch self {
        case .accountBlocked: "accountBlocked"
        case .noChat: "noChat"
        case .providedVisitorFieldsExpired: "providedVisitorFieldsExpired"
        case .unknown: "unknown"
        case .visitorBanned: "visitorBanned"
        case .wrongProvidedVisitorHash: "wrongProvidedVisitorHash"
        case .initializationFailed: "initializationFailed"
        }
    }
}

extension NotFatalErrorType {
    /// `error.transient`'s `type`.
    var contractName: String {
        switch self {
        case .noNetworkConnection: "noNetworkConnection"
        case .serverIsNotAvailable: "serverIsNotAvailable"
        }
    }
}

extension AttachmentState {
    /// A message attachment's `state`.
    var contractName: String {
        switch self {
        case .error: "error"
        case .ready: "ready"
        case .upload: "upload"
        case .externalChecks: "externalChecks"
        }
    }
}

extension QuoteState {
    /// A quote's `state`.
    var contractName: String {
        switch self {
        case .pending: "pending"
        case .filled: "filled"
        case .notFound: "notFound"
        }
    }
}

extension KeyboardState {
    /// A keyboard's `state`.
    var contractName: String {
        switch self {
        case .pending: "pending"
        case .completed: "completed"
        case .canceled: "canceled"
        }
    }
}

extension ButtonType {
    /// A keyboard button's `type`.
    var contractName: String {
        switch self {
        case .url: "url"
        case .insert: "insert"
        }
    }
}

extension ButtonState {
    /// A keyboard button's `state`.
    var contractName: String {
        switch self {
        case .showing: "showing"
        case .showingSelected: "showingSelected"
        case .hidden: "hidden"
        }
    }
}

extension MessageType {
    /// A message's and a quote's `type`.
    var contractName: String {
        switch self {
        case .actionRequest: "actionRequest"
        case .contactInformationRequest: "contactInformationRequest"
        case .keyboard: "keyboard"
        case .keyboardResponse: "keyboardResponse"
        case .fileFromOperator: "fileFromOperator"
        case .fileFromVisitor: "fileFromVisitor"
        case .info: "info"
        case .operatorMessage: "operator"
        case .operatorBusy: "operatorBusy"
        case .visitorMessage: "visitor"
        case .stickerVisitor: "sticker"
        }
    }
}

extension SurveyType {
    /// A survey question's `type`.
    var contractName: String {
        switch self {
        case .stars: "stars"
        case .radio: "radio"
        case .comment: "comment"
        }
    }
}
