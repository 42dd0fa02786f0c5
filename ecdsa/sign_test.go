package ecdsa

import (
	"bytes"
	"crypto"
	"crypto/elliptic"
	"crypto/sha256"
	"fmt"
	"math/big"
	"testing"

	"github.com/carry-crypto/carry/internal/nistec"
	"github.com/carry-crypto/carry/internal/testutil"
)

// TestBits2Octets checks bits2octets (the truncation and the constant-time
// subtraction of n on bytes) against refBits2Octets, for digests shorter,
// as long as and longer than the order, around n and 2^bitlen(n) after the
// truncation, and random.
func TestBits2Octets(t *testing.T) {
	r := testutil.Rand(t)
	for _, c := range testCurves {
		n := c.Params().N
		size := scalarSize(c)
		var digests [][]byte
		for _, v := range []*big.Int{
			big.NewInt(0), big.NewInt(1),
			new(big.Int).Sub(n, big.NewInt(1)), n, new(big.Int).Add(n, big.NewInt(1)),
			new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n.BitLen())), big.NewInt(1)),
		} {
			// v as the leftmost bitlen(n) bits of a digest of the
			// order's length or 16 bytes longer, its low bits random.
			for _, dlen := range []int{size, size + 16} {
				d := new(big.Int).Lsh(v, uint(8*dlen-n.BitLen()))
				low := make([]byte, dlen)
				fillRand(r, low)
				lowInt := new(big.Int).SetBytes(low)
				lowInt.Rsh(lowInt, uint(n.BitLen()))
				digests = append(digests, d.Or(d, lowInt).FillBytes(make([]byte, dlen)))
			}
		}
		for _, dlen := range []int{0, 1, 20, 32, 48, 66, 64} {
			d := make([]byte, dlen)
			fillRand(r, d)
			digests = append(digests, d)
		}
		impl := lookupCurve(c).impl
		for _, d := range digests {
			want := refBits2Octets(c, d)
			var got []byte
			var e []byte
			switch c := impl.(type) {
			case *nistCurve[*nistec.P256Point, *nistec.P256Scalar]:
				got, e = testBits2Octets(c, d)
			case *nistCurve[*nistec.P384Point, *nistec.P384Scalar]:
				got, e = testBits2Octets(c, d)
			case *nistCurve[*nistec.P521Point, *nistec.P521Scalar]:
				got, e = testBits2Octets(c, d)
			default:
				t.Fatalf("%T", c)
			}
			if !bytes.Equal(got, want) || !bytes.Equal(e, want) {
				t.Errorf("%s: bits2octets(%x) = %x (e = %x), want %x", c.Params().Name, d, got, e, want)
			}
		}
	}
}

// testBits2Octets returns the bytes bits2octets writes and the encoding of
// the scalar it sets, and checks that bits2int sets the same scalar.
func testBits2Octets[P point[P], S scalar[S]](c *nistCurve[P, S], digest []byte) (b, e []byte) {
	b = make([]byte, c.size)
	s := c.newScalar()
	c.bits2octets(s, b, digest)
	if s.Equal(c.bits2int(c.newScalar(), digest)) != 1 {
		panic("bits2int and bits2octets disagree")
	}
	return b, s.Bytes()
}

// TestSignStateWipe checks that a signState after signing and wipeState
// holds nothing of the signature: zero scalars, the identity, zero bytes.
func TestSignStateWipe(t *testing.T) {
	k := carryForm(t, testKey(t, elliptic.P256(), testutil.Rand(t)))
	c := k.c.impl.(*nistCurve[*nistec.P256Point, *nistec.P256Scalar])
	digest := sha256.Sum256([]byte("wipe"))
	st := c.getState()
	c.bits2octets(st.e, st.h1[:c.size], digest[:])
	copy(st.z[:], bytes.Repeat([]byte{0xa5}, 32))
	drbg := getDRBG(crypto.SHA256)
	drbg.instantiate(k.d, st.h1[:c.size])
	if _, _, err := c.signWithState(st, k.d, drbg); err != nil {
		t.Fatal(err)
	}
	drbg.release()
	c.wipeState(st)
	zero := nistec.NewP256Scalar()
	for i, s := range []*nistec.P256Scalar{st.k, st.kInv, st.r, st.s, st.d, st.e} {
		if s.Equal(zero) != 1 {
			t.Errorf("scalar %d is not zero after wipeState", i)
		}
	}
	if !bytes.Equal(st.R.Bytes(), []byte{0}) {
		t.Errorf("R = %x after wipeState, want the identity", st.R.Bytes())
	}
	for name, b := range map[string][]byte{"kb": st.kb[:], "z": st.z[:], "h1": st.h1[:]} {
		if !bytes.Equal(b, make([]byte, len(b))) {
			t.Errorf("%s = %x after wipeState", name, b)
		}
	}
	c.putState(st)
}

// TestSignAllocs checks the allocations of a signature with a key in the
// cache: the encodings that internal/nistec returns (R's x, r and s) and the
// DER signature; the DRBG and the scalars come from pools. The race
// detector drops pooled values at random: the count is not checked under
// it.
func TestSignAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector drops pooled values")
	}
	digest := sha256.Sum256([]byte("allocs"))
	for _, c := range testCurves {
		k := testKey(t, c, testutil.Rand(t))
		s := newSigner(t, k)
		if n := testing.AllocsPerRun(100, func() {
			if _, err := s.Sign(nil, digest[:], crypto.SHA256); err != nil {
				t.Fatal(err)
			}
		}); n > 4 {
			t.Errorf("%s: Signer.Sign(nil, ...) allocates %v times, want at most 4", c.Params().Name, n)
		}
		if n := testing.AllocsPerRun(100, func() {
			if _, err := SignASN1(nil, k, digest[:]); err != nil {
				t.Fatal(err)
			}
		}); n > 4 {
			t.Errorf("%s: SignASN1 allocates %v times, want at most 4", c.Params().Name, n)
		}
	}
}

// TestSignConcurrent signs from several goroutines at once, on every
// curve, deterministically (a Signer) and hedged with a constant reader
// (SignASN1, with GODEBUG=cryptocustomrand=1 so that it reads it), so that
// pooled DRBGs and states pass from signature to signature and from
// goroutine to goroutine, and keys are looked up in the cache from all of
// them: each signature must be the one a lone call gives.
func TestSignConcurrent(t *testing.T) {
	withCallerRand(t)
	r := testutil.Rand(t)
	type job struct {
		k      *PrivateKey
		s      *Signer
		digest []byte
		det    []byte // crypto/ecdsa's Sign(nil, ...)
		hedged []byte // SignASN1(constReader(3), ...)
	}
	var jobs []job
	for i := range 24 {
		k := testKey(t, testCurves[i%len(testCurves)], r)
		digest := make([]byte, 32)
		fillRand(r, digest)
		det, err := k.Sign(nil, digest, crypto.SHA256)
		if err != nil {
			t.Fatal(err)
		}
		hedged, err := SignASN1(constReader(3), k, digest)
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, job{k, newSigner(t, k), digest, det, hedged})
	}
	errs := make(chan error, 4)
	for g := range 4 {
		go func() {
			for i := range 3 * len(jobs) {
				j := jobs[(i+g*7)%len(jobs)]
				name := j.k.Curve.Params().Name
				det, err := j.s.Sign(nil, j.digest, crypto.SHA256)
				if err == nil && !bytes.Equal(det, j.det) {
					err = fmt.Errorf("%s: concurrent Sign(nil, ...) = %x, want %x", name, det, j.det)
				}
				var hedged []byte
				if err == nil {
					hedged, err = SignASN1(constReader(3), j.k, j.digest)
				}
				if err == nil && !bytes.Equal(hedged, j.hedged) {
					err = fmt.Errorf("%s: concurrent SignASN1 = %x, want %x", name, hedged, j.hedged)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
