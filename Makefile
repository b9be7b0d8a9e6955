# mbsim — build, tests, demo.  `make help` lists the targets.

CC      ?= gcc
BUILD   ?= build
PKGS    := libxml-2.0 hdf5-serial plplot libzip
# Debian's SUNDIALS ships no pkg-config files: the libraries are named here.
SUNDIALS_LIBS := -lsundials_ida -lsundials_kinsol -lsundials_nvecserial \
                 -lsundials_sunmatrixdense -lsundials_sunmatrixsparse \
                 -lsundials_sunlinsoldense -lsundials_sunlinsolklu -lklu
# SUNDIALS 7 keeps the shared parts in libsundials_core (6 has none).
ifneq ($(wildcard $(shell $(CC) -print-file-name=libsundials_core.so)),)
SUNDIALS_LIBS += -lsundials_core
endif
# A SUNDIALS built with MPI (Debian 13's) includes mpi.h in its headers.
ifneq ($(shell grep -s '^\#define SUNDIALS_MPI_ENABLED 1' /usr/include/sundials/sundials_config.h),)
SUNDIALS_CFLAGS := $(shell pkg-config --cflags mpi-c)
SUNDIALS_LIBS += $(shell pkg-config --libs mpi-c)
endif

# Debian packages the build and the tests need (see `make deps`).
DEB_PACKAGES := make gcc libc6-dev pkg-config libxml2-dev libhdf5-dev \
                libsundials-dev libsuitesparse-dev liblapack-dev libplplot-dev plplot-driver-cairo \
                parallel libpng-dev jq f3d xvfb xauth man-db libzip-dev zip unzip
# ... and the fuzzers (`make fuzz`, and `make test`, which runs them briefly).
FUZZ_PACKAGES := clang libclang-rt-14-dev

WARN    := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter
CFLAGS  ?= -O2 -g
SANITIZE ?=
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(SANITIZE) -D_POSIX_C_SOURCE=200809L -I/usr/include/suitesparse $(SUNDIALS_CFLAGS) \
             $(shell pkg-config --cflags $(PKGS) 2>/dev/null) -MMD -MP
LDLIBS  = $(shell pkg-config --libs $(PKGS) 2>/dev/null) $(SUNDIALS_LIBS) -llapack -lm
# The utilities user subroutines call are exported to the libraries loaded.
EXPORTS := src/usersub/exports.list
LDEXPORT = -Wl,--dynamic-list=$(EXPORTS)

LIB_SRC  := $(sort $(wildcard src/core/*.c src/expr/*.c src/io/*.c src/model/*.c src/elements/*.c \
                              src/solver/*/*.c src/output/*.c src/usersub/*.c src/fmi/*.c))
CLI_SRC  := $(sort $(wildcard src/cli/*.c)) src/main.c
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
SUPPORT_SRC := $(sort $(wildcard tests/support/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c)) $(SUPPORT_SRC)
UNIT_OBJ := $(UNIT_SRC:%.c=$(BUILD)/%.o)
PHYS_SRC := $(sort $(wildcard tests/physics/*.c)) $(SUPPORT_SRC)
PHYS_OBJ := $(PHYS_SRC:%.c=$(BUILD)/%.o)

MBSIM := $(BUILD)/mbsim

# The FMU binary (docs/fmi.md): the FMI functions (src/fmu/) and mbsim's
# objects compiled again as position-independent code with only the FMI
# functions visible, in one shared library that finds the libraries shipped
# beside it ($$ORIGIN, as DT_RPATH so that their own dependencies are found
# there too); tools/fmu_libs.sh copies those next to it. mbsim fmu packs
# the folder.
FMU_DIR  := $(BUILD)/fmu
FMU_SO   := $(FMU_DIR)/libmbsim_fmu.so
FMU_SRC  := $(sort $(wildcard src/fmu/*.c))
FMU_OBJ  := $(FMU_SRC:%.c=$(BUILD)/pic/%.o)
FMU_BRIDGE := $(FMU_DIR)/libmbsim_usersub_bridge.so
PIC_OBJ  := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
FMU_LDLIBS = $(shell pkg-config --libs libxml-2.0 hdf5-serial 2>/dev/null) $(SUNDIALS_LIBS) -llapack -lm -ldl

# User subroutine libraries: the examples, and the tests' (tests/usersub/),
# each source a library lib<name>.so built against include/mbsim only, as a
# user builds one (docs/user-subroutines.md).
USERSUB_SRC := $(sort $(wildcard examples/usersub/*.c tests/usersub/*.c))
USERSUB_LIBS := $(patsubst %.c,$(BUILD)/usersub/lib%.so,$(notdir $(USERSUB_SRC)))
USERSUB_CFLAGS := -std=c11 -Wall -Wextra -Werror -O2 -g -shared -fPIC -Iinclude/mbsim

# Installation: PREFIX is where it goes, DESTDIR a staging root (packaging).
PREFIX  ?= /usr/local
DESTDIR ?=
BINDIR  := $(DESTDIR)$(PREFIX)/bin
MANDIR  := $(DESTDIR)$(PREFIX)/share/man/man1
DOCDIR  := $(DESTDIR)$(PREFIX)/share/doc/mbsim
DATADIR := $(DESTDIR)$(PREFIX)/share/mbsim
COMPDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
INCDIR  := $(DESTDIR)$(PREFIX)/include/mbsim
FMUINSTDIR := $(DESTDIR)$(PREFIX)/lib/mbsim/fmu
PCDIR   := $(DESTDIR)$(PREFIX)/share/pkgconfig
VERSION := $(shell sed -n 's/.*MBS_VERSION_STRING "\(.*\)".*/\1/p' src/core/version.h)

.PHONY: all deps fuzz-deps install-packages fuzz fuzz-build demo test install uninstall doc-pictures install-check check check-asan unit physics bad models cli-tests usersub-tests fmi-tests adams-twins regression schema \
        schema-check docs docs-check include-check update-references bench clean help

all: $(MBSIM) $(USERSUB_LIBS) $(FMU_SO)

help:
	@echo "make            build $(MBSIM)"
	@echo "make deps       install the Debian packages the build needs (as root)"
	@echo "make demo       build if needed and run models/pendulum.xml -> pendulum.h5"
	@echo "make test       install what is missing, then all tests, plain and under the sanitizers"
	@echo "make check      all tests (includes, unit, physics, bad input, models, user subroutines, schema and docs up to date)"
	@echo "make check-asan the tests again under AddressSanitizer + UBSan"
	@echo "make fuzz       the libFuzzer harnesses, FUZZ_SECONDS (60) each (tests/fuzz/)"
	@echo "make schema     regenerate schemas/mbsim.xsd from the element tables"
	@echo "make docs       regenerate docs/elements.md from the element tables"
	@echo "make bench      run the benchmarks in bench/"
	@echo "make install    install into PREFIX (default /usr/local; DESTDIR for staging)"
	@echo "make uninstall  remove what make install put there"

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

$(BUILD)/pic/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -fvisibility=hidden -c $< -o $@

$(BUILD)/libmbsim_pic.a: $(PIC_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FMU_SO): $(FMU_OBJ) $(BUILD)/libmbsim_pic.a tools/fmu_libs.sh $(FMU_BRIDGE)
	@mkdir -p $(FMU_DIR)
	$(CC) $(CFLAGS) $(SANITIZE) -shared -Wl,-z,defs -Wl,--disable-new-dtags -Wl,-rpath,'$$ORIGIN' -o $@ \
	    $(FMU_OBJ) $(BUILD)/libmbsim_pic.a $(FMU_LDLIBS)
	tools/fmu_libs.sh $@

# The FMU's user subroutine utilities for its libraries (src/fmu/usersub_scope.c):
# a library of its own, exporting them alone, that calls the FMU binary's.
$(FMU_BRIDGE): src/fmu/bridge/usersub_bridge.c src/fmu/bridge/usersub_bridge.h include/mbsim/usersub.h
	@mkdir -p $(FMU_DIR)
	$(CC) -std=c11 $(WARN) $(CFLAGS) $(SANITIZE) -fPIC -fvisibility=hidden -shared -o $@ $<

$(BUILD)/libmbsim.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(MBSIM): $(CLI_OBJ) $(BUILD)/libmbsim.a $(EXPORTS)
	$(CC) $(CFLAGS) $(SANITIZE) $(LDEXPORT) -o $@ $(CLI_OBJ) $(BUILD)/libmbsim.a $(LDLIBS)

# --wrap=malloc: tests/unit/failing_malloc.h injects allocation failures
$(BUILD)/unit_tests: $(UNIT_OBJ) $(BUILD)/libmbsim.a $(EXPORTS)
	$(CC) $(CFLAGS) $(SANITIZE) $(LDEXPORT) -Wl,--wrap=malloc -o $@ $(UNIT_OBJ) $(BUILD)/libmbsim.a $(LDLIBS)

$(BUILD)/physics_tests: $(PHYS_OBJ) $(BUILD)/libmbsim.a $(EXPORTS)
	$(CC) $(CFLAGS) $(SANITIZE) $(LDEXPORT) -o $@ $(PHYS_OBJ) $(BUILD)/libmbsim.a $(LDLIBS)

$(BUILD)/usersub/lib%.so: examples/usersub/%.c include/mbsim/usersub.h
	@mkdir -p $(dir $@)
	$(CC) $(USERSUB_CFLAGS) -o $@ $<
$(BUILD)/usersub/lib%.so: tests/usersub/%.c include/mbsim/usersub.h
	@mkdir -p $(dir $@)
	$(CC) $(USERSUB_CFLAGS) -o $@ $<

# Installs missing Debian packages; does nothing when all are present.
deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(DEB_PACKAGES)"

fuzz-deps: deps
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(FUZZ_PACKAGES)"

install-packages:
	@missing=""; for p in $(PACKAGES); do \
	    dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	    echo "installing:$$missing"; \
	    apt-get update && apt-get install -y --no-install-recommends $$missing; \
	fi

demo: deps
	$(MAKE) $(MBSIM)
	$(MBSIM) run models/pendulum.xml -o pendulum.h5
	$(MBSIM) info pendulum.h5
	$(MBSIM) plot pendulum.h5 angle rod_position energy -o pendulum.png
	$(MBSIM) animate pendulum.h5 -o pendulum.glb
	@echo "demo: pendulum.png (a plot) and pendulum.glb (an animation: f3d pendulum.glb, Blender, any glTF viewer)"

# The pictures of docs/results-viewing.md, made by mbsim plot.
doc-pictures: $(MBSIM)
	@mkdir -p $(BUILD)/doc-pictures docs/img
	cd $(BUILD)/doc-pictures && mbsim=$(CURDIR)/$(MBSIM) && \
	  $$mbsim run $(CURDIR)/models/pendulum.xml -q -o pendulum.h5 && \
	  $$mbsim run $(CURDIR)/models/pendulum.xml -q --set L=2 -o pendulum_L2.h5 && \
	  $$mbsim plot pendulum.h5 angle rod_position -o $(CURDIR)/docs/img/pendulum.png --size 900x520 && \
	  $$mbsim plot pendulum.h5 pendulum_L2.h5 angle -o $(CURDIR)/docs/img/overlay.png --size 900x300 && \
	  $$mbsim plot pendulum.h5 rod_position:y --x rod_position:x -o $(CURDIR)/docs/img/phase.png --size 500x400

# The man page, made from the help texts.
$(BUILD)/mbsim.1: $(MBSIM) tools/manpage.sh
	tools/manpage.sh $(MBSIM) $(VERSION) > $@

install: $(MBSIM) $(BUILD)/mbsim.1 $(FMU_SO)
	install -d $(BINDIR) $(MANDIR) $(DOCDIR)/models $(DATADIR) $(COMPDIR) $(FMUINSTDIR) $(DOCDIR)/examples/fmi
	install -m 644 $(FMU_DIR)/*.so* $(FMUINSTDIR)/
	install -m 644 examples/fmi/*.xml $(DOCDIR)/examples/fmi/
	install -m 755 $(MBSIM) $(BINDIR)/mbsim
	install -m 644 $(BUILD)/mbsim.1 $(MANDIR)/mbsim.1
	install -m 644 README.md docs/*.md $(DOCDIR)/
	if ls docs/img/*.png >/dev/null 2>&1; then install -d $(DOCDIR)/img && install -m 644 docs/img/*.png $(DOCDIR)/img/; fi
	install -m 644 models/*.xml $(DOCDIR)/models/
	install -m 644 schemas/mbsim.xsd $(DATADIR)/mbsim.xsd
	install -m 644 completion/mbsim.bash $(COMPDIR)/mbsim
	install -d $(INCDIR) $(PCDIR) $(DOCDIR)/examples/usersub
	install -m 644 include/mbsim/*.h $(INCDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' mbsim.pc.in > $(PCDIR)/mbsim.pc
	install -m 644 examples/usersub/*.c examples/usersub/*.xml $(DOCDIR)/examples/usersub/

uninstall:
	rm -f $(BINDIR)/mbsim $(MANDIR)/mbsim.1 $(DATADIR)/mbsim.xsd $(COMPDIR)/mbsim $(PCDIR)/mbsim.pc
	rm -rf $(DOCDIR) $(INCDIR) $(FMUINSTDIR)
	-rmdir $(DESTDIR)$(PREFIX)/lib/mbsim 2>/dev/null
	-rmdir $(DATADIR) 2>/dev/null

unit: $(BUILD)/unit_tests
	$(BUILD)/unit_tests

# The physics tests in each formulation (issue 10: every test passes in both).
physics: $(BUILD)/physics_tests
	MBSIM_TEST_FORMULATION=absolute $(BUILD)/physics_tests
	MBSIM_TEST_FORMULATION=joint $(BUILD)/physics_tests

bad: $(MBSIM) $(USERSUB_LIBS)
	tests/run_bad.sh $(MBSIM) $(BUILD)

models: $(MBSIM)
	tests/run_models.sh $(MBSIM)

# Test helpers of the command-line tests (HDF5; pngstat: libpng).
CLI_TOOLS := $(BUILD)/h5edit $(BUILD)/ptyrun $(BUILD)/pngstat
$(BUILD)/ptyrun: tests/cli/ptyrun.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(LDLIBS)
$(BUILD)/h5edit: tests/cli/h5edit.c tests/cli/h5damage.c tests/cli/h5damage.h
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/cli/h5edit.c tests/cli/h5damage.c $(LDLIBS)
$(BUILD)/pngstat: tests/cli/pngstat.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< -lpng

cli-tests: $(MBSIM) $(CLI_TOOLS)
	tests/cli/run.sh $(MBSIM) $(BUILD)
	tests/cli/robust.sh $(MBSIM) $(BUILD)

# The FMU tests (tests/fmi/): FMUs of test models driven by the project's
# own co-simulation master, against closed forms and mbsim run.
$(BUILD)/fmi_master: tests/fmi/master.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $< $(shell pkg-config --libs libxml-2.0 libzip) -ldl -lm
$(BUILD)/fmi_stub.so: tests/fmi/stub.c
	@mkdir -p $(dir $@)
	$(CC) $(USERSUB_CFLAGS) -o $@ $<

fmi-tests: $(MBSIM) $(FMU_SO) $(BUILD)/fmi_master $(BUILD)/fmi_stub.so
	FMI_SANITIZED="$(SANITIZE)" tests/fmi/run.sh $(MBSIM) $(BUILD)

# User subroutines: each routine against its twin, loading, failures, crashes.
usersub-tests: $(MBSIM) $(USERSUB_LIBS)
	tests/usersub/run.sh $(MBSIM) $(BUILD)

# mbsim's models written as Adams datasets move as their XML twins (mbsim compare --bodies).
adams-twins: $(MBSIM)
	tests/adams/twins.sh $(MBSIM)

# Every model in models/ against its reference in tests/regression/ref/,
# and in both formulations against each other.
regression: $(MBSIM)
	tests/regression/run.sh $(MBSIM)
	tests/regression/formulations.sh $(MBSIM)

# Rewrites the references (all, or MODELS="models/a.xml ..."): only on purpose.
update-references: $(MBSIM)
	tests/regression/update.sh $(MBSIM) $(MODELS)

# schemas/mbsim.xsd must be what the element tables generate
schema-check: $(MBSIM)
	@$(MBSIM) schema | cmp -s - schemas/mbsim.xsd || \
	    { echo "schemas/mbsim.xsd is out of date: run 'make schema'"; exit 1; }
	@echo "schema: up to date"

# make install into a fresh prefix: the binary runs, the man page reads, uninstall removes it all.
install-check: $(MBSIM) $(BUILD)/mbsim.1
	tests/install_check.sh $(BUILD)

# every #include within the layering of docs/architecture.md ("Include rules"),
# and the checker itself failing where it should
include-check:
	tools/check_includes.sh
	tests/include_check.sh

check: include-check unit physics bad models cli-tests usersub-tests fmi-tests adams-twins regression schema-check docs-check install-check

# The README's test command: everything, then everything again under the
# sanitizers, then each fuzzer for a minute (a regression is caught).
test: deps fuzz-deps
	$(MAKE) check
	$(MAKE) check-asan
	$(MAKE) fuzz FUZZ_SECONDS=60

# The same tests with AddressSanitizer and UBSan, in a separate build tree.
check-asan: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 $(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fno-omit-frame-pointer" \
	    SANITIZE="-fsanitize=address,undefined -fno-sanitize-recover=undefined" check

# ---- fuzzing (tests/fuzz/README.md) ----
# The harnesses and the library with libFuzzer's coverage, ASan and UBSan,
# in a build tree of their own; each harness runs FUZZ_SECONDS from the
# seeds (tests/fuzz/run.sh), and a crash, a leak or a timeout fails.
FUZZ_BUILD := build-fuzz
FUZZ_SECONDS ?= 60
FUZZERS := model adams expr results
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=undefined
FUZZ_COMMON := tests/fuzz/fuzz_common.c

fuzz-build:
	$(MAKE) BUILD=$(FUZZ_BUILD) CC=clang CFLAGS="-O1 -g -fno-omit-frame-pointer" \
	    SANITIZE="-fsanitize=fuzzer-no-link $(FUZZ_SANITIZE)" $(FUZZERS:%=$(FUZZ_BUILD)/fuzz_%)

$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_COMMON) tests/fuzz/fuzz_common.h $(BUILD)/libmbsim.a
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_COMMON) $(BUILD)/libmbsim.a $(LDLIBS)
# the results fuzzer's mutations are h5edit's damage
$(BUILD)/fuzz_results: tests/cli/h5damage.c tests/cli/h5damage.h
$(BUILD)/fuzz_results: FUZZ_COMMON += tests/cli/h5damage.c

fuzz: fuzz-deps $(MBSIM) $(BUILD)/h5edit
	$(MAKE) fuzz-build
	tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_SECONDS) $(MBSIM) $(BUILD)/h5edit $(FUZZERS)

schema: $(MBSIM)
	$(MBSIM) schema > schemas/mbsim.xsd

docs: $(MBSIM)
	$(MBSIM) reference > docs/elements.md

# docs/elements.md must be what the element tables generate, and every speed
# figure of the README and docs/ must name the command that produced it
docs-check: $(MBSIM)
	@$(MBSIM) reference | cmp -s - docs/elements.md || \
	    { echo "docs/elements.md is out of date: run 'make docs'"; exit 1; }
	@tests/docs_figures.sh README.md $(filter-out docs/elements.md,$(wildcard docs/*.md))
	@tests/docs_figures.sh tests/docs/uncited_figure.md 2>&1 | grep -c 'without the command' | grep -qx 2 || \
	    { echo "tests/docs_figures.sh does not find the two uncited figures of tests/docs/uncited_figure.md"; exit 1; }
	@echo "docs: up to date"

$(BUILD)/chain_bench: $(BUILD)/bench/chain_bench.o $(BUILD)/libmbsim.a
	$(CC) $(CFLAGS) -o $@ $< $(BUILD)/libmbsim.a $(LDLIBS)

bench: $(BUILD)/chain_bench $(MBSIM)
	bench/chain.sh

clean:
	rm -rf build build-asan $(FUZZ_BUILD)

-include $(LIB_OBJ:.o=.d) $(PIC_OBJ:.o=.d) $(FMU_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(UNIT_OBJ:.o=.d) $(PHYS_OBJ:.o=.d) $(BUILD)/bench/chain_bench.d
