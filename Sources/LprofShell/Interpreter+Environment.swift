import LprofLanguage
import LprofModel
import LprofSystem
import LprofViews

extension Interpreter {
    /// `env`, `env KEY`, `env KEY VALUE`; `commandSpan` is the command's first word, where
    /// errors about state point.
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
        switch try CommandValues.environment(key, value) {
        case .sizeCategory(let category): settings.sizeCategory = category
        case .locale(let id): settings.locale = id
        case .now(let day): settings.now = day
        case .edition(let edition):
            // Refused only in edit mode: an error about state, at the command.
            try switchEdition(edition, at: commandSpan)
        }
    }
}
