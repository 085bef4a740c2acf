/// The answer to init and to the delta long-poll (PROTOCOL.md §3.1).
public struct DeltaResponse: Codable, Sendable, Equatable {
    /// The visitor's revision after this answer; absent on a hold timeout.
    public var revision: Int?
    /// A complete snapshot: always on init, optional on delta.
    public var fullUpdate: FullUpdate?
    /// Changes since the requested revision, applied in order.
    public var deltaList: [DeltaItem]?
    /// A failure; see `WireError`.
    public var error: String?

    public init(
        revision: Int? = nil,
        fullUpdate: FullUpdate? = nil,
        deltaList: [DeltaItem]? = nil,
        error: String? = nil
    ) {
        self.revision = revision
        self.fullUpdate = fullUpdate
        self.deltaList = deltaList
        self.error = error
    }
}
