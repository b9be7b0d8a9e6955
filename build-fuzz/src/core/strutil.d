build-fuzz/src/core/strutil.o: src/core/strutil.c src/core/strutil.h

src/core/strutil.h:
