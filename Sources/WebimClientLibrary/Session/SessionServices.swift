import Foundation
import WebimWire

/// What every part of a session acts through, made once when the session is built and never replaced: the serial
/// executor the parts are confined to, the service's wire, the local store, the clock the loops wait on, the tasks
/// the session owns, and the signer that file URLs read their credentials from.
struct SessionServices: Sendable {
    let executor: WebimExecutor
    let wire: WireClient
    let history: HistoryDatabase
    let clock: SessionClock
    /// Owns every task of the session: each ends when the session does.
    let lifetime = SessionLifetime()
    /// The loops and requests waiting for a state change.
    let wakeups = WakeupList()
    /// Credentials that signed file URLs read when they are asked for one.
    let fileSigner = FileURLSigner()

    init(executor: WebimExecutor, settings: SessionSettings, history: HistoryDatabase) {
        self.executor = executor
        self.history = history
        clock = SessionClock(settings.clock)
        wire = WireClient(
            transport: settings.wireTransport
                ?? HTTPWireTransport(baseURL: settings.baseURL, client: SessionHTTPClient.shared),
            log: settings.log
        )
    }
}
