// The service's messages in the page's words: it sends a code and its arguments (log lines,
// questions, mismatches, results, refusals), and this module words them from the catalogue
// in words.js ('msg:', 'why:', 'reason:', 'mis:'), moves included ('do:' and 'did:').

import { DICT, gameName, playerName, t, tOr } from './words.js';
import { pieceName, pieceSVG } from './pieces.js';

const PAWN_COLOURS = { R: 'red', O: 'orange', Y: 'yellow', G: 'green', B: 'blue', V: 'violet', W: 'white' };
// The moves that name a piece: Quarto's "a1:BLRH", "a1" or "sLRH", Quantik's "Cb2", Quad's
// "RHb2"; SHAPE is the piece's letters before the square. (The patterns and templates are
// strings: TestKioskModules reads a $ outside one as dom.js's.)
const QUARTO = new RegExp('^(?:([a-z]\\d+):?)?([Bs][LD][RQ][HF])?$');
const QUANTIK = new RegExp('^([CYSP])[a-z]\\d+$');
const QUAD = new RegExp('^([RQ][HF])[a-z]\\d+$', 'i');
const SHAPE = /^[A-Za-z]+(?=[a-z]\d)/;
const FULL_STOP = new RegExp('\\.$');
const CELL = new RegExp('^cell \\d+$'); // a sensor off the board's squares

// movePiece is the piece move text names, as pieces.js draws it ({piece, label, ring}), or
// null: Quarto's piece handed over, Quantik's and Quad's piece put (in the mover's colour),
// Xe Queo!'s pawn called or shown, or its ring.
export function movePiece(g, text, mover) {
  const id = g?.id || '';
  const m = String(text || '');
  const dark = (mover ?? g?.turn) % 2 === 1; // (Light moves first in Quantik and Quad)
  if (id.startsWith('quarto')) {
    const give = QUARTO.exec(m)?.[2];
    return give ? { piece: 1, label: give } : null;
  }
  if (id === 'quantik') {
    const k = QUANTIK.exec(m)?.[1];
    return k ? { piece: 1, label: dark ? k.toLowerCase() : k } : null;
  }
  if (id === 'quad') {
    const k = QUAD.exec(m)?.[1];
    return k ? { piece: 1, label: dark ? k.toLowerCase() : k.toUpperCase() } : null;
  }
  if (id === 'push' || id === 'push4') {
    const p = g?.players?.[mover ?? g?.turn];
    return p?.piece && pushEntry(g, m) ? { piece: p.piece, label: p.label } : null;
  }
  if (id === 'xequeo') {
    if (m.startsWith('@')) return { piece: 0, ring: true };
    const c = m.startsWith('xq:') || m.startsWith('show:') ? m.split(':')[1] : '';
    return PAWN_COLOURS[c] ? { piece: 0, label: c } : null;
  }
  return null;
}

// pushEntry is the square a push of Push or Push 4 ("Nc": from the north edge into file c)
// puts its marble in, and the edge's arrow as the board is drawn; null for another move.
function pushEntry(g, m) {
  const [edge, line] = [m[0], m.slice(1)];
  if (m.length !== 2 || !'NESW'.includes(edge)) return null;
  const file = (i) => String.fromCharCode(97 + i);
  const top = g.rank1Top ? '1' : String(g.ranks);
  const bottom = g.rank1Top ? String(g.ranks) : '1';
  return {
    N: { square: line + top, arrow: '↓', edge: 'N' }, S: { square: line + bottom, arrow: '↑', edge: 'S' },
    E: { square: file(g.files - 1) + line, arrow: '←', edge: 'E' }, W: { square: 'a' + line, arrow: '→', edge: 'W' },
  }[edge];
}

// recipient names who is handed something by mover: 'the AI', or the player's name.
function recipient(g, mover) {
  const players = g?.players || [];
  const p = players[(mover + 1) % (players.length || 1)];
  if (!p) return '';
  return p.side === 'ai' ? t('to:ai') : tOr('to:' + p.name, t('to', { name: playerName(p.name) }));
}

// moveWords words move text of game g by player mover: mood 'do' tells the player to make
// it ("give the AI the tall light round hollow piece"), 'did' says who made it (subject, when
// given, instead of the player's name). Plain moves (squares and slides) stay as notation.
export function moveWords(g, text, mover, mood = 'do', subject = '') {
  const m = String(text || '');
  const id = g?.id || '';
  const who = mover ?? g?.turn ?? 0;
  const player = subject || playerName(g?.players?.[who]?.name ?? '');
  const pc = movePiece(g, m, who);
  const say = (kind, vars) => t(mood + ':' + kind, { player, ...vars });
  if (id.startsWith('quarto')) {
    const [, square, give] = QUARTO.exec(m) || [];
    const piece = pc ? pieceName(g, pc) : '';
    const to = recipient(g, who);
    if (square && piece) return say('quarto-both', { square, piece, to });
    if (piece) return say('quarto-give', { piece, to });
    if (square) return say('quarto-place', { square });
  }
  if ((id === 'quantik' || id === 'quad') && pc) {
    return say('place', { piece: pieceName(g, pc), square: m.replace(SHAPE, '') });
  }
  if (id === 'xequeo' && pc) {
    if (pc.ring) return say('ring', { square: m.slice(1) });
    const colour = t('colour:' + PAWN_COLOURS[pc.label]);
    return say(m.startsWith('xq:') ? 'xq' : 'show', { colour });
  }
  const push = (id === 'push' || id === 'push4') && pushEntry(g, m);
  if (push) return say('push', { square: push.square, edge: t('edge:' + (g.rank1Top ? { N: 'S', S: 'N' }[push.edge] || push.edge : push.edge)) });
  if (m === 'pass') return say('pass');
  return mood === 'did' ? t('did:plain', { player, move: m }) : m;
}

// firstMover is the player who made a game's first move: the one the setting "first" names
// (Quantik's Dark, Quad Wrangle's Black), else the first player.
export function firstMover(g) {
  const first = String(g?.settings?.first || '').toLowerCase();
  return Math.max(0, (g?.players || []).findIndex((p) => p.name.toLowerCase() === first));
}

// moveGlyph is move text of the move list, short: the piece it names drawn small, beside
// what is left of its notation (Quarto's square, Quantik's square), a push as its entry
// square with an arrow from its edge.
export function moveGlyph(g, text, mover) {
  const m = String(text || '');
  const pc = movePiece(g, m, mover);
  const svg = pc && pieceSVG(g, pc);
  const push = (g?.id === 'push' || g?.id === 'push4') && pushEntry(g, m);
  let rest = m;
  if (push) rest = push.arrow + push.square;
  else if (g?.id?.startsWith('quarto')) rest = QUARTO.exec(m)?.[1] || (pc ? '' : m);
  else if (g?.id === 'quantik' || g?.id === 'quad') rest = pc ? m.replace(SHAPE, '') : m;
  else if (g?.id === 'xequeo' && pc) rest = pc.ring ? m.slice(1) : m.startsWith('xq:') ? t('mv:xq') : t('mv:show');
  return [...(svg ? [svg] : []), rest];
}

// choiceTile is how an option of a question reads among many alike: a lead shared by them
// ("Give the AI:") and the option's own caption (the piece, the square), which the picture
// says alone where pictured (each option's piece differs); null where the option has no such
// form.
export function choiceTile(g, text) {
  const m = String(text || '');
  const id = g?.id || '';
  const [, square, give] = QUARTO.exec(m) || [];
  if (id.startsWith('quarto') && give) {
    const to = recipient(g, g?.turn ?? 0);
    const lead = square ? t('lead:quarto-both', { square, to }) : t('lead:quarto-give', { to });
    return { lead, caption: pieceName(g, movePiece(g, m, g?.turn)), pictured: true };
  }
  if (id === 'xequeo' && m.startsWith('@')) return { lead: t('lead:ring'), caption: m.slice(1) };
  return null;
}

const lowerFirst = (s) => s.charAt(0).toLowerCase() + s.slice(1);

// reasonText words why game g ended (the state's game.reason).
export function reasonText(g) {
  const r = g?.reason;
  if (!r?.code) return '';
  const args = { ...r.args };
  if (args.line) args.line = tOr('line:' + args.line, args.line);
  if (args.player) args.player = playerName(args.player);
  return tOr('reason:' + r.code, r.args?.text || g.result || r.code, args);
}

// whyText words why the service refused a command (an error body's code and args).
export function whyText(d, code, args = {}) {
  const g = d?.game;
  const vars = { ...args };
  if (vars.move) vars.what = moveWords(g, vars.move, g?.turn, 'do');
  if (vars.game) vars.game = gameName((d?.games || []).find((x) => x.id === vars.game) || { id: vars.game, name: vars.game });
  return tOr('why:' + code, '', vars);
}

// mismatchText words what to fix (the state's mismatchMsg), '' when the page cannot.
export function mismatchText(d) {
  return d?.mismatchMsg ? msgText(d, d.mismatchMsg) : '';
}

// msgText words a message of the referee or the service ({code, args}); '' for a code the
// page does not know (the English text is then shown).
export function msgText(d, m) {
  const g = d?.game;
  const a = { ...(m?.args || {}) };
  const code = m?.code || '';
  const key = 'msg:' + code;
  const vars = { ...a };
  const mover = a.player !== undefined ? Number(a.player) : g?.turn;
  if (a.move) vars.what = moveWords(g, a.move, mover, code === 'move' ? 'did' : 'do');
  if (a.move && code === 'ai-move' && vars.what !== a.move) vars.what = moveWords(g, a.move, mover, 'did', t('theAI'));
  if (a.game) vars.game = gameName((d?.games || []).find((x) => x.id === a.game) || { id: a.game, name: a.game });
  if (a.why) vars.why = lowerFirst(tOr('why:' + a.why, a.why).replace(FULL_STOP, ''));
  if (a.where) vars.where = CELL.test(a.where) ? t('channel', { n: a.where.slice(5) }) : a.where;
  if (a.kind) vars.kind = tOr('log:' + a.kind, a.kind);
  switch (code) {
    case 'asking': // (many options are counted: the question lists them)
    case 'dismissed': { // (the options of the question closed)
      const moves = (a.moves || '').split(' ').filter(Boolean);
      const asking = code === 'asking';
      if (asking && moves.length > 3) return t(a.first ? 'msg:asking-first-many' : 'msg:asking-many', { n: moves.length });
      vars.options = moves.map((x) => moveWords(g, x, g?.turn, 'do')).join(t('or'));
      if (asking && a.first) return t('msg:asking-first', vars); // (moves read from the board alone)
      if (asking && moves.length === 1) return t('msg:asking-one', vars);
      break;
    }
    case 'game-over': {
      const bits = Number(a.winners) || 0; // (a bit a player)
      const names = (g?.players || []).filter((_, i) => bits >> i & 1).map((p) => playerName(p.name));
      const { winners, reason: why, ...args } = a; // (the reason's code, and its own arguments)
      const reason = why ? reasonText({ reason: { code: why, args } }) : '';
      vars.result = (names.length ? t('win', { name: names.join(' & ') }) : t('draw')) + (reason ? ' (' + reason + ')' : '');
      break;
    }
    case 'round-won': // (the player is an index, as a move's mover)
      vars.player = playerName(g?.players?.[mover]?.name ?? '');
      break;
    case 'mismatch':
      vars.parts = mismatchParts(g, a).join('; ');
      break;
  }
  return key in DICT.en ? t(key, vars) : '';
}

function mismatchParts(g, a) {
  const parts = [];
  const rack = (labels) => labels.split(' ').filter(Boolean).map((label) => pieceName(g, { piece: 1, label })).join(', ');
  if (a.clear) parts.push(t('mis:clear', { squares: a.clear }));
  for (const p of (a.pawns || '').split(' ').filter(Boolean)) {
    const [square, colour] = p.split(':');
    parts.push(t('mis:pawn', { square, colour: tOr('colour:' + colour, colour) }));
  }
  if (a.put) parts.push(t('mis:put', { squares: a.put }));
  if (a.right) parts.push(t('mis:right', { squares: a.right }));
  if (a.turn) parts.push(t('mis:turn', { squares: a.turn }));
  if (a['rack-out']) parts.push(t('mis:rack-out', { pieces: rack(a['rack-out']) }));
  if (a['rack-back']) parts.push(t('mis:rack-back', { pieces: rack(a['rack-back']) }));
  return parts;
}
