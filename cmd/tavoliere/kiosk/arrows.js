// The last move and the AI's move to carry out, drawn over the board (the state's `arrows`,
// API.md): the last move a solid arrow (a solid ring for a piece put down), the AI's move
// a dashed arrow whose dashes run (a dashed ring), so that shape tells them apart, not colour.

import { state } from './state.js';
import { $ } from './dom.js';
import { t } from './words.js';

const NS = 'http://www.w3.org/2000/svg';

function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

// overlay returns the board's SVG layer, made anew after the board is rebuilt.
function overlay(board) {
  let o = board.querySelector(':scope > svg.arrows');
  if (!o) {
    o = svg('svg', { class: 'arrows', role: 'group' });
    board.append(o);
  }
  return o;
}

// centre returns the middle of the square named, and its size, in the board's coordinates.
function centre(board, name) {
  const b = board.querySelector(`.square[data-square="${CSS.escape(name || '')}"]`);
  if (!b) return null;
  const r = b.getBoundingClientRect();
  const o = board.getBoundingClientRect();
  return { x: r.left - o.left + r.width / 2, y: r.top - o.top + r.height / 2, size: r.width };
}

const num = (v) => v.toFixed(1);

// draw makes one move's group: an arrow, or a ring where nothing moved across the board.
function draw(board, a, kind) {
  const to = centre(board, a.to);
  if (!to) return null;
  const from = a.from ? centre(board, a.from) : null;
  const w = Math.max(3, to.size * 0.1);
  const words = t(`arrow:${kind}${a.push ? '-push' : from ? '' : '-put'}`, { from: a.from, to: a.to });
  const g = svg('g', { class: `arrow ${kind}`, 'aria-label': words, role: 'img', 'data-move': a.move,
    'data-from': a.from || '', 'data-to': a.to }, svg('title', {}, words));
  g.style.setProperty('--w', `${w}px`);
  if (!from || (from.x === to.x && from.y === to.y)) {
    const r = to.size * 0.36;
    for (const cls of ['edge', 'stroke']) {
      g.append(svg('circle', { class: cls, cx: num(to.x), cy: num(to.y), r: num(r) }));
    }
    return g;
  }
  let [x1, y1, x2, y2] = [from.x, from.y, to.x, to.y];
  const len = Math.hypot(x2 - x1, y2 - y1);
  const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
  // A push comes in from the board's edge at its entry; a move leaves its square's middle.
  const back = a.push ? from.size * 0.42 : from.size * 0.12;
  x1 -= ux * back; y1 -= uy * back;
  const head = w * 2.6; // the head ends in the middle of the square reached
  const [bx, by] = [x2 - ux * head, y2 - uy * head];
  const [px, py] = [-uy * head * 0.6, ux * head * 0.6];
  const line = { x1: num(x1), y1: num(y1), x2: num(bx), y2: num(by) };
  const tip = [[x2, y2], [bx + px, by + py], [bx - px, by - py]].map((p) => p.map(num).join(',')).join(' ');
  for (const cls of ['edge', 'stroke']) {
    g.append(svg('line', { class: cls, ...line }), svg('polygon', { class: `${cls} head`, points: tip }));
  }
  Object.assign(g.dataset, { x1: num(x1), y1: num(y1), x2: num(x2), y2: num(y2) });
  return g;
}

// renderArrows draws the state's arrows, or none; again whenever the board changes size.
export function renderArrows(d) {
  const board = $('board');
  const o = overlay(board);
  const arrows = d?.arrows || {};
  const key = [JSON.stringify(arrows), state.lang, board.clientWidth, board.clientHeight].join(' ');
  if (o.dataset.key === key) return;
  o.dataset.key = key;
  const r = board.getBoundingClientRect();
  o.setAttribute('viewBox', `0 0 ${num(r.width)} ${num(r.height)}`);
  o.replaceChildren(...[arrows.last && draw(board, arrows.last, 'last'), arrows.ai && draw(board, arrows.ai, 'ai')].filter(Boolean));
}

// arrowIcon is a small picture of an arrow of kind as the board draws it, for the legend: a
// solid line or a dashed running one with its head, or a ring where the move put a piece.
export function arrowIcon(kind, put) {
  const g = svg('g', { class: `arrow ${kind}` });
  g.style.setProperty('--w', '2px');
  for (const cls of ['edge', 'stroke']) {
    if (put) g.append(svg('circle', { class: cls, cx: 14, cy: 7, r: 5 }));
    else g.append(svg('line', { class: cls, x1: 3, y1: 7, x2: 19, y2: 7 }), svg('polygon', { class: `${cls} head`, points: '25,7 19,3.5 19,10.5' }));
  }
  return svg('svg', { class: 'arrow-icon', viewBox: '0 0 28 14', 'aria-hidden': 'true' }, g);
}

let watching = false;

// watchArrows redraws the arrows when the board is resized (the window, the panel beside it).
export function watchArrows() {
  if (watching || typeof ResizeObserver === 'undefined') return;
  watching = true;
  new ResizeObserver(() => renderArrows(state.data)).observe($('board'));
}
