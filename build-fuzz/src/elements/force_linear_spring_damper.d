build-fuzz/src/elements/force_linear_spring_damper.o: \
  src/elements/force_linear_spring_damper.c \
  src/elements/spring_direction.h src/elements/../solver/eval.h \
  src/elements/../solver/data.h src/elements/../solver/../model/model.h \
  src/elements/../solver/../model/kind.h \
  src/elements/../solver/../model/../io/units.h \
  src/elements/../solver/../model/spec.h src/elements/../core/vec3.h \
  src/elements/../model/builder.h \
  src/elements/../solver/../model/../core/diag.h

src/elements/spring_direction.h:

src/elements/../solver/eval.h:

src/elements/../solver/data.h:

src/elements/../solver/../model/model.h:

src/elements/../solver/../model/kind.h:

src/elements/../solver/../model/../io/units.h:

src/elements/../solver/../model/spec.h:

src/elements/../core/vec3.h:

src/elements/../model/builder.h:

src/elements/../solver/../model/../core/diag.h:
