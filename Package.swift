// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "LprofLanguage"),
        .target(name: "LprofModel"),
        .target(name: "LprofViews", dependencies: ["LprofLanguage", "LprofModel"]),
        .target(
            name: "LprofShell",
            dependencies: ["LprofLanguage", "LprofModel", "LprofViews"]
        ),
        .target(name: "LprofEditLine", dependencies: ["CEditLine", "LprofShell"]),
        .executableTarget(
            name: "lprof",
            dependencies: ["LprofShell", "LprofEditLine"]
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
