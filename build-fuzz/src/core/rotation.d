build-fuzz/src/core/rotation.o: src/core/rotation.c src/core/rotation.h \
  src/core/vec3.h

src/core/rotation.h:

src/core/vec3.h:
