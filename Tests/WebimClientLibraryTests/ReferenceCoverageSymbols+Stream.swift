import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// `MessageStream`, its completion handlers and its listeners.
    mutating func addStream() {
        add("MessageStream", (any MessageStream).self)
        add(
            "MessageStream.getVisitSessionState()",
            { (messageStream: any MessageStream) in messageStream.getVisitSessionState }
        )
        add("MessageStream.getChatState()", { (messageStream: any MessageStream) in messageStream.getChatState })
        add(
            "MessageStream.getUnreadByOperatorTimestamp()",
            { (messageStream: any MessageStream) in messageStream.getUnreadByOperatorTimestamp }
        )
        add(
            "MessageStream.getUnreadByVisitorMessageCount()",
            { (messageStream: any MessageStream) in messageStream.getUnreadByVisitorMessageCount }
        )
        add(
            "MessageStream.getUnreadByVisitorTimestamp()",
            { (messageStream: any MessageStream) in messageStream.getUnreadByVisitorTimestamp }
        )
        add(
            "MessageStream.getDepartmentList()",
            { (messageStream: any MessageStream) in messageStream.getDepartmentList }
        )
        add(
            "MessageStream.getLocationSettings()",
            { (messageStream: any MessageStream) in messageStream.getLocationSettings }
        )
        add(
            "MessageStream.getCurrentOperator()",
            { (messageStream: any MessageStream) in messageStream.getCurrentOperator }
        )
        add(
            "MessageStream.getLastRatingOfOperatorWith(id:)",
            { (messageStream: any MessageStream) in messageStream.getLastRatingOfOperatorWith(id:) }
        )
        add(
            "MessageStream.rateOperatorWith(id:byRating:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.rateOperatorWith(id:byRating:completionHandler:) }
        )
        add(
            "MessageStream.rateOperatorWith(id:note:byRating:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.rateOperatorWith(id:note:byRating:completionHandler:)
            }
        )
        add(
            "MessageStream.respondSentryCall(id:)",
            { (messageStream: any MessageStream) in messageStream.respondSentryCall(id:) }
        )
        add(
            "MessageStream.startChat()",
            { (messageStream: any MessageStream) in messageStream.startChat as () throws -> Void }
        )
        add(
            "MessageStream.startChat(firstQuestion:)",
            { (messageStream: any MessageStream) in messageStream.startChat(firstQuestion:) }
        )
        add(
            "MessageStream.startChat(customFields:)",
            { (messageStream: any MessageStream) in messageStream.startChat(customFields:) }
        )
        add(
            "MessageStream.startChat(departmentKey:)",
            { (messageStream: any MessageStream) in messageStream.startChat(departmentKey:) }
        )
        add(
            "MessageStream.startChat(departmentKey:firstQuestion:)",
            { (messageStream: any MessageStream) in messageStream.startChat(departmentKey:firstQuestion:) }
        )
        add(
            "MessageStream.startChat(firstQuestion:customFields:)",
            { (messageStream: any MessageStream) in messageStream.startChat(firstQuestion:customFields:) }
        )
        add(
            "MessageStream.startChat(departmentKey:customFields:)",
            { (messageStream: any MessageStream) in messageStream.startChat(departmentKey:customFields:) }
        )
        add(
            "MessageStream.startChat(departmentKey:firstQuestion:customFields:)",
            { (messageStream: any MessageStream) in messageStream.startChat(departmentKey:firstQuestion:customFields:) }
        )
        add("MessageStream.closeChat()", { (messageStream: any MessageStream) in messageStream.closeChat })
        add("MessageStream.send(message:)", { (messageStream: any MessageStream) in messageStream.send(message:) })
        add(
            "MessageStream.setVisitorTyping(draftMessage:)",
            { (messageStream: any MessageStream) in messageStream.setVisitorTyping(draftMessage:) }
        )
        add(
            "MessageStream.send(message:data:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.send(message:data:completionHandler:) }
        )
        add(
            "MessageStream.send(message:isHintQuestion:)",
            { (messageStream: any MessageStream) in messageStream.send(message:isHintQuestion:) }
        )
        add(
            "MessageStream.send(file:filename:mimeType:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.send(file:filename:mimeType:completionHandler:) }
        )
        add(
            "MessageStream.sendKeyboardRequest(button:message:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.sendKeyboardRequest(button:message:completionHandler:)
            }
        )
        add(
            "MessageStream.sendKeyboardRequest(buttonID:messageCurrentChatID:completionHandler:)",
            { (messageStream: any MessageStream) in
                messageStream.sendKeyboardRequest(buttonID:messageCurrentChatID:completionHandler:)
            }
        )
        add(
            "MessageStream.updateWidgetStatus(data:)",
            { (messageStream: any MessageStream) in messageStream.updateWidgetStatus(data:) }
        )
        add(
            "MessageStream.reply(message:repliedMessage:)",
            { (messageStream: any MessageStream) in messageStream.reply(message:repliedMessage:) }
        )
        add(
            "MessageStream.edit(message:text:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.edit(message:text:completionHandler:) }
        )
        add(
            "MessageStream.delete(message:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.delete(message:completionHandler:) }
        )
        add(
            "MessageStream.react(message:reaction:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.react(message:reaction:completionHandler:) }
        )
        add("MessageStream.setChatRead()", { (messageStream: any MessageStream) in messageStream.setChatRead })
        add(
            "MessageStream.sendDialogTo(emailAddress:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.sendDialogTo(emailAddress:completionHandler:) }
        )
        add(
            "MessageStream.set(prechatFields:)",
            { (messageStream: any MessageStream) in messageStream.set(prechatFields:) }
        )
        add(
            "MessageStream.newMessageTracker(messageListener:)",
            { (messageStream: any MessageStream) in messageStream.newMessageTracker(messageListener:) }
        )
        add(
            "MessageStream.set(visitSessionStateListener:)",
            { (messageStream: any MessageStream) in messageStream.set(visitSessionStateListener:) }
        )
        add(
            "MessageStream.set(chatStateListener:)",
            { (messageStream: any MessageStream) in messageStream.set(chatStateListener:) }
        )
        add(
            "MessageStream.set(currentOperatorChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(currentOperatorChangeListener:) }
        )
        add(
            "MessageStream.set(departmentListChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(departmentListChangeListener:) }
        )
        add(
            "MessageStream.set(operatorTypingListener:)",
            { (messageStream: any MessageStream) in messageStream.set(operatorTypingListener:) }
        )
        add(
            "MessageStream.set(locationSettingsChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(locationSettingsChangeListener:) }
        )
        add(
            "MessageStream.set(onlineStatusChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(onlineStatusChangeListener:) }
        )
        add(
            "MessageStream.set(unreadByOperatorTimestampChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(unreadByOperatorTimestampChangeListener:) }
        )
        add(
            "MessageStream.set(unreadByVisitorMessageCountChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(unreadByVisitorMessageCountChangeListener:) }
        )
        add(
            "MessageStream.set(unreadByVisitorTimestampChangeListener:)",
            { (messageStream: any MessageStream) in messageStream.set(unreadByVisitorTimestampChangeListener:) }
        )
        add(
            "MessageStream.send(message:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.send(message:completionHandler:) }
        )
        add(
            "MessageStream.getRawConfig(forLocation:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.getRawConfig(forLocation:completionHandler:) }
        )
        add(
            "MessageStream.getServerSideSettings(completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.getServerSideSettings(completionHandler:) }
        )
        add("MessageStream.getChatId()", { (messageStream: any MessageStream) in messageStream.getChatId })
        add(
            "MessageStream.uploadFilesToServer(file:filename:mimeType:completionHandler:)",
            { (messageStream: any MessageStream) in
                messageStream.uploadFilesToServer(file:filename:mimeType:completionHandler:)
            }
        )
        add(
            "MessageStream.send(uploadedFiles:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.send(uploadedFiles:completionHandler:) }
        )
        add(
            "MessageStream.deleteUploadedFiles(fileGuid:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.deleteUploadedFiles(fileGuid:completionHandler:) }
        )
        add(
            "MessageStream.resend(message:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.resend(message:completionHandler:) }
        )
        add(
            "MessageStream.cancelResend(message:)",
            { (messageStream: any MessageStream) in messageStream.cancelResend(message:) }
        )
        add(
            "MessageStream.sendContacts(contacts:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.sendContacts(contacts:completionHandler:) }
        )
        add(
            "MessageStream.sendSticker(withId:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.sendSticker(withId:completionHandler:) }
        )
        add("MessageStream.clearHistory()", { (messageStream: any MessageStream) in messageStream.clearHistory })
        add(
            "MessageStream.searchStreamMessagesBy(query:completionHandler:)",
            { (messageStream: any MessageStream) in messageStream.searchStreamMessagesBy(query:completionHandler:) }
        )
        add(
            "MessageStream.set(helloMessageListener:)",
            { (messageStream: any MessageStream) in messageStream.set(helloMessageListener:) }
        )
        add("DataMessageCompletionHandler", (any DataMessageCompletionHandler).self)
        add(
            "DataMessageCompletionHandler.onSuccess(messageID:)",
            { (dataMessageCompletionHandler: any DataMessageCompletionHandler) in
                dataMessageCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "DataMessageCompletionHandler.onFailure(messageID:error:)",
            { (dataMessageCompletionHandler: any DataMessageCompletionHandler) in
                dataMessageCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("EditMessageCompletionHandler", (any EditMessageCompletionHandler).self)
        add(
            "EditMessageCompletionHandler.onSuccess(messageID:)",
            { (editMessageCompletionHandler: any EditMessageCompletionHandler) in
                editMessageCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "EditMessageCompletionHandler.onFailure(messageID:error:)",
            { (editMessageCompletionHandler: any EditMessageCompletionHandler) in
                editMessageCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("DeleteMessageCompletionHandler", (any DeleteMessageCompletionHandler).self)
        add(
            "DeleteMessageCompletionHandler.onSuccess(messageID:)",
            { (deleteMessageCompletionHandler: any DeleteMessageCompletionHandler) in
                deleteMessageCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "DeleteMessageCompletionHandler.onFailure(messageID:error:)",
            { (deleteMessageCompletionHandler: any DeleteMessageCompletionHandler) in
                deleteMessageCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("SendFileCompletionHandler", (any SendFileCompletionHandler).self)
        add(
            "SendFileCompletionHandler.onSuccess(messageID:)",
            { (sendFileCompletionHandler: any SendFileCompletionHandler) in
                sendFileCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "SendFileCompletionHandler.onFailure(messageID:error:)",
            { (sendFileCompletionHandler: any SendFileCompletionHandler) in
                sendFileCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("SendKeyboardRequestCompletionHandler", (any SendKeyboardRequestCompletionHandler).self)
        add(
            "SendKeyboardRequestCompletionHandler.onSuccess(messageID:)",
            { (sendKeyboardRequestCompletionHandler: any SendKeyboardRequestCompletionHandler) in
                sendKeyboardRequestCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "SendKeyboardRequestCompletionHandler.onFailure(messageID:error:)",
            { (sendKeyboardRequestCompletionHandler: any SendKeyboardRequestCompletionHandler) in
                sendKeyboardRequestCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("RateOperatorCompletionHandler", (any RateOperatorCompletionHandler).self)
        add(
            "RateOperatorCompletionHandler.onSuccess()",
            { (rateOperatorCompletionHandler: any RateOperatorCompletionHandler) in
                rateOperatorCompletionHandler.onSuccess
            }
        )
        add(
            "RateOperatorCompletionHandler.onFailure(error:)",
            { (rateOperatorCompletionHandler: any RateOperatorCompletionHandler) in
                rateOperatorCompletionHandler.onFailure(error:)
            }
        )
        add("SendDialogToEmailAddressCompletionHandler", (any SendDialogToEmailAddressCompletionHandler).self)
        add(
            "SendDialogToEmailAddressCompletionHandler.onSuccess()",
            { (sendDialogToEmailAddressCompletionHandler: any SendDialogToEmailAddressCompletionHandler) in
                sendDialogToEmailAddressCompletionHandler.onSuccess
            }
        )
        add(
            "SendDialogToEmailAddressCompletionHandler.onFailure(error:)",
            { (sendDialogToEmailAddressCompletionHandler: any SendDialogToEmailAddressCompletionHandler) in
                sendDialogToEmailAddressCompletionHandler.onFailure(error:)
            }
        )
        add("VisitSessionStateListener", (any VisitSessionStateListener).self)
        add(
            "VisitSessionStateListener.changed(state:to:)",
            { (visitSessionStateListener: any VisitSessionStateListener) in visitSessionStateListener.changed(state:to:)
            }
        )
        add("DepartmentListChangeListener", (any DepartmentListChangeListener).self)
        add(
            "DepartmentListChangeListener.received(departmentList:)",
            { (departmentListChangeListener: any DepartmentListChangeListener) in
                departmentListChangeListener.received(departmentList:)
            }
        )
        add("ChatStateListener", (any ChatStateListener).self)
        add(
            "ChatStateListener.changed(state:to:)",
            { (chatStateListener: any ChatStateListener) in chatStateListener.changed(state:to:) }
        )
        add("CurrentOperatorChangeListener", (any CurrentOperatorChangeListener).self)
        add(
            "CurrentOperatorChangeListener.changed(operator:to:)",
            { (currentOperatorChangeListener: any CurrentOperatorChangeListener) in
                currentOperatorChangeListener.changed(operator:to:)
            }
        )
        add("OperatorTypingListener", (any OperatorTypingListener).self)
        add(
            "OperatorTypingListener.onOperatorTypingStateChanged(isTyping:)",
            { (operatorTypingListener: any OperatorTypingListener) in
                operatorTypingListener.onOperatorTypingStateChanged(isTyping:)
            }
        )
        add("LocationSettingsChangeListener", (any LocationSettingsChangeListener).self)
        add(
            "LocationSettingsChangeListener.changed(locationSettings:to:)",
            { (locationSettingsChangeListener: any LocationSettingsChangeListener) in
                locationSettingsChangeListener.changed(locationSettings:to:)
            }
        )
        add("OnlineStatusChangeListener", (any OnlineStatusChangeListener).self)
        add(
            "OnlineStatusChangeListener.changed(onlineStatus:to:)",
            { (onlineStatusChangeListener: any OnlineStatusChangeListener) in
                onlineStatusChangeListener.changed(onlineStatus:to:)
            }
        )
        add("UnreadByOperatorTimestampChangeListener", (any UnreadByOperatorTimestampChangeListener).self)
        add(
            "UnreadByOperatorTimestampChangeListener.changedUnreadByOperatorTimestampTo(newValue:)",
            { (unreadByOperatorTimestampChangeListener: any UnreadByOperatorTimestampChangeListener) in
                unreadByOperatorTimestampChangeListener.changedUnreadByOperatorTimestampTo(newValue:)
            }
        )
        add("UnreadByVisitorMessageCountChangeListener", (any UnreadByVisitorMessageCountChangeListener).self)
        add(
            "UnreadByVisitorMessageCountChangeListener.changedUnreadByVisitorMessageCountTo(newValue:)",
            { (unreadByVisitorMessageCountChangeListener: any UnreadByVisitorMessageCountChangeListener) in
                unreadByVisitorMessageCountChangeListener.changedUnreadByVisitorMessageCountTo(newValue:)
            }
        )
        add("UnreadByVisitorTimestampChangeListener", (any UnreadByVisitorTimestampChangeListener).self)
        add(
            "UnreadByVisitorTimestampChangeListener.changedUnreadByVisitorTimestampTo(newValue:)",
            { (unreadByVisitorTimestampChangeListener: any UnreadByVisitorTimestampChangeListener) in
                unreadByVisitorTimestampChangeListener.changedUnreadByVisitorTimestampTo(newValue:)
            }
        )
        add("HelloMessageListener", (any HelloMessageListener).self)
        add(
            "HelloMessageListener.helloMessage(message:)",
            { (helloMessageListener: any HelloMessageListener) in helloMessageListener.helloMessage(message:) }
        )
        add("ServerSideSettingsCompletionHandler", (any ServerSideSettingsCompletionHandler).self)
        add(
            "ServerSideSettingsCompletionHandler.onSuccess(webimServerSideSettings:)",
            { (serverSideSettingsCompletionHandler: any ServerSideSettingsCompletionHandler) in
                serverSideSettingsCompletionHandler.onSuccess(webimServerSideSettings:)
            }
        )
        add(
            "ServerSideSettingsCompletionHandler.onFailure()",
            { (serverSideSettingsCompletionHandler: any ServerSideSettingsCompletionHandler) in
                serverSideSettingsCompletionHandler.onFailure
            }
        )
        add("RawLocationConfigCompletionHandler", (any RawLocationConfigCompletionHandler).self)
        add(
            "RawLocationConfigCompletionHandler.onSuccess(rawLocationConfig:)",
            { (rawLocationConfigCompletionHandler: any RawLocationConfigCompletionHandler) in
                rawLocationConfigCompletionHandler.onSuccess(rawLocationConfig:)
            }
        )
        add(
            "RawLocationConfigCompletionHandler.onFailure()",
            { (rawLocationConfigCompletionHandler: any RawLocationConfigCompletionHandler) in
                rawLocationConfigCompletionHandler.onFailure
            }
        )
        add("SearchMessagesCompletionHandler", (any SearchMessagesCompletionHandler).self)
        add(
            "SearchMessagesCompletionHandler.onSearchMessageSuccess(query:messages:)",
            { (searchMessagesCompletionHandler: any SearchMessagesCompletionHandler) in
                searchMessagesCompletionHandler.onSearchMessageSuccess(query:messages:)
                    as (String, [any Message]) -> Void
            }
        )
        add(
            "SearchMessagesCompletionHandler.onSearchMessageFailure(query:)",
            { (searchMessagesCompletionHandler: any SearchMessagesCompletionHandler) in
                searchMessagesCompletionHandler.onSearchMessageFailure(query:)
            }
        )
        add("SendMessageCompletionHandler", (any SendMessageCompletionHandler).self)
        add(
            "SendMessageCompletionHandler.onSuccess(messageID:)",
            { (sendMessageCompletionHandler: any SendMessageCompletionHandler) in
                sendMessageCompletionHandler.onSuccess(messageID:)
            }
        )
        add("SendStickerCompletionHandler", (any SendStickerCompletionHandler).self)
        add(
            "SendStickerCompletionHandler.onSuccess()",
            { (sendStickerCompletionHandler: any SendStickerCompletionHandler) in sendStickerCompletionHandler.onSuccess
            }
        )
        add(
            "SendStickerCompletionHandler.onFailure(error:)",
            { (sendStickerCompletionHandler: any SendStickerCompletionHandler) in
                sendStickerCompletionHandler.onFailure(error:)
            }
        )
        add("ResendMessageCompletionHandler", (any ResendMessageCompletionHandler).self)
        add(
            "ResendMessageCompletionHandler.onSuccess(messageID:)",
            { (resendMessageCompletionHandler: any ResendMessageCompletionHandler) in
                resendMessageCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "ResendMessageCompletionHandler.onFailure()",
            { (resendMessageCompletionHandler: any ResendMessageCompletionHandler) in
                resendMessageCompletionHandler.onFailure
            }
        )
        add("ContactsCompletionHandler", (any ContactsCompletionHandler).self)
        add(
            "ContactsCompletionHandler.onSuccess()",
            { (contactsCompletionHandler: any ContactsCompletionHandler) in contactsCompletionHandler.onSuccess }
        )
        add(
            "ContactsCompletionHandler.onFailure(error:)",
            { (contactsCompletionHandler: any ContactsCompletionHandler) in contactsCompletionHandler.onFailure(error:)
            }
        )
        add("UploadFileToServerCompletionHandler", (any UploadFileToServerCompletionHandler).self)
        add(
            "UploadFileToServerCompletionHandler.onSuccess(id:uploadedFile:)",
            { (uploadFileToServerCompletionHandler: any UploadFileToServerCompletionHandler) in
                uploadFileToServerCompletionHandler.onSuccess(id:uploadedFile:)
            }
        )
        add(
            "UploadFileToServerCompletionHandler.onFailure(messageID:error:)",
            { (uploadFileToServerCompletionHandler: any UploadFileToServerCompletionHandler) in
                uploadFileToServerCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("SendFilesCompletionHandler", (any SendFilesCompletionHandler).self)
        add(
            "SendFilesCompletionHandler.onSuccess(messageID:)",
            { (sendFilesCompletionHandler: any SendFilesCompletionHandler) in
                sendFilesCompletionHandler.onSuccess(messageID:)
            }
        )
        add(
            "SendFilesCompletionHandler.onFailure(messageID:error:)",
            { (sendFilesCompletionHandler: any SendFilesCompletionHandler) in
                sendFilesCompletionHandler.onFailure(messageID:error:)
            }
        )
        add("DeleteUploadedFileCompletionHandler", (any DeleteUploadedFileCompletionHandler).self)
        add(
            "DeleteUploadedFileCompletionHandler.onSuccess()",
            { (deleteUploadedFileCompletionHandler: any DeleteUploadedFileCompletionHandler) in
                deleteUploadedFileCompletionHandler.onSuccess
            }
        )
        add(
            "DeleteUploadedFileCompletionHandler.onFailure(error:)",
            { (deleteUploadedFileCompletionHandler: any DeleteUploadedFileCompletionHandler) in
                deleteUploadedFileCompletionHandler.onFailure(error:)
            }
        )
    }
}
