# The README's commands: `make demo`, `make test` (the quick tier) and `make check` (everything CI
# runs). Each installs the Debian packages its purpose needs that are missing (Scripts/install-deps.sh).
SWIFT ?= swift
WALLPAPER = .build/debug/wallpaper

## `make install PREFIX=DIR` (default /usr/local; DESTDIR is prepended for packaging).
PREFIX ?= /usr/local
DESTDIR ?=
## The installed binary: release mode with the Swift runtime linked in (no toolchain needed at run
## time), a position-independent executable against the system's shared Cairo, fontconfig,
## FreeType and HarfBuzz, so the distribution's security updates reach it.
RELEASE_FLAGS = -c release --product wallpaper --static-swift-stdlib --disable-local-rpath
RELEASE_BIN = .build/release/wallpaper
ROOT = $(DESTDIR)$(PREFIX)
FONT_DIR = $(ROOT)/share/wallpaper/fonts
MAN_DIR = $(ROOT)/share/man/man1
BASH_DIR = $(ROOT)/share/bash-completion/completions
ZSH_DIR = $(ROOT)/share/zsh/site-functions
FISH_DIR = $(ROOT)/share/fish/vendor_completions.d

.PHONY: deps test-deps check-deps build demo test check interop lint format samples benchmark clean fuzz fuzz-ci sanitize release install uninstall \
  man schema check-tools snippets docs example

## Debian packages by purpose: building and rendering; the quick tier adds its judges; `make
## check` adds browsers, Inkscape, the Python judges and the tools of the other checks.
deps:
	@Scripts/install-deps.sh build
test-deps:
	@Scripts/install-deps.sh test
check-deps:
	@Scripts/install-deps.sh check

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

## The quick tier, for every change: unit, in-process and golden tests, and the built binary
## end to end, judged by poppler, qpdf and rsvg-convert. No browser, no Inkscape. Test classes
## run in parallel, one process per core (README: about two minutes on 2 cores).
test: build test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel --skip InteropTests

## The interop tier alone: Tests/InteropTests with browsers, Inkscape and the Python judges.
interop: build check-deps
	$(SWIFT) build --build-tests
	WALLPAPER_TEST_TIER=interop $(SWIFT) test --skip-build --filter InteropTests

## Everything CI runs (.ci/run): the quick tier, the interop tier, the installed tool, lint, the
## example package, the documentation, a short fuzz run and the quick benchmark.
check: test interop check-tools snippets lint example docs fuzz-ci
	$(MAKE) --no-print-directory benchmark QUICK=1

## Checks formatting against .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift Examples Plugins

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift Examples Plugins

