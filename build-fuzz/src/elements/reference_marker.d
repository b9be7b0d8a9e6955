build-fuzz/src/elements/reference_marker.o: \
  src/elements/reference_marker.c src/elements/reference_marker.h \
  src/elements/../model/builder.h src/elements/../model/model.h \
  src/elements/../model/kind.h src/elements/../model/../io/units.h \
  src/elements/../model/spec.h src/elements/../model/../core/diag.h \
  src/elements/../core/rotation.h src/elements/../core/strutil.h \
  src/elements/../core/vec3.h

src/elements/reference_marker.h:

src/elements/../model/builder.h:

src/elements/../model/model.h:

src/elements/../model/kind.h:

src/elements/../model/../io/units.h:

src/elements/../model/spec.h:

src/elements/../model/../core/diag.h:

src/elements/../core/rotation.h:

src/elements/../core/strutil.h:

src/elements/../core/vec3.h:
