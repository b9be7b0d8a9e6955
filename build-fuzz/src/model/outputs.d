build-fuzz/src/model/outputs.o: src/model/outputs.c src/model/outputs.h \
  src/model/model.h src/model/kind.h src/model/../io/units.h \
  src/model/spec.h src/model/../core/strutil.h

src/model/outputs.h:

src/model/model.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/spec.h:

src/model/../core/strutil.h:
