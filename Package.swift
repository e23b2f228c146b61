// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Afterflow",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "AfterflowKit", targets: ["AfterflowKit"]),
        .executable(name: "afterflow", targets: ["afterflow"]),
        .executable(name: "afterflow-oembed", targets: ["afterflow-oembed"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]
        ),
        // Two of posix_spawn's file actions that Swift's Glibc module does not declare (they
        // need _GNU_SOURCE), for ChildProcess: a program afterflow starts inherits no descriptor
        // but its three streams.
        .target(name: "CSpawn"),
        // SHA-256's block function with the processor's SHA instructions (x86-64's SHA-NI), found
        // at run time by cpuid; our own C, no library. Elsewhere the Swift code in
        // Support/SHA256.swift hashes (the disclosure log's hash of what an export sends).
        .target(name: "CSHA256"),
        // Linux's renameat2 and syncfs, which Swift's Glibc module does not declare, called
        // straight (a statically linked binary cannot look them up at run time): FileIO's
        // no-replace move, its exchange, and its flush of a whole file system.
        .target(name: "CFileSystem"),
        .target(
            name: "AfterflowKit",
            dependencies: [
                "CCmark",
                "CSpawn",
                "CSHA256",
                "CFileSystem",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, for reading listing rows in place (Index/ListingRow.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            // The templates a vault starts with are the repository's `Templates/` files, compiled
            // into the library (`Sources/AfterflowKit/Templates` links to that folder): one source,
            // nothing to find at run time (Vault/DefaultTemplates.swift).
            resources: [
                .embedInCode("Templates/session.md"),
                .embedInCode("Templates/report.html"),
                .embedInCode("Templates/progress.html"),
            ]
        ),
        // The phone page's HTTP server (afterflow serve), in a module of its own so that
        // AfterflowKit stays free of Hummingbird and NIO.
        .target(
            name: "AfterflowServer",
            dependencies: [
                "AfterflowKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
            ],
            // The page is compiled into the binary: nothing to find at run time.
            resources: [.embedInCode("Page/phone.html"), .embedInCode("Page/journal.html")]
        ),
        // The editor server (afterflow lsp): the Language Server Protocol's framing, messages and
        // handlers, apart from the library; JSON read with Foundation's coders.
        .target(name: "AfterflowLSP", dependencies: ["AfterflowKit"]),
        .executableTarget(
            name: "afterflow",
            dependencies: [
                "AfterflowKit",
                "AfterflowServer",
                "AfterflowLSP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The one network request of `music fetch --online`, in a program of its own so that
        // `afterflow` links no networking library (Sources/afterflow-oembed/main.swift).
        .executableTarget(name: "afterflow-oembed"),
        .executableTarget(
            name: "afterflow-bench",
            dependencies: ["AfterflowKit"],
            path: "Benchmarks/Sources/afterflow-bench"
        ),
        .testTarget(
            name: "AfterflowKitTests",
            dependencies: [
                "AfterflowKit",
                .product(name: "Yams", package: "Yams"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Snapshots"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(name: "AfterflowLSPTests", dependencies: ["AfterflowLSP", "AfterflowKit"]),
        .testTarget(
            name: "afterflowTests",
            dependencies: [
                "afterflow",
                "afterflow-oembed",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Support/oembed_server.py", "Support/serve"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
