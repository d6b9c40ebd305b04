// debounce.h — per-cell debounce of a presence grid. Portable C++ (no Arduino headers), so
// the host test checks it too.
//
// A cell's debounced state flips only after the raw reading has disagreed with it on
// `scans` consecutive scans; one agreeing scan in between starts the count again. Reeds
// bounce for about a millisecond, but a weak magnet on a sliding piece flickers for tens of
// milliseconds, so the firmware uses 3 to 4 scans at a 5 to 10 ms scan period (the usual
// practice for reed grids is 2–3 consecutive agreeing scans, 40–60 ms).
#ifndef TAVOLIERE_DEBOUNCE_H
#define TAVOLIERE_DEBOUNCE_H

#include <stdint.h>
#include <string.h>

template <uint16_t CELLS>
class Debouncer {
 public:
  static const uint16_t kBytes = (CELLS + 7) / 8;

  explicit Debouncer(uint8_t scans) : scans_(scans ? scans : 1) { clear(); }

  void clear() {
    memset(stable_, 0, sizeof stable_);
    memset(count_, 0, sizeof count_);
  }

  // Takes one raw scan (a presence bitmap, cell 0 in bit 0 of raw[0]). Returns true when a
  // debounced cell changed.
  bool update(const uint8_t* raw) {
    bool changed = false;
    for (uint16_t i = 0; i < CELLS; i++) {
      uint8_t m = (uint8_t)(1u << (i & 7));
      bool r = (raw[i >> 3] & m) != 0;
      bool s = (stable_[i >> 3] & m) != 0;
      if (r == s) {
        count_[i] = 0;
      } else if (++count_[i] >= scans_) {
        stable_[i >> 3] ^= m;
        count_[i] = 0;
        changed = true;
      }
    }
    return changed;
  }

  const uint8_t* bits() const { return stable_; }

 private:
  uint8_t scans_;
  uint8_t stable_[kBytes];
  uint8_t count_[CELLS];
};

#endif  // TAVOLIERE_DEBOUNCE_H
