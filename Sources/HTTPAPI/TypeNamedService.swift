public import ServiceLifecycle

/// A service that the service group names by its type.
///
/// ServiceLifecycle names each service it runs by describing it (`"\(service)"`, done eagerly since 2.13, for its
/// logs), and describing a value with no description of its own walks every stored property by reflection. For a
/// Hummingbird application holding its router, or a runner holding the scenario library, that walk was most of the
/// server's start-up: 0.7 s of a release build's, almost all of it type lookups by mangled name and `debugPrint`.
public protocol TypeNamedService: Service, CustomStringConvertible {}

extension TypeNamedService {
    public var description: String { String(describing: Self.self) }
}

/// A service from another package (a Hummingbird application) under a name of its runner's choosing, for the same
/// reason as `TypeNamedService`.
public struct NamedService: TypeNamedService {
    public let description: String
    let base: any Service

    public init(_ description: String, _ base: any Service) {
        self.description = description
        self.base = base
    }

    public func run() async throws {
        try await base.run()
    }
}
