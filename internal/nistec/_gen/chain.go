package main

import (
	"fmt"
	"log"
	"math/big"
)

// step is one step of an addition chain: dst = src^(2^sq) · mul, where each
// name xK holds x^(2^K - 1) and "acc" the running result.
type step struct {
	dst, src string
	sq       int
	mul      string
}

// invertChains are the addition chains for x^(p-2), written for the runs of
// ones of p - 2: each builds x^(2^K - 1) for the run lengths K it needs, then
// shifts the runs in. They take at most three squarings more than the bits
// of p and 12 to 14 multiplications, against 78 to 145 multiplications for
// a fixed window of 4 bits (a sliding window, emitWindowExp, serves the
// square roots and the scalars' inversions, whose exponents are less regular).
var invertChains = map[string][]step{
	// p - 2 = 2^256 - 2^224 + 2^192 + 2^96 - 3: from the top, 32 ones, 31
	// zeros, a one, 96 zeros, 94 ones, a zero and a one.
	"p256": {
		{"x2", "x1", 1, "x1"}, {"x3", "x2", 1, "x1"}, {"x6", "x3", 3, "x3"},
		{"x12", "x6", 6, "x6"}, {"x15", "x12", 3, "x3"}, {"x30", "x15", 15, "x15"},
		{"x32", "x30", 2, "x2"},
		{"acc", "x32", 32, "x1"}, {"acc", "acc", 128, "x32"}, {"acc", "acc", 32, "x32"},
		{"acc", "acc", 30, "x30"}, {"acc", "acc", 2, "x1"},
	},
	// p - 2 = 2^384 - 2^128 - 2^96 + 2^32 - 3: 255 ones, a zero, 32 ones,
	// 64 zeros, 30 ones, a zero and a one.
	"p384": {
		{"x2", "x1", 1, "x1"}, {"x3", "x2", 1, "x1"}, {"x6", "x3", 3, "x3"},
		{"x12", "x6", 6, "x6"}, {"x15", "x12", 3, "x3"}, {"x30", "x15", 15, "x15"},
		{"x60", "x30", 30, "x30"}, {"x120", "x60", 60, "x60"}, {"x240", "x120", 120, "x120"},
		{"x255", "x240", 15, "x15"}, {"x32", "x30", 2, "x2"},
		{"acc", "x255", 33, "x32"}, {"acc", "acc", 94, "x30"}, {"acc", "acc", 2, "x1"},
	},
	// p - 2 = 2^521 - 3: 519 ones, a zero and a one.
	"p521": {
		{"x2", "x1", 1, "x1"}, {"x4", "x2", 2, "x2"}, {"x8", "x4", 4, "x4"},
		{"x16", "x8", 8, "x8"}, {"x32", "x16", 16, "x16"}, {"x64", "x32", 32, "x32"},
		{"x128", "x64", 64, "x64"}, {"x256", "x128", 128, "x128"}, {"x512", "x256", 256, "x256"},
		{"x3", "x2", 1, "x1"}, {"x7", "x4", 3, "x3"},
		{"acc", "x512", 7, "x7"}, {"acc", "acc", 2, "x1"},
	},
}

// emitInvertChain writes pxxxInvert, x^(p-2) by the chain of c, after
// checking with math/big that the chain computes that exponent.
func emitInvertChain(e *emitter, name string, p *big.Int, words int) {
	chain := invertChains[name]
	exps := map[string]*big.Int{"x1": big.NewInt(1)}
	var order []string
	sq, mul := 0, 0
	for _, s := range chain {
		src, m := exps[s.src], exps[s.mul]
		if src == nil || m == nil {
			log.Fatalf("%s chain: %v uses an unset value", name, s)
		}
		v := new(big.Int).Lsh(src, uint(s.sq))
		exps[s.dst] = v.Add(v, m)
		if s.dst != "acc" {
			want := new(big.Int).Lsh(big.NewInt(1), uint(atoi(s.dst[1:])))
			if want.Sub(want, big.NewInt(1)); v.Cmp(want) != 0 {
				log.Fatalf("%s chain: %s is x^%x", name, s.dst, v)
			}
		}
		if s.dst != "acc" {
			order = append(order, s.dst)
		}
		sq += s.sq
		mul++
	}
	if want := new(big.Int).Sub(p, big.NewInt(2)); exps["acc"].Cmp(want) != 0 {
		log.Fatalf("%s chain computes x^%x, not x^(p-2)", name, exps["acc"])
	}
	e.p("// %sInvert sets z = x^(p-2) = 1/x mod p (and 0 for 0). z may alias x.", name)
	e.p("// Constant time: an addition chain of %d squarings and %d multiplications,", sq, mul)
	e.p("// where each xK holds x^(2^K - 1) (see _gen/chain.go for the runs of p - 2).")
	e.p("func %sInvert(z, x *[%d]uint64) {", name, words)
	e.p("x1 := *x")
	e.p("var acc, %s [%d]uint64", joinNames(order), words)
	for _, s := range chain {
		e.p("%sSquareN(&%s, &%s, %d)", name, s.dst, s.src, s.sq)
		e.p("%sMul(&%s, &%s, &%s)", name, s.dst, s.dst, s.mul)
	}
	e.p("*z = acc")
	e.p("}")
	e.p("")
	e.p("// %sSquareN sets z = x^(2^n), for a public n. z may alias x.", name)
	e.p("func %sSquareN(z, x *[%d]uint64, n int) {", name, words)
	e.p("*z = *x")
	e.p("for range n {")
	e.p("%sSquare(z, z)", name)
	e.p("}")
	e.p("}")
	e.p("")
}

func atoi(s string) int {
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		log.Fatal(err)
	}
	return n
}

func joinNames(names []string) string {
	out := ""
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			continue
		}
		seen[n] = true
		if out != "" {
			out += ", "
		}
		out += n
	}
	return out
}
