import LprofLanguage
import LprofLessonLanguage
import LprofModel
import LprofShell

/// Whether a deed is the one a lesson's condition names, by what it is, not trace's words.
enum DeedMatch {
    static func matches(_ pattern: DeedPattern, _ deed: Deed, today: CalendarDay) -> Bool {
        switch (pattern, deed) {
        case (.event(let wanted, let by, let traced), .event(let event, let command, let shown)):
            return (by.isEmpty || by.contains(command)) && (!traced || shown)
                && matches(wanted, event, today: today)
        case (.event(.storeSaved, let by, let traced), .saved(let command, let printed)):
            return (by.isEmpty || by.contains(command)) && (!traced || printed)
        case (.shown(let wanted), .shown(let view, let seen, let environment)):
            return wanted.view == view && (wanted.seen == nil || wanted.seen == seen)
                && wanted.environment.allSatisfy {
                    LessonCoach.sameEnvironmentValue(
                        $0.key, environment[$0.key] ?? "", $0.value.text)
                }
        // A bare field names the profile's and the draft's.
        case (.read(.target(.field(nil, let name))), .read(.target(.field(_, let other)))),
            (.explained(.field(nil, let name)), .explained(.field(_, let other))):
            return name == other
        case (.read(let wanted), .read(let read)):
            return wanted == read
        case (.explained(let wanted), .explained(let explained)):
            return wanted == explained
        case (.failed(let command, let reason), .failed(let failed, let why, _)):
            return command == failed && reason == why
        default:
            return false
        }
    }

    static func matches(_ pattern: EventPattern, _ event: LifecycleEvent, today: CalendarDay)
        -> Bool
    {
        switch (pattern, event) {
        case (.editMode(let from, let to), .editModeChanged(let was, let now)):
            return was.rawValue == from && now.rawValue == to
        case (.view(let name, true), .appeared(let view)),
            (.view(let name, false), .disappeared(let view)):
            return ViewName(rawValue: name) == view
        case (
            .copy(let trigger, let target, let source, let changed),
            .copied(let to, let from, let by, let didChange)
        ):
            return EventPattern.triggers.contains { $0 == (trigger, by) }
                && target.rawValue == to.rawValue
                && source.rawValue == from.rawValue && (changed == nil || changed == didChange)
        case (.editorWithoutCopy(let stale), .editorShowsDraftWithoutCopy(let wasStale)):
            return stale == nil || stale == wasStale
        case (.field(let name, let text), .fieldSet(let field, let value)):
            guard name == field else { return false }
            guard let text else { return true }
            return (try? ValueParser.valueForExpect(field, text, today: today)) == value
        case (.sheet(true), .sheetPresented), (.sheet(false), .sheetDismissed):
            return true
        case (.reset, .reset):
            return true
        case (.edition(let name), .editionChanged(let edition)):
            return edition.rawValue == name
        case (.wiring(let setting), .wiringChanged(let changed)):
            return setting == changed
        default:
            return false
        }
    }
}
