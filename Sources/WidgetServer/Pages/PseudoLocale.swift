/// The tester's pseudo-locale (`locale=qps`) as the page draws it (`Public/js/pseudo-locale.js`, which a test holds
/// to this): every English string about 40 % longer, its letters accented and bracketed, placeholders untouched. The
/// server draws the first paint with it, so that the page does not change once its script runs.
enum PseudoLocale {
    private static let accented: [Character: Character] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let marked = "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain, marked))
    }()

    /// One string in the pseudo-locale.
    static func pseudo(_ text: String) -> String {
        guard !text.isEmpty else { return "" }
        var drawn = ""
        var inPlaceholder = false
        for character in text {
            if character == "{" { inPlaceholder = true }
            drawn.append(inPlaceholder ? character : accented[character] ?? character)
            if character == "}" { inPlaceholder = false }
        }
        // As the script counts: UTF-16 units, rounded half up.
        let padding = String(repeating: " ·", count: max(1, Int((Double(text.utf16.count) * 0.2).rounded())))
        return "[\(drawn)\(padding)]"
    }
}
