import CEditLine
import Glibc
import LprofInteractive
import LprofSystem

/// The user's libedit start-up file, run a line at a time as `el_source` would, so that lprof's
/// keys go back after a `bind -v` or `-e` (which wipes them) and the user's later lines win.
struct EditrcFile {
    let path: String

    /// The file libedit's `el_source(el, NULL)` reads, as libedit finds it (none when set-ID).
    static func user(environment: [String: String]) -> EditrcFile? {
        guard getuid() == geteuid(), getgid() == getegid() else { return nil }
        if let path = environment["EDITRC"] {
            return path.isEmpty ? nil : EditrcFile(path: path)
        }
        guard let folder = environment["HOME"] else { return nil }
        return EditrcFile(path: folder.isEmpty ? ".editrc" : folder + "/.editrc")
    }

    /// The largest file read, as for the history file; a larger one binds no keys.
    static let maxFileBytes = 64 << 20

    /// Runs the file's lines as `el_source` does, `afterReset` after each that reset the key
    /// maps; a path that is no file is said and never opened, since a FIFO's open would wait.
    func run(on editLine: OpaquePointer, program: String, afterReset: () -> Void) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem().readRegularFile(path, limit: Self.maxFileBytes)
        } catch {
            if case .notRegular(_, let kind) = error {
                fputs(
                    EditrcWarning.notAFile(
                        path, is: kind.noun, width: terminalWidth(STDERR_FILENO) ?? 80),
                    lprof_stderr())
            }
            return
        }
        for line in bytes.split(separator: 0x0A) {
            // As C reads it: up to a NUL, if the line holds one.
            let text = String(decoding: line.prefix { $0 != 0 }, as: UTF8.self)
            let line = (Array(line) + [0]).map { CChar(bitPattern: $0) }
            guard mbstowcs(nil, line, 0) != size_t.max else { continue }
            let start = text.unicodeScalars.drop { iswspace(wint_t($0.value)) != 0 }
            if start.first == "#" { continue }
            guard let arguments = Self.tokens(line) else { return }
            let result = Self.parse(arguments, on: editLine)
            if Self.resetsKeyMaps(arguments, program: program) { afterReset() }
            if result == -1 { return }
        }
    }

    /// `line` split by libedit's own tokenizer; nil when it cannot (an unclosed quote).
    static func tokens(_ line: UnsafePointer<CChar>) -> [String]? {
        guard let tokenizer = tok_init(nil) else { return nil }
        defer { tok_end(tokenizer) }
        var count: Int32 = 0
        var words: UnsafeMutablePointer<UnsafePointer<CChar>?>?
        guard tok_str(tokenizer, line, &count, &words) == 0, let words else { return nil }
        return (0..<Int(count)).map { words[$0].map { String(cString: $0) } ?? "" }
    }

    /// libedit's `el_parse` on `arguments`: -1 when it did not know the command.
    private static func parse(_ arguments: [String], on editLine: OpaquePointer) -> Int32 {
        let copies = arguments.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) }
        pointers.append(nil)
        return el_parse(editLine, Int32(arguments.count), &pointers)
    }

    /// Whether `arguments` are a `bind -v` or `-e` that libedit applies to `program`, read as
    /// `el_parse` (a `PATTERN:` prefix) and `map_bind` (options up to `-v`, `-e` or `-l`) do.
    static func resetsKeyMaps(_ arguments: [String], program: String) -> Bool {
        guard var command = arguments.first else { return false }
        if let colon = command.firstIndex(of: ":") {
            let pattern = String(command[..<colon])
            guard !pattern.isEmpty, matches(program, pattern) else { return false }
            command = String(command[command.index(after: colon)...])
        }
        guard command == "bind" else { return false }
        for argument in arguments.dropFirst() {
            guard argument.hasPrefix("-") else { return false }
            switch argument.dropFirst().first {
            case "v", "e": return true
            case "l": return false
            default: continue
            }
        }
        return false
    }

    /// libedit's `el_match`: `pattern` occurs in `name` or matches it as a basic regex.
    private static func matches(_ name: String, _ pattern: String) -> Bool {
        if name.contains(pattern) { return true }
        var expression = regex_t()
        guard regcomp(&expression, pattern, 0) == 0 else { return false }
        defer { regfree(&expression) }
        return regexec(&expression, name, 0, nil, 0) == 0
    }
}
