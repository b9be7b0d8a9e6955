build-fuzz/src/model/registry.o: src/model/registry.c \
  src/model/registry.h src/model/kind.h src/model/../io/units.h \
  src/model/../core/strutil.h

src/model/registry.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/../core/strutil.h:
