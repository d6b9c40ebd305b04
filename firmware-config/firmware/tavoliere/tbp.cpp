// tbp.cpp — TBP/2 line encoder, parser and message formatting. See tbp.h.
#include "tbp.h"

#include <string.h>

namespace tbp {

// One byte through the CRC register, 8 bits at once: with x the byte XOR the register's
// high byte, and x folded once (x ^= x >> 4), the polynomial's terms are x << 12, x << 5
// and x (0x1021 = bits 12, 5 and 0). No table, so no flash or RAM for one; about 20 AVR
// cycles a byte.
uint16_t crc16Update(uint16_t crc, uint8_t b) {
  uint8_t x = (uint8_t)((crc >> 8) ^ b);
  x ^= (uint8_t)(x >> 4);
  return (uint16_t)((crc << 8) ^ ((uint16_t)x << 12) ^ ((uint16_t)x << 5) ^ x);
}

uint16_t crc16(const char* p, uint16_t n) {
  uint16_t crc = kCrcInit;
  for (uint16_t i = 0; i < n; i++) crc = crc16Update(crc, (uint8_t)p[i]);
  return crc;
}

char hexDigit(uint8_t nibble) {
  nibble &= 0x0F;
  return (char)(nibble < 10 ? '0' + nibble : 'A' + (nibble - 10));
}

int8_t hexValue(char c, bool strictUpper) {
  if (c >= '0' && c <= '9') return (int8_t)(c - '0');
  if (c >= 'A' && c <= 'F') return (int8_t)(c - 'A' + 10);
  if (!strictUpper && c >= 'a' && c <= 'f') return (int8_t)(c - 'a' + 10);
  return -1;
}

// ---- Writer -----------------------------------------------------------------------------

void Writer::ch(char c) {
  crc_ = crc16Update(crc_, (uint8_t)c);
  len_++;
  put_(ctx_, c);
}

void Writer::str(const char* s) {
  while (*s) ch(*s++);
}

void Writer::bytes(const char* p, uint16_t n) {
  for (uint16_t i = 0; i < n; i++) ch(p[i]);
}

void Writer::dec(uint32_t v) {
  char d[10];
  uint8_t n = 0;
  do {
    d[n++] = (char)('0' + v % 10);
    v /= 10;
  } while (v);
  while (n) ch(d[--n]);
}

void Writer::hex8(uint8_t b) {
  ch(hexDigit(b >> 4));
  ch(hexDigit(b));
}

void Writer::hexBytes(const uint8_t* p, uint16_t n) {
  for (uint16_t i = 0; i < n; i++) hex8(p[i]);
}

void Writer::end() {
  uint16_t s = crc_;
  put_(ctx_, '*');
  put_(ctx_, hexDigit((uint8_t)(s >> 12)));
  put_(ctx_, hexDigit((uint8_t)(s >> 8)));
  put_(ctx_, hexDigit((uint8_t)(s >> 4)));
  put_(ctx_, hexDigit((uint8_t)s));
  put_(ctx_, '\n');
  crc_ = kCrcInit;
  len_ = 0;
}

uint16_t encodeLine(const char* payload, uint16_t n, char* out, uint16_t cap) {
  uint32_t need = (uint32_t)n + kCheckLen + 1;  // "*HHHH\n"
  if (need > kMaxLine || need > cap) return 0;
  memcpy(out, payload, n);
  uint16_t s = crc16(payload, n);
  out[n] = '*';
  out[n + 1] = hexDigit((uint8_t)(s >> 12));
  out[n + 2] = hexDigit((uint8_t)(s >> 8));
  out[n + 3] = hexDigit((uint8_t)(s >> 4));
  out[n + 4] = hexDigit((uint8_t)s);
  out[n + 5] = '\n';
  if (need < cap) out[need] = '\0';
  return (uint16_t)need;
}

// ---- messages from the board ------------------------------------------------------------

void writeHello(Writer& w, const char* boardId, uint16_t cells, const char* kind) {
  w.begin();
  w.str("HELLO " TBP_VERSION " ");
  w.str(boardId);
  w.ch(' ');
  w.dec(cells);
  w.ch(' ');
  w.str(kind);
  w.end();
}

void writeFrame(Writer& w, uint16_t seq, const uint8_t* data, uint16_t n) {
  w.begin();
  w.str("F ");
  w.dec(seq);
  w.ch(' ');
  w.hexBytes(data, n);
  w.end();
}

void writeButton(Writer& w, const char* name, bool down) {
  w.begin();
  w.str("B ");
  w.str(name);
  w.ch(' ');
  w.ch(down ? '1' : '0');
  w.end();
}

void writeOK(Writer& w, const char* verb, uint16_t verbLen) {
  w.begin();
  w.str("OK ");
  w.bytes(verb, verbLen);
  w.end();
}

void writeErr(Writer& w, const char* verb, uint16_t verbLen, const char* reason) {
  w.begin();
  w.str("ERR ");
  if (verbLen) w.bytes(verb, verbLen); else w.ch('?');
  w.ch(' ');
  w.str(reason);
  w.end();
}

void writeLog(Writer& w, const char* text) {
  w.begin();
  w.str("LOG ");
  w.str(text);
  w.end();
}

// ---- parser -----------------------------------------------------------------------------

const char* statusName(Status s) {
  switch (s) {
    case kPending: return "pending";
    case kLine: return "ok";
    case kEmpty: return "empty";
    case kTooLong: return "too-long";
    case kNoChecksum: return "no-checksum";
    case kBadHex: return "bad-hex";
    case kBadChecksum: return "bad-checksum";
    case kBadChar: return "bad-char";
  }
  return "?";
}

Status checkLine(const char* line, uint16_t len, uint16_t* payloadLen) {
  if (len == 0) return kEmpty;
  if (len < kCheckLen || line[len - kCheckLen] != '*') return kNoChecksum;
  uint16_t want = 0;
  for (uint16_t i = len - kCheckLen + 1; i < len; i++) {
    int8_t v = hexValue(line[i], true);
    if (v < 0) return kBadHex;
    want = (uint16_t)((want << 4) | (uint8_t)v);
  }
  uint16_t n = (uint16_t)(len - kCheckLen);
  if (crc16(line, n) != want) return kBadChecksum;
  for (uint16_t i = 0; i < n; i++) {
    uint8_t c = (uint8_t)line[i];
    if (c < 0x20 || c > 0x7E) return kBadChar;
  }
  *payloadLen = n;
  return kLine;
}

LineParser::LineParser(char* buf, uint16_t bufSize)
    : buf_(buf), max_(0), len_(0), plen_(0), overflow_(false) {
  memset(&stats_, 0, sizeof stats_);
  max_ = bufSize > kMaxLine ? kMaxLine : bufSize;
  if (bufSize) buf_[0] = '\0';
}

void LineParser::reset() {
  len_ = 0;
  overflow_ = false;
}

Status LineParser::feed(uint8_t c) {
  if (c != '\n') {
    // The line and its '\n' fit in max_ bytes; the '\n' byte's place holds the NUL.
    if (overflow_ || len_ + 1u >= max_) {
      overflow_ = true;
      return kPending;
    }
    buf_[len_++] = (char)c;
    return kPending;
  }
  uint16_t len = len_;
  bool over = overflow_;
  len_ = 0;
  overflow_ = false;
  if (over) {
    stats_.tooLong++;
    return kTooLong;
  }
  if (len > 0 && buf_[len - 1] == '\r') len--;
  if (max_) buf_[len] = '\0';  // also makes payload() readable after a drop
  uint16_t n = 0;
  Status s = checkLine(buf_, len, &n);
  switch (s) {
    case kLine:
      buf_[n] = '\0';
      plen_ = n;
      stats_.lines++;
      break;
    case kBadChecksum:
      stats_.badChecksum++;
      break;
    case kEmpty:
      break;
    default:
      stats_.malformed++;
      break;
  }
  return s;
}

// ---- commands ---------------------------------------------------------------------------

static bool verbIs(const Command* c, const char* v) {
  uint16_t n = (uint16_t)strlen(v);
  return c->verbLen == n && memcmp(c->verb, v, n) == 0;
}

bool parseCommand(const char* p, uint16_t n, uint16_t maxLeds, Command* cmd) {
  memset(cmd, 0, sizeof *cmd);
  cmd->kind = kCmdInvalid;
  uint16_t sp = 0;
  while (sp < n && p[sp] != ' ') sp++;
  cmd->verb = p;
  cmd->verbLen = sp;
  bool hasArg = sp < n;
  cmd->arg = hasArg ? p + sp + 1 : p + n;
  cmd->argLen = hasArg ? (uint16_t)(n - sp - 1) : 0;

  if (verbIs(cmd, "HELLO?") || verbIs(cmd, "F?")) {
    if (hasArg) {
      cmd->reason = "syntax";
      return false;
    }
    cmd->kind = verbIs(cmd, "F?") ? kCmdFrame : kCmdHello;
    return true;
  }
  if (verbIs(cmd, "L")) {
    // "L" or "L " with no digits: no colours given, all LEDs dark.
    if (cmd->argLen % 6 != 0) {
      cmd->reason = "bad-hex";
      return false;
    }
    for (uint16_t i = 0; i < cmd->argLen; i++) {
      if (hexValue(cmd->arg[i], false) < 0) {
        cmd->reason = "bad-hex";
        return false;
      }
    }
    if (cmd->argLen / 6 > maxLeds) {
      cmd->reason = "too-many";
      return false;
    }
    cmd->leds = (uint16_t)(cmd->argLen / 6);
    cmd->kind = kCmdLights;
    return true;
  }
  if (verbIs(cmd, "BRI")) {
    if (cmd->argLen == 0) {
      cmd->reason = "syntax";
      return false;
    }
    uint32_t v = 0;
    for (uint16_t i = 0; i < cmd->argLen; i++) {
      char c = cmd->arg[i];
      if (c < '0' || c > '9') {
        cmd->reason = "syntax";
        return false;
      }
      v = v * 10 + (uint32_t)(c - '0');
      if (v > 255) {
        cmd->reason = "range";
        return false;
      }
    }
    cmd->brightness = (uint8_t)v;
    cmd->kind = kCmdBrightness;
    return true;
  }
  cmd->reason = "unknown";
  return false;
}

void ledColor(const Command& cmd, uint16_t i, uint8_t* r, uint8_t* g, uint8_t* b) {
  const char* h = cmd.arg + 6u * i;
  *r = (uint8_t)((hexValue(h[0], false) << 4) | hexValue(h[1], false));
  *g = (uint8_t)((hexValue(h[2], false) << 4) | hexValue(h[3], false));
  *b = (uint8_t)((hexValue(h[4], false) << 4) | hexValue(h[5], false));
}

}  // namespace tbp
