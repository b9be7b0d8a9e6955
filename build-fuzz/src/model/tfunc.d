build-fuzz/src/model/tfunc.o: src/model/tfunc.c src/model/tfunc.h \
  src/model/../io/expr.h src/model/../io/units.h

src/model/tfunc.h:

src/model/../io/expr.h:

src/model/../io/units.h:
