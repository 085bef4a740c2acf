import HTTPAPI
import HTTPTypes

/// The widget server's errors that more than one route or tab action answers.
extension APIError {
    /// 404: the path's `{tab}` names no open tab.
    static let unknownTab = APIError(.unknownTab, "No open tab has this id.")
    /// 409: the tab's chat session has ended; the page opens a new tab.
    static let sessionEnded = APIError(.sessionEnded, "The tab's chat session has ended.")
    /// 409: one history read at a time per tab.
    static let historyBusy = APIError(.historyBusy, "History is being read; try again.")

    /// 403: a kiosk tab's upload, unless the server runs with `--kiosk-uploads`: the picker a page needs to send a
    /// file is the operating system's dialog, which shows a passer-by the kiosk account's files.
    static let kioskUploadsOff = APIError(
        .kioskUploadsOff,
        "A kiosk takes no files unless its server runs with --kiosk-uploads."
    )
    /// 403: a kiosk tab's download of a file that is no image, or of the transcript: a download may open the
    /// operating system's save dialog on a shared screen, and leaves the file there for the next visitor.
    static let kioskDownloadsOff = APIError(.kioskDownloadsOff, "A kiosk shows images but downloads no files.")

    /// 403: a save of the preview configuration that did not come straight from this machine (`DirectRequest`): the
    /// file is the developer's, on their machine.
    static let previewSaveForbidden = APIError(
        .previewSaveForbidden,
        "Only a request made on the server's own machine, not through a proxy, may save the preview configuration."
    )

    /// 401: `/metrics` was shown a bearer token that is not the metrics token (or the server has none).
    static let metricsTokenRefused = APIError(.unauthorized, "This is not the metrics token of this server.")

    /// 404: the tab has no message with the id in `field`.
    static func unknownMessage(field: String) -> APIError {
        APIError(.unknownMessage, "No message has this id.", field: field)
    }

    /// 429: the page must wait `retryAfterSeconds` (rounded up) before its next change.
    static func rateLimited(retryAfterSeconds: Double) -> APIError {
        APIError(
            .rateLimited,
            "Too many requests; wait a moment and try again.",
            headers: [.retryAfter: String(max(1, Int(retryAfterSeconds.rounded(.up))))]
        )
    }

    /// 429: the client's address holds as many tabs open as one address may (`--max-tabs-per-client`); one of its
    /// tabs closes within the idle timeout.
    static func tooManyTabsForClient(retryAfterSeconds: Int) -> APIError {
        APIError(
            .tooManyTabsForClient,
            "This address has as many chats open as one address may; close one or try again later.",
            headers: [.retryAfter: String(max(1, retryAfterSeconds))]
        )
    }

    /// 503: as many tabs are open as the server keeps (`--max-tabs`); one closes within the idle timeout.
    static func tooManyTabs(retryAfterSeconds: Int) -> APIError {
        APIError(
            .tooManyTabs,
            "The server has as many chats open as it can keep; try again shortly.",
            headers: [.retryAfter: String(max(1, retryAfterSeconds))]
        )
    }

    /// 503: the server is draining before it stops (`ServerDrain`), so it opens no new tab; the tabs it has keep
    /// working. A balancer sends the page's next try to another server; one second is the wait for a page that has
    /// no other.
    static let draining = APIError(
        .draining,
        "The server is about to stop and opens no new chats; try again in a moment.",
        headers: [.retryAfter: "1"]
    )

    /// 503: the tab's store on disk could not take the message, so it was not accepted; sending it again with the
    /// same `clientId` is safe.
    static let storageUnavailable = APIError(
        .storageUnavailable,
        "The message could not be saved; send it again.",
        headers: [.retryAfter: "1"]
    )

    /// 507: the chat service keeps no more bytes for this visitor (uploads and message text, across all chats).
    static let visitorBudgetExceeded = APIError(
        .visitorBudgetExceeded,
        "This visitor has stored as much as the chat service keeps for one visitor (the visitor budget)."
    )

    /// 507: this server's data folder is at its budget (`--storage-budget-mb`), so it stores nothing new.
    static func storageBudgetExceeded(budgetBytes: Int64) -> APIError {
        APIError(
            .storageBudgetExceeded,
            "The server's data folder is at its storage budget (\(budgetBytes / 1_048_576) MB); nothing new is stored."
        )
    }
}
