// main.cpp — the entry point for the build without the Arduino core, doing what the core's
// main() does: set up the timer, call the sketch's setup() once and its loop() forever. The
// Makefile compiles tavoliere.ino as C++ (-x c++) against avr/Arduino.h and links it here.
#include "Arduino.h"

void setup(void);
void loop(void);

int main(void) {
  compatInit();
  setup();
  for (;;) loop();
}
