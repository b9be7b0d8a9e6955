build-fuzz/src/io/docgen.o: src/io/docgen.c src/io/docgen.h \
  src/io/../core/strutil.h src/io/../model/registry.h \
  src/io/../model/kind.h src/io/../model/../io/units.h

src/io/docgen.h:

src/io/../core/strutil.h:

src/io/../model/registry.h:

src/io/../model/kind.h:

src/io/../model/../io/units.h:
