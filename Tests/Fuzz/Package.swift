// swift-tools-version: 6.1
// The libFuzzer targets of issue 14, kept out of the main package: it builds them with the fuzzer
// and address sanitizers (`make fuzz`, and briefly `make test`), which the main package never uses.
// One executable, `afterflow-fuzz`, holds every target; FUZZ_TARGET names the one to run. The
// properties live in FuzzProperties, which the main package's tests also compile (a symlink in
// Tests/AfterflowKitTests/Fuzz) to replay every crash found and the corpora without the sanitizers.
import PackageDescription

let package = Package(
    name: "AfterflowFuzz",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Afterflow", path: "../.."),
    ],
    targets: [
        .target(
            name: "FuzzProperties",
            dependencies: [.product(name: "AfterflowKit", package: "Afterflow")]
        ),
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "afterflow-fuzz",
            dependencies: ["FuzzProperties", "CLibFuzzer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
