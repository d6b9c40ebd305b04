// Attract mode: while nobody plays, the service plays the AI against itself and the state
// carries that game as `demo` (API.md). This draws it over the whole page with an
// invitation in both languages, the page's own first. A touch, a click or a key ends it at
// once: the overlay goes, the service hears it (the `touch` command) and the game that was
// on shows again, as it was. Touches during a game are reported too, at most every
// REPORT_MS, so that somebody reading the rules is not taken for nobody.

import { state } from './state.js';
import { $, el } from './dom.js';
import { DICT, gameName } from './words.js';
import { pieceSVG } from './pieces.js';

const REPORT_MS = 20000;
let lastReport = 0;
let ended = 0; // the demo a touch ended here, hidden before the service says so
let drawn = ''; // what the overlay was last drawn from

// report tells the service somebody is here; quietly, for a touch is no command of the
// player's (no toast, no token prompt).
function report(now) {
  if (!now && Date.now() - lastReport < REPORT_MS) return;
  lastReport = Date.now();
  const headers = { 'Content-Type': 'application/json' };
  if (state.token) headers.Authorization = 'Bearer ' + state.token;
  fetch('api/command', { method: 'POST', headers, body: JSON.stringify({ cmd: 'touch' }) }).catch(() => {});
}

function overlay() {
  let o = $('attract');
  if (o) return o;
  o = el('div', { id: 'attract', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'attract-invite', hidden: true },
    el('div', { class: 'at-board', 'aria-hidden': 'true' }),
    el('div', { class: 'at-words' },
      el('p', { id: 'attract-invite', class: 'at-invite' }),
      el('p', { id: 'attract-invite2', class: 'at-invite2' }),
      el('p', { id: 'attract-game', class: 'at-game' }),
      el('p', { id: 'attract-demo', class: 'at-demo' })));
  o.addEventListener('click', wake);
  document.body.append(o);
  return o;
}

// wake ends the demo on the screen at once, and tells the service.
function wake(e) {
  const o = $('attract');
  if (!o || o.hidden) return;
  e.preventDefault();
  e.stopPropagation();
  ended = state.data?.demo?.run || ended;
  o.hidden = true;
  report(true);
}

const words = (lang, key, vars = {}) => (DICT[lang][key] ?? DICT.en[key] ?? key).replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');

function drawBoard(box, demo) {
  const g = demo.game;
  const rows = (demo.diagram || []).filter(Array.isArray);
  box.style.setProperty('--files', rows[0]?.length || 1);
  box.style.setProperty('--ranks', rows.length || 1);
  box.replaceChildren(...rows.flatMap((row) => row.map((i) => {
    const sq = demo.squares[i];
    if (!sq) return el('span', { class: 'at-hole' });
    return el('span', { class: 'at-sq' + (sq.last ? ' last' : ''), 'data-square': sq.name },
      ...[pieceSVG(g, sq)].filter(Boolean));
  })));
}

// renderAttract shows the state's demo, if there is one a touch here has not ended.
export function renderAttract(d) {
  const demo = d.demo;
  const on = !!demo && demo.run !== ended;
  const o = on || $('attract') ? overlay() : null;
  if (!o) return;
  o.hidden = !on;
  if (!on) return;
  const other = state.lang === 'it' ? 'en' : 'it';
  const key = [demo.run, demo.game.id, demo.game.ply, state.lang].join(' ');
  if (key === drawn) return;
  drawn = key;
  drawBoard(o.firstChild, demo);
  const invite = 'attract:' + (demo.invite || 'touch');
  $('attract-invite').textContent = words(state.lang, invite);
  $('attract-invite').lang = state.lang;
  $('attract-invite2').textContent = words(other, invite);
  $('attract-invite2').lang = other;
  $('attract-game').textContent = gameName(demo.game);
  const ply = demo.game.ply ? ' · ' + words(state.lang, 'attract:ply', { n: demo.game.ply }) : '';
  $('attract-demo').textContent = words(state.lang, 'attract:demo') + ply;
}

// bindAttract listens for somebody: a key ends the demo as a touch does.
export function bindAttract() {
  document.addEventListener('keydown', (e) => {
    if ($('attract') && !$('attract').hidden) wake(e);
    else report(false);
  }, true);
  document.addEventListener('pointerdown', (e) => {
    if (!e.target.closest?.('#attract')) report(false);
  }, true);
}
