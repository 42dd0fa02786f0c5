package cttest

import "math/rand/v2"

// FixedPool returns a function that fills a record with a member, chosen at
// random on each call, of a pool of n fixed records of size bytes each;
// fill(i, rec) writes member i once, when FixedPool is called. Use it as the
// fixed class of a prepare function:
//
//	fixed := cttest.FixedPool(16, 32, func(i int, rec []byte) { rec[i] = 1 })
//	prepare := func(class int, rec []byte) {
//		if class == 0 {
//			fixed(rec)
//		} else {
//			rand.Read(rec)
//		}
//	}
//
// A pool rather than one value keeps the processor from learning the
// operands (see the package documentation). The returned function copies
// into a record of at least size bytes, and is safe for concurrent use.
// FixedPool panics if n < 1 or size < 0.
func FixedPool(n, size int, fill func(i int, rec []byte)) func(rec []byte) {
	if n < 1 || size < 0 {
		panic("carry/cttest: FixedPool needs n >= 1 and size >= 0")
	}
	pool := make([]byte, n*size)
	for i := range n {
		fill(i, pool[i*size:(i+1)*size:(i+1)*size])
	}
	return func(rec []byte) {
		i := rand.IntN(n)
		copy(rec[:size], pool[i*size:(i+1)*size])
	}
}
