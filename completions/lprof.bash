# bash completion for lprof(1): subcommands, options, option values, .lprof files,
# lesson names, and the language's commands after -c. Install as $PREFIX/share/bash-completion/completions/lprof.
_lprof() {
    local cur prev words cword
    if declare -F _init_completion >/dev/null 2>&1; then
        _init_completion || return
    else
        COMPREPLY=()
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        words=("${COMP_WORDS[@]}")
        cword=$COMP_CWORD
    fi

    local options="--store --memory --now --edition --keep-going --echo --trace --color --size --locale --no-rc -q --quiet -h --help -V --version -c"
    local sizes="xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5 extraSmall small medium large extraLarge extraExtraLarge extraExtraExtraLarge accessibilityMedium accessibilityLarge accessibilityExtraLarge accessibilityExtraExtraLarge accessibilityExtraExtraExtraLarge"
    local lessons="summary draft cancel goal-range trace sheet editions dynamic-type accessibility quiz"
    # The language's commands, as 'help' lists them (dismiss and present work the sheet).
    local commands="help show get set edit done cancel reset dismiss present expect env trace print source history quit exit"

    case "$prev" in
        --edition) COMPREPLY=($(compgen -W "release beta" -- "$cur")); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        --size) COMPREPLY=($(compgen -W "$sizes" -- "$cur")); return ;;
        --locale) COMPREPLY=($(compgen -W "en_US en_GB de_DE fr_FR ja_JP ko_KR zh_CN" -- "$cur")); return ;;
        --now) COMPREPLY=($(compgen -W "$(date +%F 2>/dev/null)" -- "$cur")); return ;;
        --store) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -c) COMPREPLY=($(compgen -W "$commands" -- "$cur")); return ;;
    esac

    # The subcommand, if one was given before this word.
    local sub="" i
    for ((i = 1; i < cword; i++)); do
        case "${words[i]}" in
            test|check|learn) sub="${words[i]}"; break ;;
            --store|--now|--edition|--color|--size|--locale|-c) ((i++)) ;;
            -*) ;;
            *) break ;;
        esac
    done

    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    case "$sub" in
        learn)
            COMPREPLY=($(compgen -W "$lessons" -- "$cur"))
            return ;;
        test|check) ;;
        "")
            COMPREPLY=($(compgen -W "test check learn" -- "$cur")) ;;
    esac
    # .lprof scripts and folders.
    compopt -o filenames 2>/dev/null
    local IFS=$'\n'
    COMPREPLY+=($(compgen -d -- "$cur") $(compgen -f -X '!*.lprof' -- "$cur"))
}
complete -F _lprof lprof
