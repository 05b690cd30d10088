import LprofLanguage
import LprofModel
import LprofStore
import LprofText

/// `why`: the steps that put a value where it is (`Provenance` keeps them, `WhyText` tells them).
extension Interpreter {
    func why(_ target: WhyTarget) -> [String] {
        let text = WhyText(
            wiring: host.wiring, width: settings.width(), place: { [self] in describe($0) })
        switch target {
        case .field(let scope, let field):
            let slot: ProfileSlot =
                scope.map { $0 == .profile ? .profile : .draft }
                ?? (host.editMode == .active ? .draft : .profile)
            let value = profile(scope)[field]
            let visible = scope == nil ? " (the visible view shows the \(slot.rawValue))" : ""
            return text.lines(
                "\(slot.rawValue).\(field.rawValue) is \(value.quotedText)\(visible); from its origin to now:",
                provenance.trails(slot)[field], field: field, value: value)
        case .mode:
            return text.lines(
                "editMode is \(host.editMode.rawValue); from its origin to now:", provenance.mode)
        case .sheet:
            return text.lines(
                "the profile sheet is \(host.sheet.rawValue); from its origin to now:",
                provenance.sheet)
        case .view:
            let heading =
                switch host.screen {
                case .home: "CategoryHome is on screen: the profile sheet is dismissed. Why:"
                case .summary: "ProfileSummary is on screen, showing the profile. Why:"
                case .editor: "ProfileEditor is on screen, showing the draft. Why:"
                }
            return text.lines(heading, provenance.view)
        }
    }

    /// A line of `why`; at a terminal it wraps at spaces, a step's rows under its text.
    func writeWhy(_ line: String) {
        writeTrace(line, indent: line.prefix { $0 == " " || $0.isNumber || $0 == "." }.count)
    }

    /// The user's command a step names (`'done' at 3:1`, `'done' (history 12)`); nil when none.
    private func describe(_ place: CommandPlace) -> String? {
        guard let program = place.program else { return nil }
        let typed = "'" + TerminalSafe.escape(program.text(place.index)) + "'"
        if place.entry > 0 { return "\(typed) (history \(place.entry))" }
        let name = program.info.name
        if name == "<prompt>" { return "\(typed), typed at the prompt" }
        guard
            let location = program.diagnostic(
                .note, "", at: program.headSpan(place.index), step: place.index
            ).location
        else { return typed }
        let file = place.nested ? "\(TerminalSafe.escape(name)):" : ""
        return "\(typed) at \(file)\(location.line):\(location.column)"
    }
}
