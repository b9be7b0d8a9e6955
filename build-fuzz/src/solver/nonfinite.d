build-fuzz/src/solver/nonfinite.o: src/solver/nonfinite.c \
  src/solver/nonfinite.h src/solver/eval.h src/solver/data.h \
  src/solver/../model/model.h src/solver/../model/kind.h \
  src/solver/../model/../io/units.h src/solver/../model/spec.h \
  src/solver/residual.h src/solver/../model/layout.h \
  src/solver/../model/../core/diag.h

src/solver/nonfinite.h:

src/solver/eval.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/residual.h:

src/solver/../model/layout.h:

src/solver/../model/../core/diag.h:
