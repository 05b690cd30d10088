import LprofCLI
import LprofEditLine
import LprofInteractive
import LprofSystem

// A closed pipe must end lprof quietly with an exit status, never by a signal.
CurrentProcess.ignoreBrokenPipe()
CurrentProcess.ignoreFileSizeLimitSignal()

var launcher = Launcher(environment: processEnvironment())
launcher.interactive = { launcher, options in
    let home = BaseDirectories(environment: launcher.environment).home
    let reader = EditLineReader(
        historyFile: HistoryFile(environment: launcher.environment),
        completer: Completer { FileSystemDirectory.list($0, home: home) },
        environment: launcher.environment)
    return launcher.runInteractive(options, reader: reader)
}
// Lessons keep their entries out of the learner's history file.
launcher.lineEditor = { launcher in
    EditLineReader(
        historyFile: HistoryFile(path: nil), completer: .lessons,
        environment: launcher.environment)
}
CurrentProcess.exit(
    launcher.run(
        Array(CommandLine.arguments.dropFirst()), rawArguments: CurrentProcess.rawArguments()
    ).rawValue)
