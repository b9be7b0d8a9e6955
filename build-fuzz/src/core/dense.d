build-fuzz/src/core/dense.o: src/core/dense.c src/core/dense.h

src/core/dense.h:
