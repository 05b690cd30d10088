// swift-tools-version:6.0
import PackageDescription

/// Release builds skip the runtime exclusivity checks (the compiler still proves what it
/// can statically; debug and sanitizer builds keep them) and optimise across modules, so
/// that the byte-level pipeline inlines through module boundaries.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(
        ["-enforce-exclusivity=unchecked", "-cross-module-optimization"],
        .when(configuration: .release))
]

/// The pipeline, one module per stage: language → model → views → shell → main.
/// Each module imports only the ones before it.
let package = Package(
    name: "lprof",
    products: [
        .executable(name: "lprof", targets: ["lprof"])
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            path: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "LprofLanguage", swiftSettings: releaseSettings),
        .target(name: "LprofModel", swiftSettings: releaseSettings),
        .target(
            name: "LprofViews", dependencies: ["LprofLanguage", "LprofModel"],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofShell",
            dependencies: ["LprofLanguage", "LprofModel", "LprofViews"],
            swiftSettings: releaseSettings
        ),
        .target(name: "LprofEditLine", dependencies: ["CEditLine", "LprofShell"]),
        .executableTarget(
            name: "lprof",
            dependencies: ["LprofShell", "LprofEditLine"],
            swiftSettings: releaseSettings
        ),
        .testTarget(name: "LprofLanguageTests", dependencies: ["LprofLanguage"]),
        .testTarget(name: "LprofModelTests", dependencies: ["LprofModel"]),
        .testTarget(name: "LprofViewsTests", dependencies: ["LprofViews"]),
        .testTarget(name: "LprofShellTests", dependencies: ["LprofShell"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["lprof"],
            exclude: ["pty"]
        ),
    ]
)
