build-fuzz/src/solver/jacobian.o: src/solver/jacobian.c \
  src/solver/jacobian.h src/solver/data.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h src/solver/sparsity.h src/solver/residual.h \
  src/solver/eval.h

src/solver/jacobian.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/sparsity.h:

src/solver/residual.h:

src/solver/eval.h:
