#if canImport(Glibc)
    import Glibc
#endif
import LprofShell

// A closed pipe must end lprof quietly with an exit status, never by a signal.
signal(SIGPIPE, SIG_IGN)

let launcher = Launcher(environment: processEnvironment())
exit(launcher.run(Array(CommandLine.arguments.dropFirst())))
