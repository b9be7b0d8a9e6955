build-fuzz/src/elements/joint_primitives.o: \
  src/elements/joint_primitives.c src/elements/joint_primitives.h \
  src/elements/../solver/eval.h src/elements/../solver/data.h \
  src/elements/../solver/../model/model.h \
  src/elements/../solver/../model/kind.h \
  src/elements/../solver/../model/../io/units.h \
  src/elements/../solver/../model/spec.h src/elements/../core/vec3.h

src/elements/joint_primitives.h:

src/elements/../solver/eval.h:

src/elements/../solver/data.h:

src/elements/../solver/../model/model.h:

src/elements/../solver/../model/kind.h:

src/elements/../solver/../model/../io/units.h:

src/elements/../solver/../model/spec.h:

src/elements/../core/vec3.h:
