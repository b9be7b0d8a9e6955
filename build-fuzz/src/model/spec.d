build-fuzz/src/model/spec.o: src/model/spec.c src/model/spec.h \
  src/model/kind.h src/model/../io/units.h

src/model/spec.h:

src/model/kind.h:

src/model/../io/units.h:
