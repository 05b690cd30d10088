import LprofLanguage
import LprofModel
import LprofStore
import LprofSystem
import LprofViews

extension Interpreter {
    /// `env`, `env KEY`, `env KEY VALUE`.
    /// `commandSpan` is the command's first word, where errors about state point.
    func env(_ key: EnvKey?, _ value: Argument?, at commandSpan: Span) throws(CommandFailure) {
        guard let key else {
            listEnvironment()
            return
        }
        guard let value else {
            out.writeLine(environmentValue(key))
            return
        }
        try setEnvironment(key, value, at: commandSpan)
    }

    /// `KEY=VALUE` lines in the SPEC's order.
    /// Every key and its value, as `KEY=VALUE` lines: whole for `env`, fitted to the width
    /// as a view for `show env`.
    func listEnvironment(asView: Bool = false) {
        let pairs = EnvKey.allCases.map { (key: $0.rawValue, value: environmentValue($0)) }
        if asView {
            out.write(ProfileViews.environment(pairs, style: viewStyle()))
        } else {
            for (key, value) in pairs { out.writeLine("\(key)=\(value)") }
        }
    }

    public func environmentValue(_ key: EnvKey) -> String {
        switch key {
        case .editMode: return host.editMode.rawValue
        case .sizeCategory: return settings.sizeCategory.name
        case .locale: return settings.locale
        case .now: return today.iso
        case .edition: return host.edition.rawValue
        }
    }

    private func setEnvironment(_ key: EnvKey, _ value: Argument, at commandSpan: Span)
        throws(CommandFailure)
    {
        switch key {
        case .editMode:
            throw CommandFailure(
                "editMode is read-only; change it with 'edit on', 'done' or 'cancel'",
                at: value.span)
        case .sizeCategory:
            guard let category = SizeCategory(parsing: value.text) else {
                throw CommandFailure(
                    "unknown size category '\(value.text)'"
                        + Suggestion.hint(for: value.text, among: SizeCategory.allNames)
                        + " (xs s m l xl xxl xxxl ax1 … ax5)", at: value.span)
            }
            settings.sizeCategory = category
        case .locale:
            guard let id = LocaleSetting.normalize(value.text) else {
                throw CommandFailure(
                    "unknown locale '\(value.text)' (write it as en_US, ko-KR or ko_KR.UTF-8)",
                    at: value.span)
            }
            settings.locale = id
        case .now:
            if asciiEqualsIgnoringCase(value.text.utf8, GoalExpression.todayWord) {
                settings.now = nil
                return
            }
            guard let day = CalendarDay(writtenISO: value.text) else {
                throw CommandFailure(
                    "env now takes a day as YYYY-MM-DD (years \(CalendarDay.writtenYearsText)) or 'today', not '\(value.text)'",
                    at: value.span)
            }
            settings.now = day
        case .edition:
            guard let edition = Edition(rawValue: value.text.lowercased()) else {
                throw CommandFailure(
                    "unknown edition '\(value.text)' (\(Vocabulary.alternatives(Vocabulary.editions)))"
                        + Suggestion.hint(for: value.text, among: Vocabulary.editions),
                    at: value.span)
            }
            // Refused only in edit mode: an error about state, at the command.
            try switchEdition(edition, at: commandSpan)
        }
    }
}
