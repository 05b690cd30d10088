import LprofLanguage
import LprofModel
import LprofSystem
import LprofText
import LprofViews

extension Interpreter {
    /// `env`, `env KEY`, `env KEY VALUE`; errors about state point at the first word.
    func env(_ key: EnvKey?, _ value: CommandValue?, at commandSpan: Span) throws(CommandFailure) {
        guard let key else { return listEnvironment() }
        guard case .setting(let setting)? = value else {
            guard key == .wiring else { return out.writeLine(environmentValue(key)) }
            // Each piece's value, and the edition's own where it differs.
            for piece in host.wiring.pieces {
                let own = Wiring.preset(host.edition).setting(piece)?.valueText ?? ""
                let value = wiringText(piece)
                out.writeLine(
                    "\(piece.rawValue) \(value)"
                        + (value == own
                            ? "" : " (changed; the \(host.edition.rawValue)'s own is \(own))"))
            }
            return
        }
        switch setting {
        case .sizeCategory(let category): settings.sizeCategory = category
        case .locale(let id): settings.locale = id
        case .now(let day): settings.now = day
        case .edition(let edition):
            // Refused only in edit mode: an error about state, at the command.
            try apply(
                .switchEdition(edition, Profile.default(today: today)), at: commandSpan, by: .env)
        }
    }

    /// Every key and its value: whole for `env`, fitted to the width as a view for `show env`.
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
        case .wiring:
            // The edition's own, or it with the pieces that differ.
            return
                ([host.edition.rawValue]
                + host.wiring.changedPieces.map { "\($0.rawValue) \(wiringText($0))" })
                .joined(separator: ", ")
        }
    }

    /// The value of `piece` in force, or the error that the edition's buttons lack it.
    func wiringValue(_ piece: WiringPiece, at span: Span) throws(CommandFailure) -> String {
        guard let setting = host.wiring.setting(piece) else {
            throw CommandFailure(Wiring.lacking(piece), at: span, reason: .missingPiece)
        }
        return setting.valueText
    }

    private func wiringText(_ piece: WiringPiece) -> String {
        host.wiring.setting(piece)?.valueText ?? ""
    }
}
