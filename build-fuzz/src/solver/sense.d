build-fuzz/src/solver/sense.o: src/solver/sense.c src/solver/sense.h \
  src/solver/data.h src/solver/../model/model.h \
  src/solver/../model/kind.h src/solver/../model/../io/units.h \
  src/solver/../model/spec.h src/solver/residual.h src/solver/eval.h \
  src/solver/../core/rotation.h src/solver/../core/vec3.h \
  src/solver/../model/outputs.h

src/solver/sense.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/residual.h:

src/solver/eval.h:

src/solver/../core/rotation.h:

src/solver/../core/vec3.h:

src/solver/../model/outputs.h:
