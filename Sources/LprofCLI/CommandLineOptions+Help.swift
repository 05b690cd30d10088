import LprofHelp
import LprofLanguage
import LprofSystem
import LprofText

extension CommandLineOptions {
    /// `lprof --help`, which `help options` shows too.
    static let helpText: String = {
        var lines = [
            "lprof — edit a profile with the edit mode of SwiftUI's Landmarks tutorial",
            "", "Usage:",
        ]
        let forms = plainForms + subcommandTable.map { ($0.synopsis, $0.help) }
        for (synopsis, help) in forms {
            lines += HelpText.columns(synopsis, help, width: usageColumn)
        }
        lines += ["", "Options:"]
        for option in table where option.listed {
            lines += HelpText.columns(option.label, option.help, width: optionColumn)
        }
        lines.append("")
        lines += TextWrap.lines(
            "Commands at the prompt: " + Vocabulary.commands.joined(separator: " ")
                + " ('help COMMAND' explains one).", width: HelpText.widestLine)
        lines.append("")
        let statuses = ExitStatus.allCases.map { "\($0.rawValue) \($0.summary)" }
        lines += TextWrap.lines(
            "Exit status: " + statuses.joined(separator: "; ") + ".", width: HelpText.widestLine)
        lines.append("Type 'help' at the prompt for the command language.")
        return lines.joined(separator: "\n")
    }()

    /// Where the explanations of the usage lines and the options start.
    static let usageColumn = 32
    static let optionColumn = 22
}
