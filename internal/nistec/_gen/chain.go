package main

// Every field inverts by the binary GCD (emitBinaryInvert). P-256's field
// had an addition chain for x^(p-2), 255 squarings and 12 multiplications
// with the MULX squarings run in registers; once the binary GCD was written
// out per modulus with its inner loop in assembly, it took 3.65 µs against
// the chain's 5.1 (minima of 12 alternating runs on a loaded machine), and
// the chain went (it is in the history of this file, with those written
// for P-384 and P-521 before).

// emitSquareN writes pNNNSquareN (pNNNSquareNGeneric for a field with
// assembly, whose dispatch is in the arch file): n squarings in a row, which
// the assembly runs with the value in registers.
func emitSquareN(e *emitter, name string, words int) {
	sqn := name + "SquareN"
	if asmFields[name] {
		sqn += "Generic"
	}
	e.p("// %s sets z = x^(2^n), for a public n. z may alias x.", sqn)
	e.p("func %s(z, x *[%d]uint64, n int) {", sqn, words)
	e.p("*z = *x")
	e.p("for range n {")
	e.p("%sSquare(z, z)", name)
	e.p("}")
	e.p("}")
	e.p("")
}
