// The rules screens: how to play each game and variant, and how to play it on this board, in
// the page's language. The texts are in rulesen.js and rulesit.js; this module draws a
// screen into #rules-dialog, with one small diagram a game in the board's own style. Opened
// on the current game during play (#rules) and on the chosen game from the new-game dialog
// (#ng-rules).
//
// The diagrams draw their pieces with simple SVG of their own (rulesPiece, below): the
// pieces' drawing for the board (pieces.js, pieceSVG) was not in the tree yet when these
// screens were written; once it is, rulesPiece should give way to it.

import { state } from './state.js';
import { $, el } from './dom.js';
import { gameName, t, tOr, toggleLang } from './words.js';
import { RULES_EN } from './rulesen.js';
import { RULES_IT } from './rulesit.js';

const RULES_TEXT = { en: RULES_EN, it: RULES_IT };
const SVG_NS = 'http://www.w3.org/2000/svg';
let rulesShown = ''; // the game whose rules are on screen
let rulesBound = false;

// openRules shows the rules of game id (the current game's when none is given).
export function openRules(id) {
  bindRules();
  const known = RULES_EN.games;
  const current = state.data?.game?.id;
  rulesShown = typeof id === 'string' && known[id] ? id : known[current] ? current : Object.keys(known)[0];
  renderRules();
  const dialog = $('rules-dialog');
  if (!dialog.open) dialog.showModal();
  $('rules-body').scrollTop = 0;
  $('rules-close').focus();
}

function bindRules() {
  if (rulesBound) return;
  rulesBound = true;
  $('rules-close').addEventListener('click', () => $('rules-dialog').close());
  $('rules-game').addEventListener('change', (e) => { rulesShown = e.target.value; renderRules(); $('rules-body').scrollTop = 0; });
  $('rules-lang').addEventListener('click', () => { toggleLang(); renderRules(); });
}

// rulesGameName is a game's name in the page's language: the screen's own where it has one
// (the variants' Italian names), else the service's, as the page words it.
function rulesGameName(id) {
  const own = (RULES_TEXT[state.lang] || RULES_EN).games[id]?.name;
  const g = (state.data?.games || []).find((x) => x.id === id);
  return own || gameName(g || { id, name: id });
}

export function renderRules() {
  const text = RULES_TEXT[state.lang] || RULES_EN;
  const id = rulesShown;
  const r = text.games[id] || RULES_EN.games[id];
  const h = text.head;
  $('rules-dialog').dataset.game = id;
  $('rules-dialog').lang = state.lang;
  $('rules-lang').dataset.lang = state.lang;
  $('rules-title').textContent = rulesGameName(id);
  const select = $('rules-game');
  select.replaceChildren(...Object.keys(RULES_EN.games).map((g) => el('option', { value: g }, rulesGameName(g))));
  select.value = id;

  const section = (key, blocks, ...more) => el('section', { class: 'rules-' + key },
    el('h3', {}, h[key]), ...(blocks || []).map(block), ...more);
  const settings = settingItems(id, r.settings || {});
  $('rules-body').replaceChildren(
    el('p', { class: 'rules-meta' }, r.meta),
    diagramFigure(id, r.caption),
    section('need', r.need),
    section('goal', r.goal),
    section('turn', r.turn),
    section('end', r.end),
    section('board', r.board, el('details', { class: 'rules-lights' },
      el('summary', {}, h.lights), block(text.lights), block(text.common))),
    settings.length ? el('section', { class: 'rules-settings' }, el('h3', {}, h.settings), el('ul', {}, ...settings)) : '',
  );
}

// block is one paragraph (a string) or one bulleted list (an array of strings).
function block(b) {
  return Array.isArray(b) ? el('ul', {}, ...b.map((s) => el('li', {}, s))) : el('p', {}, b);
}

// settingItems words each setting the service offers for game id, named as the new-game
// dialog names it, with its default.
function settingItems(id, texts) {
  const g = (state.data?.games || []).find((x) => x.id === id);
  const offered = g?.settings || Object.keys(texts).map((key) => ({ key, default: '' }));
  const h = (RULES_TEXT[state.lang] || RULES_EN).head;
  return offered.filter((s) => texts[s.key]).map((s) => {
    const value = s.random ? t('random') : s.default ? tOr('val:' + s.default, s.default) : '';
    return el('li', { 'data-key': s.key }, el('b', {}, tOr('set:' + s.key, s.key)),
      value ? ` (${h.defaultIs.replace('{v}', value)}): ` : ': ', texts[s.key]);
  });
}

// ---- the diagrams ----

// Each diagram: the board's size, the pieces (a game's own codes, see rulesPiece), the lights
// (as the LEDs show them: put, remove, flip, ask, lift), the squares of a winning figure,
// arrows (from, to, bend) and labels; pad is the room off the board on each side (top, right,
// bottom, left, in squares). "out:W3" is the place just off the board beyond a3's West edge;
// "out:N" the middle of the North edge. Every position is one of docs/rules/README.md's
// examples, or legal in its game.
const checker = (files, ranks, odd, even) => {
  const out = {};
  for (let f = 0; f < files; f++) for (let r = 1; r <= ranks; r++) out[String.fromCharCode(97 + f) + r] = (f + 1 + r) % 2 ? odd : even;
  return out;
};
const crowdedStart = checker(8, 8, 'B', 'W');
delete crowdedStart.e6;
crowdedStart.d6 = 'B';
const pushStart = checker(5, 5, 'B', 'W');
const blankQuixo = checker(5, 5, '.', '.');
const quixoWin = { ...blankQuixo, a5: 'X', b4: 'X', c3: 'X', d2: 'X', a2: 'O', b2: 'O', c2: 'O', e2: 'O', d1: 'O' };
const quixo4Cubes = { ...blankQuixo, c1: 'XS', a3: 'OW', e4: 'XN', b5: 'OE', d3: 'XS', c4: 'OE' }; // A1 S, B1 W, A2 N, B2 E

