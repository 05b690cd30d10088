import LprofLanguage
import LprofModel
import Testing

@testable import LprofShell

/// A script's `set` reaches the draft by a path of its own: the checker reads the value's
/// bytes in place (`Parser.check`, `ValueParser.checkSetValue`) and the runner hands them to
/// `Interpreter.execute(_:value:)` with no command built. These hold that path to what the
/// command path (`Interpreter.execute(Command)`, as lessons use it) says and does, value by
/// value, odd values included.
@Suite struct SetValueBytesTests {
    /// Values as written in a script, good and bad, for every field.
    static let cases: [(field: String, written: String)] = [
        ("season", "autumn"), ("season", "FALL"), ("season", "\"\u{1F342}\""),
        ("season", "\"\u{2603}\""), ("season", "autum"), ("season", "\"\""),
        ("season", "\"caf\u{E9}\""),
        ("notifications", "on"), ("notifications", "Yes"), ("notifications", "toggle"),
        ("notifications", "TOGGLE"), ("notifications", "maybe"), ("notifications", "\"\u{FC}\""),
        ("goal", "+1d"), ("goal", "today+3m"), ("goal", "2027-01-31"), ("goal", "2026-13-01"),
        ("goal", "+2y"), ("goal", "+1d+1d"), ("goal", "soon"), ("goal", "\"\""),
        ("goal", "0999-01-01"),
        ("username", "hiker"), ("username", "\"hiker 3\""), ("username", "\"caf\u{E9}\""),
        ("username", "\"\""), ("username", "\" lead\""), ("username", "\"trail \""),
        ("username", "\"\\u{200B}x\""), ("username", "\"a\\tb\""), ("username", "\"e\\u{301}\""),
        ("username", "\"\u{202E}evil\""), ("username", String(repeating: "x", count: 65)),
        ("username", "\"" + String(repeating: "\u{E9}", count: 65) + "\""),
    ]

    @Test(arguments: cases)
    func checkerAndRunnerAgreeWithTheCommandPath(_ field: String, _ written: String) {
        let line = "set \(field) \(written)"
        // The checker: a syntax error, before anything runs, or nothing.
        let checked = InterpSession()
        let checkStatus = checked.run("edit on\n\(line)")
        // The command path, as a lesson runs a command.
        let commanded = InterpSession()
        _ = try? commanded.execute("edit on")
        let commandError: String?
        do {
            _ = try commanded.execute(line)
            commandError = nil
        } catch {
            commandError = error.message
        }
        if checkStatus == 2 {
            // Wrong whatever the state: the checker says what the command path says.
            #expect(commandError != nil, "\(line)")
            #expect(checked.errors.map(\.message) == [commandError ?? ""], "\(line)")
            #expect(checked.host.editMode == .inactive, "\(line) ran")
        } else {
            // Checked clean: the runner's byte path ends where the command path does.
            #expect(checked.errors.map(\.message) == (commandError.map { [$0] } ?? []), "\(line)")
            #expect(checked.host.draft == commanded.host.draft, "\(line)")
        }
    }

    @Test func aSetThatMeetsTheStateFailsAtItsPlace() {
        // Not editing: the byte path fails where the command path does, at the command.
        let s = InterpSession()
        #expect(s.run("set season autumn") == 1)
        #expect(s.errors.count == 1)
        #expect(s.errors[0].location == .init(source: "<command-line>", line: 1, column: 1))
        #expect(s.errors[0].message.contains("fields change only in edit mode"))
        // Out of range: the error points at the value.
        let t = InterpSession()
        #expect(t.run("edit on\nset goal +2y") == 1)
        #expect(t.errors[0].location == .init(source: "<command-line>", line: 2, column: 10))
    }

    @Test func aStateErrorComesBeforeAWrongValue() {
        // As a lesson runs it (no check first): not editing is the error, not the value.
        let s = InterpSession()
        do {
            _ = try s.execute("set season monsoon")
            Issue.record("set ran outside edit mode")
        } catch {
            #expect(error.message.contains("fields change only in edit mode"))
            #expect(error.reason == .whileInactive)
        }
    }

    @Test func setsAfterSemicolonsAndContinuationsRunAsBytes() {
        let s = InterpSession()
        #expect(s.run("edit on; set season winter; set username \\\n  \"a b\"\ndone") == 0)
        #expect(s.host.profile.seasonalPhoto == .winter)
        #expect(s.host.profile.username == "a b")
    }
}
