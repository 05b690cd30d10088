import LprofLanguage
import LprofModel
import Testing

@testable import LprofHelp

/// `help` is written per entry of the language's tables, and the values offered for
/// fields and environment keys are the model's own.
@Suite struct HelpVocabularyTests {
    @Test(arguments: CommandName.allCases)
    func everyCommandHasItsHelpAndItsOverviewLine(command: CommandName) {
        let text = HelpText.text(for: command.rawValue, options: "")
        #expect(text != HelpText.overview)
        #expect(text == HelpText.text(for: command))
        // `exit` shares quit's text and line.
        let named = command == .exit ? CommandName.quit : command
        #expect(text.hasPrefix(named.rawValue), "\(text)")
        let line = HelpText.overviewLine(for: named)
        #expect(line.map { HelpText.overview.contains($0 + "\n") } == true)
        #expect(line?.hasPrefix("  " + named.rawValue) == true)
    }

    @Test(arguments: HelpTopic.allCases)
    func everyTopicHasItsHelp(topic: HelpTopic) {
        let text = HelpText.text(for: topic.rawValue, options: "OPTIONS")
        #expect(text != HelpText.overview)
        #expect(text == HelpText.text(for: topic, options: "OPTIONS"))
        #expect((text == "OPTIONS") == (topic == .options))
        #expect(HelpText.text(for: "nonsense", options: "") == HelpText.overview)
    }

    @Test func overviewListsEveryCommandOnceInOrder() {
        let lines = HelpText.overview.split(separator: "\n").map(String.init)
        let start = lines.firstIndex(of: "Commands:")! + 1
        // A command's line starts two spaces in; its wrapped summary, 27.
        let commandLines = lines[start...].prefix { $0.hasPrefix("  ") }.filter {
            !$0.hasPrefix("   ")
        }
        let words = commandLines.map {
            $0.split(separator: " ").first.map { String($0).trimmingCharacters(in: [","]) } ?? ""
        }
        #expect(words == HelpText.overviewOrder.filter { $0 != .exit }.map(\.rawValue))
        #expect(Set(HelpText.overviewOrder) == Set(CommandName.allCases))
        #expect(HelpText.overviewOrder.count == CommandName.allCases.count)
        #expect(HelpText.overview.contains("Fields: username, notifications, season, goal."))
        #expect(HelpText.text(for: HelpTopic.goal, options: "").contains("years 1000–9999"))
    }

    /// Every summary in the overview starts in one column, 27, however long the synopsis
    /// before it (`get [profile.|draft.]FIELD` has its line to itself).
    @Test func overviewSummariesShareOneColumn() {
        let lines = HelpText.overview.split(separator: "\n").map(String.init)
        let start = lines.firstIndex(of: "Commands:")! + 1
        for line in lines[start...].prefix(while: { $0.hasPrefix("  ") }) {
            let leading = line.prefix { $0 == " " }.count
            if leading > 2 {
                // A summary's continuation, or the summary under a long synopsis.
                #expect(leading == HelpText.overviewColumn, "\(line)")
                continue
            }
            // The synopsis, then two spaces or more, then the summary; or the synopsis alone.
            guard let gap = line.dropFirst(2).range(of: "  ") else { continue }
            let summary = line[gap.upperBound...].prefix { $0 == " " }.endIndex
            #expect(
                line.distance(from: line.startIndex, to: summary) == HelpText.overviewColumn,
                "\(line)")
        }
        #expect(
            HelpText.overviewLine(for: .get)?.hasPrefix("  get [profile.|draft.]FIELD\n") == true)
    }

    @Test func valuesComeFromTheModel() {
        #expect(Vocabulary.values(of: .sizeCategory) == SizeCategory.allNames)
        #expect(SizeCategory.allNames.count == 2 * SizeCategory.allCases.count)
        #expect(Vocabulary.values(of: .edition) == ["release", "beta"])
        #expect(Vocabulary.values(of: .editMode).isEmpty)
        #expect(Vocabulary.modes == ["active", "inactive"])
        // Every locale offered is one `env locale` and --locale take, as offered.
        for word in Vocabulary.values(of: .locale) {
            #expect(LocaleSetting.normalize(word) == word, "\(word)")
        }
        #expect(Vocabulary.sheetStates == SheetState.allCases.map(\.rawValue))
        for name in SizeCategory.allNames { #expect(SizeCategory(parsing: name) != nil) }
        for edition in Vocabulary.editions { #expect(Edition(rawValue: edition) != nil) }
    }

    @Test(arguments: HelpTopic.allCases)
    func helpHelpAndTheOverviewNameEveryTopic(_ topic: HelpTopic) {
        #expect(HelpText.text(for: "help", options: "").contains(topic.rawValue))
        #expect(HelpText.overview.contains("help \(topic.rawValue)"))
    }
}
