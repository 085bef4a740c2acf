/// A coding key made up on the spot: an array index, or `super`, in a coding path.
///
/// An index keeps its number alone: its text is written only if someone reads the path.
enum CodingKeyText: CodingKey {
    case index(Int)
    case named(String)

    init(stringValue: String) { self = .named(stringValue) }
    init(intValue: Int) { self = .index(intValue) }

    var stringValue: String {
        switch self {
        case .index(let index): "Index \(index)"
        case .named(let name): name
        }
    }

    var intValue: Int? {
        if case .index(let index) = self { return index }
        return nil
    }
}
