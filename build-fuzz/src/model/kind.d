build-fuzz/src/model/kind.o: src/model/kind.c src/model/kind.h \
  src/model/../io/units.h src/model/../core/strutil.h

src/model/kind.h:

src/model/../io/units.h:

src/model/../core/strutil.h:
