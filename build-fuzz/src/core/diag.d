build-fuzz/src/core/diag.o: src/core/diag.c src/core/diag.h \
  src/core/strutil.h

src/core/diag.h:

src/core/strutil.h:
