import Foundation
import LprofLanguage
import LprofLessonLanguage
import Testing

@testable import LprofCLI

/// The editor files in editors/ (Vim's syntax and file-type detection, the TextMate grammar,
/// the Sublime Text syntax) are what `lprof --editor-file` makes, their word lists are
/// lprof's vocabulary, their patterns compile and draw what they should, and, where the
/// editors are installed, Vim and bat load them.
@Suite struct EditorFileTests {
    static func file(_ file: EditorFile) -> String { DocumentationTests.file(file.file.checkedIn) }

    /// Run with LPROF_RECORD=1 to rewrite editors/ after a change to the vocabulary.
    @Test("editors/ holds what 'lprof --editor-file' makes", arguments: EditorFile.allCases)
    func editorFilesAreGenerated(_ file: EditorFile) throws {
        let generated = EditorSyntax.text(for: file)
        let url = DocumentationTests.root.appendingPathComponent(file.file.checkedIn)
        if ProcessInfo.processInfo.environment["LPROF_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            Self.file(file) == generated,
            "\(file.file.checkedIn) is out of date: LPROF_RECORD=1 swift test --filter EditorFileTests rewrites it"
        )
    }

    /// Each class of words and the vocabulary table it draws.
    static let vocabulary: [(name: String, words: [String])] = [
        ("Command", Vocabulary.commands),
        ("Keyword", Keyword.allCases.map(\.rawValue)),
        ("Field", Vocabulary.fields),
        ("Scope", Vocabulary.scopes),
        ("EnvKey", Vocabulary.envKeys + Vocabulary.wiringPieces),
        ("View", Vocabulary.views + Vocabulary.hikeGraphs),
        ("Directive", LessonParser.directives),
    ]

    @Test func theClassesAreTheVocabulary() {
        let classes = Dictionary(
            uniqueKeysWithValues: EditorSyntax.classes.map { ($0.name, $0.words) })
        for (name, words) in Self.vocabulary {
            #expect(classes[name] == words, "\(name)")
        }
        let values = Set(classes["Value"] ?? [])
        for word in Vocabulary.modes + Vocabulary.sheetStates + Vocabulary.editions
            + Vocabulary.switches + ["spring", "summer", "autumn", "fall", "winter", "today"]
            + ["true", "false", "yes", "no", "xs", "ax5", "accessibilityMedium"]
        {
            #expect(values.contains(word), "\(word)")
        }
        #expect(Set(classes.keys) == Set(Self.vocabulary.map(\.name) + ["Value"]))
    }

    /// Every word the grammar spells out in a command's forms (`--json`, `wiring`,
    /// `hike`, `off`) and every name its slots take are drawn by some class: a word a new
    /// form adds cannot be left plain.
    @Test func everyWordOfTheGrammarIsDrawn() {
        let drawn = Set(EditorSyntax.classes.flatMap(\.words))
        for command in CommandName.allCases {
            #expect(drawn.contains(command.rawValue), "\(command)")
            for form in Grammar.forms(of: command) {
                for slot in form.slots {
                    switch slot.required {
                    case .word(let word):
                        #expect(drawn.contains(word), "\(form.synopsis): \(word)")
                    case .name(let kind) where kind != .helpTopics:
                        for word in kind.words {
                            #expect(drawn.contains(word), "\(form.synopsis): \(word)")
                        }
                    default: break
                    }
                }
            }
        }
    }

    /// Vim's `syn keyword lprofNAME WORD…` lines, by NAME.
    static func vimKeywords() -> [String: [String]] {
        var lists: [String: [String]] = [:]
        for line in file(.vim).split(separator: "\n") where line.hasPrefix("syn keyword lprof") {
            let words = line.split(separator: " ").map(String.init)
            lists[String(words[2].dropFirst("lprof".count))] = Array(words.dropFirst(3))
        }
        return lists
    }

    /// The words of a `(?<![\w-])(?:a|b|c)(?![\w-])` pattern.
    static func alternatives(_ pattern: String) -> [String]? {
        guard pattern.hasPrefix(EditorSyntax.wordStart + "(?:"),
            pattern.hasSuffix(")" + EditorSyntax.wordEnd)
        else { return nil }
        let inner = pattern.dropFirst(EditorSyntax.wordStart.count + 3)
            .dropLast(EditorSyntax.wordEnd.count + 1)
        return inner.split(separator: "|").map(String.init)
    }

    /// The TextMate grammar, parsed.
    static func grammar() throws -> [String: Any] {
        let data = Data(file(.tmLanguage).utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The TextMate grammar's word rules, by the scope name they give.
    static func textMateWords() throws -> [String: [String]] {
        let repository = try #require(try grammar()["repository"] as? [String: [String: Any]])
        var lists: [String: [String]] = [:]
        for rule in repository.values {
            guard let match = rule["match"] as? String, let name = rule["name"] as? String,
                let words = alternatives(match)
            else { continue }
            lists[name] = words
        }
        return lists
    }

    /// The Sublime Text syntax's word rules, by scope.
    static func sublimeWords() -> [String: [String]] {
        let lines = file(.sublimeSyntax).split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var lists: [String: [String]] = [:]
        for (index, line) in lines.enumerated()
        where line.hasPrefix("- match: '") && index + 1 < lines.count {
            let pattern = String(line.dropFirst("- match: '".count).dropLast())
                .replacingOccurrences(of: "''", with: "'")
            guard let words = alternatives(pattern), lines[index + 1].hasPrefix("scope: ") else {
                continue
            }
            lists[String(lines[index + 1].dropFirst("scope: ".count))] = words
        }
        return lists
    }

    @Test func everyFilesWordListsAreTheVocabulary() throws {
        let vim = Self.vimKeywords()
        let textMate = try Self.textMateWords()
        let sublime = Self.sublimeWords()
        for wordClass in EditorSyntax.classes {
            #expect(vim[wordClass.name] == wordClass.words, "vim: \(wordClass.name)")
            #expect(textMate[wordClass.scope] == wordClass.words, "tmLanguage: \(wordClass.name)")
            #expect(sublime[wordClass.scope] == wordClass.words, "sublime: \(wordClass.name)")
        }
        #expect(vim.count == EditorSyntax.classes.count)
        #expect(textMate.count == EditorSyntax.classes.count)
        #expect(sublime.count == EditorSyntax.classes.count)
        // Commands win over the views' `env` in Vim, whose last definition wins.
        #expect(
            Self.file(.vim).range(of: "syn keyword lprofView")!.lowerBound
                < Self.file(.vim).range(of: "syn keyword lprofCommand")!.lowerBound)
    }

    @Test func theTextMateGrammarIsWhole() throws {
        let grammar = try Self.grammar()
        #expect(grammar["scopeName"] as? String == "source.lprof")
        #expect(grammar["fileTypes"] as? [String] == ["lprof"])
        let repository = try #require(grammar["repository"] as? [String: [String: Any]])
        let includes = try #require(grammar["patterns"] as? [[String: String]])
        #expect(Set(includes.compactMap { $0["include"] }) == Set(repository.keys.map { "#" + $0 }))
    }

    /// A pattern of the grammar, as NSRegularExpression (ICU) reads it; the patterns keep to
    /// what ICU and Oniguruma read alike.
    static func regex(_ pattern: String) throws -> NSRegularExpression {
        try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
    }

    /// The parts of `line` that `pattern` matches.
    static func matches(_ pattern: String, in line: String) throws -> [String] {
        let range = NSRange(line.startIndex..., in: line)
        return try regex(pattern).matches(in: line, range: range).map {
            String(line[Range($0.range, in: line)!])
        }
    }

    @Test func thePatternsDrawWhatTheyShould() throws {
        let command = EditorSyntax.wordsPattern(Vocabulary.commands)
        #expect(try Self.matches(command, in: "edit on; set season autumn") == ["edit", "set"])
        #expect(try Self.matches(command, in: "edited unset goal-range").isEmpty)
        let keyword = EditorSyntax.wordsPattern(Keyword.allCases.map(\.rawValue))
        #expect(try Self.matches(keyword, in: "done --force; get --json") == ["--force", "--json"])
        let field = EditorSyntax.wordsPattern(Vocabulary.fields)
        #expect(try Self.matches(field, in: "get draft.goal") == ["goal"])
        #expect(try Self.matches(EditorSyntax.comment, in: "print a#b # note") == ["# note"])
        #expect(try Self.matches(EditorSyntax.comment, in: "# all of it") == ["# all of it"])
        #expect(try Self.matches(EditorSyntax.comment, in: "set goal +6m;# x") == ["# x"])
        #expect(try Self.matches(EditorSyntax.date, in: "set goal 2027-05-30") == ["2027-05-30"])
        #expect(
            try Self.matches(EditorSyntax.offset, in: "set goal +6m; set goal today+1y2m")
                == ["+6m", "today+1y2m"])
        #expect(try Self.matches(EditorSyntax.escape, in: #"print "a\"b \u{1F342}""#).count == 2)
        #expect(try Self.matches(EditorSyntax.continuation, in: "print a \\") == ["\\"])
        #expect(try Self.matches(EditorSyntax.firstLine, in: "#!/usr/bin/env lprof") != [])
    }

