// ws2812.h — WS2812 / WS2812B ("NeoPixel") output for an ATmega328P at 16 MHz, without a
// library: cycle-counted inline assembly, the same in the Makefile build and under the
// Arduino IDE.
//
// A WS2812 reads one bit every 1.25 us (800 kHz): the line goes high, and stays high for
// about 0.4 us for a 0 or 0.8 us for a 1 (WS2812B datasheet: T0H 0.4 us, T1H 0.8 us, each
// +- 0.15 us; a bit 1.25 us +- 0.6 us), then low for the rest. At 16 MHz a bit is 20
// cycles; this code holds the line high for 6 cycles (0.375 us) for a 0 and 12 cycles
// (0.75 us) for a 1, and starts a bit every 20 cycles exactly, across byte and LED
// boundaries too. Each LED takes 24 bits, green, red, blue, most significant bit first,
// and passes the rest down the chain; a line held low for more than 280 us (the WS2812B-V5;
// 50 us for older parts) makes every LED show what it took.
//
// Interrupts are off while a frame is shifted out (30 us an LED: 1.9 ms for 64 LEDs), so
// the UART loses what arrives meanwhile, and millis() misses up to a tick; the previous
// interrupt state is restored after. test/sim_test.c checks every pulse in simavr.
#ifndef TAVOLIERE_WS2812_H
#define TAVOLIERE_WS2812_H

#include <avr/interrupt.h>
#include <avr/io.h>
#include <stdint.h>

#if F_CPU != 16000000UL
#error "ws2812.h counts cycles for a 16 MHz clock"
#endif

// How long the line stays low after a frame before the firmware goes on (and answers OK),
// so that the next frame cannot run into this one: the WS2812B-V5 latches after 280 us.
#define WS2812_LATCH_US 300

// The data pin's port and bit, from its Arduino number (Uno / Nano: 0-7 PORTD, 8-13 PORTB,
// 14-19 PORTC), at compile time: the shift-out writes the port with OUT, one cycle.
#if !defined(WS2812_PIN)
#error "define WS2812_PIN (the Arduino pin of the WS2812 data line) before including ws2812.h"
#elif WS2812_PIN >= 2 && WS2812_PIN < 8
#define WS2812_PORT PORTD
#define WS2812_BIT WS2812_PIN
#elif WS2812_PIN >= 8 && WS2812_PIN < 14
#define WS2812_PORT PORTB
#define WS2812_BIT (WS2812_PIN - 8)
#elif WS2812_PIN >= 14 && WS2812_PIN < 20
#define WS2812_PORT PORTC
#define WS2812_BIT (WS2812_PIN - 14)
#else
#error "WS2812_PIN: want an Arduino pin 2-19"
#endif

// Wait cycles: one word each.
#define WS2812_NOP1 "nop\n\t"
#define WS2812_NOP2 "rjmp .+0\n\t"

// One bit: bit K of cur, in 20 cycles. OUT hi raises the line; OUT mid 6 cycles later
// lowers it for a 0 (mid = lo) or keeps it high for a 1 (mid = hi); OUT lo 6 cycles after
// that lowers it for a 1; the next bit's OUT hi comes 8 cycles later. mid is chosen in
// 3 cycles whatever the bit (MOV, then SBRC that skips or not and MOV or nothing: 2
// cycles either way). SLOT_A (2 cycles), SLOT_B (5) and SLOT_C (7) are the byte loop's
// work, padded with NOPs; nothing in them may change the flags except SBIW in bit 6, whose
// Z the BREQ at the end of bit 0 reads.
#define WS2812_BIT_ASM(K, SLOT_A, SLOT_B, SLOT_C) \
  "out %[port], %[hi]\n\t"                        \
  "mov %[mid], %[lo]\n\t"                         \
  "sbrc %[cur], " #K "\n\t"                       \
  "mov %[mid], %[hi]\n\t"                         \
  SLOT_A                                          \
  "out %[port], %[mid]\n\t"                       \
  SLOT_B                                          \
  "out %[port], %[lo]\n\t"                        \
  SLOT_C

#define WS2812_PAD_A WS2812_NOP2
#define WS2812_PAD_B WS2812_NOP2 WS2812_NOP2 WS2812_NOP1
#define WS2812_PAD_C WS2812_NOP2 WS2812_NOP2 WS2812_NOP2 WS2812_NOP1

// Shifts n bytes (n >= 1) out of p, each most significant bit first; p must have one byte
// more after them (the loop loads the next byte while it shifts out the current one).
static inline void ws2812Send(const uint8_t* p, uint16_t n) {
  if (n == 0) return;
  uint8_t sreg = SREG;
  cli();
  uint8_t hi = (uint8_t)(WS2812_PORT | _BV(WS2812_BIT));
  uint8_t lo = (uint8_t)(WS2812_PORT & (uint8_t)~_BV(WS2812_BIT));
  uint8_t cur = *p++, next, mid;
  asm volatile(
      "1:\n\t"
      // bit 7 loads the next byte, bit 6 counts the byte, bit 0 takes the next byte and
      // loops: 20 cycles a bit everywhere, byte and LED boundaries included.
      WS2812_BIT_ASM(7, WS2812_PAD_A, "ld %[next], %a[p]+\n\t" WS2812_NOP2 WS2812_NOP1, WS2812_PAD_C)
      WS2812_BIT_ASM(6, WS2812_PAD_A, "sbiw %[n], 1\n\t" WS2812_NOP2 WS2812_NOP1, WS2812_PAD_C)
      WS2812_BIT_ASM(5, WS2812_PAD_A, WS2812_PAD_B, WS2812_PAD_C)
      WS2812_BIT_ASM(4, WS2812_PAD_A, WS2812_PAD_B, WS2812_PAD_C)
      WS2812_BIT_ASM(3, WS2812_PAD_A, WS2812_PAD_B, WS2812_PAD_C)
      WS2812_BIT_ASM(2, WS2812_PAD_A, WS2812_PAD_B, WS2812_PAD_C)
      WS2812_BIT_ASM(1, WS2812_PAD_A, WS2812_PAD_B, WS2812_PAD_C)
      // (BREQ out and RJMP back, 3 cycles, where BRNE back would be 2: the loop is longer
      // than a branch reaches.)
      WS2812_BIT_ASM(0, WS2812_PAD_A, "mov %[cur], %[next]\n\t" WS2812_NOP2 WS2812_NOP2,
                     WS2812_NOP2 WS2812_NOP2 "breq 2f\n\t" "rjmp 1b\n\t")
      "2:\n\t"
      : [p] "+e"(p), [n] "+w"(n), [cur] "+r"(cur), [next] "=&r"(next), [mid] "=&r"(mid)
      : [port] "I"(_SFR_IO_ADDR(WS2812_PORT)), [hi] "r"(hi), [lo] "r"(lo)
      : "memory");
  SREG = sreg;
}

#endif  // TAVOLIERE_WS2812_H
