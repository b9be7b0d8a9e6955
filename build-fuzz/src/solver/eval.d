build-fuzz/src/solver/eval.o: src/solver/eval.c src/solver/eval.h \
  src/solver/data.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h src/solver/../core/vec3.h

src/solver/eval.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/../core/vec3.h:
