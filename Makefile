# Builds the engine the way OpenBench's client builds an engine: `make -j EXE=NAME [EVALFILE=NET]` in the
# repository's root leaves the program NAME (NAME.exe on Windows) here. EVALFILE embeds that network file in place of
# crates/eval/nets/default.nnue (it overwrites the file in this checkout, as OpenBench's throwaway checkouts allow).
# `./NAME bench` then prints the node count and speed in the form OpenBench reads (docs/strength.md).

EXE ?= ox88
CARGO ?= cargo
ifeq ($(OS),Windows_NT)
    SUFFIX := .exe
endif

.PHONY: all
all:
ifdef EVALFILE
	cp "$(EVALFILE)" crates/eval/nets/default.nnue
endif
	$(CARGO) build --release --locked -p ox88 --bin ox88 --target-dir target
	cp target/release/ox88$(SUFFIX) "$(EXE)$(SUFFIX)"
