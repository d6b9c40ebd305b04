// The side panel: the game, the players, what the referee says, the moves, the log.

import { LOG_LINES, state } from './state.js';
import { $, el, show, showText } from './dom.js';
import { gameName, playerName, t, tOr } from './words.js';
import { ledLook } from './board.js';
import { arrowIcon } from './arrows.js';
import { pieceName, pieceSVG } from './pieces.js';
import { choiceTile, firstMover, mismatchText, moveGlyph, movePiece, moveWords, msgText, reasonText } from './messages.js';

// refusedWhy words why cmd would be refused now (the state's refused), '' when it can be made.
export function refusedWhy(d, cmd) {
  const code = d?.refused?.[cmd] ?? (d?.game ? '' : 'no-moves');
  return code ? tOr('why:' + code, code) : '';
}

// levelOptions names each AI level with its thinking time per move: "strongest (1 s)".
export const levelOptions = (levels, times = {}) => (levels || []).map((l) => el('option', { value: l },
  t('levelTime', { level: tOr('lvl:' + l, l), time: msText(times[l]) })));
export const msText = (ms) => (ms === undefined ? '?' : ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

export function renderHead(d) {
  $('game-name').textContent = d.game ? gameName(d.game) : t('noGame');
  const key = (d.levels || []).join() + state.lang;
  if (state.shown.levels !== key) {
    state.shown.levels = key;
    $('level').replaceChildren(...levelOptions(d.levels, d.levelTimes));
  }
  $('level').value = d.level; // (in the operator's menu: Suggest uses it too, with no AI playing)
  showText('journal-error', (d.journalErrorMsg && msgText(d, d.journalErrorMsg)) || d.journalError);
  // Why the board is away, in words; the driver's English in the title.
  const away = d.board && !d.board.connected;
  showText('board-link', !away ? '' : tOr('board:' + d.board.code, t('boardAway', { why: d.board.error })));
  $('board-link').title = away ? d.board.error || '' : '';
}

export function renderPlayers(g) {
  const players = g?.players || [];
  const mover = g && !g.over ? players[g.turn] : null;
  $('players').replaceChildren(...players.map((p) => el('li', { class: p === mover ? 'to-move' : '', 'aria-current': p === mover && 'true' },
    el('span', p.piece ? { class: 'disc', role: 'img', 'aria-label': pieceName(g, p), title: pieceName(g, p) } : { class: 'disc', 'aria-hidden': 'true' },
      ...[p.piece ? pieceSVG(g, p) : null].filter(Boolean)),
    el('span', { class: 'name' }, playerName(p.name)),
    el('span', { class: 'side' }, t(p.side === 'ai' ? 'ai' : 'human')),
    el('span', g.scored ? { class: 'score', 'aria-label': t('score', { n: p.score }) } : { class: 'score', 'aria-hidden': 'true' }, g.scored ? String(p.score ?? '') : ''))));
  $('turn').textContent = mover ? tOr('turn:' + mover.name, t('turn', { name: playerName(mover.name) })) : '';
}

// finalScore is the score at game over where the rules keep one (game.scored): "White 25 –
// Black 24"; nothing elsewhere.
export function finalScore(g) {
  if (!g?.scored) return '';
  const score = (g.players || []).map((p) => `${playerName(p.name)} ${p.score}`).join(' – ');
  return el('span', { class: 'final-score' }, t('finalScore', { score }));
}

export function resultText(g) {
  const names = (g.winners || []).map((w) => (typeof w === 'number' ? g.players[w]?.name : w) || String(w));
  if (names.length === 0) return t('draw');
  if (names.length === 1) return tOr('win:' + names[0], t('win', { name: playerName(names[0]) }));
  return t('win', { name: names.map(playerName).join(' & ') });
}

// renderLegend says what the lights on the board ask for now, one line a kind, each with
// its colour as the board shows it, and what each arrow drawn over the board means (the
// state's arrows), pictured as drawn: the last move's beside the last move's light where
// that is lit. An open question's lights are said in the question.
export function renderLegend(d) {
  const seen = new Map();
  const asked = (d.asking || []).length > 0;
  for (const q of d.squares || []) {
    const l = q.light || {};
    if (!l.pattern || l.pattern === 'off' || !l.meaning || l.meaning === 'off' || seen.has(l.meaning) || (asked && l.meaning === 'ask')) continue;
    seen.set(l.meaning, l);
  }
  const arrows = Object.entries(d.arrows || {}).filter(([, a]) => a).map(([kind, a]) => [kind, !a.from]); // [kind, a ring]
  show('legend', seen.size > 0 || arrows.length > 0);
  const key = JSON.stringify([[...seen], arrows]) + state.lang;
  if (state.shown.legend === key) return;
  state.shown.legend = key;
  const items = [...seen].map(([meaning, l]) => el('li', { 'data-meaning': meaning }, swatch(l), tOr('led:' + meaning, meaning)));
  for (const [kind, ring] of arrows) {
    const lit = items.find((li) => li.dataset.meaning === kind); // (the light 'last' is the arrow 'last')
    if (lit) {
      lit.dataset.arrow = kind;
      lit.firstChild.after(arrowIcon(kind, ring));
    } else {
      items.push(el('li', { 'data-arrow': kind }, arrowIcon(kind, ring), t('arrows:' + kind)));
    }
  }
  $('legend').replaceChildren(...items);
}

// swatch is a light's colour and blink as the board draws them: the hue at full strength,
// dim as faint.
function swatch(l) {
  const s = el('span', { class: 'swatch ' + l.pattern, 'aria-hidden': 'true' });
  const look = ledLook(l.color);
  s.style.setProperty('--c', look.color);
  s.style.setProperty('--a', look.alpha);
  return s;
}

export function renderStatus(d) {
  const over = !!d.game?.over;
  show('rematch', over);
  const result = $('result');
  result.replaceChildren();
  const reason = reasonText(d.game);
  const broken = over && (d.game.broken || []).length > 0; // (Push's spear edition)
  const why = [reason, broken && t('brokenNote')].filter(Boolean).join(' · ');
  if (over) result.append(el('strong', {}, resultText(d.game)), why ? el('small', {}, why) : '', finalScore(d.game));
  show('result', over);
  renderRound(d.game);
  show('thinking', !!d.thinking);
  // The AI's move in words where it names a piece or an action, else its notation, large.
  const aiWords = d.aiMove && moveWords(d.game, d.aiMove) !== d.aiMove;
  showText('ai-move', aiWords ? moveWords(d.game, d.aiMove, d.game?.turn, 'did', t('theAI')) : d.aiMove, 'ai-move-box');
  $('ai-move').classList.toggle('words', !!aiWords);
  showText('suggestion', (d.suggestion && moveWords(d.game, d.suggestion)) || (d.suggesting ? t('suggesting') : ''), 'suggestion-box');
  showText('mismatch', mismatchText(d) || d.mismatch);
  show('waiting', !!d.waiting);
  renderGuide(d);
  renderAsking(d);
  renderSecrets(d);
  renderRack(d);
}

// renderRound says who won the round just ended (Xe Queo!'s rings) and the rings each
// player has, in player order as the list above names them ("rings 0–1"), until the next
// round begins with its ring (game.round).
export function renderRound(g) {
  const r = !g?.over && g?.round;
  show('round-over', !!r);
  if (!r) return $('round-over').replaceChildren();
  const name = playerName(g.players?.[r.player]?.name ?? '');
  $('round-over').replaceChildren(el('strong', {}, t('roundWon', { name, round: r.number })), ' · ',
    el('span', {}, t('roundRings', { score: (r.won || []).join('–') })));
}

// renderGuide names the pawns to put while the board is set up (Xe Queo!): presence sensors
// cannot see a pawn's colour, so the lights show where each goes, in its colour on colour
// LEDs, one square at a time on one-colour LEDs, and the page names the colour.
export function renderGuide(d) {
  const guide = d.guide || [];
  show('guide', guide.length > 0);
  const key = JSON.stringify(guide) + state.lang;
  if (state.shown.guide === key) return;
  state.shown.guide = key;
  $('guide').replaceChildren(...guide.map((p) => {
    const li = el('li', { class: 'guide-pawn', 'data-square': p.square },
      el('span', { class: 'swatch', 'aria-hidden': 'true' }), t('guide', { colour: tOr('colour:' + p.colour, p.colour), square: p.square }));
    li.style.setProperty('--pawn', p.light?.color || '#888');
    return li;
  }));
}

// renderRack lists the pieces still waiting off the board (Quarto, Quad, Quantik): each
// with its slot's light where the board has a rack. Not at game over, when none is to play
// and the banner needs the room at 800×480, nor while a question pictures the same pieces
// as its options.
export function renderRack(d) {
  const rack = d.game?.over || questionTiles(d)?.[0].pictured ? [] : d.rack || [];
  show('rack-box', rack.length > 0);
  const key = JSON.stringify(rack) + state.lang;
  if (state.shown.rack === key) return;
  state.shown.rack = key;
  $('rack').replaceChildren(...rack.map((p) => {
    const name = pieceName(d.game, p);
    const li = el('li', { class: 'rack-piece' + (p.in ? '' : ' gone'), title: name, 'aria-label': name, 'data-label': p.label }, ...[pieceSVG(d.game, p)].filter(Boolean));
    if (p.light && p.light.pattern !== 'off') li.style.setProperty('--led', p.light.color);
    li.classList.toggle('lit', !!(p.light && p.light.pattern && p.light.pattern !== 'off'));
    return li;
  }));
}

// renderSecrets shows the commitments of Xe Queo!'s AI: sealed during the round, revealed
// after it, so that anybody can check it kept its pawn (printf '%s' 'tavoliere xequeo
// commitment v2 <reveal>' | sha256sum gives the seal again). One line, which holds on the
// 800×480 screen: the newest round's seal as a fingerprint, and the pawn of the round before
// once revealed; tapped, every round's whole seal and what to check it against.
export function renderSecrets(d) {
  const list = d.aiSecrets || [];
  show('ai-secrets', list.length > 0);
  const key = JSON.stringify(list) + state.lang;
  if (state.shown.secrets === key) return;
  state.shown.secrets = key;
  if (!list.length) return $('ai-secrets').replaceChildren();
  const short = (x) => String(x.commitment || '').slice(0, 8) + '…';
  const last = list[list.length - 1];
  const before = [...list].reverse().find((x) => x.reveal && x !== last);
  const line = last.reveal ? t('sealWas', { round: last.round, colour: revealedColour(last.reveal), code: short(last) })
    : t('sealNow', { round: last.round, code: short(last) }) + (before ? ' · ' + t('sealBefore', { round: before.round, colour: revealedColour(before.reveal) }) : '');
  const rounds = [...list].reverse().map((x) => el('li', {}, t('sealCode', { round: x.round }), el('code', {}, x.commitment),
    ...(x.reveal ? [' ', t('sealCheck', { reveal: x.reveal })] : [])));
  $('ai-secrets').replaceChildren(el('li', {}, el('details', { class: 'seal' },
    el('summary', { title: t('sealWhole') }, line), el('ol', { class: 'seal-rounds' }, ...rounds))));
}

// revealedColour names the pawn of a reveal, "<round> <colour letter> <nonce>".
export function revealedColour(reveal) {
  const names = { R: 'red', O: 'orange', Y: 'yellow', G: 'green', B: 'blue', V: 'violet', W: 'white' };
  const letter = reveal.split(' ')[1];
  return names[letter] ? t('colour:' + names[letter]) : letter;
}

export function renderAsking(d) {
  const asking = d.asking || [];
  show('asking', asking.length > 0);
  const unseen = d.unseen || [];
  show('unseen', unseen.length > 0);
  const key = (list) => list.join('\n') + state.lang + d.game?.turn;
  if (state.shown.unseen !== key(unseen)) {
    state.shown.unseen = key(unseen);
    // (Many, Push's twenty pushes or Xe Queo!'s seven calls, as tiles that hold on the 800×480
    // screen opened: each its short notation, its words in its title, and its picture where
    // the pictures differ.)
    const tiles = unseen.length > 4;
    const pictures = new Set(unseen.map((m) => JSON.stringify(movePiece(d.game, m, d.game?.turn) || null)));
    $('unseen-moves').classList.toggle('compact', tiles);
    $('unseen-moves').classList.toggle('plain', tiles && pictures.size === 1);
    $('unseen-moves').replaceChildren(...unseen.map((m) => moveChoice(d.game, m, tiles ? glyphText(d.game, m) : '')));
  }
  // (How to answer on the board; on an empty lit square, a piece put down and lifted; with
  // no square lit, only here. The lights' colour is shown here, not in the legend.)
  const asks = (d.squares || []).filter((q) => q.light && q.light.meaning === 'ask');
  const how = t(asks.length === 0 ? 'askingHowScreen' : asks.some((q) => !q.reading) ? 'askingHowEmpty' : 'askingHow');
  if ($('asking-how').textContent !== how || $('asking-how').dataset.lit !== String(asks[0]?.light.color || '')) {
    $('asking-how').dataset.lit = asks[0]?.light.color || '';
    $('asking-how').replaceChildren(...(asks.length ? [swatch(asks[0].light)] : []), how);
  }
  // (One option is a move seen only in part: the players confirm it, or make it again.
  // Moves read from the board alone are several made: the question is which came first.)
  const one = asking.length === 1;
  const title = t(d.askingFirst ? (one ? 'askingFirstOne' : 'askingFirst') : one ? 'askingOne' : 'asking');
  if ($('asking-title').textContent !== title) $('asking-title').textContent = title;
  // (Where the board can show none of the options, Quarto's piece handed over or Xe Queo!'s
  // ring, one of them is made: no "none of these", which would only ask again.)
  const none = !d.refused?.dismiss;
  if (state.shown.asking === key(asking) + none) return;
  state.shown.asking = key(asking) + none;
  const tiles = questionTiles(d);
  showText('asking-lead', tiles ? tiles[0].lead : '');
  $('asking-moves').classList.toggle('compact', !!tiles);
  $('asking-moves').classList.toggle('pictured', !!tiles?.[0].pictured);
  // (A question can be answered none: it closes, and the lights say what to set right,
  // where the board differs from the game.)
  const no = none ? [el('button', { type: 'button', id: 'asking-none', class: 'move-none' }, t(one ? 'notThis' : 'noneOfThese'))] : [];
  $('asking-moves').replaceChildren(...asking.map((m, i) => moveChoice(d.game, m, tiles ? tiles[i].caption : '')), ...no);
}

// questionTiles is how the options of d's question read as a grid of tiles, which keeps
// many of them on the screen at 800×480: under one lead where they share one (Quarto's
// pieces, the ring's squares), each with its caption ('' for its words); null for four
// options or fewer, or for options of unlike forms.
export function questionTiles(d) {
  const asking = d.asking || [];
  if (asking.length <= 4) return null;
  const tiles = asking.map((m) => choiceTile(d.game, m) || { lead: '', caption: '' });
  return tiles.every((x) => x.lead === tiles[0].lead) ? tiles : null;
}

// glyphText is the short text of move m as the move list writes it ("↓a5", "Xe Queo!").
const glyphText = (g, m) => moveGlyph(g, m, g?.turn).filter((x) => typeof x === 'string').join('');

// moveChoice is a button that answers with move m, in words (or caption, under a lead the
// options share), with a small picture of the piece it names (Quarto's piece to hand over,
// Xe Queo!'s pawn or ring).
function moveChoice(g, m, caption = '') {
  const pc = movePiece(g, m, g?.turn);
  const svg = pc && pieceSVG(g, pc);
  const words = moveWords(g, m);
  return el('button', { type: 'button', class: 'move-choice', 'data-move': m, 'aria-label': words, title: words },
    ...(svg ? [el('span', { class: 'choice-piece', 'aria-hidden': 'true' }, svg)] : []), el('span', {}, caption || words));
}

export function renderMoves(g) {
  const moves = g?.moves || [];
  const per = g?.players?.length || 2; // numbered by rounds: 1. f4 g5-f6 2. …
  const key = moves.join(' ') + per + state.lang + JSON.stringify(g?.players?.map((p) => p.piece));
  if (state.shown.moves === key) return;
  state.shown.moves = key;
  const box = $('moves');
  // (Each move's piece drawn small and its words in the title: Quarto's piece handed over.)
  const first = firstMover(g);
  box.replaceChildren(...moves.map((m, i) => el('span', { class: 'mv' + (i === moves.length - 1 ? ' last' : ''), title: moveWords(g, m, (first + i) % per, 'did') },
    ...(i % per ? [] : [el('b', { class: 'num' }, `${i / per + 1}.`), ' ']),
    ...moveGlyph(g, m, (first + i) % per).map((x) => (typeof x === 'string' ? x : el('span', { class: 'mv-piece', 'aria-hidden': 'true' }, x))))));
}

// keepLastMoveInView scrolls the move list to its end after the panel is drawn (what is
// drawn after the moves, a legend or a question, may shrink their box), unless the player
// has scrolled up to read.
export function keepLastMoveInView() {
  const box = $('moves');
  if (state.movesPinned !== false) box.scrollTop = box.scrollHeight;
}

export function renderLog(log) {
  const time = (at) => (isNaN(new Date(at)) ? '' : new Date(at).toLocaleTimeString(state.lang, { hourCycle: 'h23' }));
  $('log').replaceChildren(...(log || []).slice(-LOG_LINES).map((e) =>
    el('li', { class: 'log-' + e.kind }, el('time', { datetime: e.at }, time(e.at)), ' ',
      el('span', { class: 'kind' }, tOr('log:' + e.kind, e.kind || '')), ' ', (e.code && msgText(state.data, e)) || e.text)));
}

export function renderSensors(d) {
  document.body.classList.toggle('sensors-on', state.sensors);
  show('sensor-view', state.sensors);
  if (!state.sensors) return;
  $('sensor-kind').textContent = d.sensor ? `(${tOr('sensor:' + d.sensor, d.sensor)})` : '';
  const cells = $('cells');
  cells.style.setProperty('--cols', d.game?.files || 8);
  cells.replaceChildren(...(d.cells || []).map((v, i) =>
    el('span', { class: v ? 'on' : '', title: t('channel', { n: i }), 'data-cell': i }, String(v))));
}

export function renderControls(d) {
  // A command that would be refused now looks unavailable and says why when pressed.
  for (const cmd of ['takeback', 'suggest']) {
    const why = refusedWhy(d, cmd);
    $(cmd).setAttribute('aria-disabled', String(!!why));
    $(cmd).title = why;
  }
  $('hints').setAttribute('aria-pressed', String(!!d.hints));
  $('sensors').setAttribute('aria-pressed', String(state.sensors));
  $('flip').setAttribute('aria-pressed', String(state.flip));
  show('flip', !!d.simulated && !!d.game.flips); // only where a move turns a piece over
  // The operator's button shows that one of its tools is on, the menu closed or open.
  $('operator').classList.toggle('tools-on', !!d.hints || state.sensors || state.flip);
  show('sim-hint', !!d.simulated);
}

// brightPct says a brightness level, 1…255, as the share of full the LEDs show.
export const brightPct = (level) => `${Math.round((level * 100) / 255)} %`;

// brightStep is the level − or + goes to: 16 levels a step (a MAX7219's steps), 1…255.
export const brightStep = (level, dir) => Math.max(1, Math.min(255, (dir > 0 ? Math.floor(level / 16) + 1 : Math.ceil(level / 16) - 1) * 16));

// renderBrightness shows the LEDs' brightness in the operator's menu (the state's
// brightness); where they cannot dim the controls are disabled and the note says why.
export function renderBrightness(d) {
  const b = d.brightness || {};
  const can = !!b.dimmable;
  for (const id of ['brightness', 'bright-down', 'bright-up']) $(id).disabled = !can;
  show('bright-note', !can);
  if (state.brightDrag) return; // (the operator's finger is on the slider: his value stands)
  $('brightness').value = String(b.level || 1);
  $('bright-value').textContent = can ? brightPct(b.level) : '';
}
