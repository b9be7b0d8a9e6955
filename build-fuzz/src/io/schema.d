build-fuzz/src/io/schema.o: src/io/schema.c src/io/schema.h \
  src/io/../core/strutil.h src/io/../model/registry.h \
  src/io/../model/kind.h src/io/../model/../io/units.h

src/io/schema.h:

src/io/../core/strutil.h:

src/io/../model/registry.h:

src/io/../model/kind.h:

src/io/../model/../io/units.h:
