// Every game's pieces as the players know them, drawn as inline SVG: the board's squares,
// the player list and the rack all call pieceSVG. A piece is what the state gives a square
// or a player: its piece (the number the referee counts), its label (the game's notation,
// where pieces differ) and, in Xe Queo!, whether the ring lies there.
//
// pieceLook names what is drawn ("quarto tall dark square hollow", "disc light", "pawn red
// ring", "cube cross dot-N"): the SVG carries it as data-look, for the browser tests to
// compare with the state, and the drawing follows from it alone. Light and Dark differ in
// more than colour, for colour-blind players: a dark piece carries a light ring or band; Push
// 4's marbles carry a shape each (red a triangle, blue a square, green a dot, yellow a star),
// Xe Queo!'s pawns their colour's letter.

import { $ } from './dom.js';
import { t, playerName } from './words.js';

const NS = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

// The gradients every piece shares, defined once in the document.
function defineGradients() {
  if ($('pc-defs')) return;
  const stop = (offset, color, opacity) => svgEl('stop', { offset, 'stop-color': color, 'stop-opacity': opacity });
  document.body.append(svgEl('svg', { id: 'pc-defs', width: 0, height: 0, 'aria-hidden': 'true', style: 'position:absolute;width:0;height:0' },
    svgEl('defs', {},
      svgEl('radialGradient', { id: 'pc-shine', cx: '36%', cy: '30%', r: '62%' },
        stop(0, '#fff', 0.85), stop(0.3, '#fff', 0.25), stop(1, '#fff', 0)),
      svgEl('radialGradient', { id: 'pc-shade', cx: '45%', cy: '40%', r: '60%' },
        stop(0.55, '#000', 0), stop(1, '#000', 0.5)),
      svgEl('linearGradient', { id: 'pc-side', x1: 0, x2: 1, y1: 0, y2: 0 },
        stop(0, '#fff', 0.22), stop(0.4, '#fff', 0), stop(1, '#000', 0.4)))));
}

// ---- what a piece is ----

const QUANTIK_SHAPES = { c: 'cube', y: 'cylinder', s: 'sphere', p: 'pyramid' };
const PAWN_COLOURS = { R: 'red', O: 'orange', Y: 'yellow', G: 'green', B: 'blue', V: 'violet', W: 'white' };
const MARBLE_COLOURS = { R: 'red', B: 'blue', G: 'green', Y: 'yellow' };

// pieceLook names piece p of g (the state's game), '' for an empty square.
export function pieceLook(g, p) {
  const id = g?.id || '';
  const n = Number(p?.piece) || 0;
  const label = String(p?.label || '');
  if (id === 'xequeo') {
    const colour = PAWN_COLOURS[label];
    if (colour) return `pawn ${colour}` + (p?.ring ? ' ring' : '');
    return n || p?.ring ? 'ring' : ''; // the ring alone, read by the sensors ('@') or tapped
  }
  if (!n) return '';
  const face = n & 3;
  const shade = face === 2 ? 'dark' : 'light';
  if (id.startsWith('quarto')) {
    const m = /^([Bs])([LD])([RQ])([HF])$/.exec(label);
    if (m) return `quarto ${m[1] === 'B' ? 'tall' : 'short'} ${m[2] === 'D' ? 'dark' : 'light'} ${m[3] === 'Q' ? 'square' : 'round'} ${m[4] === 'F' ? 'solid' : 'hollow'}`;
  } else if (id === 'quad') {
    const m = /^([RQ])([HF])$/i.exec(label);
    if (m) return `quad ${label === label.toLowerCase() ? 'dark' : 'light'} ${/q/i.test(m[1]) ? 'square' : 'round'} ${/f/i.test(m[2]) ? 'solid' : 'hollow'}`;
  } else if (id === 'quantik') {
    const shape = QUANTIK_SHAPES[label.toLowerCase()];
    if (shape && label.length === 1) return `quantik ${label === label.toLowerCase() ? 'dark' : 'light'} ${shape}`;
  } else if (id === 'quixo' || id === 'quixo4') {
    const symbol = ['', 'cross', 'circle', 'blank'][face];
    const dot = n >> 2; // Quixo for four: the team's first (1) or second (2) player
    const seat = symbol !== 'blank' && dot ? g.players?.[(face - 1) + 2 * (dot - 1)]?.seat : '';
    return `cube ${symbol}` + (seat ? ` dot-${seat}` : '');
  } else if (id === 'push4') {
    if (MARBLE_COLOURS[label]) return `marble ${MARBLE_COLOURS[label]}`;
  } else if (id === 'push') {
    if (face === 1 || face === 2) return `marble ${shade}`;
  } else if (face === 1 || face === 2) {
    return `disc ${shade}`; // Quad Wrangle, Crowded, Krypte: two-faced discs
  }
  return `token ${label || n}`; // a piece this page does not know: its notation on a tile
}

// pieceName words piece p of g for an aria-label or a title: "tall light round hollow piece".
export function pieceName(g, p) {
  const look = pieceLook(g, p);
  const w = look.split(' ');
  const pc = (k) => t('pc:' + k);
  switch (w[0]) {
    case '': return t('empty');
    case 'disc': return t(w[1]);
    case 'marble': return pc('marble-' + w[1]);
    case 'quarto': return t('pc:quarto', { what: w.slice(1).map(pc).join(t('pc:and')) });
    case 'quad': return t('pc:quad', { what: w.slice(1).map(pc).join(t('pc:and')) });
    case 'quantik': return pc(`${w[1]}-${w[2]}`);
    case 'ring': return pc('ring');
    case 'pawn': return t(w[2] ? 'pc:pawnInRing' : 'pc:pawn', { colour: t('colour:' + w[1]) });
    case 'cube': {
      const cube = pc('cube-' + w[1]);
      const seat = w[2]?.slice(4);
      const to = seat && (g?.players || []).find((q) => q.seat === seat);
      return to ? t('pc:dot', { cube, player: playerName(to.name) }) : cube;
    }
  }
  return t('piece', { n: w.slice(1).join(' ') });
}

// pieceSVG draws piece p of g (the state's game), null for an empty square. The SVG fills its box.
export function pieceSVG(g, p) {
  const look = pieceLook(g, p);
  if (!look) return null;
  defineGradients();
  const w = look.split(' ');
  const kids = ({
    disc: () => disc(w[1] === 'dark'),
    marble: () => marble(w[1]),
    quarto: () => tower(w[1] === 'tall' ? 62 : 30, w[2] === 'dark', w[3], w[4] === 'hollow'),
    quad: () => tower(44, w[1] === 'dark', w[2], w[3] === 'hollow'),
    quantik: () => quantik(w[1] === 'dark', w[2]),
    pawn: () => [...(w[2] ? ring() : []), ...pawn(w[1])],
    ring: () => ring(),
    cube: () => cube(w[1], w[2]?.slice(4)),
  }[w[0]] || (() => token(w.slice(1).join(' '))))();
  return svgEl('svg', { class: 'pc', viewBox: '0 0 100 100', 'aria-hidden': 'true', focusable: 'false', 'data-look': look, 'data-piece': p?.piece ?? 0 }, ...kids);
}

// ---- the drawings, on a 100 × 100 box ----

const shadow = (cx, cy, rx, ry) => svgEl('ellipse', { cx, cy, rx, ry, fill: '#000', 'fill-opacity': 0.35 });

// Two-faced discs seen from above: light, or dark with a light ring.
function disc(dark) {
  return [
    svgEl('circle', { cx: 51, cy: 53, r: 40, fill: '#000', 'fill-opacity': 0.4 }),
    svgEl('circle', { cx: 50, cy: 50, r: 40, fill: dark ? '#1d1d1d' : '#f3efe6', stroke: dark ? '#000' : '#7d776b', 'stroke-width': 2 }),
    svgEl('circle', { cx: 50, cy: 50, r: 34, fill: 'none', stroke: dark ? '#fff' : '#000', 'stroke-opacity': dark ? 0.18 : 0.12, 'stroke-width': 2 }),
    ...(dark ? [svgEl('circle', { cx: 50, cy: 50, r: 19, fill: 'none', stroke: '#d9d4c8', 'stroke-width': 5, 'data-mark': 'ring' })] : []),
    svgEl('circle', { cx: 50, cy: 50, r: 40, fill: 'url(#pc-shine)', opacity: 0.45 }),
  ];
}

const MARBLE = {
  light: { fill: '#f4f1ea', edge: '#8a8478' },
  dark: { fill: '#232323', edge: '#000', mark: 'ring' },
  red: { fill: '#d8352a', edge: '#7a140d', mark: 'triangle' },
  blue: { fill: '#2a66d4', edge: '#0f2f6e', mark: 'square' },
  green: { fill: '#2f9a46', edge: '#114a1d', mark: 'dot' },
  yellow: { fill: '#f3cd1e', edge: '#8a6d00', mark: 'star' },
};

// Marbles: Push's black and white, Push 4's four colours, each with its own mark.
function marble(colour) {
  const m = MARBLE[colour] || MARBLE.light;
  const ink = colour === 'yellow' ? '#5c4300' : colour === 'dark' ? '#d9d4c8' : '#fff';
  const mark = {
    ring: () => svgEl('circle', { cx: 50, cy: 48, r: 16, fill: 'none', stroke: ink, 'stroke-width': 5 }),
    triangle: () => svgEl('polygon', { points: '50,29 68,62 32,62', fill: ink }),
    square: () => svgEl('rect', { x: 35, y: 33, width: 30, height: 30, fill: ink }),
    dot: () => svgEl('circle', { cx: 50, cy: 48, r: 13, fill: ink }),
    star: () => svgEl('polygon', { points: star(50, 49, 19, 8), fill: ink }),
  }[m.mark];
  const drawn = mark?.();
  drawn?.setAttribute('data-mark', m.mark);
  return [
    shadow(53, 88, 30, 7),
    svgEl('circle', { cx: 50, cy: 48, r: 39, fill: m.fill, stroke: m.edge, 'stroke-width': 2 }),
    svgEl('circle', { cx: 50, cy: 48, r: 39, fill: 'url(#pc-shade)' }),
    ...(drawn ? [drawn] : []),
    svgEl('circle', { cx: 50, cy: 48, r: 39, fill: 'url(#pc-shine)' }),
  ];
}

function star(cx, cy, R, r) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + i * Math.PI / 5;
    const d = i % 2 ? r : R;
    pts.push(`${(cx + d * Math.cos(a)).toFixed(1)},${(cy + d * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

// Wood for Quarto, Quad and Quantik: light, and dark with a light band round it.
const WOOD = {
  light: { body: '#e6c990', top: '#f6e3bd', edge: '#6e5333', hole: '#8a6a42', band: '' },
  dark: { body: '#3d2517', top: '#5c3a25', edge: '#c9a87a', hole: '#0d0704', band: '#e9cf9f' },
};

// tower draws Quarto's and Quad's pieces standing, seen from the front and a little above:
// h high, round (a cylinder) or square (a box), a hole on top when hollow.
function tower(h, dark, shape, hollow) {
  const w = WOOD[dark ? 'dark' : 'light'];
  const base = 90;
  const top = base - h;
  if (shape === 'square') return box(22, top, 44, h, w, hollow, dark);
  const band = base - Math.max(9, h * 0.3);
  return [
    shadow(54, 91, 30, 8),
    svgEl('path', { d: `M24,${top} L24,${base} A26,10 0 0 0 76,${base} L76,${top} Z`, fill: w.body, stroke: w.edge, 'stroke-width': 1.5 }),
    svgEl('path', { d: `M24,${top} L24,${base} A26,10 0 0 0 76,${base} L76,${top} Z`, fill: 'url(#pc-side)' }),
    ...(dark ? [svgEl('path', { d: `M24,${band - 3} A26,10 0 0 0 76,${band - 3} L76,${band + 3} A26,10 0 0 1 24,${band + 3} Z`, fill: w.band, 'data-mark': 'band' })] : []),
    svgEl('ellipse', { cx: 50, cy: top, rx: 26, ry: 10, fill: w.top, stroke: w.edge, 'stroke-width': 1.5 }),
    ...(hollow ? [svgEl('ellipse', { cx: 50, cy: top + 1, rx: 14, ry: 5.5, fill: w.hole, stroke: '#000', 'stroke-opacity': 0.5, 'stroke-width': 1.5, 'data-mark': 'hole' })] : []),
  ];
}

// box draws a box x..x+fw wide at the front, h high, its top and right side seen in depth.
function box(x, top, fw, h, w, hollow, dark) {
  const d = 13; // the depth, up and to the right
  const base = top + h;
  const r = x + fw;
  const band = base - Math.max(9, h * 0.3);
  return [
    shadow(56, 89, 32, 7),
    svgEl('polygon', { points: `${r},${top} ${r + d},${top - d} ${r + d},${base - d} ${r},${base}`, fill: w.body, stroke: w.edge, 'stroke-width': 1.5 }),
    svgEl('polygon', { points: `${r},${top} ${r + d},${top - d} ${r + d},${base - d} ${r},${base}`, fill: '#000', 'fill-opacity': 0.3 }),
    svgEl('rect', { x, y: top, width: fw, height: h, fill: w.body, stroke: w.edge, 'stroke-width': 1.5 }),
    svgEl('rect', { x, y: top, width: fw, height: h, fill: '#fff', 'fill-opacity': 0.08 }),
    ...(dark ? [svgEl('polygon', { points: `${x},${band - 3} ${r},${band - 3} ${r + d},${band - 3 - d} ${r + d},${band + 3 - d} ${r},${band + 3} ${x},${band + 3}`, fill: w.band, 'data-mark': 'band' })] : []),
    svgEl('polygon', { points: `${x},${top} ${x + d},${top - d} ${r + d},${top - d} ${r},${top}`, fill: w.top, stroke: w.edge, 'stroke-width': 1.5 }),
    ...(hollow ? [svgEl('ellipse', { cx: x + (fw + d) / 2, cy: top - d / 2, rx: 12, ry: 4.6, fill: w.hole, stroke: '#000', 'stroke-opacity': 0.5, 'stroke-width': 1.5, 'data-mark': 'hole' })] : []),
  ];
}

// Quantik's four shapes, in wood: cube, cylinder, sphere, pyramid.
function quantik(dark, shape) {
  const w = WOOD[dark ? 'dark' : 'light'];
  if (shape === 'cube') return box(24, 44, 44, 44, w, false, dark);
  if (shape === 'cylinder') return tower(50, dark, 'round', false);
  if (shape === 'sphere') {
    return [
      shadow(54, 88, 30, 7),
      svgEl('circle', { cx: 50, cy: 54, r: 34, fill: w.body, stroke: w.edge, 'stroke-width': 1.5 }),
      svgEl('circle', { cx: 50, cy: 54, r: 34, fill: 'url(#pc-shade)' }),
      ...(dark ? [svgEl('path', { d: 'M16.2,51 A34,11 0 0 0 83.8,51 L83.8,57 A34,11 0 0 1 16.2,57 Z', fill: w.band, 'data-mark': 'band' })] : []),
      svgEl('circle', { cx: 50, cy: 54, r: 34, fill: 'url(#pc-shine)', opacity: 0.8 }),
    ];
  }
  // the pyramid: its apex (50,12) over the front-left, front-right and back-right corners of
  // its base; a dark one's band runs round it between 70% and 80% of the way down
  const at = (f) => [[18, 84], [64, 92], [86, 76]].map(([x, y]) => `${(50 + (x - 50) * f).toFixed(1)},${(12 + (y - 12) * f).toFixed(1)}`);
  return [
    shadow(54, 88, 32, 6),
    svgEl('polygon', { points: '50,12 18,84 64,92', fill: w.body, stroke: w.edge, 'stroke-width': 1.5, 'stroke-linejoin': 'round' }),
    svgEl('polygon', { points: '50,12 64,92 86,76', fill: w.body, stroke: w.edge, 'stroke-width': 1.5, 'stroke-linejoin': 'round' }),
    svgEl('polygon', { points: '50,12 64,92 86,76', fill: '#000', 'fill-opacity': 0.32 }),
    svgEl('polygon', { points: '50,12 18,84 64,92', fill: '#fff', 'fill-opacity': 0.1 }),
    ...(dark ? [svgEl('polygon', { points: [...at(0.7), ...at(0.8).reverse()].join(' '), fill: w.band, 'data-mark': 'band' })] : []),
  ];
}

// Xe Queo!'s pawns, in their colours, each with its colour's letter; and the ring.
const PAWN = {
  red: ['#d7261e', '#fff', 'R'], orange: ['#f07c12', '#1a1a1a', 'O'], yellow: ['#f5d31b', '#1a1a1a', 'Y'],
  green: ['#2f9e3a', '#fff', 'G'], blue: ['#1f5fd1', '#fff', 'B'], violet: ['#7b3fc4', '#fff', 'V'],
  white: ['#f3f1ea', '#1a1a1a', 'W'],
};

function pawn(colour) {
  const [fill, ink, letter] = PAWN[colour] || ['#888', '#fff', '?'];
  const edge = colour === 'white' ? '#6f6a60' : '#000';
  const body = 'M24,85 C29,62 38,51 40,39 L60,39 C62,51 71,62 76,85 Z';
  return [
    shadow(54, 90, 30, 7),
    svgEl('ellipse', { cx: 50, cy: 86, rx: 29, ry: 8, fill, stroke: edge, 'stroke-opacity': 0.6, 'stroke-width': 1.5 }),
    svgEl('path', { d: body, fill, stroke: edge, 'stroke-opacity': 0.6, 'stroke-width': 1.5 }),
    svgEl('path', { d: body, fill: 'url(#pc-side)' }),
    svgEl('circle', { cx: 50, cy: 24, r: 17, fill, stroke: edge, 'stroke-opacity': 0.6, 'stroke-width': 1.5 }),
    svgEl('circle', { cx: 50, cy: 24, r: 17, fill: 'url(#pc-shine)' }),
    svgEl('text', { x: 50, y: 79, 'text-anchor': 'middle', 'font-size': 32, 'font-weight': 700, 'font-family': 'system-ui, sans-serif', fill: ink, 'data-mark': 'letter' }, letter),
  ];
}

function ring() {
  return [
    svgEl('circle', { cx: 50, cy: 50, r: 41, fill: 'none', stroke: '#000', 'stroke-opacity': 0.45, 'stroke-width': 11 }),
    svgEl('circle', { cx: 50, cy: 50, r: 41, fill: 'none', stroke: '#d9a92a', 'stroke-width': 8, 'data-mark': 'ring' }),
    svgEl('circle', { cx: 50, cy: 50, r: 43, fill: 'none', stroke: '#fff3c4', 'stroke-opacity': 0.7, 'stroke-width': 1.5 }),
  ];
}

// Quixo's cubes seen from above: blank, a cross or a circle; in the game for four the dot by
// the symbol, on the side of the player it points to (S, W, N, E).
function cube(symbol, seat) {
  const kids = [
    svgEl('rect', { x: 12, y: 13, width: 80, height: 80, rx: 11, fill: '#000', 'fill-opacity': 0.4 }),
    svgEl('rect', { x: 9, y: 9, width: 80, height: 80, rx: 11, fill: '#ecdfc3', stroke: '#7d6a4b', 'stroke-width': 2 }),
    svgEl('rect', { x: 15, y: 15, width: 68, height: 68, rx: 7, fill: 'none', stroke: '#fff', 'stroke-opacity': 0.5, 'stroke-width': 2 }),
  ];
  if (symbol === 'cross') {
    kids.push(svgEl('path', { d: 'M31,31 L67,67 M67,31 L31,67', stroke: '#a3201b', 'stroke-width': 10, 'stroke-linecap': 'round', fill: 'none', 'data-mark': 'cross' }));
  } else if (symbol === 'circle') {
    kids.push(svgEl('circle', { cx: 49, cy: 49, r: 19, stroke: '#1d3f8f', 'stroke-width': 9, fill: 'none', 'data-mark': 'circle' }));
  }
  const at = { S: [49, 79], N: [49, 19], W: [19, 49], E: [79, 49] }[seat];
  if (at) kids.push(svgEl('circle', { cx: at[0], cy: at[1], r: 7, fill: '#111', 'data-mark': 'dot-' + seat }));
  return kids;
}

// A piece this page does not know: its notation on a tile.
function token(text) {
  return [
    svgEl('rect', { x: 10, y: 10, width: 80, height: 80, rx: 16, fill: '#2b5b8a', stroke: '#8fb8e0', 'stroke-width': 3 }),
    svgEl('text', { x: 50, y: 62, 'text-anchor': 'middle', 'font-size': text.length > 2 ? 22 : 36, 'font-weight': 700, 'font-family': 'system-ui, sans-serif', fill: '#fff' }, text),
  ];
}
