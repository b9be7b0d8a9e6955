build-fuzz/src/model/compile.o: src/model/compile.c src/model/compile.h \
  src/model/model.h src/model/kind.h src/model/../io/units.h \
  src/model/spec.h src/model/../core/diag.h src/model/../core/status.h \
  src/model/builder.h src/model/layout.h src/model/tfunc.h \
  src/model/../io/expr.h src/model/../core/strutil.h

src/model/compile.h:

src/model/model.h:

src/model/kind.h:

src/model/../io/units.h:

src/model/spec.h:

src/model/../core/diag.h:

src/model/../core/status.h:

src/model/builder.h:

src/model/layout.h:

src/model/tfunc.h:

src/model/../io/expr.h:

src/model/../core/strutil.h:
