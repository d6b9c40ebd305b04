// Package engine holds what every game of tavoliere shares: board geometry and bitboards,
// square names, the game contract (Rules and State), settings, move footprints, Zobrist
// keys and a generic perft.
//
// A game family lives in its own package below engine (engine/quadwrangle, engine/krypte, …)
// and implements Rules and State; engine/registry names them by a stable id;
// engine/search plays any of them through this contract.
//
// engine uses the standard library only and imports no other part of tavoliere: rules know
// nothing of sensors, LEDs, HTTP or files.
package engine
