// swift-tools-version:6.0
import PackageDescription

/// Release builds skip the runtime exclusivity checks (the compiler still proves what it
/// can statically; debug and sanitizer builds keep them) and optimise across modules, so
/// that the byte-level pipeline inlines through module boundaries. Measured (issue 15):
/// with the checks the 100k-command --unique workload takes 516 M instructions instead of
/// 329 M, and 1M commands 0.73 s instead of 0.49 s; `Scripts/test --release` (run by CI)
/// tests this configuration.
let releaseSettings: [SwiftSetting] = [
    .unsafeFlags(
        ["-enforce-exclusivity=unchecked", "-cross-module-optimization"],
        .when(configuration: .release))
]

/// The pipeline, one module per concern, each importing only the ones before it: text
/// (terminal width, wrapping, escaping; diagnostics; limits) and model (with the session's
/// environment: size category, locale, colour) → language, views; language → lesson
/// language (the lessons' directives and conditions); system (the one POSIX layer) →
/// store; shell (interpreter, runner, session setup) → interactive (prompt, completion,
/// history) → lessons → CLI (options, launcher) → main. LprofEditLine, the libedit
/// adapter, sees only LprofInteractive and the system layer.
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
        // Text as a terminal shows it (width, wrapping, escaping), diagnostics and their
        // printer, suggestions, and the limits on what lprof reads: below everything that
        // reads or writes text.
        .target(name: "LprofText", swiftSettings: releaseSettings),
        .target(
            name: "LprofLanguage", dependencies: ["LprofModel", "LprofText"],
            swiftSettings: releaseSettings),
        .target(name: "LprofModel", swiftSettings: releaseSettings),
        .target(
            name: "LprofLessonLanguage",
            dependencies: ["LprofLanguage", "LprofModel", "LprofText"],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofViews", dependencies: ["LprofModel", "LprofText"],
            swiftSettings: releaseSettings),
        .target(name: "LprofSystem", swiftSettings: releaseSettings),
        .target(
            name: "LprofStore", dependencies: ["LprofModel", "LprofSystem", "LprofText"],
            swiftSettings: releaseSettings),
        // The language's reference: help texts, the usage, and the tables that join the
        // language's names to the model's values.
        .target(
            name: "LprofHelp", dependencies: ["LprofLanguage", "LprofModel", "LprofText"],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofShell",
            dependencies: [
                "LprofLanguage", "LprofHelp", "LprofModel", "LprofViews", "LprofSystem",
                "LprofStore", "LprofText",
            ],
            swiftSettings: releaseSettings
        ),
        .target(
            name: "LprofInteractive",
            dependencies: [
                "LprofLanguage", "LprofModel", "LprofSystem", "LprofShell", "LprofHelp",
                "LprofText",
            ],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofLessons",
            dependencies: [
                "LprofLanguage", "LprofLessonLanguage", "LprofModel", "LprofSystem", "LprofStore",
                "LprofShell", "LprofInteractive", "LprofHelp", "LprofViews", "LprofText",
            ],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofCLI",
            dependencies: [
                "LprofLanguage", "LprofLessonLanguage", "LprofModel", "LprofViews", "LprofSystem",
                "LprofStore", "LprofShell", "LprofInteractive", "LprofLessons", "LprofHelp",
                "LprofText",
            ],
            swiftSettings: releaseSettings),
        .target(
            name: "LprofEditLine", dependencies: ["CEditLine", "LprofInteractive", "LprofSystem"]),
        .executableTarget(
            name: "lprof",
            dependencies: ["LprofCLI", "LprofSystem", "LprofEditLine"],
            swiftSettings: releaseSettings
        ),
        .testTarget(name: "LprofTextTests", dependencies: ["LprofText"]),
        .testTarget(
            name: "LprofLanguageTests", dependencies: ["LprofLanguage", "LprofModel", "LprofText"]),
        .testTarget(
            name: "LprofLessonLanguageTests",
            dependencies: ["LprofLessonLanguage", "LprofLanguage", "LprofText"]),
        .testTarget(name: "LprofModelTests", dependencies: ["LprofModel"]),
        .testTarget(
            name: "LprofViewsTests", dependencies: ["LprofViews", "LprofModel", "LprofText"]),
        .testTarget(
            name: "LprofHelpTests", dependencies: ["LprofHelp", "LprofLanguage", "LprofModel"]),
        .testTarget(name: "LprofSystemTests", dependencies: ["LprofSystem"]),
        // Store fixtures (temporary folders, sample profiles, failing file systems) that the
        // store's and the shell's tests share.
        .target(
            name: "StoreTestSupport", dependencies: ["LprofModel", "LprofSystem", "LprofStore"],
            path: "Tests/StoreTestSupport"),
        .testTarget(
            name: "LprofStoreTests",
            dependencies: ["LprofStore", "LprofSystem", "StoreTestSupport", "LprofModel"]),
        .testTarget(
            name: "LprofShellTests",
            dependencies: [
                "LprofShell", "LprofStore", "LprofSystem", "StoreTestSupport", "LprofLanguage",
                "LprofModel", "LprofText",
            ]),
        .testTarget(
            name: "LprofInteractiveTests",
            dependencies: [
                "LprofInteractive", "LprofSystem", "LprofLanguage", "LprofModel", "LprofShell",
            ]),
        .testTarget(
            name: "LprofCLITests",
            dependencies: [
                "LprofLessonLanguage", "LprofCLI", "LprofLessons", "LprofHelp", "LprofLanguage",
                "LprofModel", "LprofStore",
            ]),
        .testTarget(
            name: "LprofLessonsTests",
            dependencies: [
                "LprofLessons", "LprofLessonLanguage", "LprofInteractive", "LprofShell",
                "LprofStore", "LprofSystem", "LprofLanguage", "LprofModel", "LprofHelp",
                "LprofText",
            ]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["lprof"],
            exclude: ["pty"]
        ),
    ]
)

// MARK: - Fuzz targets (LPROF_FUZZ=1; Scripts/fuzz)

/// The libFuzzer targets (Fuzz/): in the package only when LPROF_FUZZ is set, as Scripts/fuzz
/// sets it for its own scratch folder, so that `swift build`, `swift test` and CI's other
/// steps never see them. Scripts/fuzz builds each `fuzz-*` product alone (never `lprof`),
/// in the release configuration, every module compiled with `-sanitize=fuzzer,address`, edge
/// coverage and `-enable-testing` (the targets use `@testable import`). Each target's
/// `@main` hands its `LLVMFuzzerTestOneInput` to libFuzzer's driver (FuzzSupport's
/// `runLibFuzzer` tells why), hence `-parse-as-library`; FuzzSupport declares that driver
/// with `@_extern(c)`, an experimental feature.
if Context.environment["LPROF_FUZZ"] != nil {
    let fuzzSettings = releaseSettings + [.unsafeFlags(["-parse-as-library"])]
    package.targets += [
        .target(
            name: "FuzzSupport", path: "Fuzz/FuzzSupport",
            swiftSettings: releaseSettings + [.enableExperimentalFeature("Extern")]),
        .executableTarget(
            name: "fuzz-parser", dependencies: ["FuzzSupport", "LprofLanguage", "LprofText"],
            path: "Fuzz/FuzzParser", swiftSettings: fuzzSettings),
        .executableTarget(
            name: "fuzz-lesson",
            dependencies: ["FuzzSupport", "LprofLanguage", "LprofLessonLanguage", "LprofText"],
            path: "Fuzz/FuzzLesson", swiftSettings: fuzzSettings),
        .executableTarget(
            name: "fuzz-interpreter",
            dependencies: [
                "FuzzSupport", "LprofModel", "LprofViews", "LprofLanguage", "LprofShell",
                "LprofStore", "LprofSystem", "LprofText",
            ],
            path: "Fuzz/FuzzInterpreter", swiftSettings: fuzzSettings),
        .executableTarget(
            name: "fuzz-store",
            dependencies: ["FuzzSupport", "LprofModel", "LprofShell", "LprofStore", "LprofSystem"],
            path: "Fuzz/FuzzStore", swiftSettings: fuzzSettings),
        .executableTarget(
            name: "fuzz-differential",
            dependencies: [
                "FuzzSupport", "LprofLanguage", "LprofModel", "LprofShell", "LprofStore",
                "LprofSystem", "LprofText",
            ],
            path: "Fuzz/FuzzDifferential", swiftSettings: fuzzSettings),
    ]
    package.products += ["parser", "lesson", "interpreter", "store", "differential"].map {
        .executable(name: "fuzz-\($0)", targets: ["fuzz-\($0)"])
    }
}
