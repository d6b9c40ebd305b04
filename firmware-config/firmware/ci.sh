#!/usr/bin/env bash
# ci.sh — CI for the reference firmware (firmware-config/firmware). Runs from any directory:
# installs Debian's AVR toolchain (and simavr) when missing, runs the host test of the
# protocol code, builds a .hex for each reed-matrix board file in REED_BOARDS (4x4, 7x7,
# 8x8), prints its size and runs it in simavr (HELLO with the board file's id, frames,
# commands, the WS2812 pulses), and checks that tavoliere/pins.h is what ../tbp-4x4.toml
# generates. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

step() { printf '\n== firmware: %s\n' "$*"; }

step "toolchain (Debian's gcc-avr, avr-libc, binutils-avr; libsimavr-dev for the simulator test)"
missing=()
for pkg in gcc-avr avr-libc binutils-avr g++ make libsimavr-dev libelf-dev; do
	dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
	echo "installing: ${missing[*]}"
	sudo=""
	[ "$(id -u)" -eq 0 ] || sudo=sudo
	export DEBIAN_FRONTEND=noninteractive
	$sudo apt-get update -qq
	$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
avr-g++ --version | head -n 1
command -v python3 >/dev/null || { echo "python3 is missing"; exit 1; }

step "host test: make test"
make clean
make test

step "build: make (the sketch's own pins.h, ../tbp-4x4.toml's)"
make

# Each build announces its board file's board_id in HELLO, so a shipped board file accepts
# the board it makes.
REED_BOARDS=(../tbp-4x4.toml ../tbp-7x7.toml ../tbp-8x8.toml)
for board in "${REED_BOARDS[@]}"; do
	step "build and simulate for $board: make BOARD=$board all sim-test"
	make BOARD="$board" all sim-test
	id=$(python3 gen_pins.py "$board" - | sed -n 's/^#define TBP_BOARD_ID "\(.*\)"$/\1/p')
	want=$(sed -n 's/^board_id *= *"\([^"]*\)".*/\1/p' "$board")
	[ -n "$id" ] && [ "$id" = "$want" ] || { echo "$board: the build says HELLO as '$id', the file wants '$want'"; exit 1; }
	echo "$board: HELLO with board id $id, as the file's [serial] board_id wants"
done

step "pin map: gen_pins.py --check"
python3 gen_pins.py --check ../tbp-4x4.toml tavoliere/pins.h

step "ok"
