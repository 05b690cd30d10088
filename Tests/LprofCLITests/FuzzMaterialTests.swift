import Foundation
import LprofHelp
import LprofLanguage
import LprofModel
import Testing

@testable import LprofLessonLanguage
@testable import LprofLessons
@testable import LprofStore

/// What the fuzz targets (Fuzz/) take from lprof itself. `Fuzz/lprof.dict`, the libFuzzer
/// dictionary every target gets (Scripts/fuzz adds the target's own `Fuzz/TARGET.dict`), is
/// lprof's vocabulary: made here from the tables, as the editor files are, so that a new
/// command, field, value, view, env key, lesson directive or store key reaches the fuzzers
/// the day it reaches the language. And the built-in lessons, as lesson files, are exported
/// here for Scripts/fuzz-seed, which cuts them into the lesson target's seeds.
@Suite struct FuzzMaterialTests {
    static let path = "Fuzz/lprof.dict"

    /// Run with LPROF_RECORD=1 to rewrite Fuzz/lprof.dict after a change to the vocabulary.
    @Test("Fuzz/lprof.dict is lprof's vocabulary")
    func dictionaryIsGenerated() throws {
        let generated = FuzzDictionary.text()
        if ProcessInfo.processInfo.environment["LPROF_RECORD"] == "1" {
            let url = DocumentationTests.root.appendingPathComponent(Self.path)
            try generated.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            DocumentationTests.file(Self.path) == generated,
            "\(Self.path) is out of date: LPROF_RECORD=1 swift test --filter FuzzMaterialTests rewrites it"
        )
    }

    /// Every entry is one libFuzzer can read: a quoted string whose bytes are printable
    /// ASCII or `\xNN`, and every word of the tables is in it, once.
    @Test func everyWordOnce() {
        var entries: [String] = []
        for line in FuzzDictionary.text().split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.hasPrefix("\"") && line.hasSuffix("\"") && line.count >= 3, "\(line)")
            #expect(line.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) }, "\(line)")
            entries.append(String(line))
        }
        #expect(Set(entries).count == entries.count, "an entry twice")
        for word in Vocabulary.commands + Vocabulary.fields + Vocabulary.envKeys
            + LessonParser.directives + ["\"goalDate\"", "\"format\"", "autumn", "ax5"]
        {
            #expect(entries.contains(FuzzDictionary.entry(word)), "\(word)")
        }
        #expect(entries.contains(#""\xe2\x98\x83\xef\xb8\x8f""#), "the snowman with U+FE0F")
    }

    /// Writes each built-in lesson, as a lesson file `ID.lprof`, into the folder
    /// LPROF_EXPORT_LESSONS names (Scripts/fuzz-seed); without it, into a temporary folder.
    /// Either way each file must read back, as `lprof learn FILE` reads it, as the lesson.
    @Test func exportBuiltInLessons() throws {
        let environment = ProcessInfo.processInfo.environment
        let folder =
            environment["LPROF_EXPORT_LESSONS"]
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("lprof-lessons-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true)
        defer {
            if environment["LPROF_EXPORT_LESSONS"] == nil {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
        #expect(BuiltInLessons.texts.count == BuiltInLessons.all.count)
        for (text, lesson) in zip(BuiltInLessons.texts, BuiltInLessons.all) {
            let path = folder + "/" + lesson.id + ".lprof"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            let back = try String(contentsOfFile: path, encoding: .utf8)
            let parsed = try LessonParser.parse(back, source: path).get()
            #expect(parsed.id == lesson.id && parsed.steps.count == lesson.steps.count)
        }
    }
}

/// The dictionary's text: one section a table, each word once (the first section that has
/// it keeps it).
enum FuzzDictionary {
    /// The sections, in order: the language, then lessons, then the store.
    static var sections: [(name: String, words: [String])] {
        let valueWords =
            ProfileField.allCases.flatMap { ValueParser.words(for: $0) }
            + EnvKey.allCases.flatMap { Vocabulary.values(of: $0) }
            + Vocabulary.modes + Vocabulary.sheetStates + Vocabulary.switches
            // The seasons' emoji, and the snowman without its U+FE0F, which `set` takes too.
            + Season.allCases.map(\.emoji) + [String(Season.winter.emoji.unicodeScalars.first!)]
        return [
            ("commands", Vocabulary.commands),
            ("keywords and options", Vocabulary.words(Keyword.self)),
            ("fields and scopes", Vocabulary.fields + Vocabulary.scopes.map { $0 + "." }),
            ("scopes, as get --json takes them", Vocabulary.scopes),
            (
                "views and hike graphs",
                Vocabulary.views + Vocabulary.hikeGraphs + Vocabulary.words(ScreenName.self)
            ),
            ("env keys", Vocabulary.envKeys),
            ("values", valueWords),
            ("help topics", Vocabulary.words(HelpTopic.self)),
            ("lesson directives", LessonParser.directives),
            // The guard keywords are literals in `LessonConditionReader`, not a table.
            (
                "lesson conditions",
                LessonConditionReader.atoms + ["if", "and", "not", "by", "of", "with"]
            ),
            ("failure reasons", Vocabulary.words(FailureReason.self)),
            ("the coach's words", LessonWord.all),
            ("event patterns", EventPattern.views + EventPattern.triggers.map(\.name)),
            (
                "store keys",
                (StoreCodec.keys + ProfileField.allCases.map(\.tutorialName)).map {
                    "\"" + $0 + "\""
                }
            ),
        ]
    }

    static func text() -> String {
        var seen: Set<String> = []
        var lines = [
            "# libFuzzer dictionary: lprof's vocabulary, for every fuzz target (Scripts/fuzz adds",
            "# the target's own Fuzz/TARGET.dict). Generated by FuzzMaterialTests from the",
            "# vocabulary tables; do not edit: LPROF_RECORD=1 swift test --filter FuzzMaterialTests",
        ]
        for (name, words) in sections {
            lines.append("# " + name)
            for word in words where !word.isEmpty && seen.insert(word).inserted {
                lines.append(entry(word))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `word` as a dictionary entry: quoted, with `\`, `"` and every byte outside printable
    /// ASCII written `\xNN` (libFuzzer's escapes).
    static func entry(_ word: String) -> String {
        var text = "\""
        for byte in word.utf8 {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "\""):
                text += "\\" + String(UnicodeScalar(byte))
            case 0x20...0x7E:
                text.append(Character(UnicodeScalar(byte)))
            default:
                let hex = String(byte, radix: 16)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return text + "\""
    }
}
