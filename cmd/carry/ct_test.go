package main

import (
	"math/big"
	"strings"
	"testing"
)

func TestCTHelpListsTests(t *testing.T) {
	code, _, stderr := runCarry(t, "help", "ct")
	if code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
	for _, c := range ctTests {
		if !strings.Contains(stderr, c.name) {
			t.Errorf("ct help does not list %q:\n%s", c.name, stderr)
		}
	}
}

func TestCTBadArgs(t *testing.T) {
	for _, args := range [][]string{{"ct", "frobnicate"}, {"ct", "-n", "10"}, {"ct", "-nosuchflag"}} {
		code, stdout, stderr := runCarry(t, args...)
		if code != 2 || stdout != "" || stderr == "" {
			t.Errorf("carry %q: exit code %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, stdout, stderr)
		}
	}
	if _, _, stderr := runCarry(t, "ct", "frobnicate"); !strings.Contains(stderr, "x25519-base") {
		t.Errorf("unknown test message does not list the tests: %q", stderr)
	}
}

// TestCTRuns is the CI-sized run of carry ct: every test and its control at
// 10^5 measurements must be under the threshold (carry ct exits 1 otherwise),
// and print its control, its fixed classes and a constant-time verdict.
func TestCTRuns(t *testing.T) {
	n := "100000"
	if testing.Short() {
		n = "2000"
	}
	code, stdout, stderr := runCarry(t, "ct", "-n", n)
	t.Log("\n" + stdout)
	if code != 0 || stderr != "" {
		t.Errorf("exit code %d, stderr %q; want 0 and nothing", code, stderr)
	}
	lines := strings.Split(stdout, "\n")
	for _, c := range ctTests {
		want := []string{c.name + " control "}
		for _, p := range c.pools {
			want = append(want, c.name+" "+p.name+" ")
		}
		want = append(want, c.name+" constant time: ")
		for _, w := range want {
			found := false
			for _, l := range lines {
				found = found || strings.HasPrefix(strings.Join(strings.Fields(l), " "), w)
			}
			if !found {
				t.Errorf("no line starting %q", w)
			}
		}
	}
}

func TestEdgeElements(t *testing.T) {
	p := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))
	pow := func(k int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k)) }
	minus := func(x *big.Int, d int64) *big.Int { return new(big.Int).Sub(x, big.NewInt(d)) }
	want := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		minus(p, 1), minus(p, 2), p, minus(pow(256), 1), pow(254),
		pow(51), pow(102), pow(153), pow(204),
		minus(pow(51), 1), minus(pow(102), 1), minus(pow(153), 1), minus(pow(204), 1),
	}
	if len(want) != poolSize {
		t.Fatalf("%d edge elements listed, want %d", len(want), poolSize)
	}
	rec := make([]byte, 32)
	for i, w := range want {
		for j := range rec {
			rec[j] = 0xaa // edgeElement must clear what it does not set
		}
		edgeElement(i, rec)
		if got := leToBig(rec); got.Cmp(w) != 0 {
			t.Errorf("edgeElement(%d) = %x, want %x", i, got, w)
		}
	}
}

// leToBig decodes little-endian bytes.
func leToBig(b []byte) *big.Int {
	be := make([]byte, len(b))
	for i, v := range b {
		be[len(b)-1-i] = v
	}
	return new(big.Int).SetBytes(be)
}

// TestScalarPools checks the fixed scalar classes: 16 distinct members each
// (dense aside, drawn at random), which clamp to what the pool promises.
func TestScalarPools(t *testing.T) {
	clamp := func(k []byte) *big.Int {
		c := append([]byte(nil), k...)
		c[0] &= 248
		c[31] &= 127
		c[31] |= 64
		return leToBig(c)
	}
	two254 := new(big.Int).Lsh(big.NewInt(1), 254)
	ones := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(8))
	for _, pool := range scalarPools {
		seen := map[string]bool{}
		for i := range poolSize {
			rec := make([]byte, 32)
			pool.fill(i, rec)
			seen[string(rec)] = true
			k := clamp(rec)
			switch pool.name {
			case "sparse":
				if n := popCount(leToBig(rec)); n != 1 {
					t.Errorf("sparse member %d has %d bits set, want 1", i, n)
				}
			case "zero":
				if k.Cmp(two254) != 0 {
					t.Errorf("zero member %d clamps to %x, want 2^254", i, k)
				}
			case "ones":
				if k.Cmp(ones) != 0 {
					t.Errorf("ones member %d clamps to %x, want 2^255-8", i, k)
				}
			}
		}
		if len(seen) != poolSize {
			t.Errorf("pool %s has %d distinct members, want %d", pool.name, len(seen), poolSize)
		}
	}
}

func popCount(x *big.Int) int {
	n := 0
	for i := range x.BitLen() {
		n += int(x.Bit(i))
	}
	return n
}