    @Test func vimDetectsTheFileType() {
        let ftdetect = Self.file(.vimFtdetect)
        #expect(ftdetect.contains("autocmd BufNewFile,BufRead *.lprof setfiletype lprof"))
        #expect(ftdetect.contains(#"'^#!.*\<lprof\>'"#))
    }

    /// Vim (when installed) loads the files from editors/vim: the file type, and the groups
    /// under a sample line's words.
    @Test(.enabled(if: DocumentationTests.have("vim"))) func vimDrawsASample() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-vim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = folder.appendingPathComponent("s.lprof")
        try "edit on; set season autumn # why\nexpect draft.goal 2027-05-30 \"x\\n\"\n".write(
            to: sample, atomically: true, encoding: .utf8)
        let result = folder.appendingPathComponent("out")
        let probe = [
            [1, 1], [1, 6], [1, 10], [1, 14], [1, 21], [1, 28], [2, 8], [2, 14], [2, 19], [2, 31],
            [2, 33],
        ]
        let script = """
            let out = [&filetype]
            for [l, c] in \(probe)
              call add(out, synIDattr(synID(l, c, 1), 'name'))
            endfor
            call writefile(out, '\(result.path)')
            qa!
            """
        let scriptFile = folder.appendingPathComponent("probe.vim")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let runtime = DocumentationTests.root.appendingPathComponent("editors/vim").path
        _ = DocumentationTests.shell(
            "HOME=\(folder.path) vim -Nu NONE -i NONE -Es --cmd 'set rtp^=\(runtime)' "
                + "--cmd 'filetype on' --cmd 'syntax on' -c 'source \(scriptFile.path)' "
                + sample.path)
        let out = (try? String(contentsOf: result, encoding: .utf8)) ?? ""
        #expect(
            out.split(separator: "\n").map(String.init) == [
                "lprof", "lprofCommand", "lprofValue", "lprofCommand", "lprofField",
                "lprofValue", "lprofComment", "lprofScope", "lprofField", "lprofNumber",
                "lprofString", "lprofEscape",
            ])
    }

    /// bat (when installed, as bat or Debian's batcat) builds its cache from the Sublime Text
    /// syntax and knows lprof.
    @Test(.enabled(if: DocumentationTests.have("bat") || DocumentationTests.have("batcat")))
    func batReadsTheSublimeSyntax() throws {
        let bat = DocumentationTests.have("bat") ? "bat" : "batcat"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lprof-bat-\(UUID().uuidString)")
        let source = folder.appendingPathComponent("source/syntaxes")
        let target = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.file(.sublimeSyntax).write(
            to: source.appendingPathComponent("lprof.sublime-syntax"), atomically: true,
            encoding: .utf8)
        let build = DocumentationTests.shell(
            "\(bat) cache --build --source \(source.deletingLastPathComponent().path) "
                + "--target \(target.path)")
        #expect(build.status == 0, "\(build.output)")
        let languages = DocumentationTests.shell(
            "BAT_CACHE_PATH=\(target.path) \(bat) --list-languages")
        #expect(languages.output.contains("lprof:lprof"), "\(languages.output)")
    }
}
