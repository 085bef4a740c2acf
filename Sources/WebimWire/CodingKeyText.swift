/// A coding key made up on the spot: an array index, or `super`, in a coding path.
struct CodingKeyText: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(stringValue: String) { self.init(stringValue) }
    init(intValue: Int) { self.init(index: intValue) }
}
