// Le schermate delle regole in italiano, una per gioco (le disegna rules.js). Il testo segue
// le schede originali (docs/rules/seeds/*.it.txt) in un italiano semplice; le decisioni del
// progetto dove le schede tacciono (docs/rules/README.md) sono dette a parole. Una sezione è
// una lista di blocchi: una stringa è un paragrafo, un array un elenco puntato.
// (Le stringhe usano ’ e « » così che nessun apice vada protetto.)

const quartoNeed = [
  'Una scacchiera 4×4 e sedici pedine, tutte diverse. Ogni pedina è grande o piccola, chiara o scura, tonda o quadrata, bucata (con un foro in cima) o piena. Le pedine non appartengono a nessuno.',
];
const quartoTurn = [
  'La pedina che giochi la sceglie il tuo avversario.',
  [
    'Metti la pedina che ti è stata data su una casella vuota qualsiasi.',
    'Poi scegli una delle pedine ancora fuori dalla scacchiera e porgila all’avversario.',
    'Il primo turno del Giocatore 1 è solo questa scelta: la prima pedina per il Giocatore 2.',
  ],
];
const quartoBoard = [
  'Per passare una pedina, porgila all’avversario e sceglila sullo schermo, che chiede quale sia (una scacchiera con un portapezzi a scomparti la vede uscire dal suo posto).',
  'Metti la pedina ricevuta sulla sua casella, poi passa la successiva allo stesso modo.',
  'Le pedine ancora fuori dalla scacchiera sono elencate sotto «Pezzi in attesa».',
];
const ownPiecesBoard = [
  'Posa il pezzo sulla sua casella.',
  'La scacchiera sente che la casella è occupata, non quale pezzo ci sia: lo schermo chiede quale pezzo hai messo; sceglilo lì (una scacchiera con un portapezzi a scomparti, o che riconosce i pezzi, lo vede da sola).',
];
const pushBoard = [
  'Perché l’arbitro veda la spinta, muovi una biglia alla volta: comincia dalla più lontana (fuori dalla scacchiera, se esce), sposta le altre di una casella ciascuna e metti la tua sulla casella del bordo per ultima.',
  'Una scacchiera che sente solo se una casella è occupata può non vedere una spinta fatta tutta in una volta: allora lo schermo la elenca sotto «Mosse che la scacchiera non vede»; scegli lì la tua dopo averla fatta. Se due spinte si somigliano, le loro caselle d’ingresso lampeggiano in viola: tocca quella che hai usato, o scegli sullo schermo.',
];

