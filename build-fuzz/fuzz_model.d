build-fuzz/fuzz_model: tests/fuzz/fuzz_common.c tests/fuzz/fuzz_common.h

tests/fuzz/fuzz_common.h:
