build-fuzz/src/io/units.o: src/io/units.c src/io/units.h \
  src/io/../core/strutil.h

src/io/units.h:

src/io/../core/strutil.h:
