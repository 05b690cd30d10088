import LprofCLI
import LprofEditLine
import LprofInteractive
import LprofSystem

// A closed pipe must end lprof quietly with an exit status, never by a signal.
CurrentProcess.ignoreBrokenPipe()

var launcher = Launcher(environment: processEnvironment())
launcher.interactive = { launcher, options in
    let reader = EditLineReader(historyFile: HistoryFile(environment: launcher.environment))
    return launcher.runInteractive(options, reader: reader)
}
// Lessons keep their entries out of the learner's history file.
launcher.lineEditor = { _ in
    EditLineReader(historyFile: HistoryFile(path: nil), completer: .lessons)
}
CurrentProcess.exit(launcher.run(Array(CommandLine.arguments.dropFirst())).rawValue)
