import LprofCLI
import LprofEditLine
import LprofInteractive
import LprofSystem

// Before anything uses ICU: a locale variable that is no locale name would crash it.
let replacedLocaleVariables = LocaleVariables.replaceUnusable()
// A closed pipe is seen as EPIPE (lprof then ends by SIGPIPE itself); a file-size limit
// as EFBIG, a store write error.
CurrentProcess.unblockSignals()
CurrentProcess.ignoreBrokenPipe()
CurrentProcess.ignoreFileSizeLimitSignal()
// A crash restores the terminal and prints one line, never Swift's backtracer; SIGQUIT
// ends lprof quietly.
FatalSignals.install(environment: processEnvironment())

var launcher = Launcher(environment: processEnvironment())
launcher.replacedLocaleVariables = replacedLocaleVariables
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
