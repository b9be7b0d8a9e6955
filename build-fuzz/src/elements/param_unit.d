build-fuzz/src/elements/param_unit.o: src/elements/param_unit.c \
  src/elements/../model/builder.h src/elements/../model/model.h \
  src/elements/../model/kind.h src/elements/../model/../io/units.h \
  src/elements/../model/spec.h src/elements/../model/../core/diag.h

src/elements/../model/builder.h:

src/elements/../model/model.h:

src/elements/../model/kind.h:

src/elements/../model/../io/units.h:

src/elements/../model/spec.h:

src/elements/../model/../core/diag.h:
