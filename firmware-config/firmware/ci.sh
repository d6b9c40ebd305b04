#!/usr/bin/env bash
# ci.sh — CI for the reference firmware (firmware-config/firmware). Runs from any directory:
# installs Debian's AVR toolchain (and simavr) when missing, builds the .hex and prints its
# size, runs the host test of the protocol code and the firmware itself in simavr, and checks
# that tavoliere/pins.h is what example-board.toml generates. Exits non-zero on any failure.
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

step "build: make (hex + size)"
make clean
make

step "host test: make test"
make test

step "the firmware in simavr: make sim-test"
make sim-test

step "pin map: gen_pins.py --check"
python3 gen_pins.py --check example-board.toml tavoliere/pins.h

step "ok"
