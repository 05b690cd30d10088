import LprofCLI
import LprofEditLine
import LprofSystem

// Before anything uses ICU: a locale variable that is no locale name would crash it.
let replacedLocaleVariables = LocaleVariables.replaceUnusable()
// Before libedit reads it: a TERM with a control in it would be echoed raw.
let replacedTerminalType = TerminalType.replaceUnusable()
// A closed pipe is seen as EPIPE (lprof then ends by SIGPIPE itself); a file-size limit
// as EFBIG, a store write error.
CurrentProcess.unblockSignals()
CurrentProcess.ignoreBrokenPipe()
CurrentProcess.ignoreFileSizeLimitSignal()
let environment = processEnvironment()
// A crash restores the terminal and prints one line, never Swift's backtracer; SIGQUIT
// ends lprof quietly.
FatalSignals.install(environment: environment)

let rawArguments = CurrentProcess.rawArguments()
var launcher = Launcher(environment: environment)
launcher.replacedLocaleVariables = replacedLocaleVariables
launcher.replacedTerminalType = replacedTerminalType
launcher.lineEditor = { EditLineReader(historyFile: $0, completer: $1, environment: environment) }
CurrentProcess.exit(
    launcher.run(
        Array(CommandLine.arguments.dropFirst()), rawArguments: rawArguments
    ).rawValue)
