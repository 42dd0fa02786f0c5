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
// shifts the runs in. P-256's takes 255 squarings and 12 multiplications
// (4.8 µs, thread CPU time), as fast as the binary GCD (4.3 to 6.5 µs); for
// P-384 and P-521 (385S + 14M and 524S + 13M) the binary GCD took half the
// time and serves instead (emitBinaryInvert), as for every scalar field.
// Chains written for them are in the history of this file.
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
