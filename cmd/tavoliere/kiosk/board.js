// The board: its squares, each with its piece, its reading and its light; the simulated board's hands.

import { BLINK_MS, LONG_PRESS_MS, state } from './state.js';
import { $, el } from './dom.js';
import { t } from './words.js';
import { command } from './net.js';
import { pieceLook, pieceName, pieceSVG } from './pieces.js';
import { renderArrows, watchArrows } from './arrows.js';

export const splitName = (name) => /^([a-z]+)(\d+)$/i.exec(name || '')?.slice(1) || [name || '', ''];

export function buildBoard(d) {
  const board = $('board');
  const rows = (d.diagram || []).filter(Array.isArray);
  board.replaceChildren();
  board.style.setProperty('--files', rows[0]?.length || 1);
  state.squares = [];
  for (const row of rows) {
    const rank = splitName(d.squares[row[0]]?.name)[1];
    const r = el('div', { role: 'row', class: 'brow' }, el('span', { role: 'rowheader', class: 'rank' }, rank));
    for (const idx of row) r.append(el('div', { role: 'gridcell', class: 'cell' }, squareButton(d, idx)));
    board.append(r);
  }
  const files = el('div', { role: 'row', class: 'brow files' }, el('span', { class: 'corner', 'aria-hidden': 'true' }));
  for (const idx of rows[rows.length - 1] || []) {
    files.append(el('span', { role: 'columnheader', class: 'file' }, splitName(d.squares[idx]?.name)[0]));
  }
  board.append(files);
  const first = board.querySelector('.square');
  if (first) first.tabIndex = 0; // one tab stop; the arrow keys move within the board
}

export function onBoardKey(e) {
  const step = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] }[e.key];
  const b = e.target.closest?.('.square');
  if (!step || !b) return;
  const rows = [...$('board').querySelectorAll('[role=row]')].map((r) => [...r.querySelectorAll('.square')]);
  const r = rows.findIndex((row) => row.includes(b));
  const next = rows[r + step[0]]?.[rows[r].indexOf(b) + step[1]];
  if (!next) return;
  e.preventDefault();
  b.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

export function squareButton(d, idx) {
  const sq = d.squares[idx];
  if (!sq) return el('span', { class: 'hole' });
  const b = el('button', { type: 'button', class: 'square', tabindex: -1, 'data-square': sq.name, 'data-index': idx },
    el('span', { class: 'led', 'aria-hidden': 'true' }),
    el('span', { class: 'piece pc-slot', 'aria-hidden': 'true' }),
    el('span', { class: 'rd', 'aria-hidden': 'true' }),
    el('span', { class: 'want pc-slot', 'aria-hidden': 'true' }),
    el('span', { class: 'crack', 'aria-hidden': 'true' }));
  state.squares[idx] = b;
  return b;
}

// ledLook keeps the hue of an LED colour at full strength and turns its brightness into
// opacity, so that dim lights (last move, destinations) still show on a screen.
export function ledLook(hex) {
  const n = parseInt(String(hex).slice(1), 16) || 0;
  const rgb = [n >> 16 & 255, n >> 8 & 255, n & 255];
  const max = Math.max(...rgb);
  if (max === 0) return { color: 'transparent', alpha: 0 };
  const full = rgb.map((c) => Math.round(c * 255 / max));
  return { color: `rgb(${full.join(',')})`, alpha: (0.45 + 0.55 * max / 255).toFixed(2) };
}

export function lightText(light, pattern, color) {
  if (pattern === 'off' || ledLook(color).alpha === 0) return '';
  const what = light.meaning && light.meaning !== 'off' ? light.meaning : '';
  return t('lit', { what: what ? t('led:' + what) : t('pat:' + pattern) });
}


export function updateSquare(b, sq, sim, won = false, broken = false) {
  const light = sq.light || {};
  const pattern = light.pattern || 'off';
  const color = String(light.color || '#000000').toLowerCase();
  if (b.dataset.light !== pattern) {
    b.dataset.light = pattern;
    // Blinking squares share one clock, as the LEDs do.
    const period = BLINK_MS[pattern];
    if (period) b.style.setProperty('--phase', `${-(performance.now() % period)}ms`);
  }
  const look = ledLook(color);
  Object.assign(b.dataset, { color, piece: sq.piece });
  b.style.setProperty('--led', look.color);
  b.style.setProperty('--led-a', look.alpha);
  const piece = b.children[1]; // the piece drawn as the players know it (pieces.js)
  const g = state.data?.game;
  // On the simulated board, the piece a hand left there; where the game wants another, that
  // one is drawn small and faint in the corner, as what to put right.
  const here = sim && sq.onBoard !== undefined ? { piece: sq.onBoard, label: sq.onBoardLabel, ring: sq.ring } : sq;
  const drawn = pieceLook(g, here);
  if (piece.dataset.look !== drawn) {
    piece.dataset.look = drawn;
    piece.replaceChildren(...[pieceSVG(g, here)].filter(Boolean));
  }
  const wanted = here === sq ? drawn : pieceLook(g, sq);
  const want = b.children[3];
  if (want.dataset.look !== (wanted === drawn ? '' : wanted)) {
    want.dataset.look = wanted === drawn ? '' : wanted;
    want.replaceChildren(...(wanted === drawn ? [] : [pieceSVG(g, sq) || el('span', { class: 'want-empty' })]));
  }
  b.classList.toggle('unlike', wanted !== drawn);
  b.classList.toggle('won', won); // a square of the figure that decided the game (game.winning)
  b.classList.toggle('broken', won && broken); // one the last push broke (game.broken)
  b.classList.toggle('diff', sq.reading !== sq.expected);
  b.children[2].textContent = `${sq.reading}/${sq.expected}`;
  const parts = [sq.name, pieceName(g, here), wanted !== drawn && t('gameHas', { what: pieceName(g, sq) }),
    won && t(broken ? 'brokenSquare' : 'winningSquare'), lightText(light, pattern, color)];
  if (state.sensors) parts.push(t('readings', { r: sq.reading, e: sq.expected }));
  b.setAttribute('aria-label', parts.filter(Boolean).join(', '));
  b.setAttribute('aria-disabled', String(!sim));
}

export function renderBoard(d) {
  const key = JSON.stringify(d.diagram);
  if (key !== state.layout) {
    state.layout = key;
    buildBoard(d);
  }
  const won = new Set(d.game?.over ? d.game.winning || [] : []);
  const broken = new Set(d.game?.over ? d.game.broken || [] : []);
  d.squares.forEach((sq, i) => state.squares[i] && updateSquare(state.squares[i], sq, d.simulated, won.has(i), broken.has(i)));
  $('board').classList.toggle('sim', !!d.simulated);
  renderArrows(d);
  watchArrows();
}

export const sim = (square, flip) => command({ cmd: 'sim', square, action: flip ? 'flip' : 'toggle' });
export const squareOf = (e) => (state.data?.simulated ? e.target.closest?.('.square') : null);

export function onBoardClick(e) {
  const b = squareOf(e);
  if (!b) return;
  const press = state.press;
  state.press = null;
  if (press?.fired && Date.now() - press.fired < 1500) return; // the long press already flipped it
  sim(b.dataset.square, e.shiftKey || state.flip);
}

export function onPointerDown(e) {
  const b = squareOf(e);
  if (!b || e.pointerType === 'mouse') return;
  const press = { fired: 0 };
  press.timer = setTimeout(() => {
    press.fired = Date.now();
    navigator.vibrate?.(30);
    sim(b.dataset.square, true);
  }, LONG_PRESS_MS);
  state.press = press;
}

export const onPointerEnd = () => clearTimeout(state.press?.timer);