export const RULES_IT = {
  head: {
    need: 'Che cosa serve', goal: 'L’obiettivo', turn: 'Il tuo turno', end: 'La fine', board: 'Giocare su questa scacchiera',
    settings: 'Impostazioni', lights: 'Le luci e l’arbitro', defaultIs: 'predefinito: {v}',
  },
  // I bordi nei diagrammi (N, E, S, O).
  edges: { W: 'O' },
  // Le luci, uguali in ogni gioco (boards/lights.go).
  lights: [
    'Verde, lampeggio lento: metti un pezzo qui.',
    'Rosso, lampeggio rapido: togli il pezzo da questa casella.',
    'Arancione, lampeggio rapido: capovolgi questo pezzo, o sostituiscilo con quello giusto.',
    'Arancione, luce fissa: un pezzo da capovolgere dopo una cattura.',
    'Viola, lampeggio lento: l’arbitro chiede quale mossa hai fatto. Tocca una di queste caselle (solleva il pezzo e rimettilo; se la casella è vuota, posa un pezzo e sollevalo), o scegli sullo schermo.',
    'Violetto, lampeggio rapido: solleva questo pezzo e rimettilo.',
    'Blu, luce fissa: il pezzo dell’IA da sollevare. Azzurro, lampeggio lento: dove va il pezzo dell’IA.',
    'Bianco: la mossa suggerita (Suggerisci una mossa). Verde tenue: dove può andare un pezzo sollevato (Mostra mosse). Grigio tenue: l’ultima mossa.',
    'Una scacchiera con luci di un solo colore le distingue dal lampeggio: rapido, togli o capovolgi; lento, posa o tocca; fisso, il pezzo dell’IA o un pezzo da capovolgere.',
  ],
  // Ciò che tutti i giochi hanno in comune su questa scacchiera.
  common: [
    'L’arbitro controlla ogni mossa. Dove la scacchiera e la partita non coincidono le caselle si illuminano, e dopo qualche secondo lo schermo dice che cosa sistemare.',
    'Contro l’IA, la sua mossa è illuminata e scritta sullo schermo: eseguila sulla scacchiera.',
    'Annulla mossa toglie l’ultima mossa; le luci mostrano come rimettere a posto la scacchiera.',
    'Senza una scacchiera collegata, tocca le caselle sullo schermo per sollevare o posare un pezzo; una pressione lunga lo capovolge.',
  ],
  games: {
    quadwrangle: {
      meta: 'Keith Carter, 2001 · 2 giocatori · scacchiera 7×7',
      need: ['Una scacchiera 7×7 e pedine bianche da un lato e nere dall’altro: una pedina catturata si capovolge. All’inizio ci sono già venti pedine, dieci per parte: quelle del Bianco sulla colonna di sinistra e sulla riga in alto, quelle del Nero sulla riga in basso e sulla colonna di destra; gli angoli restano vuoti.'],
      goal: ['Avere più pedine del proprio colore dell’avversario quando la scacchiera è piena.'],
      turn: [
        'Inizia il Bianco. Al tuo turno fai una di queste cose:',
        [
          'Collocare: metti una nuova pedina su una casella vuota che non tocca nessuna tua pedina, né di lato né in diagonale. Non si cattura nulla.',
          'Spostare: muovi una tua pedina in linea retta, in orizzontale, in verticale o in diagonale, di quante caselle vuote vuoi, come la regina degli scacchi.',
          'Crescere: metti una nuova pedina su una casella vuota accanto a una tua pedina (anche in diagonale).',
        ],
        'Dopo uno spostamento o una crescita, ogni pedina avversaria che tocca la casella giocata (anche in diagonale) è catturata: capovolgila, diventa del tuo colore.',
      ],
      end: [
        'La partita finisce quando tutte le 49 caselle sono occupate: vince chi ha più pedine (49 è dispari: non si pareggia).',
        'Spostandosi avanti e indietro si potrebbe giocare all’infinito, perciò la partita finisce anche quando la stessa posizione si ripete per la terza volta con lo stesso giocatore di turno, o dopo 300 mosse in tutto. Allora si contano le pedine, e a parità è patta.',
      ],
      board: [[
        'Collocare o crescere: posa la pedina sulla sua casella.',
        'Spostare: solleva la tua pedina e posala dove si ferma. L’arbitro aspetta un attimo, nel caso vada oltre.',
        'Le pedine da capovolgere si illuminano di arancione: girale una per una. Su una scacchiera che sente solo se una casella è occupata, la luce si spegne quando sollevi la pedina.',
      ]],
      settings: {
        'drop-last': 'Sì: si può collocare solo se non si può né spostare né crescere (la regola dello stesso Carter).',
        'move-cap': 'Dopo questo numero di mosse la partita finisce e si contano le pedine; 0: nessun limite.',
        first: 'Chi inizia.',
      },
      caption: 'Il Bianco cresce in f5, accanto alla sua pedina in f4. Le pedine nere in f6, g6 e g4 toccano f5: diventano bianche.',
    },
    crowded: {
      name: 'Quad Wrangle: Variante Affollata (Crusade)',
      meta: 'Variante proposta da João Pedro Neto; è Crusade di Keith Carter, 2002 · 2 giocatori · scacchiera 8×8',
      need: ['Una scacchiera 8×8 riempita da 64 pedine bianche da un lato e nere dall’altro, 32 per colore, disposte a scacchiera (il bianco sul colore di a1).'],
      goal: ['Avere più pedine del proprio colore sulla scacchiera quando nessuno può più muovere.'],
      turn: [
        'Inizia il Nero (la scheda non dice chi inizia). Al tuo turno muovi una tua pedina di una casella, in qualsiasi direzione, su una casella occupata da una pedina avversaria:',
        [
          'la pedina avversaria è catturata e tolta dalla scacchiera;',
          'poi ogni pedina avversaria che tocca la casella d’arrivo (anche in diagonale) si capovolge e diventa tua.',
        ],
        'Non puoi muovere su una casella vuota né su una tua pedina.',
      ],
      end: ['La partita finisce quando nessuno può più muovere, cioè quando nessuna pedina bianca tocca una nera. Vince chi ha più pedine; a parità è patta.'],
      board: [[
        'Solleva la tua pedina, togli la pedina avversaria dalla casella che catturi e metti lì la tua.',
        'Poi capovolgi le pedine illuminate di arancione.',
      ]],
      settings: {
        layout: 'Casuale: 32 pedine bianche e 32 nere distribuite a caso, come nell’originale di Carter; le luci mostrano dove va ogni colore.',
        seed: 'Il numero che determina la distribuzione casuale.',
        first: 'Chi inizia.',
      },
      caption: 'Il Nero, che muove per primo, cattura la pedina bianca in d6 con la sua pedina da e6. Le pedine bianche in c5, c7, e5 ed e7 toccano d6: diventano nere.',
    },
    quarto: {
      meta: 'Blaise Muller, 1991 · 2 giocatori · scacchiera 4×4',
      need: quartoNeed,
      goal: ['Posare la quarta pedina di una fila di quattro pedine che hanno una caratteristica in comune: quattro grandi, quattro scure, quattro tonde, quattro bucate e così via. Le file sono le 4 righe, le 4 colonne e le 2 diagonali lunghe.'],
      turn: quartoTurn,
      end: ['Vinci appena completi una fila così, chiunque abbia posato le altre tre pedine. Se tutte le 16 pedine sono sulla scacchiera e nessuna fila ha una caratteristica in comune, la partita è pari.'],
      board: [quartoBoard],
      caption: 'Quattro pedine grandi sulla diagonale a4, b3, c2, d1: vince chi ha posato la quarta.',
    },
    'quarto-advanced': {
      name: 'Quarto! Variante Avanzata',
      meta: 'Variante di Quarto! · 2 giocatori · scacchiera 4×4',
      need: quartoNeed,
      goal: ['Come in Quarto!, vince una fila di quattro pedine con una caratteristica in comune: una riga, una colonna o una diagonale lunga.', 'Variante Avanzata: vince anche un quadrato 2×2 di quattro pedine vicine con una caratteristica in comune, in qualsiasi parte della scacchiera.'],
      turn: quartoTurn,
      end: ['Vinci appena completi una fila o un quadrato così, chiunque abbia posato le altre tre pedine. Se tutte le 16 pedine sono sulla scacchiera e nessuna figura ha una caratteristica in comune, la partita è pari.'],
      board: [quartoBoard],
      caption: 'Quattro pedine chiare nel quadrato b3, c3, b2, c2: vittoria nelle varianti Avanzata e Pro, non in Quarto! base.',
    },
    'quarto-pro': {
      name: 'Quarto! Variante Pro',
      meta: 'Variante di Quarto! · 2 giocatori · scacchiera 4×4',
      need: quartoNeed,
      goal: ['Come nella Variante Avanzata, vince una fila di quattro o un quadrato 2×2 di pedine con una caratteristica in comune.', 'Variante Pro: vincono anche i quattro angoli di un quadrato più grande, di pedine non vicine: un quadrato 3×3 (come b3, d3, b1, d1) o l’intera scacchiera (a4, d4, d1, a1).'],
      turn: quartoTurn,
      end: ['Vinci appena completi una fila o un quadrato così, chiunque abbia posato le altre tre pedine. Se tutte le 16 pedine sono sulla scacchiera e nessuna figura ha una caratteristica in comune, la partita è pari.'],
      board: [quartoBoard],
      settings: {
        tilted: 'Sì: vincono anche i sei quadrati orientati di sbieco, come a3, b4, c3, b2.',
      },
      caption: 'Quattro pedine chiare negli angoli a4, d4, d1, a1: vittoria solo nella Variante Pro.',
    },
    'quarto-simplified': {
      name: 'Quarto! Variante semplificata',
      meta: 'Variante di Quarto! per bambini e principianti · 2 giocatori · scacchiera 4×4',
      need: quartoNeed,
      goal: ['Conta una sola caratteristica: il colore, se l’impostazione non ne sceglie un’altra. Vincono quattro pedine che la condividono in una riga, una colonna o una diagonale lunga.'],
      turn: quartoTurn,
      end: ['Vinci appena completi una fila così. Se tutte le 16 pedine sono sulla scacchiera e nessuna fila condivide quella caratteristica, la partita è pari.'],
      board: [quartoBoard],
      settings: {
        attribute: 'La caratteristica che conta: altezza, colore, forma, o pieno e bucato.',
      },
      caption: 'Quattro pedine scure nella riga 2: se conta il colore, è una vittoria.',
    },
    quad: {
      meta: '2002, sulla scacchiera di Quarto! · 2 giocatori · scacchiera 4×4',
      need: ['Una scacchiera 4×4. Ogni giocatore ha 8 pezzi di un colore, chiaro o scuro: 2 tondi pieni, 2 tondi vuoti, 2 quadrati pieni e 2 quadrati vuoti.'],
      goal: ['Essere il primo a completare una riga, una colonna o una diagonale lunga di quattro pezzi con una caratteristica in comune: chiaro, scuro, tondo, quadrato, vuoto o pieno.'],
      turn: [
        'Inizia il Chiaro. Al tuo turno metti uno dei tuoi pezzi su una casella vuota qualsiasi.',
        'Una fila di un solo colore può completarla solo chi ha quel colore; una fila di pezzi tutti tondi, tutti quadrati, tutti pieni o tutti vuoti può mescolare i colori, e la vince chi posa il quarto pezzo.',
      ],
      end: ['Vince la prima fila così. Se la scacchiera è piena senza una fila, la partita è pari.'],
      board: [ownPiecesBoard],
      settings: {
        first: 'Chi inizia: il Chiaro, lo Scuro, o a caso (deciso dalla Distribuzione).',
        seed: 'Il numero che sorteggia chi inizia, quando è a caso.',
      },
      caption: 'La colonna b ha quattro pezzi tondi, chiari e scuri: vince chi ha posato il quarto.',
    },
    quantik: {
      meta: 'Nouri Khalifa, 2019 · 2 giocatori · scacchiera 4×4',
      need: ['Una scacchiera 4×4 divisa in quattro riquadri 2×2. Ogni giocatore ha 8 pezzi di un colore: 2 cubi, 2 cilindri, 2 sfere e 2 piramidi.'],
      goal: ['Completare una riga, una colonna o un riquadro con quattro forme diverse, di qualsiasi colore: vince chi posa il quarto pezzo. Le diagonali non contano.'],
      turn: [
        'Inizia il Chiaro. Al tuo turno metti uno dei tuoi pezzi su una casella vuota.',
        'Non puoi mettere una forma in una riga, colonna o riquadro dove l’avversario ha già un pezzo della stessa forma. I tuoi pezzi di quella forma non ti fermano.',
      ],
      end: ['Quattro forme diverse vincono subito. La scheda non dice che cosa succede a chi non può posare nessun pezzo: qui perde, quindi non si pareggia mai.'],
      board: [ownPiecesBoard],
      settings: {
        first: 'Chi inizia: il Chiaro, lo Scuro, o a caso (deciso dalla Distribuzione).',
        seed: 'Il numero che sorteggia chi inizia, quando è a caso.',
      },
      caption: 'La colonna c ha un cubo, un cilindro, una sfera e una piramide: vince chi ha posato il quarto pezzo.',
    },
    xequeo: {
      meta: 'Alex Randolph, 1998 · 2 giocatori · scacchiera 7×7 · in veneziano «è quello!»',
      need: ['Una scacchiera 7×7, 7 pedine di colori diversi che non appartengono a nessuno, 7 anelli e, per ogni giocatore, 7 carte dei colori delle pedine. Le pedine partono da caselle a caso (le luci mostrano dove, lo schermo dice il colore di ciascuna).'],
      goal: ['Raccogliere 4 anelli. Ogni manche ne assegna uno.'],
      turn: [
        'A ogni manche un giocatore mette un anello su una casella libera non adiacente a nessuna pedina: il Giocatore 1 nella prima manche, poi chi ha perso la manche precedente. Poi ciascuno sceglie in segreto una pedina e mette coperta la carta di quel colore. Muove per primo l’altro giocatore. Al tuo turno puoi:',
        [
          'muovere una pedina qualsiasi, tua o no: un passo su una casella vuota vicina (anche in diagonale), oppure un salto sopra una pedina vicina fino alla casella libera subito dopo, anche più salti di seguito. Dopo la mossa la pedina deve essere più vicina all’anello di prima; un passo in diagonale conta più di uno diritto;',
          'oppure indicare una pedina e dire «Xe queo!»: sostieni che sia la pedina segreta dell’avversario.',
        ],
      ],
      end: [
        [
          'Una pedina che arriva nell’anello si ferma lì, e i due giocatori mostrano la carta. Se è la tua pedina e l’avversario ne ha scelta un’altra, raccogli tu l’anello; se l’avversario ha scelto la stessa, o la pedina non è la tua, lo raccoglie lui.',
          'Dopo «Xe queo!» l’avversario mostra la carta: se hai indovinato raccogli tu l’anello, se no lo raccoglie lui.',
        ],
        'Le pedine restano dove sono per la manche successiva; si può scegliere di nuovo la stessa pedina. Vince chi raccoglie per primo 4 anelli.',
      ],
      board: [[
        'L’anello: le caselle dove può andare lampeggiano in viola. Metti giù l’anello e tocca la sua casella (posa un pezzo e sollevalo), o scegli la casella sullo schermo; con l’anello letto dai sensori basta posarlo.',
        'Muovi una pedina sollevandola e posandola dove arriva; in una serie di salti contano solo la partenza e l’arrivo.',
        'Le carte: quando va mostrata una carta, le pedine lampeggiano in viola: tocca la pedina del colore della carta (sollevala e rimettila) o scegli sullo schermo.',
        'La scacchiera non vede «Xe queo!»: sceglilo sullo schermo, sotto «Mosse che la scacchiera non vede».',
        'Contro l’IA: all’inizio di ogni manche lo schermo mostra un sigillo della pedina segreta dell’IA, e alla fine la pedina scelta, così chiunque può verificare che non abbia cambiato idea.',
      ]],
      settings: {
        distance: 'Come si misura la vicinanza all’anello: euclidea, in linea d’aria; ottagonale, con il passo in diagonale che vale √2. Danno lo stesso risultato per ogni passo e ogni salto singolo, e differiscono solo in alcune lunghe serie di salti.',
        seed: 'Il numero che decide le caselle di partenza delle pedine; nuovo a ogni partita se non lo indichi.',
        ring: 'Scelto con un tocco: indichi la casella dell’anello con un tocco o sullo schermo. Letto dai sensori: la scacchiera legge un anello con un magnete.',
      },
      caption: 'L’anello è in d6. La pedina gialla salta la verde da f4 a d4: dopo la mossa è più vicina all’anello.',
    },
    quixo: {
      meta: 'Thierry Chapeau, 1995 · 2 giocatori · scacchiera 5×5',
      need: ['Venticinque cubi su una scacchiera 5×5, con la faccia vuota verso l’alto. Ogni cubo ha una croce su una faccia e un cerchio su un’altra. Un giocatore gioca con le Croci, l’altro con i Cerchi; i puntini sui cubi contano solo nel gioco a quattro.'],
      goal: ['Formare un allineamento di cinque cubi con il proprio simbolo: in orizzontale, in verticale o in diagonale.'],
      turn: [
        'Iniziano le Croci. Al tuo turno:',
        [
          'prendi dal bordo della scacchiera un cubo con la faccia superiore vuota o con il tuo simbolo (mai uno con il simbolo dell’avversario, mai uno interno);',
          'reinseriscilo, con il tuo simbolo in alto, a un’estremità della sua riga o della sua colonna, spingendo i cubi di quella fila fino a chiudere il vuoto. Non può tornare da dove è venuto: un cubo d’angolo ha due possibilità, gli altri cubi del bordo tre.',
        ],
      ],
      end: ['Se formi un allineamento con il tuo simbolo vinci. Se lo formi con il simbolo dell’avversario perdi, anche se nello stesso momento completi il tuo. La scheda non prevede la patta, ma si può giocare all’infinito: qui è patta quando la stessa posizione si ripete per la terza volta con lo stesso giocatore di turno, oppure dopo 400 mosse in tutto.'],
      board: [[
        'Solleva il cubo, fai scorrere nel vuoto un cubo alla volta, cominciando da quello accanto, e inserisci il tuo all’estremità per ultimo: l’arbitro segue il vuoto mentre si sposta.',
        'Una spinta che la scacchiera non distingue da un’altra viene chiesta: le sue caselle lampeggiano in viola; tocca la casella in cui hai inserito il cubo, o scegli sullo schermo.',
      ]],
      settings: {
        'move-cap': 'Mosse in tutto dopo le quali la partita è patta; 0: nessun limite.',
      },
      caption: 'Le Croci prendono il cubo vuoto in e5 e lo reinseriscono in e1: la colonna sale, e a5, b4, c3, d2, e1 è un allineamento di cinque croci.',
    },
    quixo4: {
      name: 'Quixo a quattro (squadre)',
      meta: 'Quixo in quattro, a squadre di due · 4 giocatori · scacchiera 5×5',
      need: ['Come per Quixo. Due squadre di due; i compagni siedono uno di fronte all’altro. La squadra A (A1, A2) gioca con le Croci, la squadra B (B1, B2) con i Cerchi. Si gioca a giro intorno al tavolo: A1, B1, A2, B2.'],
      goal: ['Formare un allineamento di cinque cubi con il simbolo della propria squadra: in orizzontale, in verticale o in diagonale.'],
      turn: [
        'Al tuo turno:',
        [
          'prendi un cubo del bordo con la faccia vuota, oppure con il simbolo della tua squadra e il puntino rivolto verso di te;',
          'reinseriscilo come in Quixo, con il tuo simbolo in alto, e gira il puntino verso di te o verso il tuo compagno: solo lui potrà prenderlo in seguito;',
          'se non puoi prendere nessun cubo, salti il turno.',
        ],
      ],
      end: ['Vince un allineamento del simbolo della tua squadra; chi forma quello dell’altra squadra perde, anche insieme al proprio. È patta quando la stessa posizione si ripete per la terza volta con lo stesso giocatore di turno, oppure dopo 400 mosse in tutto.'],
      board: [[
        'Solleva il cubo, fai scorrere nel vuoto un cubo alla volta e inserisci il tuo all’estremità per ultimo.',
        'I sensori non vedono dove punta il puntino: dopo ogni spinta lo schermo chiede verso quale compagno è rivolto; scegli sullo schermo.',
        'Saltare il turno non cambia nulla sulla scacchiera: sceglilo sullo schermo, sotto «Mosse che la scacchiera non vede».',
      ]],
      settings: {
        'move-cap': 'Mosse in tutto dopo le quali la partita è patta; 0: nessun limite.',
      },
      caption: 'A1 siede in basso, A2 in alto, B1 e B2 ai lati. La croce in c1 ha il puntino verso A1: solo A1 può prenderla.',
    },
    push: {
      meta: 'Gilbert Obermair, 1977 · 2 giocatori · scacchiera 5×5',
      need: ['Una scacchiera 5×5 e 26 biglie, 13 bianche e 13 nere. Le 13 bianche e 12 nere si alternano sulla scacchiera come le caselle degli scacchi, con le bianche negli angoli; il Nero tiene una biglia in mano.'],
      goal: ['Formare per primo un quadrato 3×3 di biglie del proprio colore.'],
      turn: [
        'Muove chi ha la biglia in mano, quindi inizia il Nero.',
        [
          'Inserisci la biglia a un’estremità di una riga o di una colonna qualsiasi: l’intera fila scorre di una casella e la biglia all’altra estremità esce.',
          'La biglia uscita torna al suo proprietario, che muove dopo: se è tua, continui a giocare tu.',
        ],
      ],
      end: ['Un quadrato 3×3 di un colore fa vincere chi ha quel colore, anche se l’ha formato la spinta dell’avversario (la scheda non lo dice: è la regola del progetto). Le spinte possono ripetersi in cerchio: è patta quando la stessa posizione si ripete per la terza volta con lo stesso giocatore di turno, oppure dopo 400 spinte.'],
      board: [pushBoard],
      settings: {
        spear: 'Sì: la regola dell’edizione Spear. Se la spinta vincente ha fatto uscire una biglia dell’avversario, questi fa un’ultima spinta: un blocco 3×4 del suo colore lo fa vincere, un quadrato 3×3 del suo colore dà la patta.',
        'move-cap': 'Spinte dopo le quali la partita è patta; 0: nessun limite.',
      },
      caption: 'Il Nero inserisce la sua biglia in a3: la riga scorre a destra e la biglia bianca in e3 esce, quindi muove il Bianco.',
    },
    push4: {
      meta: '2010 · 4 giocatori · scacchiera 6×6',
      need: ['Una scacchiera 6×6, vuota all’inizio, e 9 biglie per ciascuno dei quattro giocatori: rosso, blu, verde e giallo.'],
      goal: ['Essere il primo ad allineare quattro biglie del proprio colore, in orizzontale o in verticale (le diagonali non contano).'],
      turn: [
        'Inizia il Rosso, poi il Blu, il Verde e il Giallo. Al tuo turno inserisci una tua biglia da una casella qualsiasi del bordo:',
        [
          'la biglia entra sulla casella del bordo e spinge di una casella verso l’interno le biglie che ha subito davanti;',
          'una biglia spinta fuori dal bordo opposto torna al suo proprietario, che potrà rimetterla in gioco;',
          'chi non ha più biglie in mano salta il turno.',
        ],
      ],
      end: ['Vince un allineamento di quattro. Se una spinta forma gli allineamenti di più giocatori, vince chi ha spinto se uno è suo; altrimenti il primo degli altri nell’ordine di gioco. Se la scacchiera si riempie senza allineamenti è patta; lo è anche quando la stessa posizione si ripete per la terza volta, o dopo 400 spinte.'],
      board: [pushBoard],
      settings: {
        first: 'Chi inizia: rosso, blu, verde, giallo, o a caso (deciso dalla Distribuzione).',
        seed: 'Il numero che sorteggia chi inizia, quando è a caso.',
        'move-cap': 'Spinte dopo le quali la partita è patta; 0: nessun limite.',
      },
      caption: 'Il Rosso inserisce una biglia in a4: le tre biglie rosse scorrono di una casella a destra, e a4, b4, c4, d4 è un allineamento di quattro.',
    },
    krypte: {
      meta: 'Marino Carpignano, 2016 · 2 giocatori · scacchiera 8×8',
      need: ['Una scacchiera 8×8, vuota all’inizio, e pedine nere da un lato e bianche dall’altro, come nell’Othello. La riga 1 è il bordo Nord, in alto.'],
      goal: ['Realizzare per primo un allineamento di almeno quattro pedine del proprio colore: in orizzontale, in verticale o in diagonale.'],
      turn: [
        'Inizia il Nero, obbligatoriamente dal bordo Nord. Poi si entra da uno dei due bordi che seguono, in senso orario, quello da cui è entrata l’ultima pedina: dopo Nord, Est o Sud; dopo Est, Sud o Ovest; dopo Sud, Ovest o Nord; dopo Ovest, Nord o Est.',
        [
          'Scegli una casella d’ingresso su uno dei tuoi due bordi: la pedina scorre lungo quella riga o colonna, scavalcando le pedine già presenti, e si ferma sulla prima casella libera.',
          'È vietata una casella raggiungibile da entrambi i tuoi bordi.',
          'Ogni pedina che tocca la nuova in orizzontale o in verticale (non in diagonale), di qualsiasi colore, si capovolge. La cattura è obbligatoria: vanno girate tutte.',
        ],
      ],
      end: ['Vince un allineamento di quattro o più. È vietata una mossa che formi allineamenti per entrambi i colori. La scheda tace su due casi, decisi qui: se la tua mossa forma solo l’allineamento dell’avversario, vince l’avversario; se chi è di turno non ha mosse possibili, la partita è patta.'],
      board: [[
        'Posa la pedina sulla casella dove si ferma: la casella dice da quale bordo è entrata.',
        'Poi capovolgi le pedine illuminate di arancione.',
      ]],
      caption: 'Mossa 3 dell’esempio della scheda: il Nero entra nella colonna c dal bordo Nord e si ferma in c1; d1, accanto, si capovolge e diventa bianca.',
    },
  },
};
