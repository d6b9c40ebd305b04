// sim_test.c — runs the built firmware (build/tavoliere.elf) in simavr, Debian's AVR
// simulator, with a simulated reed matrix and button wired as pins.h says, and checks what
// it says on the serial line:
//
//   HELLO, LOG and a first frame at power-up; a frame on a debounced change; nothing for a
//   bouncing reed; a frame at least every second; F? and HELLO? answered; L and BRI
//   acknowledged or refused; a bad checksum dropped, never answered, and reported in a LOG;
//   B for the button; and the WS2812 data pin: every L and BRI shifts out 24 bits an LED,
//   each bit 20 cycles (1.25 us at 16 MHz), high for T0H_CYCLES for a 0 and T1H_CYCLES
//   for a 1, green-red-blue, the colours scaled by the brightness.
//
//   make sim-test   (needs Debian's libsimavr-dev and libelf-dev)
//   SIM_TRACE=1 build/sim_test build/tavoliere.elf   also prints every line from the board
//
// The matrix model: a column reads low when a selected row (an output driven low) has a
// closed reed on it, and high otherwise (the internal pull-up); the diodes make it ideal.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <avr_ioport.h>
#include <avr_uart.h>
#include <sim_avr.h>
#include <sim_elf.h>

#include "../tavoliere/pins.h"

#define HZ 16000000ull
#define MS(x) ((avr_cycle_count_t)((x) * (HZ / 1000)))

static avr_t* avr;
static int passed, failed;

#define CHECK(cond, ...)                                         \
  do {                                                           \
    if (cond) {                                                  \
      passed++;                                                  \
    } else {                                                     \
      failed++;                                                  \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);     \
      printf(__VA_ARGS__);                                       \
      printf("\n");                                              \
    }                                                            \
  } while (0)

// ---- pins -------------------------------------------------------------------------------

struct pin {
  char port;  // 'B', 'C', 'D'
  int bit;
};

static struct pin arduinoPin(int n) {
  struct pin p;
  if (n < 8) {
    p.port = 'D', p.bit = n;
  } else if (n < 14) {
    p.port = 'B', p.bit = n - 8;
  } else {
    p.port = 'C', p.bit = n - 14;
  }
  return p;
}

// Data-space addresses of PINx, DDRx, PORTx on the ATmega328P.
static int regPin(char port) { return port == 'B' ? 0x23 : port == 'C' ? 0x26 : 0x29; }

static int isDrivenLow(struct pin p) {
  int base = regPin(p.port);
  int ddr = avr->data[base + 1], out = avr->data[base + 2];
  return (ddr >> p.bit & 1) && !(out >> p.bit & 1);
}

static const int rowPins[TBP_ROWS] = TBP_ROW_PINS;
static const int colPins[TBP_COLS] = TBP_COL_PINS;
static int closed[TBP_ROWS * TBP_COLS];  // reed closed (a piece on the cell)
static int colLevel[TBP_COLS];           // the level last put on each column
#if TBP_BUTTONS
static const int buttonPins[TBP_BUTTONS] = TBP_BUTTON_PINS;
static int buttonDown[TBP_BUTTONS], buttonLevel[TBP_BUTTONS];
#endif

static void drive(int arduino, int level) {
  struct pin p = arduinoPin(arduino);
  avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(p.port), p.bit), level);
}

static void updateInputs(void) {
  for (int c = 0; c < TBP_COLS; c++) {
    int level = 1;
    for (int r = 0; r < TBP_ROWS; r++) {
      if (closed[r * TBP_COLS + c] && isDrivenLow(arduinoPin(rowPins[r]))) level = 0;
    }
    if (level != colLevel[c]) {
      colLevel[c] = level;
      drive(colPins[c], level);
    }
  }
#if TBP_BUTTONS
  for (int i = 0; i < TBP_BUTTONS; i++) {
    int level = !buttonDown[i];
    if (level != buttonLevel[i]) {
      buttonLevel[i] = level;
      drive(buttonPins[i], level);
    }
  }
#endif
}

// ---- the WS2812 data pin ------------------------------------------------------------------
//
// Every rising and falling edge on the LED data pin, with the cycle it came at: a pulse is
// a rise and the fall after it, its width the cycles between them.

#define T0H_CYCLES 6    // a 0 bit: 0.375 us high (WS2812B: 0.4 us +- 0.15)
#define T1H_CYCLES 12   // a 1 bit: 0.75 us high (WS2812B: 0.8 us +- 0.15)
#define BIT_CYCLES 20   // 1.25 us a bit, 800 kHz

