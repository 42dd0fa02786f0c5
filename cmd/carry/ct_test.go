package main

import (
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestCTHelpListsTests(t *testing.T) {
	code, stdout, _ := runCarry(t, "help", "ct")
	if code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
	for _, c := range ctTests {
		if !strings.Contains(stdout, c.name) {
			t.Errorf("ct help does not list %q:\n%s", c.name, stdout)
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

// TestCTRuns is the CI-sized run of carry ct: every test and its control
// must be under the threshold (carry ct exits 1 otherwise), and print its
// control, its fixed classes and a constant-time verdict. The fast tests run
// at 10^5 measurements, the slow ones (the private-key operations, 20 µs to
// 1 ms each) at 4000; carry ct runs all at 10^6.
//
// A test over the threshold is run again, alone, at four times the
// measurements, and the test fails unless that run is clean. A leak doubles
// its |t| there; a burst of noise from the shared machine (tests of other
// packages beside this one, an emulator) does not come back.
func TestCTRuns(t *testing.T) {
	fast, slow := 100000, 4000
	if testing.Short() {
		fast, slow = 2000, 1000
	}
	var fastTests, slowTests []*ctTest
	for _, c := range ctTests {
		if c.slow {
			slowTests = append(slowTests, c)
		} else {
			fastTests = append(fastTests, c)
		}
	}
	if len(slowTests) == 0 || len(fastTests) == 0 {
		t.Fatalf("%d fast tests, %d slow tests: want some of each", len(fastTests), len(slowTests))
	}
	ct := func(n int, tests []*ctTest) (ok bool, stdout string) {
		args := []string{"ct", "-n", strconv.Itoa(n)}
		for _, c := range tests {
			args = append(args, c.name)
		}
		code, out, stderr := runCarry(t, args...)
		t.Log("\n" + out)
		if stderr != "" || (code != 0 && code != 1) {
			t.Fatalf("carry %v: exit code %d, stderr %q; want 0 or 1 and nothing", args, code, stderr)
		}
		return code == 0, out
	}
	var stdout string
	for _, run := range []struct {
		n     int
		tests []*ctTest
	}{{fast, fastTests}, {slow, slowTests}} {
		ok, out := ct(run.n, run.tests)
		var failed []*ctTest
		for _, c := range run.tests {
			if !strings.HasPrefix(ctVerdict(out, c), "constant time: ") {
				failed = append(failed, c)
			}
		}
		if ok != (len(failed) == 0) {
			t.Errorf("ct -n %d: exit status ok = %v, %d tests without a constant-time verdict", run.n, ok, len(failed))
		}
		for _, c := range failed {
			ok, again := ct(4*run.n, []*ctTest{c})
			if !ok {
				t.Errorf("%s: %q at n = %d, and %q at n = %d", c.name, ctVerdict(out, c), run.n, ctVerdict(again, c), 4*run.n)
			}
			out += again
		}
		stdout += out
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

// ctVerdict returns the verdict carry ct printed for c in out, the text
// after its name on the last line that is not a control or pool line, or ""
// if there is none.
func ctVerdict(out string, c *ctTest) string {
	verdict := ""
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != c.name || f[1] == "control" || slices.ContainsFunc(c.pools, func(p ctPool) bool { return p.name == f[1] }) {
			continue
		}
		verdict = strings.Join(f[1:], " ")
	}
	return verdict
}

// TestCTCoversPrivateKeys checks that carry ct has a test of every
// private-key operation the README says it measures.
func TestCTCoversPrivateKeys(t *testing.T) {
	for _, name := range []string{"x25519", "x25519-base", "ecdh-p256", "ecdh-p384", "ecdh-p521",
		"ecdsa-p256-sign", "ecdsa-p384-sign", "ecdsa-p521-sign", "ed25519-sign", "rsa2048-decrypt",
		"aead-seal-key", "aead-seal-msg", "hmac-key", "hmac-msg"} {
		if _, err := selectCTTests([]string{name}); err != nil {
			t.Errorf("carry ct has no test %q: %v", name, err)
		}
	}
}

// TestScalarBytePools checks the fixed scalar classes: sparse has one bit
// set, small the values 1..16, and every member is a valid scalar of each
// curve's size.
func TestScalarBytePools(t *testing.T) {
	for _, size := range []int{32, 48, 66} {
		for i := range poolSize {
			rec := make([]byte, size)
			scalarBytePools[0].fill(i, rec)
			if v := new(big.Int).SetBytes(rec); v.BitLen() == 0 || new(big.Int).And(v, new(big.Int).Sub(v, big.NewInt(1))).Sign() != 0 {
				t.Errorf("sparse member %d of %d bytes is %x, want one bit", i, size, rec)
			}
			rec = make([]byte, size)
			scalarBytePools[1].fill(i, rec)
			if v := new(big.Int).SetBytes(rec); v.Cmp(big.NewInt(int64(i+1))) != 0 {
				t.Errorf("small member %d of %d bytes is %v, want %d", i, size, v, i+1)
			}
		}
	}
	rec := make([]byte, 66)
	for i := range rec {
		rec[i] = 0xff
	}
	scalarInRange(rec, 521)
	if v := new(big.Int).SetBytes(rec); v.BitLen() != 521 {
		t.Errorf("scalarInRange left %d bits of 66 bytes, want 521", v.BitLen())
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
