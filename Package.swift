// swift-tools-version: 6.2
import PackageDescription

/// One settings list for every target: Swift 6 language mode with strict concurrency.
let sharedSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// The release `sise` on Linux carries the Swift runtime and Foundation inside it: the loader then
/// binds a handful of system libraries instead of fourteen Swift ones, which is about a tenth of
/// the app's time to its first board (issue 31). Foundation's static archives need their own C
/// parts named. Debug builds (and the tests, which load XCTest's runtime) link dynamically.
let staticRuntimeOnLinux: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCollections", "-l_FoundationCShims"],
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "Sise",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sise", targets: ["sise"]),
        .executable(name: "repo-search", targets: ["repo-search"]),
        .executable(name: "numbers", targets: ["numbers"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", exact: "2.8.1"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket.git", exact: "1.6.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", exact: "1.37.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", exact: "2.37.6"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/pointfreeco/swift-clocks.git", exact: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump.git", exact: "1.7.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-concurrency-extras.git", from: "1.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift.git", exact: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", exact: "0.9.20"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", exact: "2.0.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", exact: "4.5.2"),
        .package(url: "https://github.com/LebJe/TOMLKit.git", exact: "0.6.0"),
    ],
    targets: [
        .target(name: "SiseSupport", swiftSettings: sharedSettings),
        // A prefetch hint for the server's fan-out to many tabs (C has the builtin, Swift does not).
        .target(name: "CacheHints"),
        .target(
            name: "WebSocketFrames",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: sharedSettings),
        .target(
            name: "MarketDomain",
            dependencies: ["SiseSupport"],
            swiftSettings: sharedSettings),
        .target(
            name: "ExchangeWire",
            dependencies: ["SiseSupport", "MarketDomain", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: sharedSettings),
        .target(
            name: "StockLists", dependencies: ["MarketDomain"], resources: [.copy("Resources")],
            swiftSettings: sharedSettings),
        .target(
            name: "Exchanges",
            dependencies: [
                "SiseSupport",
                "MarketDomain",
                "ExchangeWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                "WebSocketFrames",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "ExchangeSimulator",
            dependencies: [
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"), "SiseSupport", "WebSocketFrames",
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
                "MarketDomain",
                "ExchangeWire",
                "StockLists",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Resources")],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "MarketFeatures",
            dependencies: ["SiseSupport", "MarketDomain", .product(name: "Logging", package: "swift-log")],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "HeadlessOutput",
            dependencies: ["SiseSupport", "MarketDomain", "MarketFeatures"],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "MarketStore",
            dependencies: ["SiseSupport", "MarketDomain", .product(name: "GRDB", package: "GRDB.swift")],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "TerminalUI",
            dependencies: ["SiseSupport", "MarketDomain", "MarketFeatures"],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "WebDashboard",
            dependencies: [
                "MarketDomain",
                "MarketFeatures",
                "SiseSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
                "WebSocketFrames",
                "CacheHints",
            ],
            resources: [.copy("Resources")],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "SiseBench",
            dependencies: [
                "SiseSupport", "StockLists", "WebSocketFrames", .product(name: "NIOCore", package: "swift-nio"),
                "MarketDomain",
                "ExchangeWire",
                "Exchanges",
                "ExchangeSimulator",
                "MarketFeatures",
                "HeadlessOutput",
                "WebDashboard",
                "MarketStore",
                "TerminalUI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "sise",
            dependencies: [
                "SiseSupport",
                "SiseBench",
                "MarketDomain",
                "ExchangeWire",
                "Exchanges",
                "ExchangeSimulator",
                "MarketFeatures",
                "HeadlessOutput",
                "TerminalUI",
                "WebDashboard",
                "MarketStore",
                .product(name: "TOMLKit", package: "TOMLKit"),
                "StockLists",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings,
            linkerSettings: staticRuntimeOnLinux
        ),
        .target(
            name: "ExampleSupport",
            dependencies: [
                "MarketDomain", "ExchangeSimulator", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "repo-search",
            dependencies: [
                "MarketDomain", "Exchanges", "MarketFeatures", "TerminalUI", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: sharedSettings
        ),
        .executableTarget(
            name: "numbers",
            dependencies: [
                "MarketDomain", "Exchanges", "MarketFeatures", "TerminalUI", "ExampleSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: sharedSettings
        ),
        .target(
            name: "TestSupport",
            dependencies: [
                "SiseSupport", "MarketDomain", "ExchangeWire", .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
            ],
            swiftSettings: sharedSettings),
        .testTarget(
            name: "MarketDomainTests",
            dependencies: [
                "SiseSupport",
                "MarketDomain", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: sharedSettings),
        .testTarget(
            name: "ExchangeWireTests",
            dependencies: [
                "MarketDomain", "SiseSupport",
                "ExchangeWire", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "HeadlessOutputTests",
            dependencies: ["MarketDomain", "SiseSupport", "HeadlessOutput", "MarketFeatures", "TestSupport"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "MarketFeaturesTests",
            dependencies: [
                "MarketDomain",
                "MarketFeatures", "TestSupport",
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ExchangesTests",
            dependencies: [
                "ExchangeWire", "MarketDomain", .product(name: "NIOHTTP1", package: "swift-nio"), "SiseSupport",
                "Exchanges", "TestSupport", "WebSocketFrames",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "MarketStoreTests",
            dependencies: [
                "MarketDomain", "MarketStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "WebDashboardTests",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log"),
                "MarketDomain", "MarketFeatures", .product(name: "NIOWebSocket", package: "swift-nio"),
                "WebDashboard", "TestSupport", "WebSocketFrames",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: ["MarketDomain", "MarketFeatures", "TerminalUI", "TestSupport"],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "ExchangeSimulatorTests",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"), "MarketDomain",
                .product(name: "NIOCore", package: "swift-nio"),
                "ExchangeSimulator", "ExchangeWire", "StockLists", "TestSupport", "WebSocketFrames",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: sharedSettings
        ),
        .testTarget(
            name: "IntegrationTests",
            dependencies: [
                "ExchangeWire", .product(name: "Logging", package: "swift-log"), "MarketDomain",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOFoundationEssentialsCompat", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
                "Exchanges", "ExchangeSimulator", "MarketFeatures", "TestSupport", "StockLists", "SiseBench",
                .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: sharedSettings
        ),
    ]
)
