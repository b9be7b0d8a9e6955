build-fuzz/src/solver/simulate.o: src/solver/simulate.c \
  src/solver/simulate.h src/solver/integrator.h src/solver/data.h \
  src/solver/../model/model.h src/solver/../model/kind.h \
  src/solver/../model/../io/units.h src/solver/../model/spec.h \
  src/solver/sparsity.h src/solver/../core/diag.h \
  src/solver/../core/status.h src/solver/assemble.h \
  src/solver/residual.h src/solver/eval.h src/solver/sense.h \
  src/solver/stall.h src/solver/statics.h src/solver/../model/layout.h \
  src/solver/../model/../core/diag.h src/solver/../core/rotation.h \
  src/solver/../core/strutil.h src/solver/../core/vec3.h

src/solver/simulate.h:

src/solver/integrator.h:

src/solver/data.h:

src/solver/../model/model.h:

src/solver/../model/kind.h:

src/solver/../model/../io/units.h:

src/solver/../model/spec.h:

src/solver/sparsity.h:

src/solver/../core/diag.h:

src/solver/../core/status.h:

src/solver/assemble.h:

src/solver/residual.h:

src/solver/eval.h:

src/solver/sense.h:

src/solver/stall.h:

src/solver/statics.h:

src/solver/../model/layout.h:

src/solver/../model/../core/diag.h:

src/solver/../core/rotation.h:

src/solver/../core/strutil.h:

src/solver/../core/vec3.h:
