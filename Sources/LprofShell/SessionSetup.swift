import LprofModel
import LprofStore
import LprofSystem
import LprofText

/// How a session is put together, whichever front end asks for one (the launcher, the
/// lessons' tests).
public struct SessionSetup {
    var settings: Settings
    var edition: Edition
    /// `--single-transaction`: one commit at the end.
    public var singleTransaction = false
    /// `--keep-going`: a script goes on past a failed command.
    public var keepGoing = false
    /// What `help options` shows (the launcher's `--help`); nil keeps the interpreter's own.
    public var optionsHelp: (() -> String)?

    public init(settings: Settings = Settings(), edition: Edition = .release) {
        self.settings = settings
        self.edition = edition
    }

    /// A runner over a fresh interpreter whose profile comes from `storage`; nil (after
    /// reporting) when the store cannot be read.
    public func makeRunner(
        out: OutputBuffer, diagnostics: DiagnosticSink, storage: ProfileStorage
    ) -> Runner? {
        // The beta's profile is ProfileHost's @State: its store is neither read nor written.
        var loaded: StoredProfile? = nil
        if Wiring.preset(edition).profile == .modeldata {
            do {
                loaded = try storage.load()
            } catch {
                diagnostics.report(Diagnostic(.error, error.message))
                return nil
            }
        }
        let interpreter = Interpreter(
            storage: storage, loaded: loaded, settings: settings, out: out, edition: edition,
            clock: Self.today)
        if let optionsHelp { interpreter.optionsHelp = optionsHelp }
        interpreter.traceStart()
        interpreter.singleTransaction = singleTransaction
        let runner = Runner(interpreter: interpreter, diagnostics: diagnostics)
        runner.keepGoing = keepGoing
        return runner
    }

    /// Today from the system clock, in the local time zone.
    static func today() -> CalendarDay {
        let date = systemDate()
        return CalendarDay(year: date.year, month: date.month, day: date.day)
            ?? CalendarDay(year: 2000, month: 1, day: 1)!
    }
}
