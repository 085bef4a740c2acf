import Foundation

/// The widget's own sticker set: eight pictures in `Public/stickers/`, served from this origin by id. The Webim
/// protocol carries only a sticker's id (PROTOCOL.md §4.8) and no picture or URL, so the picture is the widget's to
/// draw; the location's config (`widget_sticker_ids`, this service's extension) says which ids a visitor may send.
enum StickerSet {
    /// Each sticker's English name, the picture's alternative text; the page translates it by id.
    static let names: [Int: String] = [
        1: "Waving hand",
        2: "Thumbs up",
        3: "Heart",
        4: "Smiling face",
        5: "Laughing face",
        6: "Thank you",
        7: "Star",
        8: "Party popper",
    ]

    /// The picture's address on this origin, when the set has the id.
    static func url(of id: Int) -> String? { names[id] == nil ? nil : "/static/stickers/\(id).svg" }

    /// The stickers a location allows, in the order its config lists them; ids the set lacks are left out.
    static func allowed(accountConfigJSON: String) -> [WidgetSticker] {
        guard let config = try? JSONDecoder().decode(StickerConfig.self, from: Data(accountConfigJSON.utf8)) else {
            return []
        }
        var seen = Set<Int>()
        return (config.ids ?? []).filter { names[$0] != nil && seen.insert($0).inserted }.map(WidgetSticker.init(id:))
    }

    /// The one account config key the set reads.
    private struct StickerConfig: Decodable {
        var ids: [Int]?

        enum CodingKeys: String, CodingKey {
            case ids = "widget_sticker_ids"
        }
    }

    /// The sticker id an operator's message carries in its `data` (`{"stickerId": int}`): Webim has no operator
    /// sticker kind, so the embedded service's bots send one this way (its README's extension).
    static func operatorStickerID(in data: [String: Any?]?) -> Int? {
        // The core hands JSON numbers over as native `Int`s and booleans as `Bool`s, which do not cast to `Int`.
        (data?["stickerId"] ?? nil) as? Int
    }
}
