// tavoliere.ino — reference TBP/2 firmware: scans a reed-switch matrix, debounces every cell,
// and talks TBP/2 to the Raspberry Pi over the serial line (firmware-config/tbp.md;
// docs/design.md, "The serial line protocol"; README.md beside this folder).
//
//   - a full frame "F <seq> <hex>" on every debounced change and at least every
//     TBP_HEARTBEAT_MS (the Pi calls the link lost after 2 s without one);
//   - HELLO on power-up and on "HELLO?", a frame on "F?";
//   - "L <hex>" and "BRI <n>" are checked, stored and answered "OK L" / "OK BRI" once shown;
//     a WS2812 chain is driven by ws2812.h (cycle-counted, no library), or by
//     Adafruit_NeoPixel when pins.h asks for it and the sketch is built with the Arduino
//     IDE; a build without LEDs (led_driver = "none") has the ledsShow() hook below;
//   - "B <name> <0/1>" when a button goes down (1) or up (0);
//   - a line with a bad checksum or too long is dropped and counted, and the counts are
//     reported in a LOG line at most once a second.
//
// Everything board-specific comes from pins.h, generated from a board TOML by gen_pins.py.
// The protocol itself is in tbp.h / tbp.cpp and the debounce in debounce.h: portable C++,
// tested on the host (test/). Built either by the Arduino IDE (real core) or by the Makefile
// with Debian's avr-gcc and the stand-in core in ../avr/.
#include <Arduino.h>
#include <string.h>

#include "debounce.h"
#include "pins.h"
#include "tbp.h"

#if TBP_LED_NEOPIXEL && defined(ARDUINO)
#include <Adafruit_NeoPixel.h>
#define TAVOLIERE_NEOPIXEL 1
#else
#define TAVOLIERE_NEOPIXEL 0
#endif

#if !TAVOLIERE_NEOPIXEL && (TBP_LED_WS2812 || TBP_LED_NEOPIXEL) && TBP_LEDS > 0 && TBP_LED_PIN >= 0
#define WS2812_PIN TBP_LED_PIN
#include "ws2812.h"
#define TAVOLIERE_WS2812 1
#else
#define TAVOLIERE_WS2812 0
#endif

#define TAVOLIERE_FW_VERSION "1.0"

// ---- configuration derived from pins.h --------------------------------------------------

static const uint8_t kRowPins[TBP_ROWS] = TBP_ROW_PINS;
static const uint8_t kColPins[TBP_COLS] = TBP_COL_PINS;

#if TBP_ROWS * TBP_COLS < TBP_CELLS
#error "pins.h: TBP_CELLS is more than the matrix has switches"
#endif

// The longest line this board acts on is an L for all of its LEDs ("L " + 6 digits per LED +
// "*HHHH\r\n": 6n + 9 bytes), plus room for one LED more (6n + 15 <= 6n + 16), so that an L
// for one LED too many is still answered "ERR L too-many". Longer lines are dropped and
// counted as too long (the boot LOG says the limit, terminator included, as rx-max). The protocol allows 1024 bytes; the ATmega328P's
// 2 KiB of RAM is why the buffer is no bigger than the board needs.
#define RX_LINE_NEED (TBP_LEDS * 6 + 16)
#define RX_LINE_MAX (RX_LINE_NEED < 40 ? 40 : (RX_LINE_NEED > 1024 ? 1024 : RX_LINE_NEED))

static char rxBuf[RX_LINE_MAX];
static tbp::LineParser rx(rxBuf, sizeof rxBuf);

static void serialPut(void*, char c) { Serial.write((uint8_t)c); }
static tbp::Writer out(serialPut, 0);

static Debouncer<TBP_CELLS> grid(TBP_DEBOUNCE_SCANS);
static uint8_t rawGrid[Debouncer<TBP_CELLS>::kBytes];

#if TBP_BUTTONS
static const char* const kButtonNames[TBP_BUTTONS] = TBP_BUTTON_NAMES;
static const uint8_t kButtonPins[TBP_BUTTONS] = TBP_BUTTON_PINS;
static Debouncer<TBP_BUTTONS> buttons(TBP_DEBOUNCE_SCANS);
static uint8_t rawButtons[Debouncer<TBP_BUTTONS>::kBytes];
static uint8_t shownButtons[Debouncer<TBP_BUTTONS>::kBytes];
#endif

static uint16_t seq;               // F sequence number, mod 65536
static unsigned long lastScan;     // millis() of the last matrix scan
static unsigned long lastFrame;    // millis() of the last F line
static unsigned long lastDropLog;  // millis() of the last LOG about dropped lines
static uint32_t droppedLogged;     // rx.stats().dropped() when last logged

// ---- LEDs -------------------------------------------------------------------------------
//
// ledRGB holds the newest colours, 3 bytes (R, G, B) per LED in chain order, and ledBri the
// global brightness (0-255). ledsShow() is called after every accepted L and BRI, and the
// board answers OK only after it returns.
//
// A WS2812 chain (led_driver = "ws2812", or "neopixel" outside the Arduino IDE) is driven
// by ws2812.h: each colour scaled by the brightness, green-red-blue, then the line held low
// until the chain has latched. While a frame is shifted out interrupts are off, about 30 us
// an LED, and the UART loses bytes, which is why the host sends the next command only after
// the OK.
//
// HOOK: a build with led_driver = "none" has an empty ledsShow(): put the code for other
// LED hardware there (a MAX7219, shift registers).

static uint8_t ledRGB[TBP_LEDS ? TBP_LEDS * 3 : 1];
static uint8_t ledBri = 255;

#if TAVOLIERE_NEOPIXEL
static Adafruit_NeoPixel strip(TBP_LEDS, TBP_LED_PIN, NEO_GRB + NEO_KHZ800);

static void ledsBegin() {
  strip.begin();
  strip.clear();
  strip.show();
}

static void ledsShow() {
  // Brightness first: setPixelColor scales by it, and our own copy keeps the colours whole,
  // so BRI 0 followed by BRI 255 brings them back (NeoPixel's own scaling is lossy).
  strip.setBrightness(ledBri);
  for (uint16_t i = 0; i < TBP_LEDS; i++) {
    strip.setPixelColor(i, ledRGB[3 * i], ledRGB[3 * i + 1], ledRGB[3 * i + 2]);
  }
  strip.show();
}
#elif TAVOLIERE_WS2812
// The frame as the chain takes it: green, red, blue an LED, scaled by the brightness; one
// byte more for ws2812Send to read ahead.
static uint8_t ledOut[TBP_LEDS * 3 + 1];

static void ledsShow() {
  uint16_t scale = (uint16_t)ledBri + 1;  // 256 at BRI 255: the colours as they are
  for (uint16_t i = 0; i < TBP_LEDS; i++) {
    const uint8_t* c = ledRGB + 3 * i;
    uint8_t* o = ledOut + 3 * i;
    o[0] = (uint8_t)((c[1] * scale) >> 8);
    o[1] = (uint8_t)((c[0] * scale) >> 8);
    o[2] = (uint8_t)((c[2] * scale) >> 8);
  }
  ws2812Send(ledOut, TBP_LEDS * 3);
  delayMicroseconds(WS2812_LATCH_US);
}

static void ledsBegin() {
  pinMode(TBP_LED_PIN, OUTPUT);
  digitalWrite(TBP_LED_PIN, LOW);  // a WS2812 data line idles low
  delayMicroseconds(WS2812_LATCH_US);
  ledsShow();                      // dark: a board that reset forgets what it showed
}
#else
static void ledsBegin() {
#if TBP_LED_PIN >= 0
  pinMode(TBP_LED_PIN, OUTPUT);
  digitalWrite(TBP_LED_PIN, LOW);  // a WS2812 data line idles low
#endif
}

static void ledsShow() {
  // HOOK: drive the LEDs from ledRGB[0 .. 3 * TBP_LEDS) and ledBri here.
}
#endif

// ---- scanning ---------------------------------------------------------------------------

// Every row is high-impedance except the one being read, which is driven low; a closed reed
// pulls its column (held high by the internal pull-up) low through its diode. The diode in
// series with every reed (cathode to the row) is what keeps several closed reeds from
// showing phantom closures (ghosting: without diodes, three closed reeds on the corners of a
// rectangle make the fourth read closed).
static void scanGrid(uint8_t* bits) {
  memset(bits, 0, Debouncer<TBP_CELLS>::kBytes);
  for (uint8_t r = 0; r < TBP_ROWS; r++) {
    digitalWrite(kRowPins[r], LOW);
    pinMode(kRowPins[r], OUTPUT);
    delayMicroseconds(TBP_SETTLE_US);
    for (uint8_t c = 0; c < TBP_COLS; c++) {
      uint16_t cell = (uint16_t)r * TBP_COLS + c;
      if (cell < TBP_CELLS && digitalRead(kColPins[c]) == LOW) tbp::presenceSet(bits, cell, true);
    }
    pinMode(kRowPins[r], INPUT);
  }
}

static void sendFrame(unsigned long now) {
  tbp::writeFrame(out, seq++, grid.bits(), Debouncer<TBP_CELLS>::kBytes);
  lastFrame = now;
}

static void sendHello() { tbp::writeHello(out, TBP_BOARD_ID, TBP_CELLS, TBP_KIND); }

#if TBP_BUTTONS
static void scanButtons() {
  memset(rawButtons, 0, sizeof rawButtons);
  for (uint8_t i = 0; i < TBP_BUTTONS; i++) {
    if (digitalRead(kButtonPins[i]) == LOW) tbp::presenceSet(rawButtons, i, true);
  }
  if (!buttons.update(rawButtons)) return;
  for (uint8_t i = 0; i < TBP_BUTTONS; i++) {
    bool down = tbp::presenceGet(buttons.bits(), i);
    if (down != tbp::presenceGet(shownButtons, i)) {
      tbp::presenceSet(shownButtons, i, down);
      tbp::writeButton(out, kButtonNames[i], down);
    }
  }
}
#endif

// ---- commands ---------------------------------------------------------------------------

static void handleLine(const char* payload, uint16_t n, unsigned long now) {
  tbp::Command cmd;
  if (!tbp::parseCommand(payload, n, TBP_LEDS, &cmd)) {
    tbp::writeErr(out, cmd.verb, cmd.verbLen > 16 ? 16 : cmd.verbLen, cmd.reason);
    return;
  }
  switch (cmd.kind) {
    case tbp::kCmdHello:
      sendHello();
      break;
    case tbp::kCmdFrame:
      sendFrame(now);
      break;
    case tbp::kCmdLights:
      for (uint16_t i = 0; i < TBP_LEDS; i++) {
        uint8_t* c = ledRGB + 3 * i;
        if (i < cmd.leds) {
          tbp::ledColor(cmd, i, c, c + 1, c + 2);
        } else {
          c[0] = c[1] = c[2] = 0;  // an L with fewer LEDs leaves the rest dark
        }
      }
      ledsShow();
      tbp::writeOK(out, cmd.verb, cmd.verbLen);
      break;
    case tbp::kCmdBrightness:
      ledBri = cmd.brightness;
      ledsShow();
      tbp::writeOK(out, cmd.verb, cmd.verbLen);
      break;
    default:
      break;
  }
}

static void logDrops(unsigned long now) {
  const tbp::Stats& st = rx.stats();
  if (st.dropped() == droppedLogged || now - lastDropLog < 1000) return;
  droppedLogged = st.dropped();
  lastDropLog = now;
  out.begin();
  out.str("LOG rx-dropped ");
  out.dec(st.dropped());
  out.str(" too-long ");
  out.dec(st.tooLong);
  out.str(" bad-checksum ");
  out.dec(st.badChecksum);
  out.str(" malformed ");
  out.dec(st.malformed);
  out.end();
}

// ---- setup and loop ---------------------------------------------------------------------

void setup() {
  for (uint8_t r = 0; r < TBP_ROWS; r++) {
    digitalWrite(kRowPins[r], LOW);
    pinMode(kRowPins[r], INPUT);
  }
  for (uint8_t c = 0; c < TBP_COLS; c++) pinMode(kColPins[c], INPUT_PULLUP);
#if TBP_BUTTONS
  for (uint8_t i = 0; i < TBP_BUTTONS; i++) pinMode(kButtonPins[i], INPUT_PULLUP);
#endif
  ledsBegin();
  Serial.begin(TBP_BAUD);

  // Settle before the first frame, so that it shows the pieces already on the board.
  for (uint8_t i = 0; i < TBP_DEBOUNCE_SCANS; i++) {
    scanGrid(rawGrid);
    grid.update(rawGrid);
    delay(TBP_SCAN_MS);
  }
  unsigned long now = millis();
  lastScan = now;
  sendHello();
  out.begin();
  out.str("LOG tavoliere-fw " TAVOLIERE_FW_VERSION " scan-ms ");
  out.dec(TBP_SCAN_MS);
  out.str(" debounce-scans ");
  out.dec(TBP_DEBOUNCE_SCANS);
  out.str(" rx-max ");
  out.dec(rx.maxLine());
  out.str(TAVOLIERE_NEOPIXEL ? " leds neopixel" : TAVOLIERE_WS2812 ? " leds ws2812" : " leds hook");
  out.end();
  sendFrame(now);
}

void loop() {
  while (Serial.available() > 0) {
    int c = Serial.read();
    if (c < 0) break;
    if (rx.feed((uint8_t)c) == tbp::kLine) handleLine(rx.payload(), rx.payloadLen(), millis());
  }

  unsigned long now = millis();
  if (now - lastScan >= TBP_SCAN_MS) {
    lastScan = now;
    scanGrid(rawGrid);
    if (grid.update(rawGrid)) sendFrame(now);
#if TBP_BUTTONS
    scanButtons();
#endif
  }
  if (now - lastFrame >= TBP_HEARTBEAT_MS) sendFrame(now);
  logDrops(now);
}
