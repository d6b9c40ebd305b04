// Package tbp speaks TBP/2, the line protocol between the Pi and a microcontroller that
// scans the sensor grid and drives the LEDs: TBP/1 (design.md, "The serial line protocol")
// with a CRC-16/CCITT-FALSE in four hex digits where TBP/1 had the XOR of the bytes in two
// (firmware-config/tbp.md is the spec the firmware follows).
//
// It has two layers. The codec (Decode, AppendLine, Parse, ParseFrame, ParseCommand,
// Splitter) turns bytes into checked lines and lines into typed messages and back; it
// knows nothing of ports or time. Dev is the driver: it keeps a link to the board over an
// io.ReadWriteCloser that cmd opens (SerialOpener opens a serial port with
// github.com/tarm/serial), watches it, reconnects with back-off, and serves the frames,
// buttons and lights through the hw interfaces.
//
// Decisions the design leaves open, taken here:
//   - The payload is printable ASCII (0x20-0x7E); the checksum is the last five bytes
//     ("*HHHH"), so a payload may itself contain '*' (a LOG text can).
//   - Numbers are plain decimal digits (a board that pads with zeros is understood); frame
//     hex may be in either case, the checksum must be upper case, and the host writes upper
//     case everywhere.
//   - A presence frame's unused high bits in its last byte must be 0, a polarity cell reads
//     0, 1 or 2: anything else is a malformed frame, dropped and counted like a bad checksum.
//   - Frames count only after a HELLO tbp/2 that matches the board file (Opts.Cells and
//     Opts.Kind) on the same connection; a board that does not match is reported through
//     Opts.OnState and its frames are ignored (counted), never delivered.
//   - Show, SetBrightness and the last frame's colours survive a lost link: after every
//     HELLO the driver asks for a frame (F?) and sends brightness and lights again, since a
//     board that reset has forgotten them; the lights only after BRI's OK.
//   - Every L and BRI waits for its OK or ERR (AckWait plus the line's time on the wire),
//     is sent again when none comes, and after AckTries sendings without a reply the link
//     is reset. Show and SetBrightness return at once; a writer goroutine on each link
//     sends the newest lights once the board has acknowledged the last.
//
// tbp imports hw and the standard library; SerialOpener adds github.com/tarm/serial. It
// never imports engine, boards or cmd.
package tbp
