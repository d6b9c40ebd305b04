#!/usr/bin/env python3
"""Generate or check the firmware's pin map (tavoliere/pins.h) from a board TOML file.

    python3 gen_pins.py BOARD.toml [PINS.h]          write PINS.h ("-" for stdout)
    python3 gen_pins.py --check BOARD.toml [PINS.h]  exit 1 if PINS.h differs from what
                                                     BOARD.toml generates

PINS.h defaults to tavoliere/pins.h beside this script. Standard library only (tomllib,
Python 3.11 or later).

What it reads (everything else in the file is ignored, so a service board file with more
tables works as it is):

  [firmware]                 required; also found as [serial.firmware] or [tbp.firmware]
    rows = [2, 3, 4, 5]      required (alias row_pins): Arduino pins driven low in turn
    cols = [6, 7, 8, 9]      required (alias col_pins, columns): inputs with pull-ups
    led_pin = 10             optional (alias led_data_pin, data_pin); none: no LEDs driven
    leds = 16                optional (alias led_count); else [leds].count / [lights].count,
                             else files * ranks when led_pin is set, else 0
    led_driver = "ws2812"    optional: "ws2812" (the default with LEDs: the firmware's own
                             cycle-counted WS2812 output, tavoliere/ws2812.h), "neopixel"
                             (Adafruit_NeoPixel under the Arduino IDE, ws2812.h elsewhere) or
                             "none" (L and BRI are parsed and acknowledged, and the colours
                             reach a documented hook in tavoliere.ino)
    mcu = "atmega328p"       optional; atmega328p, atmega328 or atmega168 (the Uno/Nano pinout)
    scan_ms = 5, debounce_scans = 4, heartbeat_ms = 500 (at most 900: the spec wants a
                             frame at least every second), settle_us = 10   optional
    buttons = { new = 12 }   optional: name = pin, active low
  board id                   [serial].board_id, else [board].id, else [board].name
  cells                      [serial].cells, else [sensors].cells, else [board] files * ranks,
                             else len(rows) * len(cols); must be <= len(rows) * len(cols)
  kind                       [sensors].kind, else [serial].kind, else "presence"; this firmware
                             reads reed switches, so it must be "presence"
  driver                     [sensors].driver, if present, must be "tbp"
  baud                       [serial].baud, else 115200

Pins are Arduino pin numbers on an Uno or Nano: 2-19, or "D2"-"D13" / "A0"-"A5" (A0 is 14).
0 and 1 are the UART to the Pi; A6 and A7 (Nano) are analog-only and refused.
"""

import argparse
import difflib
import os
import re
import sys

try:
    import tomllib
except ImportError:  # Python < 3.11
    sys.exit("gen_pins.py: needs Python 3.11 or later (tomllib)")

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.join(HERE, "tavoliere", "pins.h")
MCUS = ("atmega328p", "atmega328", "atmega168")
TOKEN = re.compile(r"^[A-Za-z0-9._:/+-]{1,40}$")
NAME = re.compile(r"^[A-Za-z0-9._-]{1,16}$")


class BoardError(Exception):
    pass


def first(tables, *keys, default=None):
    """The first of keys found in any of tables (in order), else default."""
    for t in tables:
        if not isinstance(t, dict):
            continue
        for k in keys:
            if k in t:
                return t[k]
    return default


def pin(value, what):
    if isinstance(value, bool):
        raise BoardError(f"{what}: {value!r} is not a pin")
    if isinstance(value, str):
        v = value.strip().upper()
        m = re.fullmatch(r"A([0-7])", v)
        if m:
            n = 14 + int(m.group(1))
        elif re.fullmatch(r"D?\d+", v):
            n = int(v.lstrip("D"))
        else:
            raise BoardError(f"{what}: {value!r} is not an Arduino pin (2-19, D2-D13, A0-A5)")
    elif isinstance(value, int):
        n = value
    else:
        raise BoardError(f"{what}: {value!r} is not a pin")
    if n in (0, 1):
        raise BoardError(f"{what}: pin {n} is the UART to the Pi")
    if n in (20, 21):
        raise BoardError(f"{what}: A{n - 14} is analog-only on the Nano and cannot be a digital pin")
    if not 2 <= n <= 19:
        raise BoardError(f"{what}: pin {n} is outside 2-19 (D2-D13, A0-A5)")
    return n


def pin_list(value, what):
    if not isinstance(value, list) or not value:
        raise BoardError(f"{what}: want a non-empty list of pins, got {value!r}")
    return [pin(v, f"{what}[{i}]") for i, v in enumerate(value)]


def positive_int(value, what, lo, hi):
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BoardError(f"{what}: want an integer {lo}-{hi}, got {value!r}")
    return value


def spec_from(doc):
    """The pin map and settings pins.h needs, from a parsed board file."""
    board = doc.get("board", {})
    sensors = doc.get("sensors", {})
    serial = doc.get("serial", {})
    fw = doc.get("firmware")
    if fw is None:
        fw = first([serial, doc.get("tbp", {})], "firmware")
    if not isinstance(fw, dict):
        raise BoardError(
            "no [firmware] table: add one with rows = [pins], cols = [pins] and, for LEDs, "
            "led_pin and leds (see gen_pins.py --help)")

    driver = first([sensors], "driver")
    if driver is not None and driver != "tbp":
        raise BoardError(f"[sensors] driver = {driver!r}: this firmware is for driver = \"tbp\"")
    kind = first([sensors, serial], "kind", default="presence")
    if kind != "presence":
        raise BoardError(f"sensor kind {kind!r}: this firmware scans reed switches (presence)")

    mcu = str(fw.get("mcu", "atmega328p")).lower()
    if mcu not in MCUS:
        raise BoardError(f"[firmware] mcu = {mcu!r}: the pin map knows {', '.join(MCUS)}")

    board_id = first([serial], "board_id", default=None)
    if board_id is None:
        board_id = first([board], "id", "name")
    if not isinstance(board_id, str) or not TOKEN.match(board_id):
        raise BoardError(f"board id {board_id!r}: want one token of letters, digits and ._:/+- "
                         "([serial] board_id or [board] id)")

    rows = pin_list(first([fw], "rows", "row_pins"), "[firmware] rows")
    cols = pin_list(first([fw], "cols", "col_pins", "columns"), "[firmware] cols")

    files, ranks = board.get("files"), board.get("ranks")
    cells = first([serial, sensors], "cells")
    if cells is None:
        if isinstance(files, int) and isinstance(ranks, int):
            cells = files * ranks
        else:
            cells = len(rows) * len(cols)
    cells = positive_int(cells, "cells", 1, 1024)
    if cells > len(rows) * len(cols):
        raise BoardError(f"cells = {cells} but the matrix has {len(rows)} x {len(cols)} = "
                         f"{len(rows) * len(cols)} switches")

    baud = positive_int(first([serial], "baud", default=115200), "[serial] baud", 300, 2000000)

    led_pin = first([fw], "led_pin", "led_data_pin", "data_pin")
    led_pin = -1 if led_pin is None else pin(led_pin, "[firmware] led_pin")
    leds = first([fw], "leds", "led_count")
    if leds is None:
        leds = first([doc.get("leds", {}), doc.get("lights", {})], "count")
    if leds is None:
        leds = files * ranks if led_pin >= 0 and isinstance(files, int) and isinstance(ranks, int) else 0
    leds = positive_int(leds, "[firmware] leds", 0, 1024)
    if leds and led_pin < 0:
        raise BoardError(f"{leds} LEDs but no [firmware] led_pin")
    led_driver = fw.get("led_driver", "ws2812" if leds else "none")
    if led_driver not in ("ws2812", "neopixel", "none"):
        raise BoardError(f"[firmware] led_driver = {led_driver!r}: want \"ws2812\", \"neopixel\" or \"none\"")

    buttons = fw.get("buttons", {})
    if not isinstance(buttons, dict):
        raise BoardError("[firmware] buttons: want a table of name = pin")
    button_list = []
    for name, p in buttons.items():
        if not NAME.match(name):
            raise BoardError(f"[firmware] buttons: name {name!r}: want letters, digits, ._- (1-16)")
        button_list.append((name, pin(p, f"[firmware] buttons.{name}")))

    used = {}
    for what, pins in (("rows", rows), ("cols", cols),
                       ("led_pin", [led_pin] if led_pin >= 0 else []),
                       ("buttons", [p for _, p in button_list])):
        for p in pins:
            if p in used:
                raise BoardError(f"pin {p} is used twice ({used[p]} and {what})")
            used[p] = what

    return {
        "board_id": board_id,
        "kind": kind,
        "cells": cells,
        "baud": baud,
        "mcu": mcu,
        "rows": rows,
        "cols": cols,
        "led_pin": led_pin,
        "leds": leds,
        "neopixel": 1 if led_driver == "neopixel" and leds else 0,
        "ws2812": 1 if led_driver in ("ws2812", "neopixel") and leds else 0,
        "scan_ms": positive_int(fw.get("scan_ms", 5), "[firmware] scan_ms", 1, 100),
        "debounce_scans": positive_int(fw.get("debounce_scans", 4), "[firmware] debounce_scans", 1, 50),
        "heartbeat_ms": positive_int(fw.get("heartbeat_ms", 500), "[firmware] heartbeat_ms", 50, 900),
        "settle_us": positive_int(fw.get("settle_us", 10), "[firmware] settle_us", 1, 1000),
        "buttons": button_list,
    }


def render(spec, source):
    s = spec
    arr = lambda xs: "{" + ", ".join(str(x) for x in xs) + "}"
    lines = [
        f"// pins.h — generated by gen_pins.py from {source}; do not edit.",
        f"// Regenerate: python3 gen_pins.py {source} tavoliere/pins.h",
        f"// Check:      python3 gen_pins.py --check {source} tavoliere/pins.h",
        "#ifndef TAVOLIERE_PINS_H",
        "#define TAVOLIERE_PINS_H",
        "",
        f"#define TBP_BOARD_ID \"{s['board_id']}\"",
        f"#define TBP_KIND \"{s['kind']}\"",
        f"#define TBP_CELLS {s['cells']}",
        f"#define TBP_BAUD {s['baud']}UL",
        f"#define TBP_MCU_{s['mcu'].upper()} 1",
        "",
        "// Matrix: row r is driven low while the columns are read; cell = r * TBP_COLS + c.",
        f"#define TBP_ROWS {len(s['rows'])}",
        f"#define TBP_COLS {len(s['cols'])}",
        f"#define TBP_ROW_PINS {arr(s['rows'])}",
        f"#define TBP_COL_PINS {arr(s['cols'])}",
        "",
        f"#define TBP_LED_PIN {s['led_pin']}",
        f"#define TBP_LEDS {s['leds']}",
        f"#define TBP_LED_WS2812 {s['ws2812']}",
        f"#define TBP_LED_NEOPIXEL {s['neopixel']}",
        "",
        f"#define TBP_SCAN_MS {s['scan_ms']}",
        f"#define TBP_DEBOUNCE_SCANS {s['debounce_scans']}",
        f"#define TBP_HEARTBEAT_MS {s['heartbeat_ms']}",
        f"#define TBP_SETTLE_US {s['settle_us']}",
        "",
        f"#define TBP_BUTTONS {len(s['buttons'])}",
    ]
    if s["buttons"]:
        names = "{" + ", ".join(f"\"{n}\"" for n, _ in s["buttons"]) + "}"
        lines += [
            f"#define TBP_BUTTON_NAMES {names}",
            f"#define TBP_BUTTON_PINS {arr(p for _, p in s['buttons'])}",
        ]
    lines += ["", "#endif  // TAVOLIERE_PINS_H", ""]
    return "\n".join(lines)


def generate(board_path):
    with open(board_path, "rb") as f:
        try:
            doc = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise BoardError(f"not valid TOML: {e}") from None
    return render(spec_from(doc), source_name(board_path))


def source_name(board_path):
    """How pins.h names its board file: relative to this folder for the board files beside
    it (../tbp-4x4.toml), else by its base name."""
    rel = os.path.relpath(os.path.abspath(board_path), HERE)
    parts = rel.split(os.sep)
    if len(parts) <= 2 and parts.count("..") == len(parts) - 1:
        return "/".join(parts)
    return os.path.basename(board_path)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--check", action="store_true", help="fail if PINS.h does not match")
    ap.add_argument("board", help="board TOML file")
    ap.add_argument("out", nargs="?", default=DEFAULT_OUT, help="pins.h (default: %(default)s)")
    a = ap.parse_args(argv)
    try:
        text = generate(a.board)
    except (OSError, BoardError) as e:
        print(f"gen_pins.py: {a.board}: {e}", file=sys.stderr)
        return 2
    if a.check:
        try:
            with open(a.out, encoding="utf-8") as f:
                have = f.read()
        except OSError as e:
            print(f"gen_pins.py: {e}", file=sys.stderr)
            return 1
        if have != text:
            sys.stderr.writelines(difflib.unified_diff(
                have.splitlines(True), text.splitlines(True), a.out, f"from {a.board}"))
            print(f"gen_pins.py: {a.out} does not match {a.board}; regenerate it", file=sys.stderr)
            return 1
        print(f"gen_pins.py: {a.out} matches {a.board}")
        return 0
    if a.out == "-":
        sys.stdout.write(text)
    else:
        with open(a.out, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"gen_pins.py: wrote {a.out} from {a.board}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
