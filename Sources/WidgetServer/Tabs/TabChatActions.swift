import HTTPAPI
import WebimClientLibrary

/// The page's actions on the chat itself: starting and closing it, typing, marking it read, rating the operator,
/// e-mailing the transcript and answering a request for contacts.
struct TabChatActions: Sendable {
    let tab: TabSession

    /// Starts a chat (with the tab's department unless one is named) or closes it.
    func startOrClose(start: Bool, departmentKey: String?, firstQuestion: String?, customFields: String?) async throws {
        try await tab.perform { tab in
            let stream = try tab.requireStream()
            if start {
                try stream.startChat(
                    departmentKey: departmentKey ?? tab.opening?.departmentKey,
                    firstQuestion: firstQuestion,
                    customFields: customFields
                )
            } else {
                try stream.closeChat()
            }
        }
    }

    /// Reports the visitor's draft (nil: stopped typing).
    func setTyping(draft: String?) async throws {
        try await tab.perform { tab in try tab.currentStream().setVisitorTyping(draftMessage: draft) }
    }

    /// Marks the chat read by the visitor.
    func markRead() async throws { try await tab.perform { tab in try tab.currentStream().setChatRead() } }

    /// Rates the operator (the current one unless named).
    func rate(operatorID: String?, rating: Int, note: String?, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                let stream = try tab.requireStream()
                guard let operatorID = operatorID ?? stream.getCurrentOperator()?.getID() else {
                    throw APIError(.noOperator, "There is no operator to rate.")
                }
                try stream.rateOperatorWith(id: operatorID, note: note, byRating: rating, completionHandler: handler)
                return operatorID
            }
        }
    }

    /// E-mails the transcript.
    func sendTranscript(to email: String, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                try tab.requireStream().sendDialogTo(emailAddress: email, completionHandler: handler)
                return email
            }
        }
    }

    /// Answers the operator's contact-information request with `contacts` (a JSON object of fields).
    func sendContacts(_ contacts: String, clientID: String) async throws {
        try await tab.perform { tab in
            try tab.once(clientID: clientID) { handler in
                try tab.requireStream().sendContacts(contacts: contacts, completionHandler: handler)
                return contacts
            }
        }
    }
}
