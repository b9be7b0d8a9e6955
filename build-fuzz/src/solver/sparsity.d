build-fuzz/src/solver/sparsity.o: src/solver/sparsity.c \
  src/solver/sparsity.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h

src/solver/sparsity.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:
