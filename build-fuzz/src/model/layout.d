build-fuzz/src/model/layout.o: src/model/layout.c src/model/layout.h \
  src/model/model.h src/model/kind.h src/model/../io/units.h \
  src/model/spec.h src/model/../core/diag.h

src/model/layout.h:

src/model/model.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/spec.h:

src/model/../core/diag.h:
