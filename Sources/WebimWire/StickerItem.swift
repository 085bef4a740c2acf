/// The `data` of a `sticker_visitor` message (PROTOCOL.md §4.8).
public struct StickerItem: Codable, Sendable, Equatable {
    public var stickerId: Int

    public init(stickerId: Int) { self.stickerId = stickerId }
}
