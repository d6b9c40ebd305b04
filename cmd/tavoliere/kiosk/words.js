// The page's words in English and Italian, and what picks them.

import { LANG_KEY, state } from './state.js';
import { $ } from './dom.js';
import { render } from './app.js';

// The strings of the page. The English of the static elements is their text in index.html.
export const DICT = {
  en: {
    noSettings: 'No settings', human: 'Human', ai: 'AI', player: 'Player {n}', turn: '{name} to move',
    askingHow: 'Tap a lit square on the board (lift its piece and put it back), or choose here.',
    askingHowEmpty: 'Tap a lit square on the board (lift its piece and put it back; on an empty one, put a piece down and lift it), or choose here.',
    win: '{name} wins', draw: 'Draw', noGame: 'No game', score: 'score {n}', channel: 'channel {n}',
    boardAway: 'The board is not connected; the game waits for it ({why})',
    netError: 'The service cannot be reached', empty: 'empty', light: 'light disc', dark: 'dark disc',
    piece: 'piece {n}', lit: 'lit: {what}', readings: 'reads {r}, expected {e}', gameHas: 'the game has here: {what}',
    'why:no-moves': 'There is no move to take back.', 'why:over': 'The game is over: start a new one.',
    'why:secret': "A suggestion in Xe Queo! would need your secret pawn, which the kiosk never knows.",
    'why:ai-turn': 'The AI is to move.', 'why:asking': 'Answer the question first.',
    'why:board': 'Set up the board as lit first.',
    legend: 'What the lights say', sealWhole: 'the whole seal',
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
    // The pieces, as pieces.js names them for aria-labels and titles.
    'pc:and': ' ', 'pc:quarto': '{what} piece', 'pc:quad': '{what} piece', 'pc:tall': 'tall', 'pc:short': 'short',
    'pc:light': 'light', 'pc:dark': 'dark', 'pc:round': 'round', 'pc:square': 'square', 'pc:hollow': 'hollow', 'pc:solid': 'solid',
    'pc:light-cube': 'light cube', 'pc:dark-cube': 'dark cube', 'pc:light-cylinder': 'light cylinder', 'pc:dark-cylinder': 'dark cylinder',
    'pc:light-sphere': 'light sphere', 'pc:dark-sphere': 'dark sphere', 'pc:light-pyramid': 'light pyramid', 'pc:dark-pyramid': 'dark pyramid',
    'pc:marble-light': 'white marble', 'pc:marble-dark': 'black marble', 'pc:marble-red': 'red marble (triangle)',
    'pc:marble-blue': 'blue marble (square)', 'pc:marble-green': 'green marble (dot)', 'pc:marble-yellow': 'yellow marble (star)',
    'pc:pawn': '{colour} pawn', 'pc:pawnInRing': '{colour} pawn in the ring', 'pc:ring': 'the ring',
    'pc:cube-blank': 'blank cube', 'pc:cube-cross': 'cube with a cross', 'pc:cube-circle': 'cube with a circle',
    'pc:dot': '{cube}, its dot towards {player}',
    // The rules screen (rules.js; its texts are in rulesen.js and rulesit.js).
    'set:tilted': 'Tilted squares', 'set:attribute': 'The feature that counts', 'set:distance': 'Distance', 'set:spear': 'Spear edition',
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
    readings: 'letto {r}, atteso {e}', gameHas: 'la partita qui ha: {what}',
    'why:no-moves': 'Non ci sono mosse da annullare.', 'why:over': 'La partita è finita: iniziane una nuova.',
    'why:secret': 'Un suggerimento in Xe Queo! richiederebbe la tua pedina segreta, che il chiosco non conosce mai.',
    'why:ai-turn': "Tocca all'IA.", 'why:asking': 'Prima rispondi alla domanda.',
    'why:board': 'Prima sistema la scacchiera come indicato dalle luci.', legend: 'Cosa dicono le luci', sealWhole: 'il sigillo intero', rematch: 'Rivincita, a parti invertite', 'led:remove': 'libera questa casella', 'led:put': 'metti una pedina qui',
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
    // The pieces (pieces.js).
    'pc:and': ', ', 'pc:quarto': 'pezzo {what}', 'pc:quad': 'pezzo {what}', 'pc:tall': 'alto', 'pc:short': 'basso',
    'pc:light': 'chiaro', 'pc:dark': 'scuro', 'pc:round': 'rotondo', 'pc:square': 'quadrato', 'pc:hollow': 'cavo', 'pc:solid': 'pieno',
    'pc:light-cube': 'cubo chiaro', 'pc:dark-cube': 'cubo scuro', 'pc:light-cylinder': 'cilindro chiaro', 'pc:dark-cylinder': 'cilindro scuro',
    'pc:light-sphere': 'sfera chiara', 'pc:dark-sphere': 'sfera scura', 'pc:light-pyramid': 'piramide chiara', 'pc:dark-pyramid': 'piramide scura',
    'pc:marble-light': 'biglia bianca', 'pc:marble-dark': 'biglia nera', 'pc:marble-red': 'biglia rossa (triangolo)',
    'pc:marble-blue': 'biglia blu (quadrato)', 'pc:marble-green': 'biglia verde (punto)', 'pc:marble-yellow': 'biglia gialla (stella)',
    'pc:pawn': 'pedina {colour}', 'pc:pawnInRing': "pedina {colour} nell'anello", 'pc:ring': "l'anello",
    'pc:cube-blank': 'cubo neutro', 'pc:cube-cross': 'cubo con la croce', 'pc:cube-circle': 'cubo con il cerchio',
    'pc:dot': '{cube}, con il punto verso {player}',
    // The rules screen (rules.js; its texts are in rulesen.js and rulesit.js).
    rules: 'Regole', close: 'Chiudi',
    'set:tilted': 'Quadrati inclinati', 'set:attribute': 'Caratteristica che conta', 'set:distance': 'Distanza', 'set:spear': 'Edizione Spear',
    'val:light': 'Chiaro', 'val:dark': 'Scuro', 'val:red': 'Rosso', 'val:blue': 'Blu', 'val:green': 'Verde', 'val:yellow': 'Giallo',
    'val:height': 'altezza', 'val:colour': 'colore', 'val:shape': 'forma', 'val:fill': 'pieno o bucato',
  },
};

export function t(key, vars = {}) {
  const s = DICT[state.lang][key] ?? DICT.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? '');
}

// tOr translates key when the dictionary knows it, else keeps the service's text.
export function tOr(key, fallback, vars) {
  return key in DICT[state.lang] || key in DICT.en ? t(key, vars) : fallback;
}

export const gameName = (g) => tOr('game:' + g.id, g.name);
// playerName is a side's name in the page's language; "Crosses A1" (Quixo for four) is its
// team's name and its seat.
export const playerName = (name) => {
  const [team, ...seat] = String(name).split(' ');
  return tOr('name:' + name, seat.length ? [tOr('name:' + team, team), ...seat].join(' ') : name);
};

export function readEnglish() {
  for (const e of document.querySelectorAll('[data-i18n]')) DICT.en[e.dataset.i18n] ??= e.textContent;
  for (const e of document.querySelectorAll('[data-i18n-aria]')) DICT.en[e.dataset.i18nAria] ??= e.getAttribute('aria-label');
}

export function applyLang() {
  document.documentElement.lang = state.lang;
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-aria]')) e.setAttribute('aria-label', t(e.dataset.i18nAria));
  $('lang').dataset.lang = state.lang;
  state.shown = {};
  render();
}

export function toggleLang() {
  state.lang = state.lang === 'it' ? 'en' : 'it';
  localStorage.setItem(LANG_KEY, state.lang);
  applyLang();
}
