// Package stats holds the statistics the arenas report (engine/search's between two
// players, Xe Queo!'s in engine/xequeo/xqai): 95% intervals of a score or a share, the Elo
// difference a score means, quantiles of times, and seeds derived from a seed.
package stats

import (
	"math"
	"slices"
	"time"
)

// Z95 is the standard normal quantile of a two-sided 95% interval.
const Z95 = 1.959963984540054

// Wilson returns the Wilson score interval at 95% of a proportion p of n trials.
func Wilson(p, n float64) (lo, hi float64) {
	z2 := Z95 * Z95
	d := 1 + z2/n
	centre := (p + z2/(2*n)) / d
	half := Z95 / d * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return max(centre-half, 0), min(centre+half, 1)
}

// Elo returns the Elo difference -400·log10(1/score - 1) that an expected score over n
// games means. A score of 0 or 1 would be an infinite difference, which n games cannot
// show: the score is first clamped to [ε, 1-ε] with ε = 1/(2(n+1)), the score of a clean
// sweep had one more game been drawn.
func Elo(score float64, n int) float64 {
	eps := 0.5 / float64(max(n, 0)+1)
	score = min(max(score, eps), 1-eps)
	return 400 * math.Log10(score/(1-score))
}

// Percentile returns the q-th quantile (0…1) of d, nearest rank; 0 for none.
func Percentile(d []time.Duration, q float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	i := int(math.Ceil(q*float64(len(s)))) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// Mix derives a seed from a seed and an index (splitmix64's finaliser): the i-th game of a
// match seeded so replays alike.
func Mix(seed, i uint64) uint64 {
	z := seed + (i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
