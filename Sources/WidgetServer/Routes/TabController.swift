import Foundation
import HTTPAPI
import Hummingbird
import Logging
import WebimClientLibrary

/// `POST /api/tabs`, `POST /api/tabs/{tab}` and `DELETE /api/tabs/{tab}`: a tab's life.
///
/// A page proposes its tab's id (`POST /api/tabs/{tab}`), so that a balancer hashing the path sends its first request
/// where every later one goes. The server that holds the tab, or kept its data, continues it; any other server of the
/// deployment continues its visitor from the sealed `credential` the page holds (`CredentialSeal`).
struct TabController {
    let registry: TabRegistry
    let storage: TabStorage
    /// Once it has started, no new tab opens here.
    let drain: ServerDrain
    let configuration: WidgetConfiguration
    let logger: Logger

    /// The routes, below `/api/tabs`.
    var endpoints: RouteCollection<WidgetRequestContext> {
        RouteCollection(context: WidgetRequestContext.self)
            .post(use: createTab)
            .post("{tab}", use: createProposedTab)
            .delete("{tab}", use: deleteTab)
    }

    /// Every field is optional: a page may open a tab with an empty body. There is no language: the Webim protocol
    /// has no place for the visitor's (its init and actions carry none; `VISIT_SESSION_LANG` is the server's word),
    /// so the page's locale stays the page's.
    private struct CreateTab: EmptyBodyDecodable {
        var location: String?
        var visitorFields: String?
        var departmentKey: String?
        var prechat: String?
        /// The id the page had: its visitor continues when the tab is open or its data is still kept.
        var resume: String?
        /// A kiosk page's tab: its files are never stored by the browser.
        var kiosk: Bool?
        /// Keep the client core's log at this verbosity (`verbose` … `error`), for the developer preview.
        var coreLog: String?
        /// The sealed visitor credential the page holds for the tab it names in the path.
        var credential: String?
    }

    private struct CreatedTab: Encodable {
        var tabId: String
        var resumed: Bool
    }

    private func createTab(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let body = try await request.decode(as: CreateTab.self, context: context)
        let options = try Self.validated(body, defaultLocation: configuration.defaultLocation)
        if let resume = body.resume, !TabRegistry.isWellFormed(id: resume) {
            throw APIError(.invalidResume, "resume is a tab id this server gave.", field: "resume")
        }
        if body.resume.flatMap(registry.tab(id:)) == nil {
            // A tab this server holds open continues; any other would start a session that the stop cuts short.
            if drain.isDraining { throw APIError.draining }
            if registry.count >= configuration.maxTabs { throw APIError.tooManyTabs(retryAfterSeconds: 30) }
        }
        let (tab, isNew, resumed) = openTab(resuming: body.resume)
        guard isNew else { return try answerOpen(tab) }
        try countAgainstClient(tab, request: request, context: context)
        try await opener.start(tab, options: options, isKiosk: isKiosk(body), isResumed: resumed)
        tab.events.touch()
        return try JSONResponse.make(CreatedTab(tabId: tab.id, resumed: resumed), status: .created)
    }

    /// The tab the page names: open here, kept here, continued from its credential, or new under that id.
    private func createProposedTab(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        guard let id = context.parameters.get("tab"), TabRegistry.isWellFormed(id: id) else {
            throw APIError(.invalidTabID, "A tab id is 22 base64url characters.", field: "tab")
        }
        let body = try await request.decode(as: CreateTab.self, context: context)
        var options = try Self.validated(body, defaultLocation: configuration.defaultLocation)
        if let open = registry.tab(id: id) { return try answerOpen(open) }
        var visitor: VisitorHandoff?
        var isKiosk = isKiosk(body)
        let isKept = storage.isKept(tabID: id)
        // An erased tab's credential still opens, but continues no one: the page gets a new visitor.
        if !isKept, let sealed = body.credential, !storage.erasedTabs.contains(tabID: id) {
            let credential = try openCredential(sealed, tabID: id)
            visitor = credential.visitor
            isKiosk = isKiosk || credential.isKiosk
            options = TabSession.Options(
                location: credential.location,
                visitorFields: credential.visitorFields,
                prechat: options.prechat,
                departmentKey: credential.departmentKey,
                coreLog: options.coreLog
            )
        }
        // Draining, this server opens no tab: the page's next try goes to the server that continues it.
        if drain.isDraining { throw APIError.draining }
        guard registry.count < configuration.maxTabs else { throw APIError.tooManyTabs(retryAfterSeconds: 30) }
        let (capacity, perTab) = (configuration.streamQueueCapacity, configuration.streamsPerTab)
        let (tab, isNew) = registry.adoptTab(id: id, streamQueueCapacity: capacity, streamsPerTab: perTab)
        guard isNew else { return try answerOpen(tab) }
        try countAgainstClient(tab, request: request, context: context)
        let resumed = isKept || visitor != nil
        try await opener.start(tab, options: options, isKiosk: isKiosk, isResumed: resumed, visitor: visitor)
        tab.events.touch()
        return try JSONResponse.make(CreatedTab(tabId: tab.id, resumed: resumed), status: .created)
    }

    /// The credential `sealed` holds for tab `id`, or 403.
    private func openCredential(_ sealed: String, tabID id: String) throws -> VisitorCredential {
        do {
            return try CredentialSeal(key: configuration.clusterKey).open(
                sealed,
                tabID: id,
                now: configuration.clock.date()
            )
        } catch .forged {
            throw APIError(.invalidCredential, "The credential does not belong to this tab.", field: "credential")
        } catch .expired {
            throw APIError(.credentialExpired, "The credential has expired; start a new tab.", field: "credential")
        }
    }

    /// Counts a new tab against the client that asked for it; past `maxTabsPerClient`, the tab (not started yet) is
    /// forgotten and the page gets 429 `too_many_tabs_for_client`.
    private func countAgainstClient(_ tab: TabSession, request: Request, context: WidgetRequestContext) throws {
        let client = VisitorAddress.group(
            of: request,
            context: context,
            trustedProxies: Set(configuration.trustedProxies)
        )
        guard registry.clients.record(tabID: tab.id, client: client, limit: configuration.maxTabsPerClient) else {
            _ = registry.remove(id: tab.id)
            throw APIError.tooManyTabsForClient(retryAfterSeconds: 30)
        }
    }

    /// 200 for a tab that is open already: the page came back to it.
    private func answerOpen(_ tab: TabSession) throws -> Response {
        tab.events.markReturned()
        tab.events.touch()
        return try JSONResponse.make(CreatedTab(tabId: tab.id, resumed: true), status: .ok)
    }

    private func isKiosk(_ body: CreateTab) -> Bool { body.kiosk == true || configuration.kiosk.forced }

    /// The session options the body asks for, each checked; the first that is not valid is a 400 naming it.
    private static func validated(_ body: CreateTab, defaultLocation: String) throws -> TabSession.Options {
        let location = body.location ?? defaultLocation
        try Validation.key(location, field: "location", code: .invalidLocation)
        if let fields = body.visitorFields {
            try Validation.jsonObject(fields, field: "visitorFields", code: .invalidVisitorFields)
        }
        if let key = body.departmentKey { try Validation.key(key, field: "departmentKey", code: .invalidDepartmentKey) }
        if let prechat = body.prechat {
            try Validation.length(prechat, atMost: 4096, field: "prechat", code: .prechatTooLong)
        }
        let coreLog = try body.coreLog.map { name in
            guard let level = TabCoreLog.level(named: name) else {
                throw APIError(.invalidCoreLog, "coreLog is verbose, debug, info, warning or error.", field: "coreLog")
            }
            return level
        }
        return TabSession.Options(
            location: location,
            visitorFields: body.visitorFields,
            prechat: body.prechat,
            departmentKey: body.departmentKey,
            coreLog: coreLog
        )
    }

    /// The tab to answer with: the open one the page names, one re-opened on the visitor data it left (after a
    /// restart, or after the reaper closed it), or a new tab with a new visitor.
    private func openTab(resuming id: String?) -> (tab: TabSession, isNew: Bool, resumed: Bool) {
        let (capacity, perTab) = (configuration.streamQueueCapacity, configuration.streamsPerTab)
        if let id {
            if let open = registry.tab(id: id) { return (open, false, true) }
            if storage.isKept(tabID: id) {
                let (tab, isNew) = registry.adoptTab(id: id, streamQueueCapacity: capacity, streamsPerTab: perTab)
                return (tab, isNew, true)
            }
        }
        return (registry.makeTab(streamQueueCapacity: capacity, streamsPerTab: perTab), true, false)
    }

    private var opener: TabOpener {
        TabOpener(registry: registry, storage: storage, configuration: configuration, logger: logger)
    }

    private func deleteTab(_ request: Request, context: WidgetRequestContext) async throws -> Response {
        let clear = FormQuery(request).get("clear")
        guard clear == nil || clear == "1" || clear == "0" else {
            throw APIError(.invalidClear, "clear is 1 or 0.", field: "clear")
        }
        guard let id = context.parameters.get("tab") else { throw APIError.unknownTab }
        if clear == "1", TabRegistry.isWellFormed(id: id), registry.tab(id: id) != nil || storage.isKept(tabID: id) {
            // Marked first: a credential replayed while the erasure runs must not find the visitor.
            try storage.erasedTabs.record(tabID: id)
        }
        if clear != "1", let open = registry.tab(id: id), open.events.hasUnsentMessages {
            // Its outbox still holds a message: the session stays to deliver it, and the reaper closes the tab as
            // soon as it is sent (`TabRegistry.departures`).
            open.events.markLeftByPage()
            return Response(status: .noContent)
        }
        guard let tab = registry.remove(id: id) else {
            // A kiosk reset erases the visitor whether or not the tab is open: the reaper may have closed it, or the
            // server restarted, and its kept data would otherwise wait out the retention.
            guard clear == "1", TabRegistry.isWellFormed(id: id), storage.isKept(tabID: id) else {
                throw APIError.unknownTab
            }
            try await eraseKept(tabID: id)
            return Response(status: .noContent)
        }
        await tab.close(clear == "1" ? .erased : .closed)
        return Response(status: .noContent)
    }

    /// Erases a tab that is not open but whose data is kept: its session opens once more on that data, with no page,
    /// only so that its erasure clears the visitor's history on the service too (`TabSession.close(.erased)`); the
    /// folder goes whether or not that session could start.
    private func eraseKept(tabID id: String) async throws {
        if let kept = KeptTab.read(from: storage.folder(of: id)) {
            let (capacity, perTab) = (configuration.streamQueueCapacity, configuration.streamsPerTab)
            let (tab, isNew) = registry.adoptTab(id: id, streamQueueCapacity: capacity, streamsPerTab: perTab)
            if isNew { try? await opener.start(tab, options: kept.options, isKiosk: kept.isKiosk, isResumed: true) }
            if let reopened = registry.remove(id: id) { await reopened.close(.erased) }
        }
        if storage.isKept(tabID: id) { try storage.erase(tabID: id) }
    }
}

extension TabRegistry {
    /// The tab named by the path's `{tab}`, marked as used; 404 when there is none.
    func tab(_ context: WidgetRequestContext) throws -> TabSession {
        guard let id = context.parameters.get("tab"), let tab = tab(id: id) else { throw APIError.unknownTab }
        tab.events.touch()
        return tab
    }
}
