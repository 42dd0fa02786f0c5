//go:build !amd64 || purego

package bingcd

// Inner runs the 31 binary GCD steps on the approximations xa and xb
// (xb odd) and returns their matrix, packed as fg0 = f0 + 2^32·g0 and
// fg1 = f1 + 2^32·g1 (mod 2^64): the new a is (f0·a + g0·b)/2^31 and the
// new b (f1·a + g1·b)/2^31, each coefficient in [-(2^31-1), 2^31]. The
// build has no assembly: it is innerGeneric. Constant time.
func Inner(xa, xb uint64) (fg0, fg1 uint64) { return innerGeneric(xa, xb) }
