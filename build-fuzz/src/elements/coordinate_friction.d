build-fuzz/src/elements/coordinate_friction.o: \
  src/elements/coordinate_friction.c src/elements/coordinate_friction.h

src/elements/coordinate_friction.h:
