// compat.cpp — the stand-in core for ATmega328P: see Arduino.h.
#include "Arduino.h"

#include <avr/interrupt.h>
#include <util/atomic.h>
#include <util/delay.h>

// ---- pins -------------------------------------------------------------------------------

namespace {

struct Port {
  volatile uint8_t* ddr;
  volatile uint8_t* port;
  volatile uint8_t* in;
  uint8_t mask;
};

bool portOf(uint8_t pin, Port* p) {
  if (pin < 8) {
    *p = Port{&DDRD, &PORTD, &PIND, (uint8_t)(1u << pin)};
  } else if (pin < 14) {
    *p = Port{&DDRB, &PORTB, &PINB, (uint8_t)(1u << (pin - 8))};
  } else if (pin < 20) {
    *p = Port{&DDRC, &PORTC, &PINC, (uint8_t)(1u << (pin - 14))};
  } else {
    return false;
  }
  return true;
}

}  // namespace

void pinMode(uint8_t pin, uint8_t mode) {
  Port p;
  if (!portOf(pin, &p)) return;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    if (mode == OUTPUT) {
      *p.ddr |= p.mask;
    } else {
      *p.ddr &= (uint8_t)~p.mask;
      if (mode == INPUT_PULLUP) *p.port |= p.mask; else *p.port &= (uint8_t)~p.mask;
    }
  }
}

void digitalWrite(uint8_t pin, uint8_t value) {
  Port p;
  if (!portOf(pin, &p)) return;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    if (value) *p.port |= p.mask; else *p.port &= (uint8_t)~p.mask;
  }
}

int digitalRead(uint8_t pin) {
  Port p;
  if (!portOf(pin, &p)) return LOW;
  return (*p.in & p.mask) ? HIGH : LOW;
}

// ---- time: timer 0 in CTC mode, one interrupt a millisecond -----------------------------

static volatile unsigned long compatMillis;

ISR(TIMER0_COMPA_vect) { compatMillis++; }

unsigned long millis(void) {
  unsigned long m;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { m = compatMillis; }
  return m;
}

void delay(unsigned long ms) {
  unsigned long start = millis();
  while (millis() - start < ms) {
  }
}

void delayMicroseconds(unsigned int us) {
  while (us--) _delay_us(1);  // a little long, never short: fine for settling a row
}

void compatInit(void) {
  TCCR0A = _BV(WGM01);                // CTC
  TCCR0B = _BV(CS01) | _BV(CS00);     // clk/64
  OCR0A = (uint8_t)(F_CPU / 64 / 1000 - 1);
  TIMSK0 = _BV(OCIE0A);
  sei();
}

// ---- Serial on USART0 -------------------------------------------------------------------

static const uint8_t kRxSize = 64;  // a power of two
static volatile uint8_t rxBuf[kRxSize];
static volatile uint8_t rxHead, rxTail;

ISR(USART_RX_vect) {
  uint8_t status = UCSR0A;
  uint8_t c = UDR0;
  if (status & _BV(FE0)) return;  // framing error: drop the byte
  uint8_t next = (uint8_t)((rxHead + 1) & (kRxSize - 1));
  if (next != rxTail) {  // a full ring drops the byte; the line's checksum catches it
    rxBuf[rxHead] = c;
    rxHead = next;
  }
}

CompatSerial Serial;

void CompatSerial::begin(unsigned long baud) {
  // Double speed, as the Arduino core does: 115200 at 16 MHz is UBRR 16, 2.1 % fast.
  uint16_t ubrr = (uint16_t)((F_CPU / 4 / baud - 1) / 2);
  UCSR0A = _BV(U2X0);
  UBRR0H = (uint8_t)(ubrr >> 8);
  UBRR0L = (uint8_t)ubrr;
  UCSR0C = _BV(UCSZ01) | _BV(UCSZ00);  // 8N1
  UCSR0B = _BV(RXEN0) | _BV(TXEN0) | _BV(RXCIE0);
}

int CompatSerial::available(void) {
  uint8_t n;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) { n = (uint8_t)((rxHead - rxTail) & (kRxSize - 1)); }
  return n;
}

int CompatSerial::read(void) {
  int c = -1;
  ATOMIC_BLOCK(ATOMIC_RESTORESTATE) {
    if (rxHead != rxTail) {
      c = rxBuf[rxTail];
      rxTail = (uint8_t)((rxTail + 1) & (kRxSize - 1));
    }
  }
  return c;
}

static volatile bool txUsed;

size_t CompatSerial::write(uint8_t c) {
  while (!(UCSR0A & _BV(UDRE0))) {
  }
  txUsed = true;
  UCSR0A = (uint8_t)((UCSR0A & _BV(U2X0)) | _BV(TXC0));  // clear "transmit complete"
  UDR0 = c;
  return 1;
}

size_t CompatSerial::write(const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; i++) write(p[i]);
  return n;
}

void CompatSerial::flush(void) {
  // Until the last byte has left the shift register.
  if (!txUsed) return;
  while (!(UCSR0A & _BV(TXC0))) {
  }
}
