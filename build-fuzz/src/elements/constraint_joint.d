build-fuzz/src/elements/constraint_joint.o: \
  src/elements/constraint_joint.c src/elements/joint.h \
  src/elements/../model/builder.h src/elements/../model/model.h \
  src/elements/../model/kind.h src/elements/../model/../io/units.h \
  src/elements/../model/spec.h src/elements/../model/../core/diag.h \
  src/elements/../solver/eval.h src/elements/../solver/data.h \
  src/elements/../solver/../model/model.h \
  src/elements/joint_primitives.h src/elements/../core/vec3.h

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

src/elements/joint_primitives.h:

src/elements/../core/vec3.h:
