public import Foundation
import Logging

/// Configures and builds a `WebimSession`, as in the SDK reference.
public final class SessionBuilder {
    private var accountName: String?
    private var location: String?
    private var pageTitle = "iOS Client"
    private var fatalErrorHandler: (any FatalErrorHandler)?
    private var notFatalErrorHandler: (any NotFatalErrorHandler)?
    private var isLocalHistoryStoragingEnabled = true
    private var storageDirectory: URL?
    private var executor: WebimExecutor?

    init() {}

    /// The Webim account: a name (`https://NAME.webim.ru`) or a full base URL such as `http://127.0.0.1:8081`.
    @discardableResult
    public func set(accountName: String) -> SessionBuilder {
        self.accountName = accountName
        return self
    }

    /// The Webim location; the embedded service picks its scenario by it.
    @discardableResult
    public func set(location: String) -> SessionBuilder {
        self.location = location
        return self
    }

    /// The page title the operator sees.
    @discardableResult
    public func set(pageTitle: String) -> SessionBuilder {
        self.pageTitle = pageTitle
        return self
    }

    /// Receives fatal errors; the session is destroyed after one.
    @discardableResult
    public func set(fatalErrorHandler: any FatalErrorHandler) -> SessionBuilder {
        self.fatalErrorHandler = fatalErrorHandler
        return self
    }

    /// Receives non-fatal (network) errors.
    @discardableResult
    public func set(notFatalErrorHandler: any NotFatalErrorHandler) -> SessionBuilder {
        self.notFatalErrorHandler = notFatalErrorHandler
        return self
    }

    /// Whether history and the outbox are kept in SQLite (default) or in memory only.
    @discardableResult
    public func set(isLocalHistoryStoragingEnabled: Bool) -> SessionBuilder {
        self.isLocalHistoryStoragingEnabled = isLocalHistoryStoragingEnabled
        return self
    }

    /// Linux addition: the folder of this visitor's stored data (iOS uses the app's own containers).
    @discardableResult
    public func set(storageDirectory: URL) -> SessionBuilder {
        self.storageDirectory = storageDirectory
        return self
    }

    /// Linux addition: the executor the session is confined to (iOS uses the thread `build()` runs on).
    @discardableResult
    public func set(executor: WebimExecutor) -> SessionBuilder {
        self.executor = executor
        return self
    }

    /// Builds the session. It starts paused: call `resume()`.
    public func build() throws -> any WebimSession {
        guard let accountName else { throw SessionBuilderError.nilAccountName }
        guard let location else { throw SessionBuilderError.nilLocation }
        let executor = executor ?? WebimExecutor()
        guard executor.isCurrent else { throw AccessError.invalidThread }
        let directory =
            storageDirectory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("webim-\(UUID().uuidString)")
        let history: HistoryDatabase
        do {
            history =
                isLocalHistoryStoragingEnabled
                ? try HistoryDatabase(directory: directory.appendingPathComponent("history")) : try HistoryDatabase()
        } catch {
            throw SessionBuilderError.invalidHistoryStorage
        }
        let configuration = SessionConfiguration(
            baseURL: Self.baseURL(accountName: accountName),
            location: location,
            pageTitle: pageTitle,
            storageDirectory: directory
        )
        let core = SessionCore(
            executor: executor,
            configuration: configuration,
            history: history,
            fatalErrorHandler: fatalErrorHandler,
            notFatalErrorHandler: notFatalErrorHandler
        )
        core.assumeIsolated { $0.restoreFromHistory() }
        return WebimSessionImpl(core: core)
    }

    /// PROTOCOL.md §1.1: a name becomes `https://NAME.webim.ru`; a full URL is used as is, less one trailing `/`.
    static func baseURL(accountName: String) -> String {
        guard accountName.contains("://") else { return "https://\(accountName).webim.ru" }
        return accountName.hasSuffix("/") ? String(accountName.dropLast()) : accountName
    }
}

/// What a session was built with.
struct SessionConfiguration: Sendable {
    var baseURL: String
    var location: String
    var pageTitle: String
    var storageDirectory: URL
}