## Re-renders the previews committed under Samples/ (used by the README).
samples: build
	@for design in Samples/*.json; do \
	  $(WALLPAPER) render $$design -o Samples/previews/$$(basename $$design .json).png --scale 1 || exit 1; \
	done

## Times wallpaper against rsvg-convert (Docs/performance.md); QUICK=1 runs each command once.
## A full run also re-measures the shards' cost table (Sources/WallpaperExport/RenderCost.swift).
benchmark: release
	@Scripts/benchmark.sh --binary $(RELEASE_BIN) $(if $(QUICK),--quick)
	@$(if $(QUICK),true,Scripts/render-costs.sh --binary $(RELEASE_BIN) --write)

clean:
	rm -rf .build out Examples/RenderFromCode/.build

## DocC archives of the library modules in .build/docs/, from symbol graphs with the
## toolchain's docc; a documentation warning fails it (see Scripts/docs.sh).
docs:
	@Scripts/docs.sh

## Builds Examples/RenderFromCode (a package using this one as a library, by path) and runs
## it: out/example/winter-from-code.{png,svg,pdf}, and an export for two iPhones in
## out/example/export/ (PNG and SVG, manifest.json).
example: deps
	cd Examples/RenderFromCode && $(SWIFT) build
	@rm -rf out/example && mkdir -p out/example
	Examples/RenderFromCode/.build/debug/RenderFromCode out/example
	@for format in png svg pdf; do test -s out/example/winter-from-code.$$format || exit 1; done
	@for file in manifest.json winter-from-code-393x852@3x.png winter-from-code-393x852.svg \
	  winter-from-code-375x667@2x.png winter-from-code-375x667.svg; do \
	  test -s out/example/export/$$file || { echo "missing out/example/export/$$file" >&2; exit 1; }; done

## The release binary that `make install` copies.
release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

## The man page, generated from the commands' option tables: .build/man/wallpaper.1
## (read it with `man -l .build/man/wallpaper.1`).
man: build
	@mkdir -p .build/man
	$(WALLPAPER) help --man > .build/man/wallpaper.1
	@echo "wrote .build/man/wallpaper.1"

## Regenerates Docs/design.schema.json from the design loader's field table.
schema: build
	$(WALLPAPER) schema > Docs/design.schema.json

## Installs bin/wallpaper, share/wallpaper/fonts/, the man page and bash, zsh and fish
## completions under $(PREFIX). Build first as yourself (`make release`) when installing with sudo.
## The folders install creates are listed (relative to the prefix) in share/wallpaper/created-folders,
## so uninstall removes those (when empty) and never a folder that was there before (/usr/local/bin).
INSTALL_DIRS = $(FONT_DIR) $(ROOT)/share/wallpaper $(MAN_DIR) $(ROOT)/share/man $(BASH_DIR) \
  $(ROOT)/share/bash-completion $(ZSH_DIR) $(ROOT)/share/zsh $(FISH_DIR) $(ROOT)/share/fish $(ROOT)/share $(ROOT)/bin
CREATED = $(ROOT)/share/wallpaper/created-folders
install: release
	@created=""; for dir in $(INSTALL_DIRS); do [ -d "$$dir" ] || created="$$created $${dir#$(ROOT)/}"; done; \
	  install -d $(INSTALL_DIRS) && \
	  { [ ! -f $(CREATED) ] || cat $(CREATED); printf '%s\n' $$created; } | sort -u -r > $(CREATED).new && \
	  mv $(CREATED).new $(CREATED)
	install -m 755 $(RELEASE_BIN) $(ROOT)/bin/wallpaper
	install -m 644 Fonts/Quicksand-Bold.ttf Fonts/OFL.txt $(FONT_DIR)/
	$(RELEASE_BIN) help --man > $(MAN_DIR)/wallpaper.1
	$(RELEASE_BIN) completions bash > $(BASH_DIR)/wallpaper
	$(RELEASE_BIN) completions zsh > $(ZSH_DIR)/_wallpaper
	$(RELEASE_BIN) completions fish > $(FISH_DIR)/wallpaper.fish
	@echo "installed $(ROOT)/bin/wallpaper"

## Removes what `make install` put under $(PREFIX), and the folders it created that are now empty.
uninstall:
	rm -f $(ROOT)/bin/wallpaper $(FONT_DIR)/Quicksand-Bold.ttf $(FONT_DIR)/OFL.txt $(MAN_DIR)/wallpaper.1 \
	  $(BASH_DIR)/wallpaper $(ZSH_DIR)/_wallpaper $(FISH_DIR)/wallpaper.fish
	@created="share/wallpaper/fonts share/wallpaper"; \
	  if [ -f $(CREATED) ]; then created=$$(cat $(CREATED)); rm -f $(CREATED); fi; \
	  for dir in $$created; do [ ! -d "$(ROOT)/$$dir" ] || rmdir --ignore-fail-on-non-empty "$(ROOT)/$$dir"; done

## The README's and Docs/library.md's Swift snippets built and run in a package outside the
## repository (only PATH and a fresh HOME in the environment), Examples/RenderFromCode with
## plain `swift run`, and a copied binary run from / (Tests/Scripts/check-snippets.sh).
snippets: build check-deps
	Tests/Scripts/check-snippets.sh

## The checks of the installed tool: install into a temporary prefix and render from elsewhere,
## bash/zsh/fish completions, the man page, the JSON Schema against the samples and the loader.
check-tools: build check-deps
	Tests/Scripts/check-tools.sh

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
