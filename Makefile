# The two set-up commands: `make demo` and `make test`. Both install missing system packages.
SWIFT ?= swift
WALLPAPER = .build/debug/wallpaper

PREFIX ?= /usr/local
# The release build `make install` installs and `make benchmark` times: the Swift runtime linked
# in statically, which starts 3× quicker than the shared one (Docs/performance.md).
RELEASE = -c release --product wallpaper --static-swift-stdlib

.PHONY: deps build demo test lint format samples benchmark install clean fuzz fuzz-ci sanitize

deps:
	@Scripts/install-deps.sh

build: deps
	$(SWIFT) build

## Builds and renders every sample design into out/.
demo: build
	@mkdir -p out
	@for design in Samples/*.json; do \
	  name=$$(basename $$design .json); \
	  for format in png svg pdf; do \
	    $(WALLPAPER) render $$design -o out/$$name.$$format || exit 1; \
	  done; \
	  echo "rendered out/$$name.{png,svg,pdf}"; \
	done

## Runs the whole test suite (unit, golden images, cross-format, end-to-end).
test: build
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

## Checks formatting against .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

## Re-renders the previews committed under Samples/ (used by the README).
samples: build
	@for design in Samples/*.json; do \
	  $(WALLPAPER) render $$design -o Samples/previews/$$(basename $$design .json).png --scale 1 || exit 1; \
	done

## Times wallpaper against rsvg-convert (Docs/performance.md); QUICK=1 runs each command once.
benchmark: deps
	@Scripts/benchmark.sh --static $(if $(QUICK),--quick)

## Builds the release binary and installs it as $(PREFIX)/bin/wallpaper.
install: deps
	$(SWIFT) build $(RELEASE)
	install -D -m 755 "$$($(SWIFT) build $(RELEASE) --show-bin-path)/wallpaper" "$(DESTDIR)$(PREFIX)/bin/wallpaper"

clean:
	rm -rf .build out

## libFuzzer on the design decoder and the flag parser (-sanitize=fuzzer,address), from the
## committed seeds in Tests/Fuzz; RUNS inputs (default 1,000,000). Findings land in .build/fuzz/.
RUNS ?= 1000000
fuzz:
	@Scripts/fuzz.sh build
	@Scripts/fuzz.sh run $(RUNS)

## The short, fixed fuzz run CI makes: an unoptimised build (faster to compile), 5,000 inputs
## from a fixed seed.
fuzz-ci:
	@FUZZ_OPT=-Onone Scripts/fuzz.sh build
	@FUZZ_OPT=-Onone Scripts/fuzz.sh ci 5000

## The end-to-end tests with every module and the binary built with AddressSanitizer (leaks
## checked), then `export --devices all --jobs 2` under ThreadSanitizer. See Scripts/sanitize.sh.
sanitize: deps
	@Scripts/sanitize.sh
