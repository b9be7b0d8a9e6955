build-fuzz/src/elements/motion_joint.o: src/elements/motion_joint.c \
  src/elements/joint.h src/elements/../model/builder.h \
  src/elements/../model/model.h src/elements/../model/kind.h \
  src/elements/../model/../io/units.h src/elements/../model/spec.h \
  src/elements/../model/../core/diag.h src/elements/../solver/eval.h \
  src/elements/../solver/data.h src/elements/../solver/../model/model.h \
  src/elements/../model/tfunc.h src/elements/../model/../io/expr.h

src/elements/joint.h:

src/elements/../model/builder.h:

src/elements/../model/model.h:

src/elements/../model/kind.h:

src/elements/../model/../io/units.h:

src/elements/../model/spec.h:

src/elements/../model/../core/diag.h:

src/elements/../solver/eval.h:

src/elements/../solver/data.h:

src/elements/../solver/../model/model.h:

src/elements/../model/tfunc.h:

src/elements/../model/../io/expr.h:
