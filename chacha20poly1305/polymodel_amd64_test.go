//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
	xchacha20 "golang.org/x/crypto/chacha20"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// A word-for-word model of the Poly1305 steps of the short kernels
// (polyMulAdd and tagDone, _asm/fused_amd64_asm.go), which the set and
// AVX2 kernels run too, checked against math/big at the extremes of their
// bounds; and the messages made with it that drive the kernels to those
// extremes: blocks that keep the accumulator's low words all ones
// (adversarialMessage), a final h at or above p (messageAboveP), and h mod
// p of 0 to 4 (messageSmallH).

// The largest clamped r: r0 and r1 with every bit the clamp keeps.
const (
	rMax0 = 0x0ffffffc0fffffff
	rMax1 = 0x0ffffffc0ffffffc
)

var (
	polyP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))
	two64 = new(big.Int).Lsh(big.NewInt(1), 64)
)

// wordsValue returns x0 + 2^64 x1 + 2^128 x2.
func wordsValue(x [3]uint64) *big.Int {
	v := new(big.Int).SetUint64(x[2])
	v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x[1]))
	return v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x[0]))
}

// modelMulAdd models polyMulAdd instruction by instruction: x times r plus
// m + 2^128 (m = nil: no block and no 2^128). overflow reports a carry the
// assembly would drop (out of a column's high word or out of x2) or an
// IMUL whose product does not fit 64 bits.
func modelMulAdd(x [3]uint64, r0, r1 uint64, m []uint64) (out [3]uint64, overflow bool) {
	s1 := r1 + r1>>2 // rs1
	r05 := 5 * r0    // LEAQ (r0)(r0*4)
	check := func(c uint64) {
		if c != 0 {
			overflow = true
		}
	}
	var c uint64
	a1, a0 := bits.Mul64(x[0], r0)
	b1, b0 := bits.Mul64(x[0], r1)
	if m != nil {
		a0, c = bits.Add64(a0, m[0], 0)
		a1, c = bits.Add64(a1, 0, c)
		check(c)
		b0, c = bits.Add64(b0, m[1], 0)
		b1, c = bits.Add64(b1, 1, c)
		check(c)
	}
	add := func(h, l *uint64, th, tl uint64) {
		var c uint64
		*l, c = bits.Add64(*l, tl, 0)
		*h, c = bits.Add64(*h, th, c)
		check(c)
	}
	th, tl := bits.Mul64(x[1], s1)
	add(&a1, &a0, th, tl)
	th, tl = bits.Mul64(x[1], r0)
	add(&b1, &b0, th, tl)
	th, tl = bits.Mul64(x[2], s1)
	add(&b1, &b0, th, tl)
	th, tl = bits.Mul64(x[2]>>2, r05)
	add(&a1, &a0, th, tl)
	hi, z2 := bits.Mul64(x[2]&3, r0) // IMULQ keeps the low word
	check(hi)
	z1, c := bits.Add64(b0, a1, 0)
	z2, c = bits.Add64(z2, b1, c)
	check(c)
	return [3]uint64{a0, z1, z2}, overflow
}

// bigMulAdd returns (x r + m + 2^128) mod p, or x r mod p for m = nil.
func bigMulAdd(x [3]uint64, r0, r1 uint64, m []uint64) *big.Int {
	r := wordsValue([3]uint64{r0, r1, 0})
	v := new(big.Int).Mul(wordsValue(x), r)
	if m != nil {
		v.Add(v, wordsValue([3]uint64{m[0], m[1], 1}))
	}
	return v.Mod(v, polyP)
}

// modelTag models tagDone instruction by instruction: (h mod p + s) mod
// 2^128 for h = x0 + 2^64 x1 + 2^128 x2.
func modelTag(x [3]uint64, s0, s1 uint64) (t0, t1 uint64) {
	cc := x[2] >> 2
	top := x[2] & 3
	five := 5 * cc    // LEAQ (cc)(cc*4)
	fivep := five + 5 // LEAQ 5(AX)
	var c uint64
	g0, c := bits.Add64(x[0], fivep, 0)
	g1, c := bits.Add64(x[1], 0, c)
	g2 := top + c
	h0, c := bits.Add64(x[0], five, 0)
	h1, _ := bits.Add64(x[1], 0, c)
	if g2>>2 != 0 { // SHRQ $2 sets ZF; CMOVQNE
		h0, h1 = g0, g1
	}
	t0, c = bits.Add64(h0, s0, 0)
	t1, _ = bits.Add64(h1, s1, c)
	return t0, t1
}

// bigTag returns (h mod p + s) mod 2^128 as two words.
func bigTag(x [3]uint64, s0, s1 uint64) (uint64, uint64) {
	v := new(big.Int).Mod(wordsValue(x), polyP)
	v.Add(v, wordsValue([3]uint64{s0, s1, 0}))
	lo := new(big.Int).And(v, new(big.Int).Sub(two64, big.NewInt(1)))
	hi := new(big.Int).Rsh(v, 64)
	hi.And(hi, new(big.Int).Sub(two64, big.NewInt(1)))
	return lo.Uint64(), hi.Uint64()
}

// edgeWords are the accumulator words the bound tests try: the
// extremes and the values around the carries of the final reduction.
var edgeWords = []uint64{0, 1, 2, 3, 4, 5, 6, 1 << 62, 1<<63 - 1, 1 << 63, 1<<64 - 7, 1<<64 - 6, 1<<64 - 5, 1<<64 - 4, 1<<64 - 2, 1<<64 - 1}

// topWords are values of x2 below 2^63: each residue mod 4 at the
// top, and small ones where h crosses p and 2^130.
var topWords = []uint64{0, 1, 2, 3, 4, 5, 7, 8, 1 << 61, 1<<62 + 3, 1<<63 - 4, 1<<63 - 3, 1<<63 - 2, 1<<63 - 1}

// TestModelPolyMulAddBounds checks the model of polyMulAdd against
// math/big for the largest clamped r and for small ones, every
// combination of extreme accumulator words with x2 < 2^63, with the
// largest block, no block and a zero one: no carry is dropped, the result
// is congruent to h r + m + 2^128 mod p, and its top word is below 2^63
// again. The tight bound: col1 < (1 + 1 + 5/8) 2^124 = 2^125.39 (the doc
// comment's 2^125.3 is a little low; col0 < 2.875 2^124 = 2^125.52, not
// 2^125.5), so x2 out <= col1>>64 + 3 r0 + 1 < 5.625 2^60 + 1 < 2^62.5.
func TestModelPolyMulAddBounds(t *testing.T) {
	rs := [][2]uint64{{rMax0, rMax1}, {0, 0}, {1, 4}, {rMax0, 0}, {0, rMax1}}
	ms := [][]uint64{nil, {0, 0}, {1<<64 - 1, 1<<64 - 1}}
	docBound := big.NewInt(45<<57 + 2)
	var maxTop uint64
	checks := 0
	for _, r := range rs {
		for _, x0 := range edgeWords {
			for _, x1 := range edgeWords {
				for _, x2 := range topWords {
					for _, m := range ms {
						x := [3]uint64{x0, x1, x2}
						got, overflow := modelMulAdd(x, r[0], r[1], m)
						if overflow {
							t.Fatalf("r %x %x, x %x, m %x: a carry is dropped", r[0], r[1], x, m)
						}
						want := bigMulAdd(x, r[0], r[1], m)
						if new(big.Int).Mod(wordsValue(got), polyP).Cmp(want) != 0 {
							t.Fatalf("r %x %x, x %x, m %x: h r + m not congruent", r[0], r[1], x, m)
						}
						if got[2] >= 1<<63 || new(big.Int).SetUint64(got[2]).Cmp(docBound) >= 0 {
							t.Fatalf("r %x %x, x %x, m %x: x2 = %#x breaks the bound", r[0], r[1], x, m, got[2])
						}
						maxTop = max(maxTop, got[2])
						checks++
					}
				}
			}
		}
	}
	t.Logf("%d products; largest x2 out %#x (2^%.3f)", checks, maxTop, log2(maxTop))
}

// TestModelPolyMulAddRandom drives the model with random r (biased to
// its largest), accumulators and blocks, and checks it against math/big;
// then runs chains of blocks of all ones from h = 0 and checks the top
// word stays below 2^63 and the tag of the model against math/big.
func TestModelPolyMulAddRandom(t *testing.T) {
	rng := testutil.Rand(t)
	n := 5000
	if *long {
		n = 2000000
	}
	word := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return edgeWords[rng.IntN(len(edgeWords))]
		case 1:
			return ^uint64(0) >> rng.IntN(64)
		default:
			return rng.Uint64()
		}
	}
	for i := range n {
		r0, r1 := word()&rMax0, word()&rMax1
		if i%2 == 0 {
			r0, r1 = rMax0^rng.Uint64()&0xff, rMax1^rng.Uint64()&0xfc
		}
		x := [3]uint64{word(), word(), word() >> 1}
		var m []uint64
		if rng.IntN(8) != 0 {
			m = []uint64{word(), word()}
		}
		got, overflow := modelMulAdd(x, r0, r1, m)
		if overflow || got[2] >= 1<<63 {
			t.Fatalf("r %x %x, x %x, m %x: overflow %v, x2 %#x", r0, r1, x, m, overflow, got[2])
		}
		if new(big.Int).Mod(wordsValue(got), polyP).Cmp(bigMulAdd(x, r0, r1, m)) != 0 {
			t.Fatalf("r %x %x, x %x, m %x: h r + m not congruent", r0, r1, x, m)
		}
		s0, s1 := rng.Uint64(), rng.Uint64()
		g0, g1 := modelTag(got, s0, s1)
		w0, w1 := bigTag(got, s0, s1)
		if g0 != w0 || g1 != w1 {
			t.Fatalf("x %x, s %x %x: tag %x %x, want %x %x", got, s0, s1, g0, g1, w0, w1)
		}
	}

	// Chains: the first block is h = block + 2^128 (= polyMulAdd from
	// h = 0), then the others, then the lengths and the last product.
	ones := []uint64{1<<64 - 1, 1<<64 - 1}
	for blocks := 1; blocks <= 40; blocks++ {
		x := [3]uint64{}
		h := new(big.Int)
		r := wordsValue([3]uint64{rMax0, rMax1, 0})
		for i := range blocks + 1 {
			m := ones
			if i == blocks {
				m = nil
			}
			var overflow bool
			x, overflow = modelMulAdd(x, rMax0, rMax1, m)
			if overflow || x[2] >= 1<<63 {
				t.Fatalf("chain of %d: block %d: overflow %v, x2 %#x", blocks, i, overflow, x[2])
			}
			h.Mul(h, r)
			if m != nil {
				h.Add(h, wordsValue([3]uint64{m[0], m[1], 1}))
			}
			h.Mod(h, polyP)
		}
		if new(big.Int).Mod(wordsValue(x), polyP).Cmp(h) != 0 {
			t.Fatalf("chain of %d: accumulator not congruent", blocks)
		}
	}
}

// TestModelTagDone checks the model of tagDone against math/big for every
// combination of extreme words with x2 < 2^63, including h in [p, 2^130)
// and h at and above 2^130 (x2 >= 4), and with h exactly p, p + 1,
// 2^130 - 1, 2^130 and 2^130 + 4 (and those plus multiples of 2^130 from
// x2's high bits), and for x2 up to the largest for which 5 (x2 >> 2) + 5
// fits a word.
func TestModelTagDone(t *testing.T) {
	ss := [][2]uint64{{0, 0}, {1<<64 - 1, 1<<64 - 1}, {5, 0}, {1<<64 - 5, 1<<64 - 1}}
	for _, x0 := range edgeWords {
		for _, x1 := range edgeWords {
			for _, x2 := range topWords {
				for _, s := range ss {
					x := [3]uint64{x0, x1, x2}
					g0, g1 := modelTag(x, s[0], s[1])
					w0, w1 := bigTag(x, s[0], s[1])
					if g0 != w0 || g1 != w1 {
						t.Fatalf("x %x, s %x: tag %x %x, want %x %x", x, s, g0, g1, w0, w1)
					}
				}
			}
		}
	}
	// tagDone needs only 5 (x2 >> 2) + 5 < 2^64 (LEAQ), so x2 <= 4
	// floor((2^64 - 6) / 5) + 3, about 2^63.68: a margin over x2 < 2^63.
	limit := uint64(4*((1<<64-6)/5) + 3)
	for _, x2 := range []uint64{1 << 63, limit - 3, limit - 2, limit - 1, limit} {
		for _, x0 := range edgeWords {
			for _, x1 := range edgeWords {
				x := [3]uint64{x0, x1, x2}
				g0, g1 := modelTag(x, 1, 2)
				w0, w1 := bigTag(x, 1, 2)
				if g0 != w0 || g1 != w1 {
					t.Fatalf("x %x: tag %x %x, want %x %x", x, g0, g1, w0, w1)
				}
			}
		}
	}
	// Around p and 2^130, shifted by k 2^130 (x2 += 4k, k 2^130 = 5k mod p).
	for _, base := range [][3]uint64{
		{1<<64 - 6, 1<<64 - 1, 3}, // p - 1
		{1<<64 - 5, 1<<64 - 1, 3}, // p
		{1<<64 - 4, 1<<64 - 1, 3}, // p + 1
		{1<<64 - 1, 1<<64 - 1, 3}, // 2^130 - 1
		{0, 0, 4},                 // 2^130
		{4, 0, 4},                 // 2^130 + 4
	} {
		for _, k := range []uint64{0, 1, 2, 1 << 58, 1<<61 - 2, 1<<61 - 1} {
			x := base
			x[2] += 4 * k
			if x[2] >= 1<<63 {
				continue
			}
			for _, d := range []uint64{0, 1, 5, 5 * k, 5*k + 4, 5*k + 5, 5*k + 6} {
				y := x
				y[0] -= d // may borrow: then the value is a different edge, still checked
				g0, g1 := modelTag(y, 3, 7)
				w0, w1 := bigTag(y, 3, 7)
				if g0 != w0 || g1 != w1 {
					t.Fatalf("x %x: tag %x %x, want %x %x", y, g0, g1, w0, w1)
				}
			}
		}
	}
}

// polyKeyOf returns r (clamped) and s for key and nonce: the first 32
// bytes of ChaCha20's block 0, from x/crypto.
func polyKeyOf(t *testing.T, key, nonce []byte) (r0, r1, s0, s1 uint64) {
	c, err := xchacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		t.Fatal(err)
	}
	var b [32]byte
	c.XORKeyStream(b[:], b[:])
	return binary.LittleEndian.Uint64(b[0:]) & rMax0, binary.LittleEndian.Uint64(b[8:]) & rMax1,
		binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:])
}

// keystreamFrom1 returns n bytes of ChaCha20 from block 1, from x/crypto.
func keystreamFrom1(t *testing.T, key, nonce []byte, n int) []byte {
	c, err := xchacha20.NewUnauthenticatedCipher(key, nonce)
	if err != nil {
		t.Fatal(err)
	}
	c.SetCounter(1)
	ks := make([]byte, n)
	c.XORKeyStream(ks, ks)
	return ks
}

// decryptFrom1 returns the plaintext of ct under key and nonce (the
// keystream from block 1).
func decryptFrom1(t *testing.T, key, nonce, ct []byte) []byte {
	ks := keystreamFrom1(t, key, nonce, len(ct))
	pt := make([]byte, len(ct))
	for i := range pt {
		pt[i] = ct[i] ^ ks[i]
	}
	return pt
}

// adversarialMessage returns additional data of adLen bytes and a
// ciphertext of n bytes whose whole MAC blocks are chosen, one after the
// other through the model of polyMulAdd, so that the accumulator's low
// words are all ones after each (its partial blocks are all ones, padded
// with zeros), and the model's tag of them, the largest top word it
// passed through, and whether a carry was dropped.
func adversarialMessage(r0, r1, s0, s1 uint64, adLen, n int) (ad, ct []byte, tag [16]byte, maxTop uint64, overflow bool) {
	ad, ct = make([]byte, adLen), make([]byte, n)
	var x [3]uint64
	step := func(m []uint64) {
		var o bool
		x, o = modelMulAdd(x, r0, r1, m)
		overflow = overflow || o
		maxTop = max(maxTop, x[2])
	}
	fill := func(b []byte) {
		for i := 0; i < len(b); i += 16 {
			blk := make([]byte, 16)
			if len(b)-i < 16 {
				for j := range len(b) - i {
					b[i+j] = 0xff
					blk[j] = 0xff
				}
			} else {
				// With m = 0, x0 = a0 and x1 = b0 + a1: choose m to
				// make both all ones.
				z, _ := modelMulAdd(x, r0, r1, []uint64{0, 0})
				m0 := ^z[0]
				m1 := ^z[1]
				binary.LittleEndian.PutUint64(b[i:], m0)
				binary.LittleEndian.PutUint64(b[i+8:], m1)
				copy(blk, b[i:i+16])
			}
			step([]uint64{binary.LittleEndian.Uint64(blk), binary.LittleEndian.Uint64(blk[8:])})
			if len(b)-i >= 16 && (x[0] != 1<<64-1 || x[1] != 1<<64-1) {
				overflow = true // the choice failed: report it as the model's failure
			}
		}
	}
	fill(ad)
	fill(ct)
	step([]uint64{uint64(adLen), uint64(n)})
	step(nil)
	t0, t1 := modelTag(x, s0, s1)
	binary.LittleEndian.PutUint64(tag[:], t0)
	binary.LittleEndian.PutUint64(tag[8:], t1)
	return ad, ct, tag, maxTop, overflow
}

// modelKey is a key and nonce of the adversarial tests, with the
// one-time key they give (polyKeyOf) and x/crypto's AEAD under key.
type modelKey struct {
	key, nonce     []byte
	r0, r1, s0, s1 uint64
	x              cipher.AEAD
}

// modelKeys returns the adversarial tests' keys: the all-ones key with
// a nonce whose r is the largest (largeRNonce), then n random keys and
// nonces.
func modelKeys(t *testing.T, rng *rand.Rand, n int) []modelKey {
	t.Helper()
	bigKey := bytes.Repeat([]byte{0xff}, KeySize)
	pairs := [][2][]byte{{bigKey, largeRNonce(t, (*[KeySize]byte)(bigKey))[:]}}
	for range n {
		pairs = append(pairs, [2][]byte{randBytes(rng, KeySize), randBytes(rng, NonceSize)})
	}
	var kns []modelKey
	for _, kn := range pairs {
		p := modelKey{key: kn[0], nonce: kn[1]}
		p.r0, p.r1, p.s0, p.s1 = polyKeyOf(t, p.key, p.nonce)
		x, err := xaead.New(p.key)
		if err != nil {
			t.Fatal(err)
		}
		p.x = x
		kns = append(kns, p)
	}
	return kns
}

// checkAdversarial makes adversarialMessage's message of n bytes
// with adLen bytes of additional data under p (ks is at least n bytes of
// its keystream from block 1), checks that the model's tag equals
// x/crypto's and that the kernel name's seal and open agree with both,
// and returns the model's largest x2.
func checkAdversarial(t *testing.T, name string,
	seal func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte),
	open func(key *[32]byte, nonce *[12]byte, dst, src, ad []byte, tag *[16]byte) int,
	p modelKey, ks []byte, n, adLen int) uint64 {
	t.Helper()
	pt, ad, want, top := modelMessage(t, p, ks, n, adLen)
	got := make([]byte, n+Overhead)
	seal((*[32]byte)(p.key), (*[12]byte)(p.nonce), got[:n], pt, ad, (*[16]byte)(got[n:]))
	if !bytes.Equal(got, want) {
		t.Fatalf("%s: n %d, ad %d: seal differs", name, n, adLen)
	}
	out := make([]byte, n)
	if open((*[32]byte)(p.key), (*[12]byte)(p.nonce), out, want[:n], ad, (*[16]byte)(want[n:])) != 1 || !bytes.Equal(out, pt) {
		t.Fatalf("%s: n %d, ad %d: open differs", name, n, adLen)
	}
	return top
}

// modelMessage makes adversarialMessage's message of n bytes with
// adLen bytes of additional data under p (ks is at least n bytes of its
// keystream from block 1), checks that the model drops no carry, keeps
// x2 < 2^63 and that its ciphertext and tag are x/crypto's, and returns
// the plaintext, the additional data, the sealed message (ciphertext and
// tag) and the model's largest x2.
func modelMessage(t *testing.T, p modelKey, ks []byte, n, adLen int) (pt, ad, sealed []byte, top uint64) {
	t.Helper()
	ad, ct, tag, top, overflow := adversarialMessage(p.r0, p.r1, p.s0, p.s1, adLen, n)
	if overflow || top >= 1<<63 {
		t.Fatalf("n %d, ad %d: the model dropped a carry or x2 = %#x", n, adLen, top)
	}
	pt = make([]byte, n)
	for i := range pt {
		pt[i] = ct[i] ^ ks[i]
	}
	sealed = p.x.Seal(nil, p.nonce, pt, ad)
	if !bytes.Equal(sealed[:n], ct) || !bytes.Equal(sealed[n:], tag[:]) {
		t.Fatalf("n %d, ad %d: the model's tag differs from x/crypto's", n, adLen)
	}
	return pt, ad, sealed, top
}

func log2(v uint64) float64 { return math.Log2(float64(v)) }

// minSolution returns the least x >= 0 with l <= a x mod m <= r, for 0
// <= l <= r < m, or nil if there is none (Euclid's algorithm on the
// interval: a multiple of a in [l + m y, r + m y] for the least y).
func minSolution(a, m, l, r *big.Int) *big.Int {
	if l.Sign() == 0 {
		return new(big.Int)
	}
	a = new(big.Int).Mod(a, m)
	if a.Sign() == 0 {
		return nil
	}
	ceilDiv := func(n, d *big.Int) *big.Int {
		q, rem := new(big.Int).QuoRem(n, d, new(big.Int))
		if rem.Sign() > 0 {
			q.Add(q, big.NewInt(1))
		}
		return q
	}
	if k := ceilDiv(l, a); new(big.Int).Mul(a, k).Cmp(r) <= 0 {
		return k
	}
	negMod := func(v *big.Int) *big.Int {
		w := new(big.Int).Mod(v, a)
		return w.Mod(w.Sub(a, w), a)
	}
	y := minSolution(m, a, negMod(r), negMod(l))
	if y == nil {
		return nil
	}
	my := new(big.Int).Mul(m, y)
	x := ceilDiv(new(big.Int).Add(my, l), a)
	if new(big.Int).Sub(new(big.Int).Mul(a, x), my).Cmp(r) > 0 {
		return nil
	}
	return x
}

// minAffine returns the least y >= 0 with (a y + b) mod m < w, or
// nil if there is none.
func minAffine(a, b, m, w *big.Int) *big.Int {
	// a y mod m in [-b, -b + w - 1] mod m, which may wrap past m.
	lo := new(big.Int).Mod(new(big.Int).Neg(b), m)
	hi := new(big.Int).Add(lo, w)
	hi.Sub(hi, big.NewInt(1))
	if hi.Cmp(m) < 0 {
		return minSolution(a, m, lo, hi)
	}
	y1 := minSolution(a, m, lo, new(big.Int).Sub(m, big.NewInt(1)))
	y2 := minSolution(a, m, new(big.Int), hi.Sub(hi, m))
	switch {
	case y1 == nil:
		return y2
	case y2 == nil || y1.Cmp(y2) < 0:
		return y1
	}
	return y2
}

// TestMinAffine checks minAffine against a search of
// every y for small moduli.
func TestMinAffine(t *testing.T) {
	rng := testutil.Rand(t)
	for range 3000 {
		m := int64(2 + rng.IntN(300))
		a, b, w := rng.Int64N(m), rng.Int64N(m), 1+rng.Int64N(m)
		var want int64 = -1
		for y := range m {
			if (a*y+b)%m < w {
				want = y
				break
			}
		}
		got := minAffine(big.NewInt(a), big.NewInt(b), big.NewInt(m), big.NewInt(w))
		if (got == nil) != (want < 0) || got != nil && got.Int64() != want {
			t.Fatalf("a %d, b %d, m %d, w %d: got %v, want %d", a, b, m, w, got, want)
		}
	}
}

// messageAboveP returns, under key and nonce, a plaintext of n = len(ct)
// bytes (a multiple of 16, at least 16) that encrypts to ct, with no
// additional data, for which the MAC's final accumulator, as the word model
// of polyMulAdd leaves it, has h + 5c at or above p, so that the final
// reduction (reduceH, in tagDone and tagAVX2) must take h - p; random
// messages reach it with probability about 2^-67. The last block of ct has
// its low word replaced by one solved for (minAffine) to put h mod p
// below 5 * 2^60; ok is false when ct's other words give no such message.
func messageAboveP(t *testing.T, key, nonce []byte, ct []byte) (pt []byte, ok bool) {
	n := len(ct)
	r0, r1, s0, s1 := polyKeyOf(t, key, nonce)
	r := wordsValue([3]uint64{r0, r1, 0})
	block := func(i int) []uint64 {
		return []uint64{binary.LittleEndian.Uint64(ct[i:]), binary.LittleEndian.Uint64(ct[i+8:])}
	}
	var x [3]uint64
	for i := 0; i < n-16; i += 16 {
		x, _ = modelMulAdd(x, r0, r1, block(i))
	}
	// h = ((X r + m0 + 2^64 m1 + 2^128) r + L + 2^128) r mod p, with X
	// the accumulator before the last block and L the lengths block: an
	// affine function of m0, r^2 m0 + b.
	r2 := new(big.Int).Mul(r, r)
	r2.Mod(r2, polyP)
	b := new(big.Int).Mul(wordsValue(x), r)
	b.Add(b, wordsValue([3]uint64{0, block(n - 16)[1], 1}))
	b.Mul(b, r2)
	b.Add(b, new(big.Int).Mul(wordsValue([3]uint64{0, uint64(n), 1}), r))
	b.Mod(b, polyP)
	y := minAffine(r2, b, polyP, big.NewInt(5<<60))
	if y == nil || y.BitLen() > 64 {
		return nil, false
	}
	binary.LittleEndian.PutUint64(ct[n-16:], y.Uint64())
	x = [3]uint64{}
	for i := 0; i < n; i += 16 {
		x, _ = modelMulAdd(x, r0, r1, block(i))
	}
	x, _ = modelMulAdd(x, r0, r1, []uint64{0, uint64(n)})
	x, _ = modelMulAdd(x, r0, r1, nil)
	if unreducedH(x).Cmp(polyP) < 0 {
		return nil, false
	}
	checkModelTag(t, x, s0, s1, fmt.Sprintf("n %d, above p", n))
	return decryptFrom1(t, key, nonce, ct), true
}

// unreducedH returns tagDone's h for the model's accumulator x
// after the last block: x mod 2^130 plus 5 times its bits from 2^130
// (x2 >> 2), h mod p but not reduced below p.
func unreducedH(x [3]uint64) *big.Int {
	h := new(big.Int).Mod(wordsValue(x), new(big.Int).Lsh(big.NewInt(1), 130))
	return h.Add(h, new(big.Int).SetUint64(5*(x[2]>>2)))
}

