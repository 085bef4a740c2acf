/// Why the server asks a page to reopen its stream, as the `reconnect` event's `reason`: the page and the sites that
/// embed it read it, so it is written out (a golden test holds the list).
enum ReconnectReason: String, CaseIterable, Sendable {
    /// The server is stopping (SIGTERM): the next server behind the balancer, or this one restarted, answers.
    case draining = "draining"
}
