// tbp_test.cpp — host test of the firmware's protocol code (tbp.h, debounce.h) against the
// shared test vectors (vectors.txt: payload, one TAB, the encoded line without its '\n'; or
// "crc", TAB, a text, TAB, its CRC-16 in four hex digits; or "reject", TAB, a line without
// its '\n', TAB, the status the parser must drop it with).
//
//   make test        (or: g++ -I../tavoliere tbp_test.cpp ../tavoliere/tbp.cpp; ./a.out vectors.txt
//                     [more vector files: make test adds ../../hw/tbp/testdata/vectors.txt])
//
// Ends with "tbp_test: N passed, M failed" and exits non-zero on any failure.
#include <stdio.h>
#include <string.h>

#include <string>
#include <vector>

#include "debounce.h"
#include "tbp.h"

static int passed, failed;

#define CHECK(cond, ...)                                 \
  do {                                                   \
    if (cond) {                                          \
      passed++;                                          \
    } else {                                             \
      failed++;                                          \
      printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
      printf(__VA_ARGS__);                               \
      printf("\n");                                      \
    }                                                    \
  } while (0)

struct Vector {
  std::string payload, line;
};

static std::vector<Vector> vectors;
static std::vector<Vector> crcRows;     // payload: the text, line: the CRC in hex
static std::vector<Vector> rejectRows;  // payload: the line, line: the status name

static bool loadVectors(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    perror(path);
    return false;
  }
  std::string all;
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) all.append(buf, n);
  fclose(f);
  size_t pos = 0, lineNo = 0;
  bool ok = true;
  while (pos < all.size()) {
    size_t nl = all.find('\n', pos);
    if (nl == std::string::npos) {
      printf("FAIL %s: last line has no newline\n", path);
      ok = false;
      nl = all.size();
    }
    std::string l = all.substr(pos, nl - pos);
    pos = nl + 1;
    lineNo++;
    if (l.empty() || l[0] == '#') continue;  // as hw/tbp's reader does; test/vectors.txt has none
    size_t tab = l.find('\t');
    size_t tab2 = tab == std::string::npos ? tab : l.find('\t', tab + 1);
    std::string kind = l.substr(0, tab);
    if (tab2 != std::string::npos && (kind == "crc" || kind == "reject") &&
        l.find('\t', tab2 + 1) == std::string::npos && l.find('\r') == std::string::npos) {
      Vector v{l.substr(tab + 1, tab2 - tab - 1), l.substr(tab2 + 1)};
      (kind == "crc" ? crcRows : rejectRows).push_back(v);
      continue;
    }
    if (tab == std::string::npos || tab2 != std::string::npos || l.find('\r') != std::string::npos) {
      printf("FAIL %s:%zu: want payload, one TAB, line (or crc / reject rows)\n", path, lineNo);
      ok = false;
      continue;
    }
    vectors.push_back(Vector{l.substr(0, tab), l.substr(tab + 1)});
  }
  return ok;
}

// ---- helpers ----------------------------------------------------------------------------

static void putString(void* ctx, char c) { static_cast<std::string*>(ctx)->push_back(c); }

// Feeds bytes to p; returns the status of the last line that ended (kPending if none).
static tbp::Status feedAll(tbp::LineParser& p, const std::string& bytes) {
  tbp::Status last = tbp::kPending;
  for (size_t i = 0; i < bytes.size(); i++) {
    tbp::Status s = p.feed((uint8_t)bytes[i]);
    if (s != tbp::kPending) last = s;
  }
  return last;
}

static std::string encode(const std::string& payload) {
  char out[tbp::kMaxLine + 8];
  uint16_t n = tbp::encodeLine(payload.data(), (uint16_t)payload.size(), out, sizeof out);
  return std::string(out, n);
}

static bool hasVectorPayload(const std::string& payload) {
  for (size_t i = 0; i < vectors.size(); i++)
    if (vectors[i].payload == payload) return true;
  return false;
}

// ---- tests ------------------------------------------------------------------------------

static void testVectors() {
  CHECK(vectors.size() >= 20, "only %zu vectors", vectors.size());
  static char buf[tbp::kMaxLine + 2];
  for (size_t i = 0; i < vectors.size(); i++) {
    const Vector& v = vectors[i];
    const char* p = v.payload.c_str();

    // Encoder, whole line and streaming.
    std::string enc = encode(v.payload);
    CHECK(enc == v.line + "\n", "encode(%s) = %s, want %s", p, enc.c_str(), v.line.c_str());
    std::string streamed;
    tbp::Writer w(putString, &streamed);
    w.begin();
    w.str(p);
    w.end();
    CHECK(streamed == v.line + "\n", "Writer(%s) = %s", p, streamed.c_str());

    // checkLine and the parser, with "\n" and "\r\n".
    uint16_t plen = 0;
    CHECK(tbp::checkLine(v.line.data(), (uint16_t)v.line.size(), &plen) == tbp::kLine && plen == v.payload.size(),
          "checkLine(%s)", v.line.c_str());
    const char* ends[] = {"\n", "\r\n"};
    for (int e = 0; e < 2; e++) {
      tbp::LineParser parser(buf, sizeof buf);
      tbp::Status s = feedAll(parser, v.line + ends[e]);
      CHECK(s == tbp::kLine && parser.payloadLen() == v.payload.size() && v.payload == parser.payload(),
            "parse(%s + %s): %s, payload %s", v.line.c_str(), e ? "CRLF" : "LF", tbp::statusName(s), parser.payload());
      CHECK(parser.stats().lines == 1 && parser.stats().dropped() == 0, "stats after %s", p);
    }
  }
}

static void testRejects() {
  static char buf[tbp::kMaxLine + 2];
  tbp::LineParser p(buf, sizeof buf);
  CHECK(p.maxLine() == 1024, "maxLine %u", p.maxLine());

  // Bad checksum: every vector with its checksum off by one bit.
  for (size_t i = 0; i < vectors.size(); i++) {
    std::string l = vectors[i].line;
    char& last = l[l.size() - 1];
    last = last == '0' ? '1' : '0';
    CHECK(feedAll(p, l + "\n") == tbp::kBadChecksum, "bad checksum accepted: %s", l.c_str());
  }
  CHECK(p.stats().badChecksum == vectors.size(), "badChecksum %u", (unsigned)p.stats().badChecksum);
  CHECK(p.stats().lines == 0, "lines %u", (unsigned)p.stats().lines);

  // Lower-case checksum digits.
  int lowered = 0;
  for (size_t i = 0; i < vectors.size(); i++) {
    std::string l = vectors[i].line;
    bool letter = false;
    for (size_t k = l.size() - 4; k < l.size(); k++) {
      if (l[k] >= 'A' && l[k] <= 'F') {
        l[k] = (char)(l[k] - 'A' + 'a');
        letter = true;
      }
    }
    if (!letter) continue;
    lowered++;
    CHECK(feedAll(p, l + "\n") == tbp::kBadHex, "lower-case checksum accepted: %s", l.c_str());
  }
  CHECK(lowered >= 2, "vectors have only %d checksums with letters", lowered);
  CHECK(feedAll(p, "F?*7DDG\n") == tbp::kBadHex, "non-hex digit");
  CHECK(feedAll(p, "F?* 7DD9\n") == tbp::kNoChecksum, "5 chars after '*'");

  // Missing '*', or a TBP/1 checksum (two digits, the XOR).
  CHECK(feedAll(p, "F?7DD9\n") == tbp::kNoChecksum, "no star");
  CHECK(feedAll(p, "HELLO?\n") == tbp::kNoChecksum, "no checksum at all");
  CHECK(feedAll(p, "F?*7DD\n") == tbp::kNoChecksum, "three digits");
  CHECK(feedAll(p, "F?*79\n") == tbp::kNoChecksum, "a TBP/1 line");
  CHECK(feedAll(p, "*\n") == tbp::kNoChecksum, "just a star");

  // Control bytes in the payload, even with a matching checksum.
  std::string ctl = std::string("F\x01?");
  CHECK(feedAll(p, encode(ctl)) == tbp::kBadChar, "control byte accepted");

  // A '\r' only counts just before the '\n'.
  CHECK(feedAll(p, "F?*7DD9\r\r\n") == tbp::kNoChecksum, "two CRs");
  CHECK(feedAll(p, "F?\r*7DD9\n") == tbp::kBadChecksum, "CR inside");
  CHECK(feedAll(p, encode("F?\r")) == tbp::kBadChar, "CR inside, checksum right");

  // Empty lines are ignored and not counted.
  tbp::Stats before = p.stats();
  CHECK(feedAll(p, "\n") == tbp::kEmpty, "empty line");
  CHECK(feedAll(p, "\r\n") == tbp::kEmpty, "empty CRLF line");
  CHECK(p.stats().dropped() == before.dropped(), "empty lines counted");

  // After all that, a good line still parses.
  CHECK(feedAll(p, "F?*7DD9\n") == tbp::kLine && strcmp(p.payload(), "F?") == 0, "recovery");
}

static void testLength() {
  static char buf[tbp::kMaxLine + 2];
  tbp::LineParser p(buf, sizeof buf);
  // The limit counts the terminator: 1018 payload bytes + "*HHHH\n" = 1024, the longest line.
  std::string longest = "LOG " + std::string(1018 - 4, 'x');
  std::string line = encode(longest);
  CHECK(line.size() == 1024, "encoded %zu", line.size());
  CHECK(feedAll(p, line) == tbp::kLine && p.payloadLen() == 1018, "1024-byte line refused");
  // The same line with "\r\n" is 1025 bytes: too long.
  CHECK(feedAll(p, line.substr(0, 1023) + "\r\n") == tbp::kTooLong, "1025-byte line (CRLF) accepted");
  std::string shorter = encode(longest.substr(0, 1017));
  CHECK(feedAll(p, shorter.substr(0, shorter.size() - 1) + "\r\n") == tbp::kLine, "1024-byte CRLF line refused");

  // A 1019-byte payload makes a 1025-byte line: dropped, counted, and the encoder refuses it.
  std::string over = longest + "y";
  char out[1100];
  CHECK(tbp::encodeLine(over.data(), (uint16_t)over.size(), out, sizeof out) == 0, "encoder wrote a 1025-byte line");
  CHECK(tbp::encodeLine(longest.data(), (uint16_t)longest.size(), out, sizeof out) == 1024, "encoder refused 1024");
  uint16_t sum = tbp::crc16(over.data(), (uint16_t)over.size());
  std::string overLine = over + "*" + tbp::hexDigit((uint8_t)(sum >> 12)) + tbp::hexDigit((uint8_t)(sum >> 8)) +
                         tbp::hexDigit((uint8_t)(sum >> 4)) + tbp::hexDigit((uint8_t)sum) + "\n";
  CHECK(overLine.size() == 1025, "over %zu", overLine.size());
  CHECK(feedAll(p, overLine) == tbp::kTooLong, "1025-byte line accepted");

  // Far too long (noise without newlines), then a good line: the parser skips to the '\n'.
  std::string noise(5000, 'z');
  CHECK(feedAll(p, noise) == tbp::kPending, "noise ended a line");
  CHECK(feedAll(p, "F?*7DD9\n") == tbp::kTooLong, "noise + line not dropped whole");
  CHECK(feedAll(p, "F?*7DD9\n") == tbp::kLine, "no resync after noise");
  CHECK(p.stats().tooLong == 3, "tooLong %u", (unsigned)p.stats().tooLong);
  CHECK(p.stats().lines == 3, "lines %u", (unsigned)p.stats().lines);

  // A board with a small buffer drops what it could not hold, as too long.
  char small[40];
  tbp::LineParser sp(small, sizeof small);
  CHECK(sp.maxLine() == 40, "small maxLine %u", sp.maxLine());
  std::string l40 = encode("LOG " + std::string(30, 'a'));
  std::string l41 = encode("LOG " + std::string(31, 'a'));
  CHECK(l40.size() == 40 && feedAll(sp, l40) == tbp::kLine, "40-byte line in a 40-byte parser");
  CHECK(feedAll(sp, l41) == tbp::kTooLong, "41-byte line in a 40-byte parser");
  CHECK(feedAll(sp, l40.substr(0, 39) + "\r\n") == tbp::kTooLong, "41-byte CRLF line in a 40-byte parser");
  CHECK(feedAll(sp, "F?*7DD9\r\n") == tbp::kLine, "small parser resync");
}

static void testFormatting() {
  std::string s;
  tbp::Writer w(putString, &s);

  tbp::writeHello(w, "tbp-4x4", 16, "presence");
  CHECK(s == encode("HELLO tbp/2 tbp-4x4 16 presence"), "%s", s.c_str());
  CHECK(hasVectorPayload("HELLO tbp/2 tbp-4x4 16 presence"), "HELLO vector missing");

  // Presence bitmap: cell 0 is the low bit of the first byte; 16 cells are 2 bytes.
  uint8_t bits[2] = {0, 0};
  CHECK(tbp::presenceBytes(16) == 2 && tbp::presenceBytes(25) == 4 && tbp::presenceBytes(64) == 8, "presenceBytes");
  tbp::presenceSet(bits, 0, true);
  s.clear();
  tbp::writeFrame(w, 1, bits, 2);
  CHECK(s == encode("F 1 0100"), "%s", s.c_str());
  tbp::presenceSet(bits, 15, true);
  tbp::presenceSet(bits, 0, false);
  tbp::presenceSet(bits, 8, true);
  s.clear();
  tbp::writeFrame(w, 2, bits, 2);
  CHECK(s == encode("F 2 0081"), "%s", s.c_str());
  CHECK(tbp::presenceGet(bits, 15) && tbp::presenceGet(bits, 8) && !tbp::presenceGet(bits, 0), "presenceGet");

  // 25 cells all occupied: the top 7 bits of the last byte stay 0.
  uint8_t b25[4] = {0, 0, 0, 0};
  for (uint16_t i = 0; i < 25; i++) tbp::presenceSet(b25, i, true);
  s.clear();
  tbp::writeFrame(w, 7, b25, 4);
  CHECK(s == encode("F 7 FFFFFF01") && hasVectorPayload("F 7 FFFFFF01"), "%s", s.c_str());

  // seq is decimal and wraps at 65536 in the caller's uint16_t.
  uint16_t seq = 65535;
  uint8_t ff[2] = {0xFF, 0xFF};
  s.clear();
  tbp::writeFrame(w, seq, ff, 2);
  CHECK(s == encode("F 65535 FFFF"), "%s", s.c_str());
  seq++;
  s.clear();
  tbp::writeFrame(w, seq, ff, 2);
  CHECK(s == encode("F 0 FFFF"), "%s", s.c_str());

  // Polarity / identity: one byte per cell.
  uint8_t ident[64] = {0};
  for (int i = 0; i < 16; i++) ident[48 + i] = (uint8_t)(i + 1);
  s.clear();
  tbp::writeFrame(w, 300, ident, 64);
  std::string want = "F 300 " + std::string(96, '0') + "0102030405060708090A0B0C0D0E0F10";
  CHECK(s == encode(want) && hasVectorPayload(want), "%s", s.c_str());

  s.clear();
  tbp::writeButton(w, "new", true);
  CHECK(s == encode("B new 1"), "%s", s.c_str());
  s.clear();
  tbp::writeButton(w, "new", false);
  CHECK(s == encode("B new 0"), "%s", s.c_str());
  s.clear();
  tbp::writeOK(w, "BRI", 3);
  CHECK(s == encode("OK BRI"), "%s", s.c_str());
  s.clear();
  tbp::writeErr(w, "L", 1, "too-many");
  CHECK(s == encode("ERR L too-many"), "%s", s.c_str());
  s.clear();
  tbp::writeErr(w, "", 0, "unknown");
  CHECK(s == encode("ERR ? unknown"), "%s", s.c_str());
  s.clear();
  tbp::writeLog(w, "tavoliere-fw 1.0 scan-ms 5 debounce-scans 4");
  CHECK(s == encode("LOG tavoliere-fw 1.0 scan-ms 5 debounce-scans 4"), "%s", s.c_str());

  s.clear();
  w.begin();
  w.dec(0);
  w.ch(' ');
  w.dec(4294967295u);
  w.end();
  CHECK(s == encode("0 4294967295"), "%s", s.c_str());
}

static bool cmd(const char* payload, uint16_t maxLeds, tbp::Command* c) {
  return tbp::parseCommand(payload, (uint16_t)strlen(payload), maxLeds, c);
}

