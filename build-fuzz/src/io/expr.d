build-fuzz/src/io/expr.o: src/io/expr.c src/io/expr.h \
  src/io/../core/strutil.h

src/io/expr.h:

src/io/../core/strutil.h:
