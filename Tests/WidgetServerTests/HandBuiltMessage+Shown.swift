import TestSupport

@testable import WidgetServer

extension HandBuiltMessage {
    /// This message as a tab shows it.
    func shown(clientID: String? = nil) -> ShownMessage { ShownMessage(self, clientID: clientID, tabID: "tab") }
}