static void testCommands() {
  tbp::Command c;
  CHECK(cmd("HELLO?", 16, &c) && c.kind == tbp::kCmdHello, "HELLO?");
  CHECK(cmd("F?", 16, &c) && c.kind == tbp::kCmdFrame, "F?");
  CHECK(!cmd("F? now", 16, &c) && strcmp(c.reason, "syntax") == 0, "F? with an argument");
  CHECK(!cmd("HELLO", 16, &c) && strcmp(c.reason, "unknown") == 0 && c.verbLen == 5, "HELLO without ?");
  CHECK(!cmd("XYZ 1 2", 16, &c) && strcmp(c.reason, "unknown") == 0 && c.verbLen == 3 &&
            memcmp(c.verb, "XYZ", 3) == 0, "unknown verb");

  CHECK(cmd("L FF000000FF000000FF", 16, &c) && c.kind == tbp::kCmdLights && c.leds == 3, "L 3 LEDs");
  uint8_t r, g, b;
  tbp::ledColor(c, 0, &r, &g, &b);
  CHECK(r == 0xFF && g == 0 && b == 0, "LED 0 %02X%02X%02X", r, g, b);
  tbp::ledColor(c, 2, &r, &g, &b);
  CHECK(r == 0 && g == 0 && b == 0xFF, "LED 2 %02X%02X%02X", r, g, b);
  CHECK(cmd("L 102030a0b0c0", 16, &c) && c.leds == 2, "L lower case");
  tbp::ledColor(c, 1, &r, &g, &b);
  CHECK(r == 0xA0 && g == 0xB0 && b == 0xC0, "LED 1 %02X%02X%02X", r, g, b);
  CHECK(cmd("L", 16, &c) && c.kind == tbp::kCmdLights && c.leds == 0, "L alone: all dark");
  CHECK(!cmd("L FF00", 16, &c) && strcmp(c.reason, "bad-hex") == 0, "L partial LED");
  CHECK(!cmd("L FF00GG", 16, &c) && strcmp(c.reason, "bad-hex") == 0, "L non-hex");
  CHECK(!cmd("L FF0000 00FF00", 16, &c) && strcmp(c.reason, "bad-hex") == 0, "L with a space");
  std::string l17 = "L";
  l17 += ' ';
  for (int i = 0; i < 17; i++) l17 += "010203";
  CHECK(!cmd(l17.c_str(), 16, &c) && strcmp(c.reason, "too-many") == 0, "L 17 LEDs on 16");
  CHECK(cmd(l17.c_str(), 17, &c) && c.leds == 17, "L 17 LEDs on 17");

  CHECK(cmd("BRI 0", 16, &c) && c.kind == tbp::kCmdBrightness && c.brightness == 0, "BRI 0");
  CHECK(cmd("BRI 255", 16, &c) && c.brightness == 255, "BRI 255");
  CHECK(cmd("BRI 64", 16, &c) && c.brightness == 64, "BRI 64");
  CHECK(!cmd("BRI 256", 16, &c) && strcmp(c.reason, "range") == 0, "BRI 256");
  CHECK(!cmd("BRI 99999999999", 16, &c) && strcmp(c.reason, "range") == 0, "BRI huge");
  CHECK(!cmd("BRI -1", 16, &c) && strcmp(c.reason, "syntax") == 0, "BRI -1");
  CHECK(!cmd("BRI", 16, &c) && strcmp(c.reason, "syntax") == 0, "BRI alone");
  CHECK(!cmd("BRI x", 16, &c) && strcmp(c.reason, "syntax") == 0, "BRI x");

  // Every host command in the vectors parses (the board-to-host ones are not commands).
  for (size_t i = 0; i < vectors.size(); i++) {
    const std::string& p = vectors[i].payload;
    bool host = p == "HELLO?" || p == "F?" || p.compare(0, 2, "L ") == 0 || p.compare(0, 4, "BRI ") == 0;
    if (host) CHECK(cmd(p.c_str(), 16, &c), "vector %s refused: %s", p.c_str(), c.reason);
  }
}

// The CRC: its check value, the "crc" rows, and the byte-at-once update against the
// bit-at-a-time definition for every byte from every register value's high byte.
static void testCrc() {
  CHECK(tbp::crc16("123456789", 9) == 0x29B1, "crc16(123456789) = %04X, want 29B1", tbp::crc16("123456789", 9));
  CHECK(tbp::crc16("", 0) == 0xFFFF, "crc16 of nothing = %04X", tbp::crc16("", 0));
  CHECK(crcRows.size() >= 2, "only %zu crc rows", crcRows.size());
  for (size_t i = 0; i < crcRows.size(); i++) {
    const Vector& v = crcRows[i];
    char hex[5];
    snprintf(hex, sizeof hex, "%04X", tbp::crc16(v.payload.data(), (uint16_t)v.payload.size()));
    CHECK(v.line == hex, "crc16(%s) = %s, the file says %s", v.payload.c_str(), hex, v.line.c_str());
  }
  int bad = 0;
  for (uint32_t reg = 0; reg < 0x10000; reg += 0x0101) {
    for (uint16_t b = 0; b < 256; b++) {
      uint16_t want = (uint16_t)(reg ^ (b << 8));
      for (int k = 0; k < 8; k++) want = (uint16_t)(want & 0x8000 ? (want << 1) ^ 0x1021 : want << 1);
      if (tbp::crc16Update((uint16_t)reg, (uint8_t)b) != want) bad++;
    }
  }
  CHECK(bad == 0, "crc16Update differs from the bitwise CRC %d times", bad);
}

