import Foundation

/// An optional that encodes as JSON `null` instead of leaving its key out: the contract's `T|null` fields.
struct Nullable<Wrapped: Encodable & Sendable>: Encodable, Sendable {
    var value: Wrapped?

    init(_ value: Wrapped?) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}

extension Nullable: Equatable where Wrapped: Equatable {}

extension Date {
    /// Milliseconds since 1970, the contract's time unit.
    var milliseconds: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }
}
