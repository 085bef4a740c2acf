import WebimClientLibrary

extension ReferenceCoverageSymbols {
    /// Webim, the builder, the session, errors and their handlers, logging, push notifications, settings.
    mutating func addSession() {
        add("Webim", Webim.self)
        add("Webim.newSessionBuilder()", Webim.newSessionBuilder)
        add("Webim.parse(remoteNotification:visitorId:)", Webim.parse(remoteNotification:visitorId:))
        add("Webim.isWebim(remoteNotification:)", Webim.isWebim(remoteNotification:))
        add("SessionBuilder", SessionBuilder.self)
        add("SessionBuilder.set(accountName:)", SessionBuilder.set(accountName:))
        add("SessionBuilder.set(location:)", SessionBuilder.set(location:))
        add("SessionBuilder.set(prechat:)", SessionBuilder.set(prechat:))
        add("SessionBuilder.set(appVersion:)", SessionBuilder.set(appVersion:))
        add("SessionBuilder.set(visitorFieldsJSONString:)", SessionBuilder.set(visitorFieldsJSONString:))
        add("SessionBuilder.set(visitorFieldsJSONData:)", SessionBuilder.set(visitorFieldsJSONData:))
        add(
            "SessionBuilder.set(providedAuthorizationTokenStateListener:providedAuthorizationToken:)",
            SessionBuilder.set(providedAuthorizationTokenStateListener:providedAuthorizationToken:)
        )
        add("SessionBuilder.set(pageTitle:)", SessionBuilder.set(pageTitle:))
        add("SessionBuilder.set(fatalErrorHandler:)", SessionBuilder.set(fatalErrorHandler:))
        add("SessionBuilder.set(notFatalErrorHandler:)", SessionBuilder.set(notFatalErrorHandler:))
        add("SessionBuilder.set(remoteNotificationSystem:)", SessionBuilder.set(remoteNotificationSystem:))
        add("SessionBuilder.set(deviceToken:)", SessionBuilder.set(deviceToken:))
        add("SessionBuilder.set(isLocalHistoryStoragingEnabled:)", SessionBuilder.set(isLocalHistoryStoragingEnabled:))
        add("SessionBuilder.set(isVisitorDataClearingEnabled:)", SessionBuilder.set(isVisitorDataClearingEnabled:))
        add("SessionBuilder.set(multivisitorSection:)", SessionBuilder.set(multivisitorSection:))
        add(
            "SessionBuilder.set(webimLogger:verbosityLevel:)",
            { (builder: SessionBuilder, logger: any WebimLogger) in
                builder.set(webimLogger: logger, verbosityLevel: .debug)
            }
        )
        add("SessionBuilder.build()", SessionBuilder.build as (SessionBuilder) -> () throws -> any WebimSession)
        add(
            "SessionBuilder.build(onSuccess:onError:)",
            SessionBuilder.build(onSuccess:onError:)
                as (SessionBuilder) -> ((any WebimSession) -> Void, (SessionBuilderError) -> Void) -> Void
        )
        add(
            "SessionBuilder.set(webimLogger:verbosityLevel:availableLogTypes:)",
            SessionBuilder.set(webimLogger:verbosityLevel:availableLogTypes:)
        )
        add("SessionBuilder.set(webimAlert:)", SessionBuilder.set(webimAlert:))
        add("SessionBuilder.set(mobileChatInstance:)", SessionBuilder.set(mobileChatInstance:))
        add("SessionBuilder.set(executor:)", SessionBuilder.set(executor:))
        add("SessionBuilder.set(storageDirectory:)", SessionBuilder.set(storageDirectory:))
        add("SessionBuilder.set(requestTimeout:)", SessionBuilder.set(requestTimeout:))
        add("SessionBuilder.set(wireTransport:)", SessionBuilder.set(wireTransport:))
        add("ProvidedAuthorizationTokenStateListener", (any ProvidedAuthorizationTokenStateListener).self)
        add(
            "ProvidedAuthorizationTokenStateListener.update(providedAuthorizationToken:)",
            { (providedAuthorizationTokenStateListener: any ProvidedAuthorizationTokenStateListener) in
                providedAuthorizationTokenStateListener.update(providedAuthorizationToken:)
            }
        )
        add("WebimSession", (any WebimSession).self)
        add("WebimSession.resume()", { (webimSession: any WebimSession) in webimSession.resume })
        add("WebimSession.pause()", { (webimSession: any WebimSession) in webimSession.pause })
        add("WebimSession.destroy()", { (webimSession: any WebimSession) in webimSession.destroy })
        add(
            "WebimSession.destroyWithClearVisitorData()",
            { (webimSession: any WebimSession) in webimSession.destroyWithClearVisitorData }
        )
        add("WebimSession.getStream()", { (webimSession: any WebimSession) in webimSession.getStream })
        add("WebimSession.change(location:)", { (webimSession: any WebimSession) in webimSession.change(location:) })
        add(
            "WebimSession.set(deviceToken:)",
            { (webimSession: any WebimSession) in webimSession.set(deviceToken:) as (String) throws -> Void }
        )
        add("LocationSettings", (any LocationSettings).self)
        add(
            "LocationSettings.areHintsEnabled()",
            { (locationSettings: any LocationSettings) in locationSettings.areHintsEnabled }
        )
        add("WebimRemoteNotification", (any WebimRemoteNotification).self)
        add(
            "WebimRemoteNotification.getType()",
            { (webimRemoteNotification: any WebimRemoteNotification) in
                webimRemoteNotification.getType as () -> NotificationType?
            }
        )
        add(
            "WebimRemoteNotification.getEvent()",
            { (webimRemoteNotification: any WebimRemoteNotification) in webimRemoteNotification.getEvent }
        )
        add(
            "WebimRemoteNotification.getParameters()",
            { (webimRemoteNotification: any WebimRemoteNotification) in webimRemoteNotification.getParameters }
        )
        add(
            "WebimRemoteNotification.getLocation()",
            { (webimRemoteNotification: any WebimRemoteNotification) in webimRemoteNotification.getLocation }
        )
        add(
            "WebimRemoteNotification.getUnreadByVisitorMessagesCount()",
            { (webimRemoteNotification: any WebimRemoteNotification) in
                webimRemoteNotification.getUnreadByVisitorMessagesCount
            }
        )
        add("FatalErrorHandler", (any FatalErrorHandler).self)
        add(
            "FatalErrorHandler.on(error:)",
            { (fatalErrorHandler: any FatalErrorHandler) in fatalErrorHandler.on(error:) }
        )
        add("WebimError", (any WebimError).self)
        add("WebimError.getErrorType()", { (webimError: any WebimError) in webimError.getErrorType })
        add("WebimError.getErrorString()", { (webimError: any WebimError) in webimError.getErrorString })
        add("NotFatalErrorHandler", (any NotFatalErrorHandler).self)
        add(
            "NotFatalErrorHandler.on(error:)",
            { (notFatalErrorHandler: any NotFatalErrorHandler) in notFatalErrorHandler.on(error:) }
        )
        add(
            "NotFatalErrorHandler.connectionStateChanged(connected:)",
            { (notFatalErrorHandler: any NotFatalErrorHandler) in
                notFatalErrorHandler.connectionStateChanged(connected:)
            }
        )
        add("WebimNotFatalError", (any WebimNotFatalError).self)
        add(
            "WebimNotFatalError.getErrorType()",
            { (webimNotFatalError: any WebimNotFatalError) in webimNotFatalError.getErrorType }
        )
        add(
            "WebimNotFatalError.getErrorString()",
            { (webimNotFatalError: any WebimNotFatalError) in webimNotFatalError.getErrorString }
        )
        add("WebimLogger", (any WebimLogger).self)
        add("WebimLogger.log(entry:)", { (webimLogger: any WebimLogger) in webimLogger.log(entry:) })
        add("WebimAlert", (any WebimAlert).self)
        add(
            "WebimAlert.present(title:message:)",
            { (webimAlert: any WebimAlert) in webimAlert.present(title:message:) }
        )
        add("WebimExecutor", WebimExecutor.self)
        add("WebimExecutor.init(label:)", WebimExecutor.init(label:))
        add("WebimExecutor.isCurrent", \WebimExecutor.isCurrent)
        add("WebimServerSideSettings", WebimServerSideSettings.self)
        add(
            "WebimServerSideSettings.init(maxVisitorUploadFileSizeMB:allowedUploadFileTypes:visitorUploadFile:visitorMessageEditing:webAndMobileQuoting:rateOperator:accountConfigJSON:)",
            WebimServerSideSettings.init(
                maxVisitorUploadFileSizeMB:
                allowedUploadFileTypes:
                visitorUploadFile:
                visitorMessageEditing:
                webAndMobileQuoting:
                rateOperator:
                accountConfigJSON:
            )
        )
        add("WebimServerSideSettings.defaults", WebimServerSideSettings.defaults)
        add("WebimServerSideSettings.maxVisitorUploadFileSizeMB", \WebimServerSideSettings.maxVisitorUploadFileSizeMB)
        add("WebimServerSideSettings.allowedUploadFileTypes", \WebimServerSideSettings.allowedUploadFileTypes)
        add("WebimServerSideSettings.visitorUploadFile", \WebimServerSideSettings.visitorUploadFile)
        add("WebimServerSideSettings.visitorMessageEditing", \WebimServerSideSettings.visitorMessageEditing)
        add("WebimServerSideSettings.webAndMobileQuoting", \WebimServerSideSettings.webAndMobileQuoting)
        add("WebimServerSideSettings.rateOperator", \WebimServerSideSettings.rateOperator)
        add("WebimServerSideSettings.accountConfigJSON", \WebimServerSideSettings.accountConfigJSON)
    }
}
