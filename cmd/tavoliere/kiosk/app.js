// The kiosk page: draws the referee's state (GET /api/state, then the `state` events of
// /api/events) and sends the player's commands (POST /api/command). See API.md.

import { LANG_KEY, state } from './state.js';
import { $, show } from './dom.js';
import { applyLang, readEnglish, toggleLang } from './words.js';
import { onBoardClick, onBoardKey, onPointerDown, onPointerEnd, renderBoard, squareOf } from './board.js';
import { brightPct, brightStep, keepLastMoveInView, refusedWhy, renderBrightness, renderControls, renderHead, renderLegend, renderLog, renderMoves, renderPlayers, renderSensors, renderStatus } from './panel.js';
import { command, connect, endTokenPrompt, loadState, loadToken, onTokenSubmit, toast } from './net.js';
import { onNewGameSubmit, openChosenRules, openNewGame, renderChoice } from './dialogs.js';
import { openRules } from './rules.js';
import { bindAttract, renderAttract } from './attract.js';

export function render() {
  const d = state.data;
  if (!d) return;
  renderBoard(d);
  renderHead(d);
  renderPlayers(d.game);
  renderStatus(d);
  renderLegend(d);
  renderMoves(d.game);
  renderLog(d.log);
  renderSensors(d);
  renderControls(d);
  renderBrightness(d);
  keepLastMoveInView();
  renderAttract(d);
}

// apply draws a state unless a newer one of the same game is already shown.
export function apply(d) {
  const cur = state.data;
  if (cur && d.session === cur.session && d.version < cur.version) return;
  d.squares ||= [];
  state.data = d;
  render();
}

export const game = (cmd, extra) => state.data && command({ cmd, session: state.data.session, ply: state.data.game?.ply, ...extra });

// rematch starts the game just ended again, its settings kept, the sides swapped.
function rematch() {
  const d = state.data;
  const g = d?.game;
  if (!g) return;
  const sides = (g.players || []).map((p) => p.side);
  sides.push(sides.shift()); // who played second plays first
  command({ cmd: 'new-game', game: g.id, settings: g.settings || {}, sides, level: d.level });
}

// unlessRefused sends cmd, or says why the service would refuse it now.
function unlessRefused(cmd) {
  const why = refusedWhy(state.data, cmd);
  if (why) toast(why);
  else game(cmd);
}

// toggleOperator opens or closes the operator's menu. It is not modal: in Flip mode the
// operator taps the board with the menu open.
function toggleOperator(open) {
  const menu = $('operator-menu');
  if (open === menu.open) return;
  if (!open) return menu.close(); // (its close event gives the focus back)
  const bar = $('controls');
  menu.style.top = `${bar.offsetTop + bar.offsetHeight + 4}px`;
  menu.show();
  $('operator').setAttribute('aria-expanded', 'true');
  $('hints').focus();
}

function bind() {
  const on = (id, ev, fn) => $(id).addEventListener(ev, fn);
  on('lang', 'click', toggleLang);
  on('new-game', 'click', openNewGame);
  on('takeback', 'click', () => unlessRefused('takeback'));
  on('rematch', 'click', rematch);
  on('moves', 'scroll', (e) => {
    const b = e.target;
    state.movesPinned = b.scrollHeight - b.scrollTop - b.clientHeight < 8;
  });
  on('hints', 'click', () => game('hints', { on: !state.data?.hints }));
  on('suggest', 'click', () => unlessRefused('suggest'));
  on('rules', 'click', () => openRules());
  on('ng-rules', 'click', openChosenRules);
  on('level', 'change', (e) => command({ cmd: 'level', level: e.target.value }));
  const brighten = (level) => command({ cmd: 'brightness', brightness: level });
  on('brightness', 'input', (e) => { state.brightDrag = true; $('bright-value').textContent = brightPct(+e.target.value); });
  on('brightness', 'change', (e) => { state.brightDrag = false; brighten(+e.target.value); });
  on('bright-down', 'click', () => brighten(brightStep(+$('brightness').value, -1)));
  on('bright-up', 'click', () => brighten(brightStep(+$('brightness').value, +1)));
  on('sensors', 'click', () => { state.sensors = !state.sensors; render(); });
  on('operator', 'click', () => toggleOperator(!$('operator-menu').open));
  on('operator-close', 'click', () => toggleOperator(false));
  on('operator-menu', 'keydown', (e) => { if (e.key === 'Escape') toggleOperator(false); });
  on('operator-menu', 'close', () => { $('operator').setAttribute('aria-expanded', 'false'); $('operator').focus(); });
  on('flip', 'click', () => { state.flip = !state.flip; render(); });
  on('toast-close', 'click', () => show('toast', false));
  on('token-form', 'submit', onTokenSubmit);
  on('token-cancel', 'click', () => endTokenPrompt()?.resolve(false));
  const moveOf = (e) => e.target.closest?.('[data-move]')?.dataset.move; // (a click on a choice's picture or words)
  on('asking-moves', 'click', (e) => (e.target.closest?.('#asking-none') ? game('dismiss') : moveOf(e) && game('choose', { move: moveOf(e) })));
  on('unseen-moves', 'click', (e) => moveOf(e) && game('enter', { move: moveOf(e) }));
  on('ng-game', 'change', renderChoice);
  on('ng-form', 'submit', onNewGameSubmit);
  on('ng-cancel', 'click', () => $('new-game-dialog').close());
  on('board', 'click', onBoardClick);
  on('board', 'pointerdown', onPointerDown);
  on('board', 'keydown', onBoardKey);
  for (const ev of ['pointerup', 'pointercancel', 'pointerleave']) on('board', ev, onPointerEnd);
  on('board', 'contextmenu', (e) => { if (squareOf(e)) e.preventDefault(); });
}

function start() {
  const saved = localStorage.getItem(LANG_KEY);
  state.lang = saved === 'it' || saved === 'en' ? saved : /^it\b/i.test(navigator.language || '') ? 'it' : 'en';
  bind();
  bindAttract();
  readEnglish();
  applyLang();
  loadToken();
  loadState();
  connect();
}

start();
