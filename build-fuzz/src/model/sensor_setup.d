build-fuzz/src/model/sensor_setup.o: src/model/sensor_setup.c \
  src/model/builder.h src/model/model.h src/model/kind.h \
  src/model/../io/units.h src/model/spec.h src/model/../core/diag.h \
  src/model/outputs.h src/model/../core/strutil.h

src/model/builder.h:

src/model/model.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/spec.h:

src/model/../core/diag.h:

src/model/outputs.h:

src/model/../core/strutil.h:
