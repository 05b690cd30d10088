#if canImport(Glibc)
    import Glibc
#endif
import LprofEditLine
import LprofShell

// A closed pipe must end lprof quietly with an exit status, never by a signal.
signal(SIGPIPE, SIG_IGN)

var launcher = Launcher(environment: processEnvironment())
launcher.interactive = { launcher, options in
    let reader = EditLineReader(historyFile: HistoryFile(environment: launcher.environment))
    return launcher.runInteractive(options, reader: reader)
}
exit(launcher.run(Array(CommandLine.arguments.dropFirst())))
