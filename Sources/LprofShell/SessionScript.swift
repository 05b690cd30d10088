import LprofHelp
import LprofLanguage
import LprofModel
import LprofSystem
import LprofText

/// The text of a recorded session (`record FILE`, SPEC §3): a script a teacher could hand out,
/// whose closing `expect` lines let `lprof test FILE` check where it ends.
enum SessionScript {
    /// Why no commands take a fresh profile to a state: some states no command reaches, such as
    /// a profile changed under a draft by `reload`.
    enum Unrebuildable: String, Error {
        case draft = "the draft is neither the profile nor a new sheet's Profile.default"
        case uneditedDraft =
            "fields no 'set' changed hold neither the profile's values nor a new sheet's"
    }

    // MARK: - The header and the set-up

    /// How every recording starts, so that `lprof FILE` can refuse to run it on the default store.
    static let firstWords = "# An lprof session, recorded with 'record'"

    /// The comment at the top of the file recorded at `path`.
    static func header(path: String) -> [String] {
        let name = shellWord(StorePaths.baseName(of: path))
        return [
            firstWords + " (\(UsageText.version)).",
            "# To check that, replayed on a fresh profile in memory, it still ends where the",
            "# session ended:  lprof test \(name)",
            "# To watch it run:  lprof --memory \(name)",
            "",
            "# Set-up: the commands that take a fresh profile to where the session stood",
            "# when recording began.",
        ]
    }

    /// The set-up of a recording: `today` fixed, `host` rebuilt from a fresh profile, and how
    /// views are shown.
    static func setUp(_ host: Host, today: CalendarDay, settings: Settings)
        throws(Unrebuildable) -> [String]
    {
        var lines = try rebuild(host, today: today, from: nil)
        var shown: [String] = []
        if settings.locale != Settings().locale { shown.append("env locale \(settings.locale)") }
        if settings.sizeCategory != Settings().sizeCategory {
            shown.append("env sizeCategory \(settings.sizeCategory.name)")
        }
        if settings.trace { shown.append("trace on") }
        if !shown.isEmpty { lines += ["# How views are shown:"] + shown }
        return lines
    }

    static let sessionHeading = ["", "# The session, one command a line, as typed:"]

    /// Commands that take a host to `target` on `today`: from a fresh profile (`current` nil),
    /// or from `current` by way of the default profile.
    static func rebuild(
        _ target: Host, today: CalendarDay, from current: (host: Host, today: CalendarDay)?
    ) throws(Unrebuildable) -> [String] {
        let fresh = Profile.default(today: today)
        var lines: [String] = []
        if let current {
            if current.host.sheet == .dismissed {
                lines.append("present")
            } else if current.host.editMode == .active {
                lines.append("cancel")
            }
            if current.today != today { lines.append("env now \(today.iso)") }
            // The edition first, so that `reset` happens where the profile will live.
            if current.host.wiring != Wiring.preset(target.edition) {
                lines.append("env edition \(target.edition.rawValue)")
            }
        } else {
            lines +=
                [
                    "# Today is fixed, so that 'today' and goal offsets mean the same day",
                    "# whenever this runs:",
                    "env now \(today.iso)",
                    "# The default profile (g_kumar, notifications on, winter, goal today),",
                    "# in the \(target.edition.rawValue) edition of the tutorial (the edition first, so",
                    "# that 'reset' happens where the profile lives):",
                    "env edition \(target.edition.rawValue)",
                ]
        }
        lines += profileHome(target) + ["reset"]
        if target.profile != fresh {
            lines += ["# The profile, committed:", "edit on"]
            for field in target.profile.differences(from: fresh) {
                lines += sets(field, from: fresh, to: target.profile)
            }
            lines.append("done")
        }
        // Now profile and draft are both target.profile, out of edit mode.
        let newSheet = [
            "# The draft a new sheet starts with, Profile.default:", "dismiss", "present",
        ]
        switch target.editMode {
        case .inactive:
            if target.draft == fresh && target.draft != target.profile {
                lines += newSheet
            } else if target.draft != target.profile {
                throw .draft
            }
            lines += pieces(target)
        case .active:
            let unedited = ProfileField.allCases.filter { !target.wasEdited($0) }
            var start = target.profile
            if !unedited.allSatisfy({ target.draft[$0] == start[$0] }) {
                // Only an editor without the onAppear copy shows a draft it did not copy.
                guard target.wiring.onAppear == .none,
                    unedited.allSatisfy({ target.draft[$0] == fresh[$0] })
                else { throw .uneditedDraft }
                lines += newSheet
                start = fresh
            }
            lines += pieces(target)
            lines += ["# Editing, the draft changed so:", "edit on"]
            for field in ProfileField.allCases where target.wasEdited(field) {
                lines += sets(field, from: start, to: target.draft)
            }
        }
        if target.sheet == .dismissed {
            lines += ["# The sheet, swiped down:", "dismiss"]
        }
        return lines
    }

    /// The `env wiring profile` line when `target` keeps the profile elsewhere than its edition:
    /// before the profile is committed, which moving it would undo.
    static func profileHome(_ target: Host) -> [String] {
        guard target.wiring.profile != Wiring.preset(target.edition).profile else { return [] }
        return [
            "# The wiring lab: where the profile lives, changed:",
            "env wiring profile \(target.wiring.profile.rawValue)",
        ]
    }

    /// The `env wiring` lines for `target`'s other changed pieces: last before editing, since
    /// the lines above rely on the edition's own wiring.
    static func pieces(_ target: Host) -> [String] {
        let changed = target.wiring.changedPieces.filter { $0 != .profile }
        guard !changed.isEmpty else { return [] }
        return ["# The wiring lab: pieces changed from the \(target.edition.rawValue)'s own:"]
            + changed.compactMap { piece in
                target.wiring.setting(piece).map { "env wiring \(piece.rawValue) \($0.valueText)" }
            }
    }

    /// The `set` commands that change `field` from `from`'s value to `to`'s: the goal in steps
    /// of at most a year, as the DatePicker's range allows.
    static func sets(_ field: ProfileField, from: Profile, to: Profile) -> [String] {
        guard field == .goal else { return ["set \(field.rawValue) \(written(to[field]))"] }
        var lines: [String] = []
        var goal = from.goalDate
        let forward = to.goalDate > goal
        while !to.goalDate.isWithinAYear(of: goal),
            let next = goal.adding(years: forward ? 1 : -1), next != goal
        {
            goal = next
            lines.append("set goal \(goal.iso)")
        }
        lines.append("set goal \(to.goalDate.iso)")
        return lines
    }

    // MARK: - The end

    /// The block that ends the file: `expect` lines for everything `host` shows now.
    static func expectations(_ host: Host) -> [String] {
        var lines = [
            "",
            "# Where the session ended: 'lprof test' fails unless each of these holds.",
            "expect mode \(host.editMode.rawValue)", "expect sheet \(host.sheet.rawValue)",
        ]
        for piece in host.wiring.changedPieces {
            if let setting = host.wiring.setting(piece) {
                lines.append("expect wiring \(piece.rawValue) \(setting.valueText)")
            }
        }
        for (scope, profile) in [("profile", host.profile), ("draft", host.draft)] {
            for field in ProfileField.allCases {
                lines.append("expect \(scope).\(field.rawValue) \(written(profile[field]))")
            }
        }
        return lines
    }

    /// Commands that a replay would not do alike, kept as comments, and what rebuilds what they
    /// left.
    static func notReplayed(_ commands: [String], rebuilt: [String]) -> [String] {
        let one = commands.count == 1
        return [
            "# Not replayed: on a fresh profile in memory, as 'lprof test' runs this file,",
            one
                ? "# the next command would not do what it did in the session:"
                : "# the next commands would not do what they did in the session:",
        ] + commands.map { "#   " + $0 }
            + (rebuilt.isEmpty
                ? [one ? "# It left the session as it was." : "# They left the session as it was."]
                : [one ? "# What it left, rebuilt:" : "# What they left, rebuilt:"]
                    + rebuilt.filter { !$0.hasPrefix("#") })
    }

    /// The commands a session ended with that no commands can rebuild, as comments.
    static func unreplayedAtEnd(_ commands: [String]) -> [String] {
        [
            "# Not replayed: on a fresh profile in memory, as 'lprof test' runs this file,",
            "# these commands would not do what they did in the session, and no commands",
            "# rebuild where they left it (it holds another session's changes, say):",
        ] + commands.map { "#   " + $0 }
            + ["# So the expectations below are those of the last state that commands rebuild."]
    }

    // MARK: - Messages

    /// Why `record` cannot start now, and what to do instead.
    static func cannotRecord(_ reason: Unrebuildable, _ host: Host) -> String {
        let problem =
            "cannot record: no commands rebuild this session from a fresh profile: "
            + reason.rawValue
        switch reason {
        case .draft where host.sheet == .dismissed:
            return problem + "; 'present' opens a new sheet, with a new draft"
        case .draft:
            return problem + "; 'edit on' then 'cancel' makes the draft the profile"
        case .uneditedDraft:
            return problem + "; 'done' or 'cancel' first"
        }
    }

    // MARK: - Words

    /// A value as `set` and `expect` take it; a username always quoted.
    static func written(_ value: FieldValue) -> String {
        guard case .username(let name) = value else { return value.plainText }
        return WordQuoting.doubleQuoted(name)
    }

    /// `text` as one word for a POSIX shell, for the command a message suggests.
    static func shellWord(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                    || ("0"..."9").contains(scalar) || "._-/+,:@%=".unicodeScalars.contains(scalar)
            }
        if safe { return text }
        // A newline in the name would end the comment line it is written in, and what follows
        // would run: bash's ANSI-C quoting, `$'r2\nx'`, keeps it one line.
        if text.unicodeScalars.contains(where: TerminalSafe.isUnsafe) {
            var out = "$'"
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case "\\": out += "\\\\"
                case "'": out += "\\'"
                default:
                    guard TerminalSafe.isUnsafe(scalar) else {
                        out.unicodeScalars.append(scalar)
                        continue
                    }
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    let (escape, digits) =
                        scalar.value < 0x80
                        ? ("\\x", 2) : scalar.value <= 0xFFFF ? ("\\u", 4) : ("\\U", 8)
                    out += escape + String(repeating: "0", count: digits - hex.count) + hex
                }
            }
            return out + "'"
        }
        var out = "'"
        for character in text { out += character == "'" ? "'\\''" : String(character) }
        return out + "'"
    }
}

extension CalendarDay {
    /// Whether this day lies in the DatePicker's range around `other` (a year either side).
    fileprivate func isWithinAYear(of other: CalendarDay) -> Bool {
        ((other.adding(years: -1) ?? other)...(other.adding(years: 1) ?? other)).contains(self)
    }
}
