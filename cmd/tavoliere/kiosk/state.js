// What the page keeps: its settings, and the one mutable object every part reads.

export const TOKEN_KEY = 'tavoliere-token';
export const LANG_KEY = 'tavoliere-lang';
export const LONG_PRESS_MS = 500;
export const TOAST_MS = 10000;
export const LOG_LINES = 3;
export const BLINK_MS = { slow: 1000, fast: 250 };

// The one mutable object of the page.
export const state = {
  data: null, // the last state from the service
  lang: 'en',
  token: '',
  sensors: false, // the sensor view is shown
  flip: false, // Flip mode: a tap turns the piece over
  brightDrag: false, // the brightness slider is being moved: its value is the operator's
  layout: '', // the diagram the board was built for
  squares: [], // square buttons by square index
  shown: {}, // what lists were last drawn from, to redraw only on change
  lost: false, // the event stream dropped
  movesPinned: true, // the move list is scrolled to its end: keep it there
  pending: null, // the command waiting for a token
  press: null, // a touch that may become a long press
  toastTimer: 0,
};
