import Hummingbird
import WebimWire

/// A request's query as browsers write it: HTML forms and `URLSearchParams` turn a space into `+`, which
/// Hummingbird's `queryParameters` leaves as a plus (`?title=Help+desk` showed "Help+desk").
struct FormQuery: Sendable {
    private let pairs: [(name: String, value: String)]

    init(_ request: Request) {
        pairs = WireForm.decodePairs(request.uri.query ?? "")
    }

    /// The first value of `name`.
    func get(_ name: String) -> String? { pairs.first { $0.name == name }?.value }

    /// Every value of `name`, in order.
    func getAll(_ name: String) -> [String] { pairs.filter { $0.name == name }.map(\.value) }
}
