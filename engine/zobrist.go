package engine

// Zobrist keys come from a fixed splitmix64 stream, so hashes are the same in every process
// and can be stored in a journal.

// ZobristKeys returns n pseudo-random 64-bit keys derived from salt; the same salt gives
// the same keys. Each game draws its own table once, at package initialisation.
func ZobristKeys(salt uint64, n int) []uint64 {
	keys := make([]uint64, n)
	x := salt
	for i := range keys {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		keys[i] = z ^ z>>31
	}
	return keys
}
