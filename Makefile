# enzyme-opt developer tasks.  `make install` then `make test` on a fresh
# Debian 12 machine (as root) is all that is needed.

PYTHON ?= python3
# lit from PyPI has no `python -m lit`; call its entry point directly so that
# neither tool depends on PATH.
LIT = $(PYTHON) -c 'import sys, lit.main; sys.argv[0] = "lit"; lit.main.main()'
PYTEST = $(PYTHON) -m pytest -ra
# Debian's own python3 refuses system-wide pip installs (PEP 668); the
# variable is ignored by pip versions and interpreters that do not need it.
export PIP_BREAK_SYSTEM_PACKAGES := 1

APT_PACKAGES := clang-19 llvm-19 clang-14 llvm-14 clang-15 clang-16 make rustc flang-19 \
                libomp-19-dev libopenblas-dev libmpfr-dev libeigen3-dev \
                libc6-dev libstdc++-12-dev libgcc-12-dev binutils libclang-rt-14-dev libclang-rt-16-dev libclang-rt-19-dev \
                libopenmpi-dev openmpi-bin openssh-client

.PHONY: install test test-fast test-e2e lit bench clean fuzz-gradients

install:
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(APT_PACKAGES)
	@# Debian's python3 and pip only if there is no python3 with pip already.
	$(PYTHON) -m pip --version >/dev/null 2>&1 || \
	  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 python3-pip
	@# Editable as a plain path (a .pth line): setuptools' default editable
	@# install adds an import hook that every Python start-up loads.
	$(PYTHON) -m pip install -e '.[dev]' --config-settings editable_mode=compat

# Full suite: unit tests, grammar tests and the end-to-end matrix
# (every program x clang 19/14 x -O0..-O3), the C and C++ programs again
# with clang 15 and 16 at -O2 (the versions between, whose vectorizers
# write shapes of their own), then the lit tests.  All always run; the
# target fails if any does.
test:
	status=0; \
	$(PYTEST) -n auto tests || status=$$?; \
	ENZYME_E2E_CLANGS=15,16 ENZYME_E2E_OPTS=-O2 $(PYTEST) -n auto tests/e2e/test_e2e.py \
	  || status=$$?; \
	$(LIT) -sv tests/lit || status=$$?; \
	exit $$status

# Same, but the end-to-end suite only at -O2 with clang-19.
test-fast:
	status=0; \
	ENZYME_E2E_CLANGS=19 ENZYME_E2E_OPTS=-O2 $(PYTEST) -n auto tests || status=$$?; \
	$(LIT) -sv tests/lit || status=$$?; \
	exit $$status

test-e2e:
	$(PYTEST) -n auto tests/e2e

lit:
	$(LIT) -sv tests/lit

bench:
	status=0; \
	$(PYTHON) tools/bench.py || status=$$?; \
	$(PYTHON) bench/run.py || status=$$?; \
	$(PYTHON) bench/scaling.py || status=$$?; \
	$(PYTHON) bench/startup.py || status=$$?; \
	exit $$status

# Gradient fuzzer: random self-checking programs (tools/fuzz_gradients.py) for
# every seed in SEEDS (a-b, or a list), clang in FUZZ_CLANGS and -O level in
# FUZZ_OPTS (FUZZ_CFLAGS added to -emit-llvm), FUZZ_JOBS at a time.  Failing
# cases go to FUZZ_OUT; the target fails if any program is wrong or crashes (a
# located refusal is fine).  E.g. make fuzz-gradients SEEDS=100-199 FUZZ_OPTS=-O3
SEEDS ?= 0-19
FUZZ_CLANGS ?= 14,19
FUZZ_OPTS ?= -O0,-O2
FUZZ_JOBS ?= 2
FUZZ_OUT ?= fuzz-out
export FUZZ_CFLAGS
fuzz-gradients:
	$(PYTHON) tools/fuzz_runner.py --seeds $(SEEDS) --clangs $(FUZZ_CLANGS) \
	  --opts=$(FUZZ_OPTS) -j $(FUZZ_JOBS) --out $(FUZZ_OUT)

clean:
	rm -rf build dist *.egg-info .pytest_cache .benchmarks fuzz-out
	rm -rf tests/lit/Output "$${TMPDIR:-/tmp}/enzyme-opt-lit"
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
