// Arduino.h — a tiny stand-in for the Arduino core, for building the sketch with Debian's
// gcc-avr and avr-libc alone (make, CI). Only what tavoliere.ino uses: pinMode,
// digitalWrite, digitalRead, millis, micros-free delays, and a Serial on USART0 (8N1,
// receive interrupt-driven into a 64-byte ring, transmit blocking).
//
// ATmega328P (Arduino Uno, Nano, Pro Mini) at F_CPU, Arduino pin numbers: 0-7 = PD0-PD7,
// 8-13 = PB0-PB5, 14-19 = PC0-PC5 (A0-A5).
//
// Under the Arduino IDE the real core's Arduino.h is used and this directory is not on the
// include path; the guard below makes a mix-up loud.
#ifndef TAVOLIERE_COMPAT_ARDUINO_H
#define TAVOLIERE_COMPAT_ARDUINO_H

#ifdef ARDUINO
#error "avr/Arduino.h is the build-without-Arduino stand-in; the Arduino IDE uses its own core"
#endif

#include <avr/io.h>
#include <stddef.h>
#include <stdint.h>

#if !defined(__AVR_ATmega328P__) && !defined(__AVR_ATmega328__) && !defined(__AVR_ATmega168__)
#error "the compat layer knows the ATmega328P/328/168 pinout only"
#endif

#define LOW 0
#define HIGH 1
#define INPUT 0
#define OUTPUT 1
#define INPUT_PULLUP 2

#define A0 14
#define A1 15
#define A2 16
#define A3 17
#define A4 18
#define A5 19

void pinMode(uint8_t pin, uint8_t mode);
void digitalWrite(uint8_t pin, uint8_t value);
int digitalRead(uint8_t pin);
unsigned long millis(void);
void delay(unsigned long ms);
void delayMicroseconds(unsigned int us);

class CompatSerial {
 public:
  void begin(unsigned long baud);
  int available(void);
  int read(void);
  size_t write(uint8_t c);
  size_t write(const uint8_t* p, size_t n);
  void flush(void);
};

extern CompatSerial Serial;

// Called once by main() before setup(): timer 0 for millis(), interrupts on.
void compatInit(void);

#endif  // TAVOLIERE_COMPAT_ARDUINO_H