#define LEDS_DRIVEN (TBP_LEDS > 0 && TBP_LED_PIN >= 0)
#define MAXPULSES (24 * 1024 * 8)
static int ledLevel;
static avr_cycle_count_t ledRise;
static avr_cycle_count_t pulseAt[MAXPULSES];
static unsigned pulseWidth[MAXPULSES];
static int npulses;
static unsigned widthSeen[2][2];  // [bit][0: min, 1: max] over every pulse checked

static void onLed(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq, (void)param;
  int v = value & 1;
  if (v == ledLevel) return;
  ledLevel = v;
  if (v) {
    ledRise = avr->cycle;
  } else if (npulses < MAXPULSES) {
    pulseAt[npulses] = ledRise;
    pulseWidth[npulses++] = (unsigned)(avr->cycle - ledRise);
  }
}

// Checks the pulses from pulse `from` on as one WS2812 frame carrying want[0:n] (GRB, LED
// 0 first): exactly 8n pulses (24 an LED), each T0H_CYCLES or T1H_CYCLES wide as its bit
// says, MSB first, one every BIT_CYCLES with nothing in between (interrupts are off).
static void checkLedFrame(int from, const unsigned char* want, int n, const char* what) {
  int got = npulses - from;
  CHECK(got == 8 * n, "%s: %d pulses on the data pin, want %d (24 x %d LEDs)", what, got, 8 * n, n / 3);
  if (got != 8 * n) return;
  int odd = 0, wrong = 0, late = 0;
  for (int i = 0; i < got; i++) {
    unsigned w = pulseWidth[from + i];
    int bit = want[i / 8] >> (7 - i % 8) & 1;
    if (w != T0H_CYCLES && w != T1H_CYCLES) {
      if (!odd++) printf("  %s: pulse %d is %u cycles wide\n", what, i, w);
    } else if ((w == T1H_CYCLES) != bit) {
      if (!wrong++) printf("  %s: pulse %d (LED %d, byte %d, bit %d) is %u cycles, want a %d\n", what, i, i / 24, i / 8 % 3, 7 - i % 8, w, bit);
    }
    if (w < widthSeen[bit][0] || !widthSeen[bit][0]) widthSeen[bit][0] = w;
    if (w > widthSeen[bit][1]) widthSeen[bit][1] = w;
    if (i && pulseAt[from + i] - pulseAt[from + i - 1] != BIT_CYCLES) {
      if (!late++) printf("  %s: pulse %d starts %llu cycles after the one before\n", what, i, (unsigned long long)(pulseAt[from + i] - pulseAt[from + i - 1]));
    }
  }
  CHECK(odd == 0, "%s: %d pulses neither %d nor %d cycles wide", what, odd, T0H_CYCLES, T1H_CYCLES);
  CHECK(wrong == 0, "%s: %d bits differ from the colours sent", what, wrong);
  CHECK(late == 0, "%s: %d bits not %d cycles after the one before", what, late, BIT_CYCLES);
}

// ---- serial -----------------------------------------------------------------------------

#define MAXLINES 4096
static char* lines[MAXLINES];
static avr_cycle_count_t lineAt[MAXLINES];
static int nlines;
static char cur[2048];
static int curLen;

static void onTx(struct avr_irq_t* irq, uint32_t value, void* param) {
  (void)irq, (void)param;
  char c = (char)value;
  if (c == '\n') {
    cur[curLen] = '\0';
    if (getenv("SIM_TRACE")) printf("%8.3f s  %s\n", (double)avr->cycle / HZ, cur);
    if (nlines < MAXLINES) {
      lines[nlines] = strdup(cur);
      lineAt[nlines++] = avr->cycle;
    }
    curLen = 0;
  } else if (curLen < (int)sizeof cur - 1) {
    cur[curLen++] = c;
  }
}

static char rxQueue[4096];
static int rxLen, rxPos;
static avr_cycle_count_t rxNext;

static void sendRaw(const char* s) {
  size_t n = strlen(s);
  if (rxLen + n > sizeof rxQueue) abort();
  memcpy(rxQueue + rxLen, s, n);
  rxLen += (int)n;
}

// CRC-16/CCITT-FALSE, bit by bit as its definition says (the firmware's is byte-wise).
static unsigned crc16(const char* p, size_t n) {
  unsigned crc = 0xFFFF;
  for (size_t i = 0; i < n; i++) {
    crc ^= (unsigned)(unsigned char)p[i] << 8;
    for (int k = 0; k < 8; k++) crc = (crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1) & 0xFFFF;
  }
  return crc;
}

static void sendLine(const char* payload) {
  char buf[2048];
  snprintf(buf, sizeof buf, "%s*%04X\n", payload, crc16(payload, strlen(payload)));
  sendRaw(buf);
}

static void feedRx(void) {
  if (rxPos < rxLen && avr->cycle >= rxNext) {
    avr_raise_irq(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_INPUT), (uint8_t)rxQueue[rxPos++]);
    rxNext = avr->cycle + HZ / 11520;  // 10 bits a byte at 115200 baud
    if (rxPos == rxLen) rxPos = rxLen = 0;
  }
}

// ---- running ----------------------------------------------------------------------------

static void runFor(avr_cycle_count_t cycles) {
  avr_cycle_count_t end = avr->cycle + cycles;
  while (avr->cycle < end) {
    updateInputs();
    feedRx();
    int state = avr_run(avr);
    if (state == cpu_Done || state == cpu_Crashed) {
      printf("FAIL: the simulated MCU stopped (state %d)\n", state);
      exit(1);
    }
  }
}

// Lines that arrived since mark, and helpers over them.
static int mark;
static void setMark(void) { mark = nlines; }

static int countPrefix(const char* prefix) {
  int n = 0;
  for (int i = mark; i < nlines; i++)
    if (strncmp(lines[i], prefix, strlen(prefix)) == 0) n++;
  return n;
}

static int checksumOK(const char* l) {
  size_t n = strlen(l);
  if (n < 5 || l[n - 5] != '*') return 0;
  char want[5];
  snprintf(want, sizeof want, "%04X", crc16(l, n - 5));
  return strcmp(want, l + n - 4) == 0;
}

static const char* findLastPrefix(const char* prefix) {
  for (int i = nlines - 1; i >= mark; i--)
    if (strncmp(lines[i], prefix, strlen(prefix)) == 0) return lines[i];
  return NULL;
}

// The hex field of the last frame since mark, or "".
static const char* lastFrameHex(void) {
  static char hex[512];
  char h[512];
  hex[0] = '\0';
  for (int i = mark; i < nlines; i++) {
    unsigned seq;
    if (sscanf(lines[i], "F %u %511[0-9A-F]", &seq, h) == 2) strcpy(hex, h);
  }
  return hex;
}

static void expectFrame(const char* hex, const char* what) {
  CHECK(strcmp(lastFrameHex(), hex) == 0, "%s: last frame %s, want %s", what, lastFrameHex(), hex);
}

int main(int argc, char** argv) {
  const char* elf = argc > 1 ? argv[1] : "build/tavoliere.elf";
  elf_firmware_t fw;
  memset(&fw, 0, sizeof fw);
  if (elf_read_firmware(elf, &fw) != 0) {
    printf("FAIL: cannot read %s\n", elf);
    return 1;
  }
  avr = avr_make_mcu_by_name("atmega328p");
  if (!avr) {
    printf("FAIL: simavr has no atmega328p\n");
    return 1;
  }
  avr_init(avr);
  avr_load_firmware(avr, &fw);
  avr->frequency = (uint32_t)HZ;
  avr->log = LOG_NONE;

  uint32_t flags = 0;
  avr_ioctl(avr, AVR_IOCTL_UART_GET_FLAGS('0'), &flags);
  flags &= ~(uint32_t)(AVR_UART_FLAG_STDIO | AVR_UART_FLAG_POLL_SLEEP);
  avr_ioctl(avr, AVR_IOCTL_UART_SET_FLAGS('0'), &flags);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_UART_GETIRQ('0'), UART_IRQ_OUTPUT), onTx, NULL);
  for (int c = 0; c < TBP_COLS; c++) colLevel[c] = -1;
#if LEDS_DRIVEN
  struct pin led = arduinoPin(TBP_LED_PIN);
  avr_irq_register_notify(avr_io_getirq(avr, AVR_IOCTL_IOPORT_GETIRQ(led.port), led.bit), onLed, NULL);
#endif
#if TBP_BUTTONS
  for (int i = 0; i < TBP_BUTTONS; i++) buttonLevel[i] = -1;
#endif

  // A piece already on cell 1 at power-up.
  closed[1] = 1;
  char hex[2 * ((TBP_CELLS + 7) / 8) + 1];
  unsigned char bits[(TBP_CELLS + 7) / 8];
#define FRAME_HEX()                                                               \
  do {                                                                            \
    memset(bits, 0, sizeof bits);                                                 \
    for (int i = 0; i < TBP_CELLS; i++)                                           \
      if (closed[i]) bits[i / 8] |= (unsigned char)(1u << (i % 8));               \
    for (size_t i = 0; i < sizeof bits; i++) sprintf(hex + 2 * i, "%02X", bits[i]); \
  } while (0)

  setMark();
  runFor(MS(200));
  char hello[128];
  snprintf(hello, sizeof hello, "HELLO tbp/2 %s %d %s*", TBP_BOARD_ID, TBP_CELLS, TBP_KIND);
  CHECK(nlines >= 3 && strncmp(lines[0], hello, strlen(hello)) == 0, "first line %s, want %s..",
        nlines ? lines[0] : "(none)", hello);
  CHECK(nlines >= 3 && strncmp(lines[1], "LOG tavoliere-fw ", 17) == 0, "second line %s", nlines > 1 ? lines[1] : "(none)");
  FRAME_HEX();
  CHECK(nlines >= 3 && strncmp(lines[2], "F 0 ", 4) == 0 && strncmp(lines[2] + 4, hex, strlen(hex)) == 0,
        "power-up frame %s, want F 0 %s (the piece already there)", nlines > 2 ? lines[2] : "(none)", hex);

  // A piece put down: one frame, within the debounce time plus a scan or two.
  setMark();
  closed[5] = 1;
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  FRAME_HEX();
  expectFrame(hex, "piece on cell 5");
  CHECK(countPrefix("F ") == 1, "%d frames for one change", countPrefix("F "));

  // A bouncing reed (never stable for TBP_DEBOUNCE_SCANS scans) changes nothing. (With
  // fewer than 3 scans no bounce is both slower than a scan and faster than the debounce.)
#if TBP_DEBOUNCE_SCANS >= 3
  setMark();
  for (int i = 0; i < 10; i++) {
    closed[6] = !closed[6];
    runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS - 1) - 1));
  }
  closed[6] = 0;
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  for (int i = mark; i < nlines; i++) {
    unsigned seq;
    char h[512];
    if (sscanf(lines[i], "F %u %511[0-9A-F]", &seq, h) == 2) CHECK(strcmp(h, hex) == 0, "bounce leaked: %s", lines[i]);
  }
#endif

  // Heartbeat: frames keep coming with nothing changing, never more than 1 s apart.
  setMark();
  runFor(MS(2200));
  avr_cycle_count_t prev = 0, worst = 0;
  int frames = 0;
  for (int i = mark; i < nlines; i++) {
    if (strncmp(lines[i], "F ", 2) != 0) continue;
    if (frames++ && lineAt[i] - prev > worst) worst = lineAt[i] - prev;
    prev = lineAt[i];
  }
  CHECK(frames >= 2200 / TBP_HEARTBEAT_MS, "%d frames in 2.2 s", frames);
  CHECK(worst <= MS(TBP_HEARTBEAT_MS + 5) && worst <= MS(1000), "frames %llu ms apart",
        (unsigned long long)(worst * 1000 / HZ));
  expectFrame(hex, "heartbeat");

  // Every line the board sent so far has a good checksum, and seq counts up by one.
  int bad = 0, gaps = 0;
  long lastSeq = -1;
  for (int i = 0; i < nlines; i++) {
    if (!checksumOK(lines[i])) bad++;
    unsigned seq;
    if (sscanf(lines[i], "F %u ", &seq) == 1) {
      if (lastSeq >= 0 && (long)seq != (lastSeq + 1) % 65536) gaps++;
      lastSeq = seq;
    }
  }
  CHECK(bad == 0, "%d lines with a bad checksum", bad);
  CHECK(gaps == 0, "%d gaps in seq", gaps);

  // Commands.
  setMark();
  sendLine("HELLO?");
  runFor(MS(20));
  CHECK(countPrefix("HELLO tbp/2 ") == 1, "HELLO? not answered");

  setMark();
  sendLine("F?");
  runFor(MS(20));
  CHECK(countPrefix("F ") == 1, "F? answered with %d frames", countPrefix("F "));
  expectFrame(hex, "F?");

  // L: one frame on the data pin, 24 bits an LED, green-red-blue, then OK.
  setMark();
  char l[16 + 6 * 1024] = "L ";
  for (int i = 0; i < TBP_LEDS; i++) strcat(l, i % 2 ? "00FF00" : "102030");
#if LEDS_DRIVEN
  static unsigned char grb[3 * TBP_LEDS];
  for (int i = 0; i < TBP_LEDS; i++) {
    unsigned char* c = grb + 3 * i;
    c[0] = i % 2 ? 0xFF : 0x20, c[1] = i % 2 ? 0x00 : 0x10, c[2] = i % 2 ? 0x00 : 0x30;
  }
  int from = npulses;
#endif
  sendLine(l);
  runFor(MS(20 + TBP_LEDS));
  CHECK(countPrefix("OK L*") == 1, "L: %s", mark < nlines ? lines[mark] : "(nothing)");
#if LEDS_DRIVEN
  checkLedFrame(from, grb, 3 * TBP_LEDS, "L");
#endif

  // An L refused lights nothing.
  setMark();
  strcat(l, "FFFFFF");  // one LED too many: still fits the board's line buffer
#if LEDS_DRIVEN
  from = npulses;
#endif
  sendLine(l);
  runFor(MS(30 + TBP_LEDS));
  CHECK(countPrefix("ERR L too-many*") == 1, "L with too many LEDs: %s", mark < nlines ? lines[mark] : "(nothing)");
#if LEDS_DRIVEN
  CHECK(npulses == from, "a refused L sent %d pulses", npulses - from);
#endif

  // BRI: the same colours again, each byte scaled by (brightness + 1) / 256. One command at
  // a time, each after the reply to the one before, as the host sends them: while a frame
  // is shifted out the UART loses what arrives.
  setMark();
#if LEDS_DRIVEN
  from = npulses;
  for (int i = 0; i < 3 * TBP_LEDS; i++) grb[i] = (unsigned char)(grb[i] * 41 / 256);
#endif
  sendLine("BRI 40");
  runFor(MS(20 + TBP_LEDS));
#if LEDS_DRIVEN
  checkLedFrame(from, grb, 3 * TBP_LEDS, "BRI 40");
#endif
  sendLine("BRI 300");
  runFor(MS(10));
  sendLine("XYZ");
  runFor(MS(10));
  CHECK(countPrefix("OK BRI*") == 1 && countPrefix("ERR BRI range*") == 1 && countPrefix("ERR XYZ unknown*") == 1,
        "BRI/unknown replies wrong (%d lines)", nlines - mark);

  // A bad checksum, a line without one, and a line longer than the board's buffer: no
  // reply, and a LOG that counts them within a second.
  setMark();
  sendRaw("F?*0000\n");
  sendRaw("HELLO?\r\n");
  for (int i = 0; i < 4; i++) strcat(l, "FFFFFF");
  sendLine(l);
  runFor(MS(1200));
  CHECK(countPrefix("HELLO ") == 0, "a line without a checksum was acted on");
  CHECK(countPrefix("ERR") == 0 && countPrefix("OK") == 0, "a dropped line was answered");
  const char* log = findLastPrefix("LOG rx-dropped ");
  const char* wantLog = "LOG rx-dropped 3 too-long 1 bad-checksum 1 malformed 1*";
  CHECK(log && strncmp(log, wantLog, strlen(wantLog)) == 0, "drop LOG: %s", log ? log : "(none)");
  setMark();
  sendLine("F?");
  runFor(MS(20));
  CHECK(countPrefix("F ") == 1, "no recovery after dropped lines");

#if TBP_BUTTONS
  setMark();
  buttonDown[0] = 1;
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  buttonDown[0] = 0;
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  char down[40], up[40];
  const char* names[] = TBP_BUTTON_NAMES;
  snprintf(down, sizeof down, "B %s 1*", names[0]);
  snprintf(up, sizeof up, "B %s 0*", names[0]);
  CHECK(countPrefix(down) == 1 && countPrefix(up) == 1, "button: %d down, %d up", countPrefix(down), countPrefix(up));
#endif

  // Every cell, one at a time, on an empty board.
  memset(closed, 0, sizeof closed);
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  for (int i = 0; i < TBP_CELLS; i++) {
    setMark();
    closed[i] = 1;
    runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
    FRAME_HEX();
    expectFrame(hex, "one cell");
    closed[i] = 0;
  }
  // A full board (the diodes keep a full matrix readable).
  setMark();
  for (int i = 0; i < TBP_CELLS; i++) closed[i] = 1;
  runFor(MS(TBP_SCAN_MS * (TBP_DEBOUNCE_SCANS + 2)));
  FRAME_HEX();
  expectFrame(hex, "full board");

  printf("sim_test: %d lines from the board in %.1f simulated seconds\n", nlines, (double)avr->cycle / HZ);
#if LEDS_DRIVEN
  printf("sim_test: WS2812 on pin %d: %d pulses; a 0 bit high %u-%u cycles, a 1 bit %u-%u cycles, a bit every %d cycles\n",
         TBP_LED_PIN, npulses, widthSeen[0][0], widthSeen[0][1], widthSeen[1][0], widthSeen[1][1], BIT_CYCLES);
#endif
  printf("sim_test: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
