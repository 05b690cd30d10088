import Foundation
import Testing

/// `lprof --completion SHELL` (bash, zsh or fish) prints the script completions/ holds, and
/// nothing lists it.
@Suite struct CompletionEndToEndTests {
    @Test(arguments: [
        ("bash", "completions/lprof.bash"), ("zsh", "completions/_lprof"),
        ("fish", "completions/lprof.fish"),
    ])
    func printsTheCompletionScript(shell: String, path: String) throws {
        let r = try LprofProcess.run(["--completion", shell])
        let file = try String(
            contentsOf: LprofProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout == file)
    }

    /// An unknown shell is a usage error that lists the three, and suggests none unless
    /// the name is close to one.
    @Test func anUnknownShellIsAUsageError() throws {
        let r = try LprofProcess.run(["--completion", "tcsh"])
        #expect(r.status == 2 && r.stdout == "")
        #expect(
            r.stderr.hasPrefix(
                "lprof: error: --completion takes bash, zsh or fish, not 'tcsh'\nTry 'lprof --help'"
            ))
        let close = try LprofProcess.run(["--completion", "fihs"])
        #expect(
            close.stderr.hasPrefix(
                "lprof: error: --completion takes bash, zsh or fish, not 'fihs'; did you mean 'fish'?"
            ))
    }

    /// `lprof --editor-file NAME` prints the editor file editors/ holds.
    @Test(arguments: [
        ("vim", "editors/vim/syntax/lprof.vim"), ("vim-ftdetect", "editors/vim/ftdetect/lprof.vim"),
        ("tmlanguage", "editors/lprof.tmLanguage.json"),
        ("sublime-syntax", "editors/lprof.sublime-syntax"),
    ])
    func printsTheEditorFile(name: String, path: String) throws {
        let r = try LprofProcess.run(["--editor-file", name])
        let file = try String(
            contentsOf: LprofProcess.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout == file)
    }

    /// --help lists the option, as the README and the man page do.
    @Test func helpListsTheOption() throws {
        let r = try LprofProcess.run(["--help"])
        #expect(r.status == 0 && r.stdout.contains("--completion SHELL"))
        #expect(r.stdout.contains("--editor-file NAME"))
    }
}