const DIAGRAMS = {
  quadwrangle: {
    size: [7, 7],
    pieces: {
      a2: 'W', a3: 'W', a4: 'W', a5: 'W', a6: 'W', b7: 'W', c7: 'W', d7: 'W', f4: 'W', f5: 'W',
      b1: 'B', c1: 'B', d1: 'B', e1: 'B', f1: 'B', g2: 'B', g3: 'B', g4: 'B', g6: 'B', f6: 'B', e7: 'B', f7: 'B',
    },
    lights: { f6: 'flip', g6: 'flip', g4: 'flip' },
    marks: ['f5'],
  },
  crowded: {
    size: [8, 8], pieces: crowdedStart,
    lights: { c5: 'flip', c7: 'flip', e5: 'flip', e7: 'flip' },
    arrows: [['e6', 'd6']], marks: ['d6'],
  },
  quarto: {
    size: [4, 4],
    pieces: { a4: 'BLRH', b3: 'BDQF', c2: 'BLQF', d1: 'BDRH', b1: 'sLRF', c4: 'sDQH', d3: 'sLQH' },
    marks: ['a4', 'b3', 'c2', 'd1'],
  },
  'quarto-advanced': {
    size: [4, 4],
    pieces: { b3: 'BLRH', c3: 'sLQF', b2: 'BLQH', c2: 'sLRF', a1: 'sDRF', d4: 'BDQH' },
    marks: ['b3', 'c3', 'b2', 'c2'],
  },
  'quarto-pro': {
    size: [4, 4],
    pieces: { a4: 'BLRH', d4: 'sLQF', d1: 'BLQH', a1: 'sLRF', b2: 'sDQF', c3: 'BDRF' },
    marks: ['a4', 'd4', 'd1', 'a1'],
  },
  'quarto-simplified': {
    size: [4, 4],
    pieces: { a2: 'BDRH', b2: 'sDQF', c2: 'BDQH', d2: 'sDRF', b4: 'sLRH', c1: 'BLQF' },
    marks: ['a2', 'b2', 'c2', 'd2'],
  },
  quad: {
    size: [4, 4],
    pieces: { b1: 'RH', b2: 'rf', b3: 'RF', b4: 'rh', a1: 'qf', d3: 'QH' },
    marks: ['b1', 'b2', 'b3', 'b4'],
  },
  quantik: {
    size: [4, 4], quadrants: true,
    pieces: { c1: 'C', c2: 's', c3: 'Y', c4: 'p', a1: 'y', b4: 'S' },
    marks: ['c1', 'c2', 'c3', 'c4'],
  },
  xequeo: {
    size: [7, 7],
    pieces: { f7: 'B', e4: 'G', f4: 'Y', a3: 'O', b3: 'R', b2: 'W', f1: 'V', d6: 'ring' },
    arrows: [['f4', 'd4', 1.2]],
  },
  quixo: {
    size: [5, 5], pad: [0, 1, 0, 0], pieces: quixoWin,
    lights: { e5: 'lift', e1: 'put' },
    arrows: [['e5', 'e1', -2]],
  },
  quixo4: {
    size: [5, 5], pad: [0.8, 0.9, 0.8, 0.9], pieces: quixo4Cubes, marks: ['c1'],
    labels: { 'out:S': 'A1', 'out:W': 'B1', 'out:N': 'A2', 'out:E': 'B2' },
  },
  push: {
    size: [5, 5], pad: [0, 1, 0, 1], pieces: { ...pushStart, 'out:W3': 'B' },
    lights: { e3: 'remove' },
    arrows: [['out:W3', 'a3'], ['e3', 'out:E3']],
  },
  push4: {
    size: [6, 6], pad: [0, 0, 0, 1],
    pieces: { a4: 'R', b4: 'R', c4: 'R', f4: 'G', b1: 'Y', e6: 'Y', d2: 'B', c2: 'B', e1: 'G', 'out:W4': 'R' },
    arrows: [['out:W4', 'a4']],
  },
  krypte: {
    size: [8, 8], pad: [1, 0.7, 0.7, 0.7], rank1Top: true,
    pieces: { c1: 'B', d1: 'B', e8: 'W' },
    lights: { d1: 'flip' }, marks: ['c1'],
    arrows: [['out:Nc', 'c1']],
    labels: { 'out:N': 'N', 'out:E': 'E', 'out:S': 'S', 'out:W': 'W' },
  },
};

// The LED colours of boards/lights.go at full strength, as the board's overlay draws them.
const LED = { put: 'rgb(0,255,0)', remove: 'rgb(255,0,0)', flip: 'rgb(255,120,0)', ask: 'rgb(255,0,255)', lift: 'rgb(120,0,255)' };

// rulesPiece draws a diagram's piece on a 100 × 100 box: [what it is, its shapes]. The
// codes: W and B a light and a dark disc or marble; Quarto's four letters (B/s, L/D, R/Q,
// H/F); Quad's two (R/Q, H/F: upper case light, lower case dark); Quantik's one (C cube, Y
// cylinder, S sphere, P pyramid, the same cases); Xe Queo!'s colour letter, or "ring"; Quixo's
// X, O or "." and in the game for four the dot's side (S, W, N, E); Push 4's colour letter.
// Dark pieces carry a light ring, and Push 4's marbles a shape each, so that colour-blind
// eyes tell them apart too.
const WOOD = { light: ['#e6c990', '#6e5333'], dark: ['#3d2517', '#e9cf9f'] };
const PAWN_FILL = { R: '#d7261e', O: '#f07c12', Y: '#f5d31b', G: '#2f9e3a', B: '#1f5fd1', V: '#7b3fc4', W: '#f3f1ea' };
const MARBLE4 = { R: ['#d8352a', 'red', 'M50,30 L67,62 L33,62 Z'], B: ['#2a66d4', 'blue', 'M36,34 H64 V62 H36 Z'],
  G: ['#2f9a46', 'green', 'M50,35 a13,13 0 1 0 0.1,0 Z'], Y: ['#f3cd1e', 'yellow', 'M50,30 L55,44 L69,44 L58,53 L62,67 L50,58 L38,67 L42,53 L31,44 L45,44 Z'] };

function rulesPiece(id, code) {
  if (id === 'xequeo') {
    if (code === 'ring') return ['ring', [svgNode('circle', { cx: 50, cy: 50, r: 40, fill: 'none', stroke: '#d9a92a', 'stroke-width': 8 })]];
    return ['pawn ' + code, [
      svgNode('circle', { cx: 50, cy: 50, r: 38, fill: PAWN_FILL[code], stroke: '#000', 'stroke-opacity': 0.6, 'stroke-width': 3 }),
      svgNode('text', { x: 50, y: 62, 'text-anchor': 'middle', 'font-size': 34, 'font-weight': 700, 'font-family': 'system-ui, sans-serif',
        fill: code === 'Y' || code === 'W' || code === 'O' ? '#1a1a1a' : '#fff' }, code)]];
  }
  if (id === 'quixo' || id === 'quixo4') {
    const kids = [svgNode('rect', { x: 9, y: 9, width: 82, height: 82, rx: 11, fill: '#ecdfc3', stroke: '#7d6a4b', 'stroke-width': 3 })];
    if (code[0] === 'X') kids.push(svgNode('path', { d: 'M32,32 L68,68 M68,32 L32,68', stroke: '#a3201b', 'stroke-width': 10, 'stroke-linecap': 'round' }));
    if (code[0] === 'O') kids.push(svgNode('circle', { cx: 50, cy: 50, r: 19, fill: 'none', stroke: '#1d3f8f', 'stroke-width': 9 }));
    const dot = { S: [50, 80], N: [50, 20], W: [20, 50], E: [80, 50] }[code[1]];
    if (dot) kids.push(svgNode('circle', { cx: dot[0], cy: dot[1], r: 7, fill: '#111' }));
    return ['cube ' + code, kids];
  }
  if (id === 'push4') {
    const [fill, name, mark] = MARBLE4[code];
    return ['marble ' + name, [svgNode('circle', { cx: 50, cy: 50, r: 40, fill, stroke: '#000', 'stroke-opacity': 0.5, 'stroke-width': 3 }),
      svgNode('path', { d: mark, fill: code === 'Y' ? '#5c4300' : '#fff' })]];
  }
  if (code === 'W' || code === 'B') { // discs, stones and Push's marbles
    const disc = svgNode('circle', { cx: 50, cy: 50, r: 40, fill: code === 'W' ? '#f3efe6' : '#1d1d1d', stroke: code === 'W' ? '#7d776b' : '#000', 'stroke-width': 3 });
    if (code === 'W') return ['disc light', [disc]];
    return ['disc dark', [disc, svgNode('circle', { cx: 50, cy: 50, r: 19, fill: 'none', stroke: '#e9cf9f', 'stroke-width': 5 })]];
  }
  // Quarto, Quad and Quantik: wood, light or dark, seen from above
  const quarto = /^([Bs])([LD])([RQ])([HF])$/.exec(code);
  const quad = /^([RQ])([HF])$/i.exec(code);
  const isDark = quarto ? quarto[2] === 'D' : code === code.toLowerCase();
  const [fill, edge] = WOOD[isDark ? 'dark' : 'light'];
  const paint = { fill, stroke: edge, 'stroke-width': 4 };
  if (quarto || quad) {
    const [, size, shape, fill2] = quarto ? [0, quarto[1] === 'B' ? 42 : 27, quarto[3], quarto[4]] : [0, 35, quad[1].toUpperCase(), quad[2].toUpperCase()];
    const body = shape === 'R' ? svgNode('circle', { cx: 50, cy: 50, r: size, ...paint })
      : svgNode('rect', { x: 50 - size, y: 50 - size, width: 2 * size, height: 2 * size, rx: 6, ...paint });
    const kids = [body];
    if (isDark) kids.push(svgNode(shape === 'R' ? 'circle' : 'rect', shape === 'R' ? { cx: 50, cy: 50, r: size - 7, fill: 'none', stroke: edge, 'stroke-width': 3 }
      : { x: 57 - size, y: 57 - size, width: 2 * size - 14, height: 2 * size - 14, rx: 4, fill: 'none', stroke: edge, 'stroke-width': 3 }));
    if (fill2 === 'H') kids.push(svgNode('circle', { cx: 50, cy: 50, r: size * 0.4, fill: '#14171b', stroke: edge, 'stroke-width': 3 }));
    const look = `${quarto ? (quarto[1] === 'B' ? 'tall ' : 'short ') : ''}${isDark ? 'dark' : 'light'} ${shape === 'R' ? 'round' : 'square'} ${fill2 === 'H' ? 'hollow' : 'solid'}`;
    return [(quarto ? 'quarto ' : 'quad ') + look, kids];
  }
  const shape = { c: 'cube', y: 'cylinder', s: 'sphere', p: 'pyramid' }[code.toLowerCase()];
  const body = {
    cube: () => svgNode('rect', { x: 16, y: 16, width: 68, height: 68, rx: 4, ...paint }),
    cylinder: () => svgNode('path', { d: 'M20,24 A30,10 0 0 1 80,24 V76 A30,10 0 0 1 20,76 Z', ...paint }),
    sphere: () => svgNode('circle', { cx: 50, cy: 50, r: 36, ...paint }),
    pyramid: () => svgNode('path', { d: 'M50,10 L88,84 H12 Z', 'stroke-linejoin': 'round', ...paint }),
  }[shape]();
  return [`quantik ${isDark ? 'dark' : 'light'} ${shape}`, [body]];
}

