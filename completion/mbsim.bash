# bash completion for mbsim: commands, then each command's options as its
# own help text lists them (so they never go stale), then files.
_mbsim()
{
    local cur=${COMP_WORDS[COMP_CWORD]} cmd=${COMP_WORDS[1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$(mbsim --help 2>/dev/null | sed -n 's/^  \([a-z]*\) .*/\1/p' | grep -vx mbsim) --help --version" -- "$cur"))
        return
    fi
    case $cur in
    -*)
        COMPREPLY=($(compgen -W "$(mbsim help "$cmd" 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)" -- "$cur"))
        ;;
    *)
        case $cmd in
        run | validate | sweep | fmu) COMPREPLY=($(compgen -f -X '!*.xml' -- "$cur") $(compgen -d -- "$cur")) ;;
        help) COMPREPLY=($(compgen -W "$(mbsim --help 2>/dev/null | sed -n 's/^  \([a-z]*\) .*/\1/p')" -- "$cur")) ;;
        *) COMPREPLY=($(compgen -f -- "$cur")) ;;
        esac
        ;;
    esac
}
complete -o filenames -F _mbsim mbsim
