# The two set-up commands: `make demo` and `make test`. Both install missing system packages.
SWIFT ?= swift
WALLPAPER = .build/debug/wallpaper

.PHONY: deps build demo test lint format samples benchmark clean fuzz fuzz-ci sanitize docs example

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
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Examples

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Examples

## Re-renders the previews committed under Samples/ (used by the README).
samples: build
	@for design in Samples/*.json; do \
	  $(WALLPAPER) render $$design -o Samples/previews/$$(basename $$design .json).png --scale 1 || exit 1; \
	done

## Times wallpaper against rsvg-convert (Docs/performance.md); QUICK=1 runs each command once.
benchmark: deps
	@Scripts/benchmark.sh $(if $(QUICK),--quick)

clean:
	rm -rf .build out Examples/RenderFromCode/.build

## DocC archives of the library modules in .build/docs/, from symbol graphs with the
## toolchain's docc; a documentation warning fails it (see Scripts/docs.sh).
docs:
	@Scripts/docs.sh

## Builds Examples/RenderFromCode (a package using this one as a library, by path) and runs
## it: out/example/winter-from-code.{png,svg,pdf}.
example: deps
	cd Examples/RenderFromCode && $(SWIFT) build
	@mkdir -p out/example
	Examples/RenderFromCode/.build/debug/RenderFromCode out/example
	@for format in png svg pdf; do test -s out/example/winter-from-code.$$format || exit 1; done

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
