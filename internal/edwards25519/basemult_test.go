package edwards25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ed25519"
	"crypto/sha512"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// clamp applies the X25519 clamping of RFC 7748, Section 5, which is also
// that of Ed25519 (RFC 8032, Section 5.1.5).
func clamp(k *[32]byte) *[32]byte {
	c := *k
	c[0] &= 248
	c[31] &= 127
	c[31] |= 64
	return &c
}

// extremeScalars returns scalars before clamping: all zeros, all ones,
// every single bit, 2^254 + small values, and values that clamp to the
// smallest and largest clamped scalars.
func extremeScalars() []*[32]byte {
	var ks []*[32]byte
	ks = append(ks, new([32]byte))
	ones := new([32]byte)
	for i := range ones {
		ones[i] = 0xff
	}
	ks = append(ks, ones)
	for bit := range 256 {
		k := new([32]byte)
		k[bit/8] = 1 << (bit % 8)
		ks = append(ks, k)
		// All ones but one bit.
		k = new([32]byte)
		*k = *ones
		k[bit/8] &^= 1 << (bit % 8)
		ks = append(ks, k)
	}
	for s := range 64 {
		k := bigLE(new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 254), big.NewInt(int64(8*s))))
		ks = append(ks, k)
	}
	// Multiples of 8 near multiples of L, and digit patterns of
	// alternating signs: 0x88..., 0x77..., 0xf0f0...
	for _, m := range []int64{1, 2, 3, 4, 5, 6, 7, 8} {
		kl := new(big.Int).Mul(bigL, big.NewInt(m))
		for _, dk := range []int64{-16, -8, 0, 8, 16} {
			k := new(big.Int).Add(kl, big.NewInt(dk))
			if k.Sign() >= 0 && k.BitLen() <= 255 {
				ks = append(ks, bigLE(k))
			}
		}
	}
	for _, b := range []byte{0x88, 0x77, 0xf0, 0x0f, 0x80, 0x08, 0x7f, 0xf7} {
		k := new([32]byte)
		for i := range k {
			k[i] = b
		}
		ks = append(ks, k)
	}
	return ks
}

func ecdhX25519Base(t testing.TB, k *[32]byte) []byte {
	t.Helper()
	priv, err := ecdh.X25519().NewPrivateKey(k[:])
	if err != nil {
		t.Fatal(err)
	}
	return priv.PublicKey().Bytes()
}

func checkX25519Base(t *testing.T, k *[32]byte) {
	t.Helper()
	want := ecdhX25519Base(t, k) // crypto/ecdh clamps k itself
	var got [32]byte
	X25519Base(&got, clamp(k))
	if !bytes.Equal(got[:], want) {
		t.Errorf("X25519Base(clamp(%x)) = %x, want %x", k, got, want)
	}
}

func TestX25519BaseExtremes(t *testing.T) {
	for _, k := range extremeScalars() {
		checkX25519Base(t, k)
	}
}

func TestX25519BaseRandom(t *testing.T) {
	r := testutil.Rand(t)
	n := iterations(10000)
	if testing.Short() {
		n = 1000
	}
	for range n {
		checkX25519Base(t, randBytes(r))
		if t.Failed() {
			break
		}
	}
}

// TestX25519BaseIgnoresBit255 checks that bit 255 of k is ignored, as
// documented, rather than carried out of the top digit.
func TestX25519BaseIgnoresBit255(t *testing.T) {
	r := testutil.Rand(t)
	for range 100 {
		k := clamp(randBytes(r))
		var a, b [32]byte
		X25519Base(&a, k)
		k[31] |= 0x80
		X25519Base(&b, k)
		if a != b {
			t.Fatalf("bit 255 changed X25519Base(%x)", k)
		}
	}
}

// TestScalarBaseMultEd25519 compares the encoding of s·B with the public
// keys of crypto/ed25519, s = clamp(SHA-512(seed)[:32]) (RFC 8032,
// Section 5.1.5).
func TestScalarBaseMultEd25519(t *testing.T) {
	r := testutil.Rand(t)
	for range iterations(1000) {
		seed := randBytes(r)
		want := ed25519.NewKeyFromSeed(seed[:]).Public().(ed25519.PublicKey)
		h := sha512.Sum512(seed[:])
		s := clamp((*[32]byte)(h[:32]))
		got := new(Point).ScalarBaseMult(s).Bytes()
		if !bytes.Equal(got, want) {
			t.Fatalf("seed %x: got %x, want %x", seed, got, want)
		}
	}
}

// TestScalarBaseMultReference compares ScalarBaseMult with double-and-add in
// math/big on extreme and random scalars below 2^255 (not clamped).
func TestScalarBaseMultReference(t *testing.T) {
	r := testutil.Rand(t)
	ks := extremeScalars()
	for range iterations(20) {
		ks = append(ks, randBytes(r))
	}
	for i, k := range ks {
		if i%4 != 0 && !*long && i < len(ks)-20 {
			continue // a quarter of the extremes by default: math/big is slow
		}
		kk := *k
		kk[31] &= 127
		want := refScalarMult(leBig(&kk), refBase())
		if got := toRef(t, new(Point).ScalarBaseMult(k)); !refEqual(got, want) {
			t.Errorf("ScalarBaseMult(%x) = (%v, %v), want (%v, %v)", k, got.x, got.y, want.x, want.y)
		}
	}
}

func TestSignedRadix32(t *testing.T) {
	r := testutil.Rand(t)
	ks := extremeScalars()
	for range 1000 {
		ks = append(ks, randBytes(r))
	}
	for _, k := range ks {
		var e [51]int8
		signedRadix32(&e, k)
		sum := new(big.Int)
		for i := 50; i >= 0; i-- {
			lo, hi := int8(-16), int8(15)
			if i == 50 {
				lo, hi = 0, 16
			}
			if e[i] < lo || e[i] > hi {
				t.Fatalf("k = %x: digit %d = %d, out of [%d, %d]", k, i, e[i], lo, hi)
			}
			sum.Lsh(sum, 5).Add(sum, big.NewInt(int64(e[i])))
		}
		kk := *k
		kk[31] &= 63
		if sum.Cmp(leBig(&kk)) != 0 {
			t.Fatalf("k = %x: digits sum to %x", k, sum)
		}
	}
}

// TestSelectBase checks every digit in [-8, 8] on a few tables against
// repeated addition.
func TestSelectBase(t *testing.T) {
	for _, i := range []int{0, 1, 17, 31, 50} {
		base := NewGeneratorPoint()
		for range 5 * i {
			base.Double(base)
		}
		for e := -16; e <= 16; e++ {
			want := NewIdentityPoint()
			for range abs(e) {
				want.Add(want, base)
			}
			if e < 0 {
				want.Negate(want)
			}
			var q niels
			var c completed
			q.selectBase(&baseTable[i], int8(e))
			got := new(Point).fromCompleted(c.addNiels(NewIdentityPoint(), &q))
			if got.Equal(want) != 1 {
				t.Errorf("selectBase(table %d, %d) is wrong", i, e)
			}
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestScalarBaseMultAllocs(t *testing.T) {
	k := clamp(new([32]byte))
	var dst [32]byte
	var p Point
	if n := testing.AllocsPerRun(10, func() { X25519Base(&dst, k) }); n != 0 {
		t.Errorf("X25519Base: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(10, func() { p.ScalarBaseMult(k) }); n != 0 {
		t.Errorf("ScalarBaseMult: %v allocations, want 0", n)
	}
	if n := testing.AllocsPerRun(10, func() { p.Bytes() }); n != 0 {
		t.Errorf("Bytes: %v allocations, want 0", n)
	}
}