function svgNode(tag, attrs = {}, ...kids) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v != null) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

function diagramFigure(id, caption) {
  const d = DIAGRAMS[id];
  if (!d) return '';
  const svg = diagramSVG(id, d);
  const width = Math.round(Math.min(240, Math.max(190, svg.viewBox.baseVal.width * 1.2))); // an 8×8 board a little larger
  return el('figure', { class: 'rules-diagram', style: `width: ${width}px` }, svg, el('figcaption', {}, caption || ''));
}

// diagramSVG draws d: squares as on the board, labels, lights, pieces, marks and arrows.
function diagramSVG(id, d) {
  const [files, ranks] = d.size;
  const C = 24; // a square
  const L = 12; // the labels' margin
  const [pt, pr, pb, pl] = (d.pad || [0, 0, 0, 0]).map((n) => n * C); // room off the board
  const x0 = L + pl;
  const y0 = pt;
  const W = x0 + files * C + pr;
  const H = y0 + ranks * C + pb + L;
  const at = (name) => { // the centre of a square, or of a place off the board
    const out = /^out:([NESW])(\w?)$/.exec(name);
    if (out) {
      const [, edge, line] = out;
      if (!line) {
        return { N: [x0 + files * C / 2, y0 - pt / 2], S: [x0 + files * C / 2, y0 + ranks * C + pb / 2],
          W: [x0 - pl / 2, y0 + ranks * C / 2], E: [x0 + files * C + pr / 2, y0 + ranks * C / 2] }[edge];
      }
      const sq = edge === 'N' || edge === 'S' ? line + (edge === 'N' ? (d.rank1Top ? 1 : ranks) : (d.rank1Top ? ranks : 1))
        : (edge === 'W' ? 'a' : String.fromCharCode(96 + files)) + line;
      const [x, y] = at(sq);
      return { N: [x, y - (C + pt) / 2], S: [x, y + (C + pb) / 2], W: [x - (C + pl) / 2, y], E: [x + (C + pr) / 2, y] }[edge];
    }
    const f = name.charCodeAt(0) - 97;
    const r = Number(name.slice(1));
    const row = d.rank1Top ? r - 1 : ranks - r;
    return [x0 + f * C + C / 2, y0 + row * C + C / 2];
  };
  const kids = [svgNode('defs', {},
    svgNode('marker', { id: 'rules-arrowhead', viewBox: '0 0 10 10', refX: 7, refY: 5, markerWidth: 5, markerHeight: 5, orient: 'auto-start-reverse' },
      svgNode('path', { d: 'M0,0 L10,5 L0,10 Z', fill: '#e0a84f' })),
    svgNode('filter', { id: 'rules-glow', x: '-50%', y: '-50%', width: '200%', height: '200%' }, svgNode('feGaussianBlur', { stdDeviation: 2 })))];
  for (let f = 0; f < files; f++) {
    for (let r = 1; r <= ranks; r++) {
      const [x, y] = at(String.fromCharCode(97 + f) + r);
      kids.push(svgNode('rect', { x: x - C / 2 + 1, y: y - C / 2 + 1, width: C - 2, height: C - 2, rx: 2, fill: '#6d5a43', stroke: '#3b2f22', 'stroke-width': 1 }));
    }
    kids.push(svgNode('text', { x: x0 + f * C + C / 2, y: H - 2, class: 'rules-coord' }, String.fromCharCode(97 + f)));
  }
  for (let r = 1; r <= ranks; r++) kids.push(svgNode('text', { x: L / 2, y: at('a' + r)[1] + 4, class: 'rules-coord' }, String(r)));
  if (d.quadrants) {
    const mx = x0 + files * C / 2;
    const my = y0 + ranks * C / 2;
    kids.push(svgNode('path', { d: `M${mx},${y0} V${y0 + ranks * C} M${x0},${my} H${x0 + files * C}`, stroke: '#e9e6df', 'stroke-width': 2, 'stroke-opacity': 0.7 }));
  }
  const edges = (RULES_TEXT[state.lang] || RULES_EN).edges || {};
  for (const [where, label] of Object.entries(d.labels || {})) {
    const [x, y] = at(where);
    kids.push(svgNode('text', { x, y: y + 4, class: 'rules-label' }, edges[label] || label));
  }
  for (const [sq, kind] of Object.entries(d.lights || {})) {
    const [x, y] = at(sq);
    const box = { x: x - C / 2 + 2, y: y - C / 2 + 2, width: C - 4, height: C - 4, rx: 2, fill: 'none', stroke: LED[kind] };
    kids.push(svgNode('rect', { ...box, 'stroke-width': 4, filter: 'url(#rules-glow)' }), svgNode('rect', { ...box, 'stroke-width': 2, 'data-light': kind }));
  }
  for (const [sq, code] of Object.entries(d.pieces || {})) {
    if (code === '.' && id !== 'quixo' && id !== 'quixo4') continue;
    const [look, shapes] = rulesPiece(id, code);
    const [x, y] = at(sq);
    const s = C * 0.86; // drawn on a 100 × 100 box
    kids.push(svgNode('g', { transform: `translate(${x - s / 2},${y - s / 2}) scale(${s / 100})`, 'data-look': look }, ...shapes));
  }
  for (const sq of d.marks || []) {
    const [x, y] = at(sq);
    kids.push(svgNode('rect', { x: x - C / 2 + 1, y: y - C / 2 + 1, width: C - 2, height: C - 2, rx: 3, fill: 'none', stroke: '#e0a84f', 'stroke-width': 2, 'stroke-dasharray': '4 2', class: 'rules-mark' }));
  }
  for (const [from, to, bend = 0] of d.arrows || []) {
    const [x1, y1] = at(from);
    const [x2, y2] = at(to);
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const cut = Math.min(C * 0.3, len / 4); // start short of the centre, and end short of a piece
    const stop = d.pieces?.[to] ? cut : cut / 3;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const [sx, sy, ex, ey] = [x1 + ux * cut, y1 + uy * cut, x2 - ux * stop, y2 - uy * stop];
    const cx = (sx + ex) / 2 - uy * bend * C;
    const cy = (sy + ey) / 2 + ux * bend * C;
    kids.push(svgNode('path', { d: `M${sx},${sy} Q${cx},${cy} ${ex},${ey}`, fill: 'none', stroke: '#e0a84f', 'stroke-width': 2.5, 'stroke-linecap': 'round', 'marker-end': 'url(#rules-arrowhead)', class: 'rules-arrow' }));
  }
  return svgNode('svg', { viewBox: `0 0 ${W} ${H}`, class: 'rules-board', 'aria-hidden': 'true' }, ...kids);
}