// Every "reject" row is dropped with the status it names; and the firmware's own phantom:
// "F 2 0180" with bit 0 flipped in two bytes reads cell 8 for cell 0, with the same XOR.
static void testRejectRows() {
  static char buf[tbp::kMaxLine + 2];
  CHECK(rejectRows.size() >= 4, "only %zu reject rows", rejectRows.size());
  for (size_t i = 0; i < rejectRows.size(); i++) {
    tbp::LineParser p(buf, sizeof buf);
    tbp::Status s = feedAll(p, rejectRows[i].payload + "\n");
    CHECK(rejectRows[i].line == tbp::statusName(s), "%s: %s, the file says %s", rejectRows[i].payload.c_str(),
          tbp::statusName(s), rejectRows[i].line.c_str());
    CHECK(p.stats().lines == 0 && p.stats().dropped() == 1, "%s not counted as dropped", rejectRows[i].payload.c_str());
  }
  const char *good = "F 2 0180", *phantom = "F 2 0081";
  uint8_t xg = 0, xp = 0;
  for (const char* c = good; *c; c++) xg ^= (uint8_t)*c;
  for (const char* c = phantom; *c; c++) xp ^= (uint8_t)*c;
  CHECK(xg == xp, "the phantom's XOR differs: not the case TBP/1 missed");
  tbp::LineParser p(buf, sizeof buf);
  std::string line = encode(good);
  line.replace(0, strlen(phantom), phantom);
  CHECK(feedAll(p, line) == tbp::kBadChecksum, "the phantom frame %s passed", line.c_str());
}

static void testDebounce() {
  Debouncer<16> d(3);
  uint8_t on[2] = {0x01, 0x00}, off[2] = {0, 0};
  CHECK(!d.update(on) && !d.update(on), "changed before 3 scans");
  CHECK(d.update(on) && d.bits()[0] == 0x01, "not changed after 3 scans");
  CHECK(!d.update(on), "changed again");
  // A bounce: off, on, off, off, on … never 3 agreeing scans.
  CHECK(!d.update(off) && !d.update(on) && !d.update(off) && !d.update(off) && !d.update(on), "bounce passed");
  CHECK(d.bits()[0] == 0x01, "bounce changed the state");
  CHECK(!d.update(off) && !d.update(off) && d.update(off) && d.bits()[0] == 0, "release");
  // Cells are independent.
  uint8_t two[2] = {0x00, 0x80};
  d.update(two);
  d.update(two);
  CHECK(d.update(two) && d.bits()[1] == 0x80 && d.bits()[0] == 0, "cell 15");
  Debouncer<25> d25(1);
  uint8_t all[4] = {0xFF, 0xFF, 0xFF, 0xFF};
  CHECK(d25.update(all) && d25.bits()[3] == 0x01, "25 cells ignore the spare bits: %02X", d25.bits()[3]);
}

int main(int argc, char** argv) {
  // The firmware's own vectors first (some tests look for its payloads), then any others,
  // e.g. the Go codec's hw/tbp/testdata/vectors.txt: both sets must pass both codecs.
  std::vector<const char*> paths;
  for (int i = 1; i < argc; i++) paths.push_back(argv[i]);
  if (paths.empty()) paths.push_back("test/vectors.txt");
  for (size_t i = 0; i < paths.size(); i++) {
    size_t before = vectors.size();
    if (!loadVectors(paths[i])) failed++;
    printf("tbp_test: %d vectors from %s\n", (int)(vectors.size() - before), paths[i]);
  }
  testVectors();
  testRejects();
  testLength();
  testFormatting();
  testCommands();
  testCrc();
  testRejectRows();
  testDebounce();
  printf("tbp_test: %d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