// checkModelTag checks the model's tag from the accumulator x
// (modelTag) against math/big's (bigTag); what names the case.
func checkModelTag(t *testing.T, x [3]uint64, s0, s1 uint64, what string) {
	t.Helper()
	t0, t1 := modelTag(x, s0, s1)
	if w0, w1 := bigTag(x, s0, s1); t0 != w0 || t1 != w1 {
		t.Fatalf("%s: the model's tag is wrong", what)
	}
}

// messageSmallH returns, under key and nonce, with additional data ad, a
// plaintext of n = len(ct) bytes (a multiple of 16, at least 16) that
// encrypts to ct with its last block replaced by one solved for, so that
// the Poly1305 value before s is added, h mod p, is target (0 to 4), and
// the final accumulator, as the word model of polyMulAdd leaves it, gives
// reduceH h + 5c = p + target. Then g = h + 5 - 2^130, which reduceH
// selects, differs from h in both words (h's are 2^64 - 5 + target and
// 2^64 - 1, g's target and 0): a reduction that took g's low word and kept
// h's high one would be wrong. Messages whose h + 5c lies further above p
// (messageAboveP) have g's high word equal to h's and cannot tell. ok is
// false when the solved block does not fit 128 bits (about 3 in 4) or the
// model's h + 5c is not p + target.
func messageSmallH(t *testing.T, key, nonce, ad, ct []byte, target int64) (pt []byte, ok bool) {
	n := len(ct)
	r0, r1, s0, s1 := polyKeyOf(t, key, nonce)
	r := wordsValue([3]uint64{r0, r1, 0})
	words := func(b []byte) []uint64 {
		var blk [16]byte
		copy(blk[:], b)
		return []uint64{binary.LittleEndian.Uint64(blk[:]), binary.LittleEndian.Uint64(blk[8:])}
	}
	// chain runs the model over the MAC's blocks up to the ciphertext's
	// last (included or not).
	chain := func(withLast bool) (x [3]uint64) {
		for i := 0; i < len(ad); i += 16 {
			x, _ = modelMulAdd(x, r0, r1, words(ad[i:min(i+16, len(ad))]))
		}
		for i := 0; i < n-16 || withLast && i < n; i += 16 {
			x, _ = modelMulAdd(x, r0, r1, words(ct[i:i+16]))
		}
		return x
	}
	// h = ((X r + M + 2^128) r + L + 2^128) r mod p, with X the
	// accumulator before the last block M and L the lengths block: M r^2
	// + b, solved for M.
	r2 := new(big.Int).Mul(r, r)
	r2.Mod(r2, polyP)
	b := new(big.Int).Mul(wordsValue(chain(false)), r)
	b.Add(b, wordsValue([3]uint64{0, 0, 1}))
	b.Mul(b, r2)
	b.Add(b, new(big.Int).Mul(wordsValue([3]uint64{uint64(len(ad)), uint64(n), 1}), r))
	m := new(big.Int).Sub(big.NewInt(target), b)
	m.Mul(m, new(big.Int).ModInverse(r2, polyP))
	m.Mod(m, polyP)
	if m.BitLen() > 128 {
		return nil, false
	}
	mb := m.FillBytes(make([]byte, 16))
	slices.Reverse(mb)
	copy(ct[n-16:], mb)
	x := chain(true)
	x, _ = modelMulAdd(x, r0, r1, []uint64{uint64(len(ad)), uint64(n)})
	x, _ = modelMulAdd(x, r0, r1, nil)
	if unreducedH(x).Cmp(new(big.Int).Add(polyP, big.NewInt(target))) != 0 {
		return nil, false
	}
	checkModelTag(t, x, s0, s1, fmt.Sprintf("n %d, h mod p = %d", n, target))
	return decryptFrom1(t, key, nonce, ct), true
}
