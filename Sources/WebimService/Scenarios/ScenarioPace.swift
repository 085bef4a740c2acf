/// How a scenario's `after:` delays are kept: as written, on the service's clock (a person watching the chat), or not
/// at all (tests that check what a scenario says, not when: each step still follows the one before).
public enum ScenarioPace: Sendable {
    case asScripted
    case immediate

    /// How long to wait before a step written `after` seconds.
    func delay(after seconds: Double?) -> Duration {
        switch self {
        case .asScripted: .seconds(max(0, seconds ?? 0))
        case .immediate: .zero
        }
    }
}
