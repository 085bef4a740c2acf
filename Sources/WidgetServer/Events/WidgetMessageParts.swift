import Foundation
import WebimClientLibrary

/// A message's files and their upload state.
struct WidgetAttachment: Encodable, Sendable, Equatable {
    var state: String
    var progress: Nullable<Int64>
    var errorType: Nullable<String>
    var errorMessage: Nullable<String>
    var files: [WidgetFile]

    init(_ attachment: any MessageAttachment, tabID: String) {
        state = attachment.getState().contractName
        progress = Nullable(attachment.getDownloadProgress())
        errorType = Nullable(attachment.getErrorType())
        errorMessage = Nullable(attachment.getErrorMessage())
        files = attachment.getFilesInfo().filter { !$0.getGuid().isEmpty }.map { WidgetFile($0, tabID: tabID) }
    }
}

/// One file, downloadable only through its tab's file route (the page never leaves this origin).
struct WidgetFile: Encodable, Sendable, Equatable {
    struct Image: Encodable, Sendable, Equatable {
        var width: Int
        var height: Int
    }

    var guid: String
    var name: String
    var size: Nullable<Int64>
    var contentType: Nullable<String>
    var url: String
    var thumbUrl: Nullable<String>
    var image: Nullable<Image>

    init(_ file: any FileInfo, tabID: String) {
        guid = file.getGuid()
        name = file.getFileName()
        size = Nullable(file.getSize())
        contentType = Nullable(file.getContentType())
        let encodedGUID = guid.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? guid
        url = "/api/tabs/\(tabID)/files/\(encodedGUID)"
        let info = file.getImageInfo()
        thumbUrl = Nullable(info.map { _ in "/api/tabs/\(tabID)/files/\(encodedGUID)?thumb=1" })
        image = Nullable(
            info.flatMap { info in
                guard let width = info.getWidth(), let height = info.getHeight() else { return nil }
                return Image(width: width, height: height)
            }
        )
    }
}

/// The message a reply quotes.
struct WidgetQuote: Encodable, Sendable, Equatable {
    struct File: Encodable, Sendable, Equatable {
        var name: String
        var size: Nullable<Int64>
        var contentType: Nullable<String>
    }

    var state: String
    var messageId: Nullable<String>
    var text: Nullable<String>
    var senderName: Nullable<String>
    var type: Nullable<String>
    var time: Nullable<Int64>
    var file: Nullable<File>

    init(_ quote: any Quote) {
        state = quote.getState().contractName
        messageId = Nullable(quote.getMessageID())
        text = Nullable(quote.getMessageText())
        senderName = Nullable(quote.getSenderName())
        type = Nullable(quote.getMessageType()?.contractName)
        time = Nullable(quote.getMessageTimestamp()?.milliseconds)
        file = Nullable(
            quote.getMessageAttachment().map {
                File(name: $0.getFileName(), size: Nullable($0.getSize()), contentType: Nullable($0.getContentType()))
            }
        )
    }
}

/// A bot keyboard with its rows of buttons.
struct WidgetKeyboard: Encodable, Sendable, Equatable {
    struct Button: Encodable, Sendable, Equatable {
        var id: String
        var text: String
        var type: Nullable<String>
        var data: Nullable<String>
        var active: Bool
        var state: String

        init(_ button: any KeyboardButton) {
            id = button.getID()
            text = button.getText()
            let configuration = button.getConfiguration()
            // The SDK calls every button without a link `insert`; one with nothing to insert just answers the bot,
            // so the page gets no type for it rather than an empty insert.
            let acts = configuration.map { $0.getButtonType() == .url || !$0.getData().isEmpty } ?? false
            type = Nullable(acts ? configuration?.getButtonType().contractName : nil)
            data = Nullable(acts ? configuration?.getData() : nil)
            active = configuration?.isActive() ?? true
            state = configuration?.getState().contractName ?? ButtonState.showing.contractName
        }
    }

    struct Response: Encodable, Sendable, Equatable {
        var buttonId: String
        var messageId: String
    }

    var state: String
    var buttons: [[Button]]
    var response: Nullable<Response>

    init(_ keyboard: any Keyboard) {
        state = keyboard.getState().contractName
        buttons = keyboard.getButtons().map { $0.map(Button.init) }
        response = Nullable(
            keyboard.getResponse().map { Response(buttonId: $0.getButtonID(), messageId: $0.getMessageID()) }
        )
    }
}

/// The button a `keyboardResponse` message answers.
struct WidgetKeyboardRequest: Encodable, Sendable, Equatable {
    struct Button: Encodable, Sendable, Equatable {
        var id: String
        var text: String
    }

    var button: Button
    var messageId: String

    init(_ request: any KeyboardRequest) {
        button = Button(id: request.getButton().getID(), text: request.getButton().getText())
        messageId = request.getMessageID()
    }
}
