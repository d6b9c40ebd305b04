// tbp.h — the TBP/2 serial line protocol (firmware-config/tbp.md; docs/design.md, "The
// serial line protocol").
//
// Plain portable C++11: no Arduino headers, no heap, no standard library beyond <stdint.h>,
// <stddef.h> and <string.h>, so the same code runs in the AVR firmware and in the host test
// (test/tbp_test.cpp). Nothing in here knows about pins, timers or the UART.
//
// A TBP/2 line is ASCII: PAYLOAD '*' H H H H '\n', where HHHH are four upper-case hex digits,
// the CRC-16/CCITT-FALSE of the payload's bytes (TBP/1 had two, an XOR). A '\r' just before
// the '\n' is ignored. A line longer than 1024 bytes, its "\n" or "\r\n" included, or whose
// checksum is wrong, is dropped and counted, never acted on (firmware-config/tbp.md,
// "Lines"; the Go side's hw/tbp.MaxLine).
#ifndef TAVOLIERE_TBP_H
#define TAVOLIERE_TBP_H

#include <stddef.h>
#include <stdint.h>

namespace tbp {

// Longest line the protocol allows, counting its "\n" (and "\r", if any).
const uint16_t kMaxLine = 1024;

// The protocol version HELLO names.
#define TBP_VERSION "tbp/2"

// The check's length before the terminator: '*' and four hex digits.
const uint16_t kCheckLen = 5;

// ---- checksum and hex -------------------------------------------------------------------

// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, not reflected, no final XOR.
// crc16("123456789") is 0x29B1.
const uint16_t kCrcInit = 0xFFFF;
uint16_t crc16Update(uint16_t crc, uint8_t b);
uint16_t crc16(const char* p, uint16_t n);

// '0'…'9', 'A'…'F' for 0…15 (upper case, as the protocol writes hex).
char hexDigit(uint8_t nibble);

// The value of one hex digit, or -1. Upper case only when strictUpper is true (checksums);
// either case otherwise (L colours, which a host may write in lower case).
int8_t hexValue(char c, bool strictUpper);

// ---- encoder ----------------------------------------------------------------------------

// Sink receives the bytes of an encoded line one at a time (a UART, a buffer, a test).
typedef void (*PutFn)(void* ctx, char c);

// Writer streams one line at a time to a sink, keeping the running checksum, so a frame is
// never held whole in RAM: begin(), any number of field writes, end() (which adds *HHHH\n).
// The caller keeps its lines within kMaxLine; len() says how long the payload is so far.
class Writer {
 public:
  Writer(PutFn put, void* ctx) : put_(put), ctx_(ctx), crc_(kCrcInit), len_(0) {}
  void begin() { crc_ = kCrcInit; len_ = 0; }
  void ch(char c);
  void str(const char* s);
  void bytes(const char* p, uint16_t n);
  void dec(uint32_t v);
  void hex8(uint8_t b);                        // two upper-case hex digits
  void hexBytes(const uint8_t* p, uint16_t n);  // 2n digits, p[0] first
  void end();                                   // '*', 4-digit checksum, '\n'
  uint16_t len() const { return len_; }

 private:
  PutFn put_;
  void* ctx_;
  uint16_t crc_;
  uint16_t len_;
};

// Encodes payload[0:n] as a whole line ("payload*HHHH\n") into out, NUL-terminated when there
// is room. Returns the line's length including the '\n', or 0 when it does not fit in cap
// bytes or the line would be over kMaxLine (a payload over 1018 bytes).
uint16_t encodeLine(const char* payload, uint16_t n, char* out, uint16_t cap);

// ---- messages from the board ------------------------------------------------------------
// Each writes a whole line (begin … end).

// HELLO tbp/2 <board-id> <cells> <kind>
void writeHello(Writer& w, const char* boardId, uint16_t cells, const char* kind);
// F <seq> <hex>: data is the frame's bytes (presence: a bitmap, see presenceBytes; polarity
// and identity: one byte per cell).
void writeFrame(Writer& w, uint16_t seq, const uint8_t* data, uint16_t n);
// B <name> <0/1>
void writeButton(Writer& w, const char* name, bool down);
// OK <verb>
void writeOK(Writer& w, const char* verb, uint16_t verbLen);
// ERR <verb> <reason>
void writeErr(Writer& w, const char* verb, uint16_t verbLen, const char* reason);
// LOG <text>
void writeLog(Writer& w, const char* text);

// Bytes in a presence bitmap of cells bits: cell i is bit (i % 8) of byte i / 8, so cell 0
// is the low bit of the first byte; unused high bits of the last byte are 0.
inline uint16_t presenceBytes(uint16_t cells) { return (uint16_t)((cells + 7u) / 8u); }
inline bool presenceGet(const uint8_t* bits, uint16_t cell) {
  return (bits[cell >> 3] >> (cell & 7)) & 1;
}
inline void presenceSet(uint8_t* bits, uint16_t cell, bool on) {
  uint8_t m = (uint8_t)(1u << (cell & 7));
  if (on) bits[cell >> 3] |= m; else bits[cell >> 3] &= (uint8_t)~m;
}

// ---- parser -----------------------------------------------------------------------------

enum Status {
  kPending = 0,   // feed: no line ended yet
  kLine,          // a valid line: payload() / payloadLen()
  kEmpty,         // an empty line ("\n" or "\r\n"): ignored, not counted
  kTooLong,       // over the limit: dropped and counted
  kNoChecksum,    // no "*HHHH" at the end (a TBP/1 line's "*HH" too): dropped and counted
  kBadHex,        // checksum digits not upper-case hex: dropped and counted
  kBadChecksum,   // checksum does not match: dropped and counted
  kBadChar        // a byte outside printable ASCII (0x20…0x7E) in a payload whose checksum
                  // matches: dropped and counted
};

// A short name for a status ("too-long", "bad-checksum", …), for LOG lines and tests.
const char* statusName(Status s);

// Checks one line given without its terminator ("\r" already removed), in hw/tbp's order:
// "*HHHH" present, HHHH upper-case hex, checksum, printable payload. On kLine, *payloadLen is
// the payload's length (the line less "*HHHH"). Does not apply the length limit.
Status checkLine(const char* line, uint16_t len, uint16_t* payloadLen);

struct Stats {
  uint32_t lines;        // valid lines
  uint32_t tooLong;
  uint32_t badChecksum;  // kBadChecksum
  uint32_t malformed;    // kNoChecksum, kBadHex, kBadChar
  uint32_t dropped() const { return tooLong + badChecksum + malformed; }
};

// LineParser assembles lines from a byte stream into a buffer the caller owns. A line longer
// than maxLine() bytes, counting its "\n" (and "\r"), is dropped whole (the parser skips to
// the next '\n') and counted as too long. maxLine() is bufSize (the '\n' byte's place holds
// the NUL), capped at kMaxLine: a small board may give it a smaller buffer than the
// protocol's limit, and then drops legal but longer lines as too long (it could not act on
// them anyway, e.g. an L for many more LEDs than it has).
class LineParser {
 public:
  LineParser(char* buf, uint16_t bufSize);
  // Feeds one byte. Returns kPending until a '\n' ends a line, then that line's status.
  Status feed(uint8_t c);
  // After kLine, the line's payload, NUL-terminated, valid until the next feed; after a
  // dropped line that fitted the buffer, that line (for diagnostics only).
  const char* payload() const { return buf_; }
  uint16_t payloadLen() const { return plen_; }
  uint16_t maxLine() const { return max_; }
  const Stats& stats() const { return stats_; }
  void reset();  // forget a partial line (not the stats)

 private:
  char* buf_;
  uint16_t max_;
  uint16_t len_;
  uint16_t plen_;
  bool overflow_;
  Stats stats_;
};

// ---- commands to the board --------------------------------------------------------------

enum CommandKind {
  kCmdInvalid = 0,  // see Command::reason
  kCmdHello,        // HELLO?
  kCmdFrame,        // F?
  kCmdLights,       // L <hex>
  kCmdBrightness    // BRI <0-255>
};

struct Command {
  CommandKind kind;
  const char* verb;  // points into the payload; for OK/ERR replies
  uint16_t verbLen;
  const char* arg;   // after the first space (L: the hex digits)
  uint16_t argLen;
  uint16_t leds;     // kCmdLights: LEDs given (argLen / 6)
  uint8_t brightness;
  const char* reason;  // kCmdInvalid: "unknown", "syntax", "bad-hex", "too-many", "range"
};

// Parses a host command payload. maxLeds is how many LEDs the board drives: an L with more is
// refused ("too-many"); with fewer, the rest are meant dark. Returns cmd->kind != kCmdInvalid.
bool parseCommand(const char* payload, uint16_t n, uint16_t maxLeds, Command* cmd);

// LED i's colour from an L command's hex digits (checked by parseCommand).
void ledColor(const Command& cmd, uint16_t i, uint8_t* r, uint8_t* g, uint8_t* b);

}  // namespace tbp

#endif  // TAVOLIERE_TBP_H
