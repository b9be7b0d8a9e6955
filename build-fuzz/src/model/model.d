build-fuzz/src/model/model.o: src/model/model.c src/model/model.h \
  src/model/kind.h src/model/../io/units.h src/model/spec.h

src/model/model.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/spec.h:
