#!/bin/sh
# manpage.sh MBSIM VERSION: writes mbsim(1) in roff to standard output, made
# from the program's own help texts (mbsim --help, mbsim help COMMAND), so
# that the page says what the program says.
set -eu
mbsim=${1:?usage: manpage.sh MBSIM VERSION}
version=${2:?usage: manpage.sh MBSIM VERSION}
# roff-safe text: backslashes doubled, lines starting with . or ' escaped
roff() { sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"; }
cat <<HEAD
.TH MBSIM 1 "" "mbsim $version" "User Commands"
.SH NAME
mbsim \\- multibody dynamics simulator
.SH SYNOPSIS
.B mbsim
.I COMMAND
.RI [ ARGS ]
.SH DESCRIPTION
mbsim simulates mechanisms written as MotionSolve-style XML models
(rigid bodies, joints, springs, friction, prescribed motions) and writes
HDF5 results files. The documentation is installed with the program (see
.BR FILES ).
.PP
.nf
HEAD
"$mbsim" --help | roff
echo ".fi"
echo ".SH COMMANDS"
for cmd in $("$mbsim" --help | sed -n 's/^  \([a-z]*\) .*/\1/p' | grep -vx mbsim); do
    echo ".SS $cmd"
    echo ".nf"
    "$mbsim" help "$cmd" | roff
    echo ".fi"
done
cat <<'TAIL'
.SH FILES
.TP
.I PREFIX/share/doc/mbsim/
the user guide (Markdown) and example models
.TP
.I PREFIX/share/mbsim/mbsim.xsd
the XML schema of the model format
.SH SEE ALSO
.BR h5dump (1),
.BR f3d (1)
TAIL
