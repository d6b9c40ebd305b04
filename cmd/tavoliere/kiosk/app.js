// The kiosk page: draws the referee's state (GET /api/state, then the `state` events of
// /api/events) and sends the player's commands (POST /api/command). See ../API.md.
const TOKEN_KEY = 'tavoliere-token';
const LANG_KEY = 'tavoliere-lang';
const LONG_PRESS_MS = 500;
const TOAST_MS = 10000;
const LOG_LINES = 3;
const BLINK_MS = { slow: 1000, fast: 250 };

// The strings of the page. The English of the static elements is their text in index.html.
const DICT = {
  en: {
    noSettings: 'No settings', human: 'Human', ai: 'AI', player: 'Player {n}', turn: '{name} to move',
    askingHow: 'Tap a lit square on the board (lift its piece and put it back), or choose here.',
    askingHowEmpty: 'Tap a lit square on the board (lift its piece and put it back; on an empty one, put a piece down and lift it), or choose here.',
    win: '{name} wins', draw: 'Draw', noGame: 'No game', score: 'score {n}', channel: 'channel {n}',
    boardAway: 'The board is not connected; the game waits for it ({why})',
    netError: 'The service cannot be reached', empty: 'empty', light: 'light disc', dark: 'dark disc',
    piece: 'piece {n}', lit: 'lit: {what}', readings: 'reads {r}, expected {e}',
    'led:remove': 'clear this square', 'led:put': 'put a piece here', 'led:turn': 'turn this piece over',
    'led:ask': 'tap to choose this move (empty: put a piece down and lift it)', 'led:ai-from': "lift the AI's piece",
    'led:ai-to': "the AI's piece goes here", 'led:flip': 'a disc to turn over',
    'led:destination': 'a legal destination', 'led:last': 'the last move', 'pat:steady': 'steady',
    'led:hint-from': 'the suggested piece to lift', 'led:hint-to': 'the suggested move goes here',
    'led:lift': 'lift this piece and put it back',
    suggesting: 'looking for a move…', levelTime: '{level} ({time})',
    'pat:slow': 'slow blink', 'pat:fast': 'fast blink', 'set:drop-last': 'Drop last',
    'set:move-cap': 'Move cap', 'set:first': 'First to move', 'set:layout': 'Start layout', 'set:seed': 'Deal', 'set:ring': 'Ring',
    'log:ai-move': 'AI move', 'log:think': 'AI thinking', 'log:game-over': 'game over', 'log:new-game': 'new game',
    random: 'random', guide: 'Put the {colour} pawn on {square}', 'colour:red': 'red', 'colour:orange': 'orange',
    'colour:yellow': 'yellow', 'colour:green': 'green', 'colour:blue': 'blue', 'colour:violet': 'violet', 'colour:white': 'white',
    aiCommit: "Round {round}: the AI has chosen its secret pawn and sealed it. Seal: {code}",
    aiReveal: "Round {round}: the AI's secret pawn was the {colour} one. To check: the seal {code} is the SHA-256 of 'tavoliere xequeo commitment v2 {reveal}'",
  },
  it: {
    board: 'Scacchiera', controls: 'Comandi', players: 'Giocatori', events: 'Eventi', dismiss: 'Chiudi',
    newGame: 'Nuova partita', takeback: 'Annulla mossa', hints: 'Suggerimenti', sensors: 'Sensori',
    flip: 'Capovolgi', lang: "Lingua: italiano. Passa all'inglese", reconnecting: 'riconnessione…', ok: 'OK',
    cancel: 'Annulla', tokenPrompt: 'Per accettare comandi questo chiosco richiede il suo codice:',
    level: 'Livello IA', thinking: "L'IA sta pensando…", aiMove: "Esegui la mossa dell'IA:",
    random: 'a caso', guide: 'Metti la pedina {colour} su {square}', 'colour:red': 'rossa', 'colour:orange': 'arancione',
    'colour:yellow': 'gialla', 'colour:green': 'verde', 'colour:blue': 'blu', 'colour:violet': 'viola', 'colour:white': 'bianca',
    aiCommit: "Manche {round}: l'IA ha scelto la sua pedina segreta e l'ha sigillata. Sigillo: {code}",
    aiReveal: "Manche {round}: la pedina segreta dell'IA era quella {colour}. Per verificare: il sigillo {code} è lo SHA-256 di 'tavoliere xequeo commitment v2 {reveal}'",
    askingHow: 'Tocca una casella illuminata (solleva la pedina e rimettila), o scegli qui.',
    askingHowEmpty: 'Tocca una casella illuminata (solleva la pedina e rimettila; se è vuota, posa una pedina e sollevala), o scegli qui.',
    waiting: 'Sistema la scacchiera come indicato dalle luci', asking: 'Quale mossa?', unseen: 'Mosse che la scacchiera non vede: scegli la tua dopo averla fatta', rack: 'Pezzi in attesa', moves: 'Mosse',
    sensorTitle: 'Canali dei sensori', sensorNote: 'Sulla scacchiera: letto / atteso per ogni casella.',
    game: 'Gioco', noFit: 'non si adatta a questa scacchiera', settings: 'Impostazioni', sides: 'Giocatori',
    noSettings: 'Nessuna impostazione', start: 'Inizia', human: 'Umano', ai: 'IA', player: 'Giocatore {n}',
    turn: 'Tocca a {name}', win: 'Vince {name}', draw: 'Patta', noGame: 'Nessuna partita', score: 'punti {n}',
    boardAway: 'La scacchiera non è collegata; la partita la aspetta ({why})',
    channel: 'canale {n}', netError: 'Il servizio non è raggiungibile',
    simHint: 'Tocca una casella per sollevare o posare una pedina; Maiusc+clic, una pressione lunga o la modalità Capovolgi la girano.',
    empty: 'vuota', light: 'pedina chiara', dark: 'pedina scura', piece: 'pezzo {n}', lit: 'luce: {what}',
    readings: 'letto {r}, atteso {e}', 'led:remove': 'libera questa casella', 'led:put': 'metti una pedina qui',
    'led:turn': 'capovolgi questa pedina', 'led:ask': 'tocca per scegliere questa mossa (se vuota: posa una pedina e sollevala)',
    'led:ai-from': "solleva la pedina dell'IA", 'led:ai-to': "la pedina dell'IA va qui",
    'led:flip': 'pedina da capovolgere', 'led:destination': 'destinazione possibile', 'led:last': "l'ultima mossa",
    'led:hint-from': 'la pedina suggerita da sollevare', 'led:hint-to': 'dove va la mossa suggerita',
    'led:lift': 'solleva questo pezzo e rimettilo',
    suggest: 'Suggerisci una mossa', suggestion: 'Mossa suggerita:', suggesting: 'cerco una mossa…',
    'pat:steady': 'fissa', 'pat:slow': 'lampeggio lento', 'pat:fast': 'lampeggio rapido',
    'turn:White': 'Tocca al Bianco', 'turn:Black': 'Tocca al Nero', 'win:White': 'Vince il Bianco',
    'win:Black': 'Vince il Nero', 'name:White': 'Bianco', 'name:Black': 'Nero',
    'name:Player 1': 'Giocatore 1', 'turn:Player 1': 'Tocca al Giocatore 1', 'win:Player 1': 'Vince il Giocatore 1',
    'name:Player 2': 'Giocatore 2', 'turn:Player 2': 'Tocca al Giocatore 2', 'win:Player 2': 'Vince il Giocatore 2',
    'name:Light': 'Chiaro', 'turn:Light': 'Tocca al Chiaro', 'win:Light': 'Vince il Chiaro',
    'name:Dark': 'Scuro', 'turn:Dark': 'Tocca allo Scuro', 'win:Dark': 'Vince lo Scuro',
    'name:Crosses': 'Croci', 'turn:Crosses': 'Tocca alle Croci', 'win:Crosses': 'Vincono le Croci',
    'name:Circles': 'Cerchi', 'turn:Circles': 'Tocca ai Cerchi', 'win:Circles': 'Vincono i Cerchi',
    'name:Red': 'Rosso', 'turn:Red': 'Tocca al Rosso', 'win:Red': 'Vince il Rosso',
    'name:Blue': 'Blu', 'turn:Blue': 'Tocca al Blu', 'win:Blue': 'Vince il Blu',
    'name:Green': 'Verde', 'turn:Green': 'Tocca al Verde', 'win:Green': 'Vince il Verde',
    'name:Yellow': 'Giallo', 'turn:Yellow': 'Tocca al Giallo', 'win:Yellow': 'Vince il Giallo',
    'game:crowded': 'Quad Wrangle: Variante Affollata (Crusade)', 'lvl:beginner': 'principiante',
    'lvl:easy': 'facile', 'lvl:normal': 'normale', 'lvl:strong': 'forte', 'lvl:strongest': 'fortissimo',
    'sensor:presence': 'presenza', 'sensor:polarity': 'polarità', 'sensor:identity': 'identità',
    'set:drop-last': 'Collocamento per ultimo', 'set:move-cap': 'Limite di semimosse',
    'set:first': 'Muove per primo', 'set:layout': 'Disposizione iniziale', 'set:seed': 'Distribuzione', 'set:ring': 'Anello',
    'val:tapped': 'scelto con un tocco', 'val:sensed': 'letto dai sensori', 'val:euclid': 'euclidea', 'val:octile': 'ottagonale',
    'doc:drop-last': 'priorità di Carter: si colloca una pedina solo se non si può né muovere né crescere',
    'doc:move-cap': 'semimosse dopo le quali la partita finisce e si contano le pedine (0: nessun limite)',
    'doc:first': 'chi muove per primo',
    'doc:layout': 'inizio: scacchiera alternata di Neto (il Bianco sul colore di a1) o distribuzione casuale 32 contro 32 di Carter',
    'doc:seed': 'il numero che determina la distribuzione casuale', 'val:on': 'sì', 'val:off': 'no',
    'val:white': 'Bianco', 'val:black': 'Nero', 'val:checkerboard': 'a scacchiera', 'val:random': 'casuale',
    'log:move': 'mossa', 'log:takeback': 'mossa annullata', 'log:mismatch': 'differenza', 'log:repaired': 'sistemato',
    'log:asking': 'domanda', 'log:game-over': 'fine partita', 'log:think': "l'IA pensa", 'log:ai-move': "mossa dell'IA",
    'log:tap': 'tocco', 'log:warning': 'avviso', 'log:new-game': 'nuova partita',
  },
};

// The one mutable object of the page.
const state = {
  data: null, // the last state from the service
  lang: 'en',
  token: '',
  sensors: false, // the sensor view is shown
  flip: false, // Flip mode: a tap turns the piece over
  layout: '', // the diagram the board was built for
  squares: [], // square buttons by square index
  shown: {}, // what lists were last drawn from, to redraw only on change
  lost: false, // the event stream dropped
  pending: null, // the command waiting for a token
  press: null, // a touch that may become a long press
  toastTimer: 0,
};

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== false && v != null) e.setAttribute(k, v === true ? '' : v);
  e.append(...children);
  return e;
}

function t(key, vars = {}) {
  const s = DICT[state.lang][key] ?? DICT.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');
}

// tOr translates key when the dictionary knows it, else keeps the service's text.
function tOr(key, fallback, vars) {
  return key in DICT[state.lang] || key in DICT.en ? t(key, vars) : fallback;
}

const gameName = (g) => tOr('game:' + g.id, g.name);
// playerName is a side's name in the page's language; "Crosses A1" (Quixo for four) is its
// team's name and its seat.
const playerName = (name) => {
  const [team, ...seat] = String(name).split(' ');
  return tOr('name:' + name, seat.length ? [tOr('name:' + team, team), ...seat].join(' ') : name);
};

// ---- language ----

function readEnglish() {
  for (const e of document.querySelectorAll('[data-i18n]')) DICT.en[e.dataset.i18n] ??= e.textContent;
  for (const e of document.querySelectorAll('[data-i18n-aria]')) DICT.en[e.dataset.i18nAria] ??= e.getAttribute('aria-label');
}

function applyLang() {
  document.documentElement.lang = state.lang;
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-aria]')) e.setAttribute('aria-label', t(e.dataset.i18nAria));
  $('lang').dataset.lang = state.lang;
  state.shown = {};
  render();
}

function toggleLang() {
  state.lang = state.lang === 'it' ? 'en' : 'it';
  localStorage.setItem(LANG_KEY, state.lang);
  applyLang();
}

// ---- the board ----

const splitName = (name) => /^([a-z]+)(\d+)$/i.exec(name || '')?.slice(1) || [name || '', ''];

function buildBoard(d) {
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

function onBoardKey(e) {
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

function squareButton(d, idx) {
  const sq = d.squares[idx];
  if (!sq) return el('span', { class: 'hole' });
  const b = el('button', { type: 'button', class: 'square', tabindex: -1, 'data-square': sq.name, 'data-index': idx },
    el('span', { class: 'led', 'aria-hidden': 'true' }),
    el('span', { class: 'piece', 'aria-hidden': 'true' }),
    el('span', { class: 'rd', 'aria-hidden': 'true' }));
  state.squares[idx] = b;
  return b;
}

// ledLook keeps the hue of an LED colour at full strength and turns its brightness into
// opacity, so that dim lights (last move, destinations) still show on a screen.
function ledLook(hex) {
  const n = parseInt(String(hex).slice(1), 16) || 0;
  const rgb = [n >> 16 & 255, n >> 8 & 255, n & 255];
  const max = Math.max(...rgb);
  if (max === 0) return { color: 'transparent', alpha: 0 };
  const full = rgb.map((c) => Math.round(c * 255 / max));
  return { color: `rgb(${full.join(',')})`, alpha: (0.45 + 0.55 * max / 255).toFixed(2) };
}

function lightText(light, pattern, color) {
  if (pattern === 'off' || ledLook(color).alpha === 0) return '';
  const what = light.meaning && light.meaning !== 'off' ? light.meaning : '';
  return t('lit', { what: what ? t('led:' + what) : t('pat:' + pattern) });
}

const pieceClass = (p) => ['', 'p-light', 'p-dark'][p] ?? (p > 2 ? 'p-token' : '');
const pieceText = (p) => (p > 2 ? t('piece', { n: p }) : t(['empty', 'light', 'dark'][p] || 'empty'));
// levelOptions names each AI level with its thinking time per move: "strongest (1 s)".
const levelOptions = (levels, times = {}) => (levels || []).map((l) => el('option', { value: l },
  t('levelTime', { level: tOr('lvl:' + l, l), time: msText(times[l]) })));
const msText = (ms) => (ms === undefined ? '?' : ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`);

function updateSquare(b, sq, sim) {
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
  const piece = b.children[1];
  piece.className = 'piece ' + pieceClass(sq.piece);
  piece.textContent = sq.label || (sq.piece > 2 ? sq.piece : '');
  b.classList.toggle('diff', sq.reading !== sq.expected);
  b.children[2].textContent = `${sq.reading}/${sq.expected}`;
  const parts = [sq.name, sq.label || pieceText(sq.piece), lightText(light, pattern, color)];
  if (state.sensors) parts.push(t('readings', { r: sq.reading, e: sq.expected }));
  b.setAttribute('aria-label', parts.filter(Boolean).join(', '));
  b.setAttribute('aria-disabled', String(!sim));
}

function renderBoard(d) {
  const key = JSON.stringify(d.diagram);
  if (key !== state.layout) {
    state.layout = key;
    buildBoard(d);
  }
  d.squares.forEach((sq, i) => state.squares[i] && updateSquare(state.squares[i], sq, d.simulated));
  $('board').classList.toggle('sim', !!d.simulated);
}

// ---- the side panel ----

const show = (id, on) => { $(id).hidden = !on; };

// showText puts text into id and shows box (id itself by default) only when there is some.
function showText(id, text, box = id) {
  $(id).textContent = text || '';
  show(box, !!text);
}

function renderHead(d) {
  $('game-name').textContent = d.game ? gameName(d.game) : t('noGame');
  const key = (d.levels || []).join() + state.lang;
  if (state.shown.levels !== key) {
    state.shown.levels = key;
    $('level').replaceChildren(...levelOptions(d.levels, d.levelTimes));
  }
  $('level').value = d.level;
  show('level-box', (d.game?.players || []).some((p) => p.side === 'ai'));
  showText('journal-error', d.journalError);
  showText('board-link', d.board && !d.board.connected ? t('boardAway', { why: d.board.error }) : '');
}

function renderPlayers(g) {
  const players = g?.players || [];
  const mover = g && !g.over ? players[g.turn] : null;
  $('players').replaceChildren(...players.map((p) => el('li', { class: p === mover ? 'to-move' : '', 'aria-current': p === mover && 'true' },
    el('span', { class: 'disc ' + (pieceClass(p.face) || 'p-token'), 'aria-hidden': 'true' }),
    el('span', { class: 'name' }, playerName(p.name)),
    el('span', { class: 'side' }, t(p.side === 'ai' ? 'ai' : 'human')),
    el('span', { class: 'score', 'aria-label': t('score', { n: p.score }) }, String(p.score ?? '')))));
  $('turn').textContent = mover ? tOr('turn:' + mover.name, t('turn', { name: playerName(mover.name) })) : '';
}

function resultText(g) {
  const names = (g.winners || []).map((w) => (typeof w === 'number' ? g.players[w]?.name : w) || String(w));
  if (names.length === 0) return t('draw');
  if (names.length === 1) return tOr('win:' + names[0], t('win', { name: playerName(names[0]) }));
  return t('win', { name: names.map(playerName).join(' & ') });
}

function renderStatus(d) {
  const over = !!d.game?.over;
  const result = $('result');
  result.replaceChildren();
  const reason = /\(([^()]*)\)$/.exec(d.game?.result || '')?.[1] ?? d.game?.result; // "White wins (board full)"
  if (over) result.append(el('strong', {}, resultText(d.game)), reason ? el('small', {}, reason) : '');
  show('result', over);
  show('thinking', !!d.thinking);
  showText('ai-move', d.aiMove, 'ai-move-box');
  showText('suggestion', d.suggestion || (d.suggesting ? t('suggesting') : ''), 'suggestion-box');
  showText('mismatch', d.mismatch);
  show('waiting', !!d.waiting);
  renderGuide(d);
  renderAsking(d);
  renderSecrets(d);
  renderRack(d);
}

// renderGuide names the pawns to put while the board is set up (Xe Queo!): presence sensors
// cannot see a pawn's colour, so the lights show where each goes, in its colour on colour
// LEDs, one square at a time on one-colour LEDs, and the page names the colour.
function renderGuide(d) {
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
// with its slot's light where the board has a rack.
function renderRack(d) {
  const rack = d.rack || [];
  show('rack-box', rack.length > 0);
  const key = JSON.stringify(rack);
  if (state.shown.rack === key) return;
  state.shown.rack = key;
  $('rack').replaceChildren(...rack.map((p) => {
    const li = el('li', { class: 'rack-piece ' + pieceClass(p.piece & 3) + (p.in ? '' : ' gone'), title: p.label }, p.label);
    if (p.light && p.light.pattern !== 'off') li.style.setProperty('--led', p.light.color);
    li.classList.toggle('lit', !!(p.light && p.light.pattern && p.light.pattern !== 'off'));
    return li;
  }));
}

// renderSecrets shows the commitments of Xe Queo!'s AI: sealed during the round, revealed
// after it, so that anybody can check it kept its pawn (printf '%s' 'tavoliere xequeo
// commitment v2 <reveal>' | sha256sum gives the seal again).
function renderSecrets(d) {
  const list = d.aiSecrets || [];
  show('ai-secrets', list.length > 0);
  const key = JSON.stringify(list);
  if (state.shown.secrets === key) return;
  state.shown.secrets = key;
  $('ai-secrets').replaceChildren(...list.map((x) => el('li', {},
    x.reveal ? t('aiReveal', { round: x.round, reveal: x.reveal, code: x.commitment, colour: revealedColour(x.reveal) })
      : t('aiCommit', { round: x.round, code: x.commitment }))));
}

// revealedColour names the pawn of a reveal, "<round> <colour letter> <nonce>".
function revealedColour(reveal) {
  const names = { R: 'red', O: 'orange', Y: 'yellow', G: 'green', B: 'blue', V: 'violet', W: 'white' };
  const letter = reveal.split(' ')[1];
  return names[letter] ? t('colour:' + names[letter]) : letter;
}

function renderAsking(d) {
  const asking = d.asking || [];
  show('asking', asking.length > 0);
  const unseen = d.unseen || [];
  show('unseen', unseen.length > 0);
  if (state.shown.unseen !== unseen.join('\n')) {
    state.shown.unseen = unseen.join('\n');
    $('unseen-moves').replaceChildren(...unseen.map((m) => el('button', { type: 'button', class: 'move-choice', 'data-move': m }, m)));
  }
  // (How to answer on the board; on an empty lit square, a piece put down and lifted.)
  const emptyAsk = (d.squares || []).some((q) => q.light && q.light.meaning === 'ask' && !q.reading);
  const how = t(emptyAsk ? 'askingHowEmpty' : 'askingHow');
  if ($('asking-how').textContent !== how) $('asking-how').textContent = how;
  if (state.shown.asking === asking.join('\n')) return;
  state.shown.asking = asking.join('\n');
  $('asking-moves').replaceChildren(...asking.map((m) => el('button', { type: 'button', class: 'move-choice', 'data-move': m }, m)));
}

function renderMoves(g) {
  const moves = g?.moves || [];
  const per = g?.players?.length || 2; // numbered by rounds: 1. f4 g5-f6 2. …
  if (state.shown.moves === moves.join(' ') + per) return;
  state.shown.moves = moves.join(' ') + per;
  const box = $('moves');
  box.replaceChildren(...moves.map((m, i) => el('span', { class: 'mv' + (i === moves.length - 1 ? ' last' : '') },
    ...(i % per ? [] : [el('b', { class: 'num' }, `${i / per + 1}.`), ' ']), m)));
  box.scrollTop = box.scrollHeight;
}

function renderLog(log) {
  const time = (at) => (isNaN(new Date(at)) ? '' : new Date(at).toLocaleTimeString(state.lang, { hourCycle: 'h23' }));
  $('log').replaceChildren(...(log || []).slice(-LOG_LINES).map((e) =>
    el('li', { class: 'log-' + e.kind }, el('time', { datetime: e.at }, time(e.at)), ' ',
      el('span', { class: 'kind' }, tOr('log:' + e.kind, e.kind || '')), ' ', e.text)));
}

function renderSensors(d) {
  document.body.classList.toggle('sensors-on', state.sensors);
  show('sensor-view', state.sensors);
  if (!state.sensors) return;
  $('sensor-kind').textContent = d.sensor ? `(${tOr('sensor:' + d.sensor, d.sensor)})` : '';
  const cells = $('cells');
  cells.style.setProperty('--cols', d.game?.files || 8);
  cells.replaceChildren(...(d.cells || []).map((v, i) =>
    el('span', { class: v ? 'on' : '', title: t('channel', { n: i }), 'data-cell': i }, String(v))));
}

function renderControls(d) {
  const g = d.game;
  $('takeback').disabled = !g || g.over || !(g.moves || []).length;
  $('hints').setAttribute('aria-pressed', String(!!d.hints));
  $('sensors').setAttribute('aria-pressed', String(state.sensors));
  $('flip').setAttribute('aria-pressed', String(state.flip));
  show('flip', !!d.simulated);
  show('sim-hint', !!d.simulated);
}

function render() {
  const d = state.data;
  if (!d) return;
  renderBoard(d);
  renderHead(d);
  renderPlayers(d.game);
  renderStatus(d);
  renderMoves(d.game);
  renderLog(d.log);
  renderSensors(d);
  renderControls(d);
}

// apply draws a state unless a newer one of the same game is already shown.
function apply(d) {
  const cur = state.data;
  if (cur && d.session === cur.session && d.version < cur.version) return;
  d.squares ||= [];
  state.data = d;
  render();
}

// ---- talking to the service ----

async function loadState() {
  try {
    const res = await fetch('api/state', { cache: 'no-store' });
    if (res.ok) apply(await res.json());
  } catch { /* the event stream reports the outage */ }
}

function connect() {
  const es = new EventSource('api/events');
  es.addEventListener('state', (e) => apply(JSON.parse(e.data)));
  es.onopen = () => {
    show('conn', false);
    if (!state.lost) return;
    state.lost = false;
    state.data = null; // the service may have restarted: take whatever it says now
    loadState();
  };
  es.onerror = () => {
    state.lost = true;
    show('conn', true);
    if (es.readyState === EventSource.CLOSED) { // the browser gave up: try again ourselves
      es.close();
      setTimeout(connect, 3000);
    }
  };
}

async function loadToken() {
  state.token = localStorage.getItem(TOKEN_KEY) || '';
  try {
    const res = await fetch('api/token', { cache: 'no-store' });
    if (res.ok) state.token = (await res.json()).token || state.token;
  } catch { /* not on the kiosk itself */ }
}

// command sends body and reports whether the service accepted it; refusals are toasted.
async function command(body, retried = false) {
  const headers = { 'Content-Type': 'application/json' };
  if (state.token) headers.Authorization = 'Bearer ' + state.token;
  let res;
  try {
    res = await fetch('api/command', { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    toast(t('netError'));
    return false;
  }
  if (res.status === 401 && !retried) return askToken(body);
  if (retried && res.status !== 401) localStorage.setItem(TOKEN_KEY, state.token); // the token was right
  if (res.ok) return true;
  const err = await res.json().catch(() => ({}));
  toast(err.error || `${res.status} ${res.statusText}`);
  return false;
}

// askToken shows the token form and resolves with the outcome of body sent with it.
function askToken(body) {
  const form = $('token-form');
  const dlg = $('new-game-dialog');
  (dlg.open ? dlg : $('panel')).prepend(form); // reachable above a modal dialog too
  form.hidden = false;
  $('token-input').value = '';
  $('token-input').focus();
  if (state.pending) state.pending.resolve(false);
  return new Promise((resolve) => { state.pending = { body, resolve }; });
}

async function onTokenSubmit(e) {
  e.preventDefault();
  const value = $('token-input').value.trim();
  if (!value) return;
  state.token = value;
  const p = endTokenPrompt();
  if (p) p.resolve(await command(p.body, true));
}

function endTokenPrompt() {
  const p = state.pending;
  state.pending = null;
  $('token-form').hidden = true;
  return p;
}

function toast(text) {
  $('toast-text').textContent = text;
  show('toast', true);
  clearTimeout(state.toastTimer);
  state.toastTimer = setTimeout(() => show('toast', false), TOAST_MS);
}

// ---- the simulated board ----

const sim = (square, flip) => command({ cmd: 'sim', square, action: flip ? 'flip' : 'toggle' });
const squareOf = (e) => (state.data?.simulated ? e.target.closest?.('.square') : null);

function onBoardClick(e) {
  const b = squareOf(e);
  if (!b) return;
  const press = state.press;
  state.press = null;
  if (press?.fired && Date.now() - press.fired < 1500) return; // the long press already flipped it
  sim(b.dataset.square, e.shiftKey || state.flip);
}

function onPointerDown(e) {
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

const onPointerEnd = () => clearTimeout(state.press?.timer);

// ---- new game ----

const chosenGame = () => (state.data.games || []).find((g) => g.id === $('ng-game').value);

function openNewGame() {
  const d = state.data;
  if (!d) return;
  const games = d.games || [];
  $('ng-game').replaceChildren(...games.map((g) => el('option', { value: g.id, disabled: !g.fits },
    `${gameName(g)}${g.board ? ` (${g.board})` : ''}${g.fits ? '' : ' — ' + t('noFit')}`)));
  const current = games.find((g) => g.id === d.game?.id && g.fits) || games.find((g) => g.fits);
  $('ng-game').value = current?.id || '';
  $('ng-level').replaceChildren(...levelOptions(d.levels, d.levelTimes));
  $('ng-level').value = d.level;
  renderChoice();
  $('new-game-dialog').showModal();
}

function renderChoice() {
  const g = chosenGame();
  show('ng-fit-note', !!g && !g.fits);
  const settings = g?.settings || [];
  $('ng-settings').replaceChildren(el('legend', {}, t('settings')),
    ...(settings.length ? settings.map(settingField) : [el('p', { class: 'note' }, t('noSettings'))]));
  renderSides(g);
}

function settingField(s) {
  const id = 'ng-set-' + s.key;
  const range = /^(-?\d+)\s*(?:…|\.\.\.?)\s*(-?\d+)$/.exec(s.values || '');
  const input = range
    ? el('input', { id, type: 'number', inputmode: 'numeric', min: range[1], max: range[2], step: 1, required: !s.random, value: s.default })
    : el('select', { id }, ...String(s.values || s.default).split('|').map((v) => el('option', { value: v }, tOr('val:' + v, v))));
  input.value = s.default;
  if (s.random) { // drawn for each game unless given: left empty, the service draws it
    input.value = '';
    input.placeholder = t('random');
  }
  input.dataset.key = s.key;
  const doc = tOr('doc:' + s.key, s.doc || '');
  return el('label', { class: 'field', for: id }, el('span', {}, tOr('set:' + s.key, s.key)), input,
    doc ? el('small', { class: 'doc' }, doc) : '');
}

// renderSides offers Human/AI for each player; the names are known only for the current game.
function renderSides(g) {
  const d = state.data;
  const same = g && g.id === d.game?.id;
  const known = same ? d.game.players || [] : [];
  const count = Array.isArray(g?.players) ? g.players.length : g?.players || known.length || 2;
  const fields = [];
  for (let i = 0; i < count; i++) {
    const name = known[i] ? playerName(known[i].name) : t('player', { n: i + 1 });
    const select = el('select', { id: 'ng-side-' + i },
      el('option', { value: 'human' }, t('human')), el('option', { value: 'ai' }, t('ai')));
    select.value = known[i]?.side || (i === 0 ? 'human' : 'ai');
    fields.push(el('label', { class: 'field', for: select.id }, el('span', {}, name), select));
  }
  $('ng-sides').replaceChildren(el('legend', {}, t('sides')), ...fields);
}

async function onNewGameSubmit(e) {
  e.preventDefault();
  const form = $('ng-form');
  if (!form.reportValidity() || !chosenGame()?.fits) return;
  const settings = {};
  for (const f of $('ng-settings').querySelectorAll('[data-key]')) if (f.value !== '') settings[f.dataset.key] = String(f.value);
  const sides = [...$('ng-sides').querySelectorAll('select')].map((s) => s.value);
  const body = { cmd: 'new-game', game: $('ng-game').value, settings, sides, level: $('ng-level').value };
  const start = $('ng-start');
  start.disabled = true;
  const ok = await command(body);
  start.disabled = false;
  if (ok) $('new-game-dialog').close();
}

// ---- start ----

const game = (cmd, extra) => state.data && command({ cmd, session: state.data.session, ply: state.data.game?.ply, ...extra });

function bind() {
  const on = (id, ev, fn) => $(id).addEventListener(ev, fn);
  on('lang', 'click', toggleLang);
  on('new-game', 'click', openNewGame);
  on('takeback', 'click', () => game('takeback'));
  on('hints', 'click', () => game('hints', { on: !state.data?.hints }));
  on('suggest', 'click', () => game('suggest'));
  on('level', 'change', (e) => command({ cmd: 'level', level: e.target.value }));
  on('sensors', 'click', () => { state.sensors = !state.sensors; render(); });
  on('flip', 'click', () => { state.flip = !state.flip; render(); });
  on('toast-close', 'click', () => show('toast', false));
  on('token-form', 'submit', onTokenSubmit);
  on('token-cancel', 'click', () => endTokenPrompt()?.resolve(false));
  on('asking-moves', 'click', (e) => e.target.dataset.move && game('choose', { move: e.target.dataset.move }));
  on('unseen-moves', 'click', (e) => e.target.dataset.move && game('enter', { move: e.target.dataset.move }));
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
  readEnglish();
  applyLang();
  loadToken();
  loadState();
  connect();
}

start();
