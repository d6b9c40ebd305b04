// The rules screens in English, one a game (rules.js draws them). Checked against
// docs/rules/README.md; where the rule sheets are silent, the project's decisions are said in
// words. A section is a list of blocks: a string is a paragraph, an array a bulleted list.
// (Strings use ’ and “ ” so that no quote needs escaping.)

const quartoNeed = [
  'A 4×4 board and 16 pieces, all different. Each piece is tall or short, light or dark, round or square, hollow (a hole on top) or solid. The pieces belong to nobody.',
];
const quartoTurn = [
  'Your opponent chooses the piece you play.',
  [
    'Put the piece you were given on any empty square.',
    'Then choose one of the pieces still off the board and hand it to your opponent.',
    'Player 1’s first turn is only that choice: the first piece for Player 2.',
  ],
];
const quartoBoard = [
  'To hand over a piece, give it to your opponent and choose it on the screen, which asks which one (a board with a rack of slots sees it leave its slot).',
  'Put the piece you were given on its square, then hand over the next one the same way.',
  'The pieces still off the board are listed under “Pieces waiting”.',
];
const ownPiecesBoard = [
  'Put your piece down on its square.',
  'The board feels that a square is taken, not which piece is on it: the screen asks which piece you put; choose it there (a board with a rack of slots, or one that recognises the pieces, sees it by itself).',
];
const pushBoard = [
  'To let the referee see a push, move one marble at a time: start with the farthest one (off the board, if it falls out), move each of the others one square along, and put your marble on the edge square last.',
  'A board that feels only whether a square is taken may not see a push made all at once: the screen then lists it under “Moves the board cannot see”; choose yours there once made. If two pushes look alike, their entry squares blink purple: tap the one you used, or choose on the screen.',
];

export const RULES_EN = {
  head: {
    need: 'What you need', goal: 'The goal', turn: 'Your turn', end: 'The end', board: 'Playing on this board',
    settings: 'Settings', lights: 'The lights, and the referee', defaultIs: 'default: {v}',
  },
  // The lights, the same in every game (boards/lights.go).
  lights: [
    'Green, slow blink: put a piece here.',
    'Red, fast blink: take the piece off this square.',
    'Orange, fast blink: turn this piece over, or swap it for the right one.',
    'Orange, steady: a piece to turn over after a capture.',
    'Purple, slow blink: the referee asks which move you made. Tap one of these squares (lift its piece and put it back; on an empty square, put a piece down and lift it again), or choose on the screen.',
    'Violet, fast blink: lift this piece and put it back.',
    'Blue, steady: the AI’s piece to lift. Light blue, slow blink: where the AI’s piece goes.',
    'White: the suggested move (Suggest a move). Dim green: where a lifted piece may go (Show moves). Dim grey: the last move.',
    'A board with one-colour lights tells them apart by the blinking: fast, take off or turn over; slow, put down or tap; steady, the AI’s piece or a piece to turn.',
  ],
  // What every game shares on this board.
  common: [
    'The referee checks every move. Where the board and the game differ, the squares light up, and after a few seconds the screen says what to fix.',
    'Against the AI, its move is lit and written on the screen: carry it out on the board.',
    'Take back undoes the last move; the lights show how to set the board back.',
    'With no board attached, tap the squares on the screen to lift or put a piece; a long press turns a piece over.',
  ],
  games: {
    quadwrangle: {
      meta: 'Keith Carter, 2001 · 2 players · 7×7 board',
      need: ['A 7×7 board and stones that are white on one side and black on the other: a captured stone is turned over. Twenty stones start on the board: White’s on the left column and the top row, Black’s on the bottom row and the right column, the corners empty.'],
      goal: ['Have more stones of your colour than your opponent when the board is full.'],
      turn: [
        'White moves first. On your turn, do one of these:',
        [
          'Drop: put a new stone on an empty square that touches none of your stones, not even diagonally. Nothing is captured.',
          'Slide: move one of your stones in a straight line, across or diagonally, over as many empty squares as you like, like a chess queen.',
          'Grow: put a new stone on an empty square next to one of your stones (diagonals count).',
        ],
        'After a slide or a grow, every enemy stone touching the square you played (diagonals count) is captured: turn it over to your colour.',
      ],
      end: [
        'The game ends when all 49 squares are full, and the player with more stones wins (49 is odd: no tie).',
        'Sliding back and forth could go on for ever, so the game also ends when the same position comes back a third time with the same player to move, or after 300 moves in all. The stones are counted then, and an equal count is a draw.',
      ],
      board: [[
        'Drop or grow: put the stone down on its square.',
        'Slide: lift your stone and put it down where it stops. The referee waits a moment, in case it goes further.',
        'The stones to turn over light up orange: turn each one over. A board that only feels whether a square is taken turns its light off as you lift the stone.',
      ]],
      settings: {
        'drop-last': 'On: you may drop only when you have no slide and no grow (Keith Carter’s own rule).',
        'move-cap': 'After this many moves the game ends and the stones are counted; 0: no limit.',
        first: 'Who starts.',
      },
      caption: 'White grows to f5, next to its stone on f4. The black stones on f6, g6 and g4 touch f5: they turn white.',
    },
    crowded: {
      meta: 'A variant proposed by João Pedro Neto; Keith Carter’s Crusade, 2002 · 2 players · 8×8 board',
      need: ['An 8×8 board filled with 64 stones that are white on one side and black on the other, 32 of each colour, set out like a chessboard (white on the colour of a1).'],
      goal: ['Have more stones of your colour on the board when nobody can move any more.'],
      turn: [
        'Black moves first (the rule sheet does not say who starts). On your turn, move one of your stones one square, in any direction, onto a square held by an enemy stone:',
        [
          'the enemy stone there is captured and taken off the board;',
          'then every enemy stone touching the square you moved to (diagonals count) turns over to your colour.',
        ],
        'You may not move onto an empty square or onto your own stone.',
      ],
      end: ['The game ends when nobody can move, that is when no white stone touches a black one. More stones wins; an equal count is a draw.'],
      board: [[
        'Lift your stone, take the enemy stone off the square you capture, and put your stone there.',
        'Then turn over the stones lit orange.',
      ]],
      settings: {
        layout: 'Random: 32 white and 32 black stones dealt at random, as in Carter’s original; the lights show where each colour goes.',
        seed: 'The number that picks the random deal.',
        first: 'Who starts.',
      },
      caption: 'Black, first to move, captures the white stone on d6 with its stone from e6. The white stones on c5, c7, e5 and e7 touch d6: they turn black.',
    },
    quarto: {
      meta: 'Blaise Muller, 1991 · 2 players · 4×4 board',
      need: quartoNeed,
      goal: ['Be the one who puts down the fourth piece of a line of four pieces that share a feature: four tall, four dark, four round, four hollow, and so on. The lines are the 4 rows, the 4 columns and the 2 long diagonals.'],
      turn: quartoTurn,
      end: ['You win as soon as you complete such a line, whoever put the other three pieces. If all 16 pieces are down and no line shares a feature, the game is a draw.'],
      board: [quartoBoard],
      caption: 'Four tall pieces on the diagonal a4, b3, c2, d1: whoever put the fourth one down wins.',
    },
    'quarto-advanced': {
      meta: 'Quarto! variant · 2 players · 4×4 board',
      need: quartoNeed,
      goal: ['As in Quarto!, a line of four pieces that share a feature wins: a row, a column or a long diagonal.', 'Advanced: a 2×2 square of four neighbouring pieces that share a feature wins too, anywhere on the board.'],
      turn: quartoTurn,
      end: ['You win as soon as you complete such a line or square, whoever put the other three pieces. If all 16 pieces are down and none shares a feature, the game is a draw.'],
      board: [quartoBoard],
      caption: 'Four light pieces in the square b3, c3, b2, c2: a win in the Advanced and Pro variants, not in plain Quarto!.',
    },
    'quarto-pro': {
      meta: 'Quarto! variant · 2 players · 4×4 board',
      need: quartoNeed,
      goal: ['As in the Advanced variant, a line of four or a 2×2 square of pieces that share a feature wins.', 'Pro: the four corners of a larger square win too: a 3×3 square (such as b3, d3, b1, d1) or the whole board (a4, d4, d1, a1).'],
      turn: quartoTurn,
      end: ['You win as soon as you complete such a line or square, whoever put the other three pieces. If all 16 pieces are down and none shares a feature, the game is a draw.'],
      board: [quartoBoard],
      settings: {
        tilted: 'On: the six squares drawn at a slant win too, such as a3, b4, c3, b2.',
      },
      caption: 'Four light pieces on the corners a4, d4, d1, a1: a win in the Pro variant only.',
    },
    'quarto-simplified': {
      meta: 'Quarto! variant for children and beginners · 2 players · 4×4 board',
      need: quartoNeed,
      goal: ['Only one feature counts: colour, unless the setting picks another. Four pieces that share it in a row, a column or a long diagonal win.'],
      turn: quartoTurn,
      end: ['You win as soon as you complete such a line. If all 16 pieces are down and no line shares the feature, the game is a draw.'],
      board: [quartoBoard],
      settings: {
        attribute: 'The feature that counts: height, colour, shape or fill (hollow or solid).',
      },
      caption: 'Four dark pieces in row 2: with colour as the feature that counts, this wins.',
    },
    quad: {
      meta: '2002, on Quarto!’s board · 2 players · 4×4 board',
      need: ['A 4×4 board. Each player has 8 pieces of one colour, light or dark: 2 round solid, 2 round hollow, 2 square solid and 2 square hollow.'],
      goal: ['Be the first to complete a row, a column or a long diagonal of four pieces that share a feature: light, dark, round, square, hollow or solid.'],
      turn: [
        'Light starts. On your turn, put one of your own pieces on any empty square.',
        'A line of one colour can only be finished by its owner; a line of one shape or one fill may mix both colours, and wins for whoever puts its fourth piece.',
      ],
      end: ['The first such line wins. A full board with no line is a draw.'],
      board: [ownPiecesBoard],
      settings: {
        first: 'Who starts: light, dark, or random (drawn from Deal).',
        seed: 'The number that draws who starts, when that is random.',
      },
      caption: 'Column b holds four round pieces, light and dark: whoever put the fourth one down wins.',
    },
    quantik: {
      meta: 'Nouri Khalifa, 2019 · 2 players · 4×4 board',
      need: ['A 4×4 board made of four 2×2 corners (the quadrants). Each player has 8 pieces of one colour: 2 cubes, 2 cylinders, 2 spheres and 2 pyramids.'],
      goal: ['Be the one who completes a row, a column or a quadrant holding four different shapes, whatever their colours. Diagonals do not count.'],
      turn: [
        'Light starts. On your turn, put one of your pieces on an empty square.',
        'You may not put a shape in a row, column or quadrant where your opponent already has that same shape. Your own pieces of that shape do not stop you.',
      ],
      end: ['Four different shapes win at once. The rule sheet does not say what happens when you cannot put any piece down: here you lose, so there is never a draw.'],
      board: [ownPiecesBoard],
      settings: {
        first: 'Who starts: light, dark, or random (drawn from Deal).',
        seed: 'The number that draws who starts, when that is random.',
      },
      caption: 'Column c holds a cube, a cylinder, a sphere and a pyramid: whoever put the fourth one down wins.',
    },
    xequeo: {
      meta: 'Alex Randolph, 1998 · 2 players · 7×7 board · Venetian for “that’s the one!”',
      need: ['A 7×7 board, 7 pawns of different colours that belong to nobody, 7 rings, and for each player 7 cards in the pawns’ colours. The pawns start on random squares (the lights show where, the screen names each colour).'],
      goal: ['Win 4 rings. Each round gives one ring.'],
      turn: [
        'Each round, one player puts a ring on an empty square that touches no pawn: Player 1 in the first round, later the loser of the last one. Each of you then secretly picks a pawn and puts its card face down. The other player moves first. On your turn, either:',
        [
          'move any pawn, yours or not: one step to an empty square next to it (diagonals too), or a jump over a neighbouring pawn to the empty square just beyond, jumps chained as you like. After the move the pawn must be closer to the ring than before; a diagonal step counts as longer than a straight one;',
          'or point at a pawn and call “Xe queo!”: you say it is your opponent’s secret pawn.',
        ],
      ],
      end: [
        [
          'A pawn that reaches the ring stops there, and both players show their cards. If it is your pawn and your opponent picked another, you take the ring; if your opponent picked it too, or it is not yours, your opponent takes it.',
          'After “Xe queo!”, your opponent shows the card: right, you take the ring; wrong, your opponent does.',
        ],
        'The pawns stay where they are for the next round; the same pawn may be picked again. The first to 4 rings wins.',
      ],
      board: [[
        'The ring: the squares where it may go blink purple. Put the ring down and tap its square (put a piece down and lift it again), or choose the square on the screen; with the ring sensed, putting it down is enough.',
        'Move a pawn by lifting it and putting it down where it ends; for a chain of jumps only the start and the end count.',
        'Cards: when a card is to be shown, the pawns blink purple: tap the pawn of the card’s colour (lift it and put it back) or choose on the screen.',
        'The board cannot see “Xe queo!”: choose it on the screen, under “Moves the board cannot see”.',
        'Against the AI: at the start of each round the screen shows a seal of the AI’s secret pawn, and at the end the pawn it picked, so anybody can check it did not change its mind.',
      ]],
      settings: {
        distance: 'How closeness to the ring is measured: euclid, the straight line; octile, a diagonal step counting √2. They agree on every step and every single jump, and differ only on some long chains of jumps.',
        seed: 'The number that picks the pawns’ starting squares; a new one each game unless you give it.',
        ring: 'Tapped: you show the ring’s square by a tap or on the screen. Sensed: the board reads a ring that carries a magnet.',
      },
      caption: 'The ring is on d6. The yellow pawn jumps over the green one from f4 to d4: after the move it is closer to the ring.',
    },
    quixo: {
      meta: 'Thierry Chapeau, 1995 · 2 players · 5×5 board',
      need: ['25 cubes on a 5×5 board, blank side up. Each cube has a cross on one face and a circle on another. One player plays crosses, the other circles; the small dots matter only in the game for four.'],
      goal: ['Make a line of five cubes showing your symbol: a row, a column or a long diagonal.'],
      turn: [
        'Crosses start. On your turn:',
        [
          'take a cube from the edge of the board that is blank or shows your symbol (never one showing your opponent’s, never one from the middle);',
          'push it back in, your symbol on top, at one end of its row or column, so that the cubes in between slide along and close the gap. It may not go back where it came from: a corner cube has two choices, any other edge cube three.',
        ],
      ],
      end: ['Make a line of your symbol and you win. Make a line of your opponent’s symbol and you lose, even if you make yours at the same time. The rule sheet has no draw, yet play can go on for ever: here the same position coming back a third time with the same player to move is a draw, and so are 400 moves in all.'],
      board: [[
        'Lift the cube, slide the cubes of its line one at a time into the gap, starting next to it, and put your cube in at the end last: the referee follows the gap as it travels.',
        'A push the board cannot tell apart from another is asked: its squares blink purple; tap the square where your cube went in, or choose on the screen.',
      ]],
      settings: {
        'move-cap': 'Moves in all after which the game is a draw; 0: no limit.',
      },
      caption: 'Crosses take the blank cube on e5 and push it in at e1: the column slides up, and a5, b4, c3, d2, e1 is a line of five crosses.',
    },
    quixo4: {
      meta: 'Quixo for four, in two teams · 4 players · 5×5 board',
      need: ['As for Quixo. Two teams of two; team-mates sit opposite each other. Team A (A1, A2) plays crosses, team B (B1, B2) circles. Turns go round the table: A1, B1, A2, B2.'],
      goal: ['Make a line of five cubes showing your team’s symbol: a row, a column or a long diagonal.'],
      turn: [
        'On your turn:',
        [
          'take an edge cube that is blank, or shows your team’s symbol with its dot pointing at you;',
          'push it back in as in Quixo, your symbol on top, and turn its dot towards yourself or your team-mate: only that player may take it later;',
          'if you cannot take any cube, you pass.',
        ],
      ],
      end: ['A line of your team’s symbol wins; making the other team’s line loses, even with yours. The same position coming back a third time with the same player to move is a draw, and so are 400 moves in all.'],
      board: [[
        'Lift the cube, slide the cubes of its line one at a time into the gap, and put your cube in at the end last.',
        'The sensors cannot see where a dot points: after each push the screen asks which team-mate it points to; choose on the screen.',
        'A pass changes nothing on the board: choose it on the screen, under “Moves the board cannot see”.',
      ]],
      settings: {
        'move-cap': 'Moves in all after which the game is a draw; 0: no limit.',
      },
      caption: 'A1 sits at the bottom, A2 at the top, B1 and B2 at the sides. The cross on c1 has its dot towards A1: only A1 may take it.',
    },
    push: {
      meta: 'Gilbert Obermair, 1977 · 2 players · 5×5 board',
      need: ['A 5×5 board and 26 marbles, 13 white and 13 black. White’s 13 and 12 of Black’s fill the board like a chessboard, white in the corners; Black keeps one in hand.'],
      goal: ['Be the first to make a 3×3 square of your colour.'],
      turn: [
        'Whoever holds the spare marble moves, so Black starts.',
        [
          'Push the marble in at either end of any row or column: the whole line slides one square and the marble at the far end falls out.',
          'The marble that fell out goes back to its owner, who moves next: if it is yours, you play again.',
        ],
      ],
      end: ['A 3×3 square of one colour wins for that colour’s owner, even when the other player’s push made it (the sheet does not say; this is the project’s rule). Pushes can go round in circles: the same position coming back a third time with the same player to move is a draw, and so are 400 pushes.'],
      board: [pushBoard],
      settings: {
        spear: 'On: the Spear edition’s rule. If a winning push made the opponent’s marble fall out, the opponent gets one last push: a 3×4 block of their colour wins for them, a 3×3 square of it is a draw.',
        'move-cap': 'Pushes after which the game is a draw; 0: no limit.',
      },
      caption: 'Black pushes its spare marble in at a3: the row slides right and the white marble on e3 falls out, so White moves next.',
    },
    push4: {
      meta: '2010 · 4 players · 6×6 board',
      need: ['A 6×6 board, empty at the start, and 9 marbles for each of four players: red, blue, green and yellow.'],
      goal: ['Be the first with four of your marbles in a row, across or up and down (diagonals do not count).'],
      turn: [
        'Red starts, then Blue, Green and Yellow. On your turn, push one of your marbles in from any edge square:',
        [
          'it goes onto the edge square and pushes the marbles right in front of it one square further in;',
          'a marble pushed off the far edge goes back to its owner, who may play it again;',
          'a player with no marble in hand is skipped.',
        ],
      ],
      end: ['Four in a row wins. If one push makes lines for several players, the pusher wins if one is theirs; otherwise the first of the others in turn order. A full board with no line is a draw, and so are the same position coming back a third time and 400 pushes.'],
      board: [pushBoard],
      settings: {
        first: 'Who starts: red, blue, green, yellow, or random (drawn from Deal).',
        seed: 'The number that draws who starts, when that is random.',
        'move-cap': 'Pushes after which the game is a draw; 0: no limit.',
      },
      caption: 'Red pushes a marble in at a4: the three red marbles move one square right, and a4, b4, c4, d4 is four in a row.',
    },
    krypte: {
      meta: 'Marino Carpignano, 2016 · 2 players · 8×8 board',
      need: ['An 8×8 board, empty at the start, and discs that are black on one side and white on the other, as in Othello. Row 1 is the North edge, at the top.'],
      goal: ['Be the first with a line of at least four discs of your colour: across, up and down, or diagonal.'],
      turn: [
        'Black starts, from the North edge. After that you enter from one of the two edges that follow, clockwise, the edge the last disc came in from: after North, East or South; after East, South or West; after South, West or North; after West, North or East.',
        [
          'Pick a square on one of your two edges: the disc travels along that row or column, over any discs in its way, and stops on the first empty square.',
          'A square you could reach from both of your edges is forbidden.',
          'Every disc touching the new one across or up and down (not diagonally), of either colour, turns over. You must turn them all.',
        ],
      ],
      end: ['A line of four or more wins. A move that makes lines for both colours is forbidden. The sheet is silent on two cases, decided here: if your move makes only your opponent’s line, your opponent wins; if the player to move has no legal move, the game is a draw.'],
      board: [[
        'Put the disc on the square where it stops: the square tells which edge it came from.',
        'Then turn over the discs lit orange.',
      ]],
      caption: 'Move 3 of the rule sheet’s example: Black enters column c from the North and stops on c1; d1, beside it, turns over to white.',
    },
  },
};
