build-fuzz/src/solver/data.o: src/solver/data.c src/solver/data.h \
  src/solver/../model/model.h src/solver/../model/kind.h \
  src/solver/../model/../io/units.h src/solver/../model/spec.h

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:
