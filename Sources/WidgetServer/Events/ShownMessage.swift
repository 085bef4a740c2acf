import WebimClientLibrary

/// A message as a tab has shown it: the page's view, and the core's message it came from, which the page's actions
/// name by id.
struct ShownMessage: Sendable {
    let widget: WidgetMessage
    let core: any Message
    /// The files the page may ask for: the message's own and its quote's. Found once, here, so that recording them
    /// under the tab's lock is only a few inserts.
    let files: [any FileInfo]

    var id: String { widget.id }

    /// The page's view of `core`; file URLs point at this tab's own file route.
    init(_ core: any Message, clientID: String?, tabID: String) {
        widget = WidgetMessage(core, clientId: clientID, tabID: tabID)
        self.core = core
        let attachment = core.getData()?.getAttachment() ?? core.getAttachment()
        let quoted = core.getQuote()?.getMessageAttachment()
        files = ((attachment?.getFilesInfo() ?? []) + [quoted].compactMap { $0 }).filter { !$0.getGuid().isEmpty }
    }
}
