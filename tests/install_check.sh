#!/bin/sh
# usage: install_check.sh [BUILD]
# make install into a new prefix (and with DESTDIR), then: the installed
# binary's --version, man -l on its page, the completion, the schema, docs
# and example models are there; a user subroutine compiles against the
# installed header with pkg-config's flags alone and the installed binary
# runs it; make uninstall leaves nothing behind.
set -u
build=${1:-build} # the build tree whose mbsim is installed
prefix=$(mktemp -d)
stage=$(mktemp -d)
trap 'rm -rf "$prefix" "$stage"' EXIT
passed=0
failed=0
check() {
    name=$1
    shift
    if "$@" >/dev/null 2>&1; then passed=$((passed + 1)); else echo "FAILED install: $name"; failed=$((failed + 1)); fi
}
make -s install BUILD="$build" PREFIX="$prefix" >/dev/null || { echo "FAILED install: make install"; exit 1; }
check "bin/mbsim --version" sh -c "'$prefix/bin/mbsim' --version | grep -q '^mbsim [0-9]'"
check "man -l on the page" sh -c "man -l '$prefix/share/man/man1/mbsim.1' | grep -q 'usage: mbsim run MODEL.xml'"
check "the page has every command" sh -c "test \$(man -l '$prefix/share/man/man1/mbsim.1' | grep -c '^ *usage: mbsim ') -ge 10"
check "bash completion" sh -c "bash -c '. \"$prefix/share/bash-completion/completions/mbsim\"; PATH=\"$prefix/bin:\$PATH\"; COMP_WORDS=(mbsim pl); COMP_CWORD=1; _mbsim; [ \"\${COMPREPLY[*]}\" = plot ]'"
check "completion of options" sh -c "bash -c '. \"$prefix/share/bash-completion/completions/mbsim\"; PATH=\"$prefix/bin:\$PATH\"; COMP_WORDS=(mbsim run --end); COMP_CWORD=2; _mbsim; [ \"\${COMPREPLY[*]}\" = --end-time ]'"
check "schema" test -s "$prefix/share/mbsim/mbsim.xsd"
check "docs" test -s "$prefix/share/doc/mbsim/cli.md"
check "example models" test -s "$prefix/share/doc/mbsim/models/pendulum.xml"
check "an installed example runs" sh -c "cd '$stage' && '$prefix/bin/mbsim' run '$prefix/share/doc/mbsim/models/pendulum.xml' -q -o p.h5"
check "the user subroutine header" test -s "$prefix/include/mbsim/usersub.h"
check "MotionSolve's header name" test -s "$prefix/include/mbsim/msolvsub_c_include.h"
check "pkg-config --cflags mbsim" sh -c "PKG_CONFIG_PATH='$prefix/share/pkgconfig' pkg-config --cflags mbsim | grep -qx -- '-I$prefix/include/mbsim *'"
check "a user subroutine builds with pkg-config's flags" sh -c "cd '$stage' && cc -shared -fPIC \$(PKG_CONFIG_PATH='$prefix/share/pkgconfig' pkg-config --cflags mbsim) -o libspring.so '$prefix/share/doc/mbsim/examples/usersub/spring.c'"
check "the installed mbsim finds the FMU binary" sh -c "cd '$stage' && '$prefix/bin/mbsim' fmu '$prefix/share/doc/mbsim/examples/fmi/pendulum.xml' -q -o p.fmu"
rm -f "$stage/p.fmu"
check "the installed binary exports the utilities" sh -c "nm -D '$prefix/bin/mbsim' | grep -q ' T c_sysfnc\$'"
check "the installed binary runs it" sh -c "cd '$stage' && '$prefix/bin/mbsim' run '$prefix/share/doc/mbsim/examples/usersub/spring.xml' -q -o s.h5 --usersub-path '$stage'"
rm -f "$stage/libspring.so" "$stage/s.h5" "$stage/p.h5"
make -s uninstall BUILD="$build" PREFIX="$prefix" >/dev/null
check "uninstall removes every file" test -z "$(find "$prefix" -type f)"
make -s install BUILD="$build" PREFIX=/usr DESTDIR="$stage" >/dev/null
check "DESTDIR stages under its root" test -x "$stage/usr/bin/mbsim"
echo "install: $passed passed, $failed failed"
[ $failed -eq 0 ]
