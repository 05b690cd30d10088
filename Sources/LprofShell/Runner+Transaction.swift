import LprofText

/// The runner's side of the store: notes about merges, and `-1`'s one save at the end.
extension Runner {
    /// Reports the interpreter's notes (a merge), at the command without an excerpt since they
    /// tell of something that went well.
    func reportNotes(at step: Int? = nil, of program: Program? = nil) {
        let notes = interpreter.notes
        interpreter.notes.removeAll()
        for note in notes {
            var diagnostic = Diagnostic(.note, note)
            if let step, let program {
                diagnostic = program.diagnostic(.note, note, at: program.headSpan(step), step: step)
                diagnostic.excerpt = nil
            }
            diagnostics.report(diagnostic)
        }
    }

    /// `-1` at the end of a script or `-c` text: saves its commits once if every command and
    /// its output succeeded, else leaves the store untouched and says so.
    func endTransaction(_ outcome: Outcome) {
        guard interpreter.hasPendingTransaction else { return }
        let succeeded = status == .success && outcome != .stopped && interpreter.out.failure == nil
        guard succeeded else {
            diagnostics.report(
                Diagnostic(
                    .warning,
                    "-1: the script did not succeed, so none of its commits were saved; "
                        + "the store is unchanged"))
            if status == .success { record(.failure) }
            return
        }
        do {
            try interpreter.commitTransaction()
        } catch {
            diagnostics.report(Diagnostic(.error, error.message))
            record(error.status)
        }
        reportNotes()
    }
}
