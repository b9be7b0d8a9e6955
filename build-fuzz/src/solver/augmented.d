build-fuzz/src/solver/augmented.o: src/solver/augmented.c \
  src/solver/augmented.h src/solver/data.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h src/solver/../core/dense.h \
  src/solver/../core/vec3.h

src/solver/augmented.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/../core/dense.h:

src/solver/../core/vec3.h:
