import Foundation
import Testing

/// `Scripts/install` without a build: a binary named with `--binary`, or the release binary
/// already built when it is newer than the sources; in both, nothing needs the toolchain.
@Suite struct InstallEndToEndTests {
    /// A fresh temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `script` with `arguments` on a PATH without the Swift toolchain, so that any
    /// attempt to build fails.
    static func run(_ script: URL, _ arguments: [String]) throws -> LprofProcess.Result {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"]
        // stderr to a file, so that only one pipe is read while the script runs.
        let log = try folder().appendingPathComponent("stderr")
        defer { try? FileManager.default.removeItem(at: log.deletingLastPathComponent()) }
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let errors = try FileHandle(forWritingTo: log)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errors.close()
        let errData = try Data(contentsOf: log)
        return LprofProcess.Result(
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self), status: process.terminationStatus)
    }

    /// Whether the ELF file at `path` has lost its symbol table (readelf lists its sections).
    static func isStripped(_ path: String) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-S", path]
        let listing = Pipe()
        process.standardOutput = listing
        try process.run()
        let text = String(
            decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.contains(".text") && !text.contains(".symtab")
    }

    @Test func installsAGivenBinaryWithoutBuilding() throws {
        let prefix = try Self.folder()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let script = LprofProcess.packageRoot.appendingPathComponent("Scripts/install")
        let r = try Self.run(script, ["--binary", LprofProcess.binary.path, prefix.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("nothing built"))
        #expect(!r.stderr.contains("building"))
        let installed = prefix.appendingPathComponent("bin/lprof").path
        #expect(r.stdout.contains("  \(installed)\n"))
        #expect(try Self.isStripped(installed))
        let version = try Self.run(URL(fileURLWithPath: installed), ["-V"])
        #expect(version.stdout.hasPrefix("lprof "), "\(version)")
        for path in ["share/man/man1/lprof.1", "share/fish/vendor_completions.d/lprof.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix.path + "/" + path), "\(path)")
        }
        let missing = try Self.run(script, ["--binary", prefix.path + "/nothing", prefix.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("/nothing: not an executable file"))
        let both = try Self.run(script, ["--binary", installed, "--build", prefix.path])
        #expect(both.status == 2)
        #expect(both.stderr.contains("usage: Scripts/install"))
    }

    /// A checkout's shape in miniature: the install script, the files it copies, sources and
    /// a "release binary" (a copy of true(1), an ELF file strip accepts).
    static func miniatureCheckout() throws -> URL {
        let root = try folder()
        let fm = FileManager.default
        let real = LprofProcess.packageRoot
        for sub in ["Scripts", "Sources/lprof", "CEditLine", ".build/static"] {
            try fm.createDirectory(
                at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for copied in ["Scripts/install", "man", "completions", "editors"] {
            try fm.copyItem(
                at: real.appendingPathComponent(copied), to: root.appendingPathComponent(copied))
        }
        try Data("print()\n".utf8).write(
            to: root.appendingPathComponent("Sources/lprof/main.swift"))
        try Data("// swift-tools-version:6.0\n".utf8).write(
            to: root.appendingPathComponent("Package.swift"))
        let sources = Date(timeIntervalSinceNow: -3600)
        for path in ["Sources/lprof/main.swift", "Sources/lprof", "Sources", "Package.swift"] {
            try fm.setAttributes(
                [.modificationDate: sources], ofItemAtPath: root.appendingPathComponent(path).path)
        }
        try fm.copyItem(
            at: URL(fileURLWithPath: "/usr/bin/true"),
            to: root.appendingPathComponent(".build/static/lprof"))
        try fm.setAttributes(
            [.modificationDate: Date()],
            ofItemAtPath: root.appendingPathComponent(".build/static/lprof").path)
        return root
    }

    @Test func installsTheBuiltReleaseBinaryWhenItIsNewerThanTheSources() throws {
        let root = try Self.miniatureCheckout()
        defer { try? FileManager.default.removeItem(at: root) }
        let script = root.appendingPathComponent("Scripts/install")
        let prefix = root.appendingPathComponent("prefix")
        let r = try Self.run(script, [prefix.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("is newer than the sources: installing it (nothing built)"))
        #expect(FileManager.default.fileExists(atPath: prefix.path + "/bin/lprof"))
        #expect(try Self.isStripped(prefix.path + "/bin/lprof"))
        // A source changed since: install builds again (here it cannot: no release-build).
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: 60)],
            ofItemAtPath: root.appendingPathComponent("Sources/lprof/main.swift").path)
        let stale = try Self.run(script, [prefix.path])
        #expect(stale.status != 0)
        #expect(stale.stderr.contains("Sources/lprof/main.swift changed since"))
        #expect(stale.stderr.contains("building lprof"))
    }
}
