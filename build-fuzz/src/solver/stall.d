build-fuzz/src/solver/stall.o: src/solver/stall.c src/solver/stall.h

src/solver/stall.h:
