/// `lprof --help` and `help options`: the usage, every option, and the exit statuses.
public enum UsageText {
    /// The version `-V` prints, and the banners start with.
    public static let version = "lprof 0.1.0"

    public static let text = """
        lprof — edit a profile with the edit-mode semantics of SwiftUI's Landmarks tutorial

        Usage:
          lprof [OPTIONS]                 interactive at a terminal, else commands from stdin
          lprof [OPTIONS] SCRIPT.lprof    run a script (checked whole first; - is stdin)
          lprof [OPTIONS] -c 'COMMANDS'   run commands given inline
          lprof test [OPTIONS] SCRIPT…    run scripts as tests; last line: N passed, N failed
          lprof check SCRIPT…             check syntax and names only; runs nothing
          lprof learn [LESSON]            guided lessons at the prompt (in memory; a LESSON
                                          is a name, a number or a lesson file)

        Options:
          --store PATH          the profile store (default $XDG_DATA_HOME/lprof/profile.json)
          --memory              no store is read or written
          --now YYYY-MM-DD      today's date (also LPROF_NOW)
          --edition EDITION     release (default), or beta: the 2019 beta's wiring
          --keep-going          go on after a failed command (exit status: the first failure)
          --echo                print each command before running it
          --trace               print lifecycle events (edit mode, onAppear, onDisappear…)
          --color WHEN          auto (default), always or never
          --size CATEGORY       Dynamic Type size: xs s m l xl xxl xxxl ax1 … ax5
          --locale ID           the locale for dates, such as en_US or ko_KR
          --no-rc               do not run $XDG_CONFIG_HOME/lprof/lprofrc at the prompt
          -q, --quiet           no banner at the prompt
          -h, --help            this help
          -V, --version         the version

        Commands at the prompt: help show get set edit done cancel reset dismiss
        present expect env trace print source history quit exit ('help COMMAND'
        explains one).

        Exit status: 0 success; 1 a command or expectation failed; 2 a usage or syntax
        error, or an unreadable script; 3 a store error.
        Type 'help' at the prompt for the command language.
        """
}
