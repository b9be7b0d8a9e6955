build-fuzz/src/solver/loops.o: src/solver/loops.c src/solver/loops.h \
  src/solver/../model/model.h src/solver/../model/kind.h \
  src/solver/../model/../io/units.h src/solver/../model/spec.h

src/solver/loops.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:
