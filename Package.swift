// swift-tools-version:6.1
import PackageDescription

/// Strictness every target shares: Swift 6 mode plus the upcoming features STYLE.md asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "webim-widget",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "webim-widget", targets: ["webim-widget"]),
        .executable(name: "widget-bench", targets: ["widget-bench"]),
        .library(name: "WebimClientLibrary", targets: ["WebimClientLibrary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.90.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        // Crypto for `WireSignature`: both sides must compute the §2.7 and §7.3 hashes identically.
        .target(
            name: "WebimWire",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto")
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        // What both servers share about HTTP and browsers: API errors and JSON bodies, the origin policy, tokens,
        // base64url, uploads' multipart forms (MultipartKit) and the headers a visitor's file is sent with; no server
        // code, no wire types.
        .target(
            name: "HTTPAPI",
            dependencies: [
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                "WebimWire",
                // The connection limits both servers share: a child channel wrapping Hummingbird's HTTP/1 one, and a
                // handler that sees its request and response parts.
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                // `TypeNamedService`: a service that the service group can name without describing it.
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        // The modes both servers keep their data in (folders 0700, files 0600); Foundation only.
        .target(
            name: "PrivateFiles",
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WebimClientLibrary",
            dependencies: [
                "WebimWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                // `Deque`: a tracker's window grows at the front by a page at a time.
                .product(name: "DequeModule", package: "swift-collections"),
                // Retries and group commits counted through whatever metrics backend the embedding program chose.
                .product(name: "CoreMetrics", package: "swift-metrics"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WebimService",
            dependencies: [
                "WebimWire",
                "HTTPAPI",
                "PrivateFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Yams", package: "Yams"),
                // Only for the in-process transport: a request context needs a channel, and it has no socket.
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "WidgetServer",
            dependencies: [
                "WebimClientLibrary",
                "WebimWire",
                "HTTPAPI",
                "PrivateFiles",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "CompressNIO", package: "compress-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                // `OrderedDictionary`: a tab's messages in order, found by id.
                .product(name: "OrderedCollections", package: "swift-collections"),
                // `Deque`: a tab's replay ring.
                .product(name: "DequeModule", package: "swift-collections"),
                // `/metrics`: the server's counts in the Prometheus text format.
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "webim-widget",
            dependencies: [
                "HTTPAPI",
                "WidgetServer",
                "WebimService",
                "WebimWire",
                "PrivateFiles",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "widget-bench",
            dependencies: [
                "WebimWire",
                "HTTPAPI",
                "WidgetServer",
                "WebimService",
                "WebimClientLibrary",
                "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "WidgetServer",
                "WebimService",
                "HTTPAPI",
                // Reads the OpenAPI documents for the tests that hold them against the routers.
                .product(name: "Yams", package: "Yams"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                // Bytes written as they are (`RawConnection`, `RawHTTPRequest`): half a request head, or nothing, and
                // path spellings no HTTP client would send.
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["README.md"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "PrivateFilesTests",
            dependencies: ["PrivateFiles", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "HTTPAPITests",
            dependencies: [
                "HTTPAPI", .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WebimWireTests",
            dependencies: ["WebimWire", .product(name: "NIOCore", package: "swift-nio")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WebimClientLibraryTests",
            dependencies: ["WebimClientLibrary", "WebimService", "TestSupport"],
            // The SDK references' item lists, read by the coverage tests as plain files.
            exclude: ["ReferenceItems"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WebimServiceTests",
            dependencies: [
                "WebimService", "WebimWire", "HTTPAPI", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSettings
        ),
        // The command line's own: `serve`'s options against its `--help` and the configuration it builds. An
        // executable target is importable by its tests (`@testable import webim_widget`).
        .testTarget(
            name: "webim-widgetTests",
            dependencies: [
                "webim-widget", "WidgetServer", "WebimService", "HTTPAPI", "TestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "WidgetServerTests",
            dependencies: [
                "WidgetServer", "WebimService", "WebimClientLibrary", "HTTPAPI", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSettings
        ),
    ]
)
