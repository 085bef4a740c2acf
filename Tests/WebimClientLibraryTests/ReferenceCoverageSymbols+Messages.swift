import Foundation
import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// The tracker, its listener, messages and their parts (quotes, files, keyboards), departments, operators.
    mutating func addMessages() {
        add("MessageTracker", (any MessageTracker).self)
        add(
            "MessageTracker.getLastMessages(byLimit:completion:)",
            { (messageTracker: any MessageTracker) in messageTracker.getLastMessages(byLimit:completion:) }
        )
        add(
            "MessageTracker.getNextMessages(byLimit:completion:)",
            { (messageTracker: any MessageTracker) in messageTracker.getNextMessages(byLimit:completion:) }
        )
        add(
            "MessageTracker.getAllMessages(completion:)",
            { (messageTracker: any MessageTracker) in messageTracker.getAllMessages(completion:) }
        )
        add(
            "MessageTracker.getLastMessages(byLimit:)",
            { (messageTracker: any MessageTracker) in messageTracker.getLastMessages(byLimit:) }
        )
        add(
            "MessageTracker.getNextMessages(byLimit:)",
            { (messageTracker: any MessageTracker) in messageTracker.getNextMessages(byLimit:) }
        )
        add(
            "MessageTracker.getAllMessages()",
            { (messageTracker: any MessageTracker) in messageTracker.getAllMessages }
        )
        add(
            "MessageTracker.resetTo(message:)",
            { (messageTracker: any MessageTracker) in messageTracker.resetTo(message:) }
        )
        add("MessageTracker.destroy()", { (messageTracker: any MessageTracker) in messageTracker.destroy })
        add("MessageListener", (any MessageListener).self)
        add(
            "MessageListener.added(message:after:)",
            { (messageListener: any MessageListener) in messageListener.added(message:after:) }
        )
        add(
            "MessageListener.removed(message:)",
            { (messageListener: any MessageListener) in messageListener.removed(message:) }
        )
        add(
            "MessageListener.removedAllMessages()",
            { (messageListener: any MessageListener) in messageListener.removedAllMessages }
        )
        add(
            "MessageListener.changed(message:to:)",
            { (messageListener: any MessageListener) in messageListener.changed(message:to:) }
        )
        add("Message", (any Message).self)
        add("Message.getAttachment()", { (message: any Message) in message.getAttachment })
        add("Message.getData()", { (message: any Message) in message.getData as () -> (any MessageData)? })
        add("Message.getID()", { (message: any Message) in message.getID })
        add("Message.getCurrentChatID()", { (message: any Message) in message.getCurrentChatID })
        add("Message.getKeyboard()", { (message: any Message) in message.getKeyboard })
        add("Message.getKeyboardRequest()", { (message: any Message) in message.getKeyboardRequest })
        add("Message.getOperatorID()", { (message: any Message) in message.getOperatorID })
        add("Message.getQuote()", { (message: any Message) in message.getQuote })
        add("Message.getSenderAvatarFullURL()", { (message: any Message) in message.getSenderAvatarFullURL })
        add("Message.getSenderName()", { (message: any Message) in message.getSenderName })
        add("Message.getSendStatus()", { (message: any Message) in message.getSendStatus })
        add("Message.getText()", { (message: any Message) in message.getText })
        add("Message.getTime()", { (message: any Message) in message.getTime })
        add("Message.getType()", { (message: any Message) in message.getType })
        add("Message.isEqual(to:)", { (message: any Message) in message.isEqual(to:) })
        add("Message.isReadByOperator()", { (message: any Message) in message.isReadByOperator })
        add("Message.canBeEdited()", { (message: any Message) in message.canBeEdited })
        add("Message.canBeReplied()", { (message: any Message) in message.canBeReplied })
        add("Message.getRawData()", { (message: any Message) in message.getRawData })
        add("Message.getSticker()", { (message: any Message) in message.getSticker })
        add("Message.isEdited()", { (message: any Message) in message.isEdited })
        add("Message.canVisitorReact()", { (message: any Message) in message.canVisitorReact })
        add("Message.getVisitorReaction()", { (message: any Message) in message.getVisitorReaction })
        add("Message.canVisitorChangeReaction()", { (message: any Message) in message.canVisitorChangeReaction })
        add("Message.getServerSideID()", { (message: any Message) in message.getServerSideID })
        add("Quote", (any Quote).self)
        add("Quote.getAuthorID()", { (quote: any Quote) in quote.getAuthorID })
        add(
            "Quote.getMessageAttachment()",
            { (quote: any Quote) in quote.getMessageAttachment as () -> (any FileInfo)? }
        )
        add("Quote.getMessageTimestamp()", { (quote: any Quote) in quote.getMessageTimestamp })
        add("Quote.getMessageID()", { (quote: any Quote) in quote.getMessageID })
        add("Quote.getMessageText()", { (quote: any Quote) in quote.getMessageText })
        add("Quote.getMessageType()", { (quote: any Quote) in quote.getMessageType })
        add("Quote.getSenderName()", { (quote: any Quote) in quote.getSenderName })
        add("Quote.getState()", { (quote: any Quote) in quote.getState })
        add("Quote.getAuthorId()", { (quote: any Quote) in quote.getAuthorId })
        add("Quote.getMessageId()", { (quote: any Quote) in quote.getMessageId })
        add("MessageAttachment", (any MessageAttachment).self)
        add(
            "MessageAttachment.getContentType()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getContentType }
        )
        add(
            "MessageAttachment.getFileName()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getFileName }
        )
        add(
            "MessageAttachment.getImageInfo()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getImageInfo }
        )
        add(
            "MessageAttachment.getSize()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getSize as () -> Int64? }
        )
        add("MessageAttachment.getURL()", { (messageAttachment: any MessageAttachment) in messageAttachment.getURL })
        add(
            "MessageAttachment.getFileInfo()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getFileInfo }
        )
        add(
            "MessageAttachment.getState()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getState }
        )
        add(
            "MessageAttachment.getDownloadProgress()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getDownloadProgress }
        )
        add(
            "MessageAttachment.getErrorType()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getErrorType }
        )
        add(
            "MessageAttachment.getErrorMessage()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getErrorMessage }
        )
        add(
            "MessageAttachment.getFilesInfo()",
            { (messageAttachment: any MessageAttachment) in messageAttachment.getFilesInfo }
        )
        add("ImageInfo", (any ImageInfo).self)
        add("ImageInfo.getThumbURL()", { (imageInfo: any ImageInfo) in imageInfo.getThumbURL as () -> URL? })
        add("ImageInfo.getHeight()", { (imageInfo: any ImageInfo) in imageInfo.getHeight })
        add("ImageInfo.getWidth()", { (imageInfo: any ImageInfo) in imageInfo.getWidth })
        add("Keyboard", (any Keyboard).self)
        add("Keyboard.getButtons()", { (keyboard: any Keyboard) in keyboard.getButtons })
        add("Keyboard.getState()", { (keyboard: any Keyboard) in keyboard.getState })
        add("Keyboard.getResponse()", { (keyboard: any Keyboard) in keyboard.getResponse })
        add("Keyboard.getKeyboardResponse()", { (keyboard: any Keyboard) in keyboard.getKeyboardResponse })
        add("KeyboardResponse", (any KeyboardResponse).self)
        add(
            "KeyboardResponse.getButtonID()",
            { (keyboardResponse: any KeyboardResponse) in keyboardResponse.getButtonID }
        )
        add(
            "KeyboardResponse.getMessageID()",
            { (keyboardResponse: any KeyboardResponse) in keyboardResponse.getMessageID }
        )
        add(
            "KeyboardResponse.getButtonId()",
            { (keyboardResponse: any KeyboardResponse) in keyboardResponse.getButtonId }
        )
        add(
            "KeyboardResponse.getMessageId()",
            { (keyboardResponse: any KeyboardResponse) in keyboardResponse.getMessageId }
        )
        add("KeyboardButton", (any KeyboardButton).self)
        add("KeyboardButton.getID()", { (keyboardButton: any KeyboardButton) in keyboardButton.getID })
        add("KeyboardButton.getText()", { (keyboardButton: any KeyboardButton) in keyboardButton.getText })
        add("KeyboardButton.getId()", { (keyboardButton: any KeyboardButton) in keyboardButton.getId })
        add(
            "KeyboardButton.getConfiguration()",
            { (keyboardButton: any KeyboardButton) in keyboardButton.getConfiguration }
        )
        add("KeyboardRequest", (any KeyboardRequest).self)
        add("KeyboardRequest.getButton()", { (keyboardRequest: any KeyboardRequest) in keyboardRequest.getButton })
        add(
            "KeyboardRequest.getMessageID()",
            { (keyboardRequest: any KeyboardRequest) in keyboardRequest.getMessageID }
        )
        add(
            "KeyboardRequest.getMessageId()",
            { (keyboardRequest: any KeyboardRequest) in keyboardRequest.getMessageId }
        )
        add("Department", (any Department).self)
        add("Department.getKey()", { (department: any Department) in department.getKey })
        add("Department.getName()", { (department: any Department) in department.getName })
        add(
            "Department.getDepartmentOnlineStatus()",
            { (department: any Department) in department.getDepartmentOnlineStatus }
        )
        add("Department.getOrder()", { (department: any Department) in department.getOrder })
        add("Department.getLocalizedNames()", { (department: any Department) in department.getLocalizedNames })
        add("Department.getLogo()", { (department: any Department) in department.getLogo })
        add("Department.getLogoURL()", { (department: any Department) in department.getLogoURL })
        add("Operator", (any Operator).self)
        add("Operator.getID()", { (chatOperator: any Operator) in chatOperator.getID })
        add("Operator.getName()", { (chatOperator: any Operator) in chatOperator.getName })
        add("Operator.getAvatarURL()", { (chatOperator: any Operator) in chatOperator.getAvatarURL })
        add("Operator.getTitle()", { (chatOperator: any Operator) in chatOperator.getTitle })
        add("Operator.getInfo()", { (chatOperator: any Operator) in chatOperator.getInfo })
        add("Configuration", (any Configuration).self)
        add("Configuration.isActive()", { (configuration: any Configuration) in configuration.isActive })
        add("Configuration.getButtonType()", { (configuration: any Configuration) in configuration.getButtonType })
        add("Configuration.getData()", { (configuration: any Configuration) in configuration.getData })
        add("Configuration.getState()", { (configuration: any Configuration) in configuration.getState })
        add("FileInfo", (any FileInfo).self)
        add("FileInfo.getContentType()", { (fileInfo: any FileInfo) in fileInfo.getContentType })
        add("FileInfo.getFileName()", { (fileInfo: any FileInfo) in fileInfo.getFileName })
        add("FileInfo.getImageInfo()", { (fileInfo: any FileInfo) in fileInfo.getImageInfo })
        add("FileInfo.getSize()", { (fileInfo: any FileInfo) in fileInfo.getSize })
        add("FileInfo.getURL()", { (fileInfo: any FileInfo) in fileInfo.getURL })
        add("FileInfo.getGuid()", { (fileInfo: any FileInfo) in fileInfo.getGuid })
        add("MessageData", (any MessageData).self)
        add("MessageData.getAttachment()", { (messageData: any MessageData) in messageData.getAttachment })
        add("Sticker", (any Sticker).self)
        add("Sticker.getStickerId()", { (sticker: any Sticker) in sticker.getStickerId })
        add("UploadedFile", (any UploadedFile).self)
        add("UploadedFile.getSize()", { (uploadedFile: any UploadedFile) in uploadedFile.getSize })
        add("UploadedFile.getGuid()", { (uploadedFile: any UploadedFile) in uploadedFile.getGuid })
        add("UploadedFile.getFileName()", { (uploadedFile: any UploadedFile) in uploadedFile.getFileName })
        add("UploadedFile.getContentType()", { (uploadedFile: any UploadedFile) in uploadedFile.getContentType })
        add("UploadedFile.getVisitorId()", { (uploadedFile: any UploadedFile) in uploadedFile.getVisitorId })
        add(
            "UploadedFile.getClientContentType()",
            { (uploadedFile: any UploadedFile) in uploadedFile.getClientContentType }
        )
        add("UploadedFile.getImageInfo()", { (uploadedFile: any UploadedFile) in uploadedFile.getImageInfo })
        add("UploadedFile.description", { (uploadedFile: any UploadedFile) in uploadedFile.description })
    }
}
