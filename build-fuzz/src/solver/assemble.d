build-fuzz/src/solver/assemble.o: src/solver/assemble.c \
  src/solver/assemble.h src/solver/data.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h src/solver/../core/diag.h \
  src/solver/augmented.h src/solver/loops.h src/solver/residual.h \
  src/solver/eval.h src/solver/../core/dense.h \
  src/solver/../core/rotation.h src/solver/../core/strutil.h \
  src/solver/../core/vec3.h

src/solver/assemble.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/../core/diag.h:

src/solver/augmented.h:

src/solver/loops.h:

src/solver/residual.h:

src/solver/eval.h:

src/solver/../core/dense.h:

src/solver/../core/rotation.h:

src/solver/../core/strutil.h:

src/solver/../core/vec3.h:
