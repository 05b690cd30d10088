import Foundation
import LprofHelp
import Testing

@testable import LprofCLI

/// The table of options is the one source: the completion scripts in completions/ are made
/// from it, the man page lists its rows, and `--help` lays them out.
@Suite struct OptionTableTests {
    static func path(_ shell: CompletionShell) -> String { shell.file.checkedIn }

    /// Run with LPROF_RECORD=1 to rewrite completions/ after a change to the table.
    @Test("completions/ holds what 'lprof --completion' makes", arguments: CompletionShell.allCases)
    func completionFilesAreGenerated(_ shell: CompletionShell) throws {
        let generated = CompletionScript.text(for: shell)
        let url = DocumentationTests.root.appendingPathComponent(Self.path(shell))
        if ProcessInfo.processInfo.environment["LPROF_RECORD"] == "1" {
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            DocumentationTests.file(Self.path(shell)) == generated,
            "\(Self.path(shell)) is out of date: LPROF_RECORD=1 swift test --filter OptionTableTests rewrites it"
        )
    }

    /// The words the scripts put in shell code unquoted are plain words.
    @Test func completionWordsNeedNoQuoting() {
        for option in CommandLineOptions.table {
            guard case .words(let words) = option.completion else { continue }
            for word in words {
                #expect(
                    word.allSatisfy { $0.isLetter || $0.isNumber || "_-.".contains($0) }, "\(word)")
            }
        }
    }

    /// Each `.TP` entry of the man page's OPTIONS section, as the names and the value it shows.
    static func manOptions() -> [(names: [String], value: String?)] {
        let man = DocumentationTests.file("man/lprof.1")
        guard let start = man.range(of: ".SH OPTIONS\n") else { return [] }
        let rest = man[start.upperBound...]
        let body = rest.range(of: "\n.SH ").map { rest[..<$0.lowerBound] } ?? rest
        let lines = body.split(separator: "\n").map(String.init)
        var entries: [(names: [String], value: String?)] = []
        for (index, line) in lines.enumerated() where line == ".TP" && index + 1 < lines.count {
            let words = lines[index + 1].replacingOccurrences(of: "\\-", with: "-")
                .replacingOccurrences(of: "\"", with: " ").replacingOccurrences(of: ",", with: " ")
                .split(separator: " ").dropFirst().map(String.init)
            entries.append((words.filter { $0.hasPrefix("-") }, words.first { !$0.hasPrefix("-") }))
        }
        return entries
    }

    @Test func manPageListsEveryOptionOfTheTableInItsOrder() {
        let shown = CommandLineOptions.table
        let man = Self.manOptions()
        #expect(man.map(\.names) == shown.map(\.names))
        for (option, entry) in zip(shown, man) {
            var values = [option.argument]
            if case .words(let words) = option.completion, words.count <= 3 {
                values.append(words.joined(separator: "|"))
            }
            #expect(
                values.contains(entry.value),
                "\(option.label): man page shows \(entry.value ?? "no value")")
        }
    }

    /// Every option is in --help's list but -c, which its usage lines show; --completion
    /// and --editor-file too (they were once hidden, though the README told users of them).
    @Test func helpListsEveryOption() {
        let help = CommandLineOptions.helpText
        for option in CommandLineOptions.table {
            let line = HelpText.columns(option.label, option.help, width: 22)[0]
            #expect(help.contains(line) == option.listed, "\(line)")
        }
        #expect(help.contains("--completion SHELL") && help.contains("--editor-file NAME"))
    }

    /// --memory keeps a store, in memory (trace says "saved revision 1 to memory"): its
    /// help and the man page say what it keeps (issue 34 item 10).
    @Test func memorySaysWhatItKeeps() throws {
        let option = try #require(CommandLineOptions.table.first { $0.label == "--memory" })
        #expect(option.help.contains("keep the store in memory: commits last until lprof ends"))
        #expect(!option.help.contains("no store is read"))
        let man = DocumentationTests.file("man/lprof.1")
        #expect(man.contains("Keeps the store in memory: commits last until lprof ends"))
    }

    @Test func aLongOptionGetsItsOwnLineInHelp() {
        #expect(
            HelpText.columns("-1, --single-transaction", "save once", width: 22) == [
                "  -1, --single-transaction", String(repeating: " ", count: 24) + "save once",
            ])
        // An explanation wraps between words at help's 80 columns, under its column.
        let words = Array(repeating: "word", count: 20).joined(separator: " ")
        #expect(
            HelpText.columns("lprof learn", words, width: 14) == [
                "  lprof learn   " + Array(repeating: "word", count: 13).joined(separator: " "),
                String(repeating: " ", count: 16)
                    + Array(repeating: "word", count: 7).joined(separator: " "),
            ])
    }

    @Test func helpDerivesItsCommandsAndExitStatuses() {
        let help = CommandLineOptions.helpText
        #expect(
            help.contains(
                "Exit status: 0 success; 1 a command or expectation failed; 2 a usage or syntax\nerror"
            ))
        #expect(
            help.contains(
                "help show get set edit done cancel reset reload dismiss\npresent expect env trace print"
            ))
    }
}
