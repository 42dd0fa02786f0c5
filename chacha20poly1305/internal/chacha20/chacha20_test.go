package chacha20

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/kat"
	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
	xchacha20 "golang.org/x/crypto/chacha20"
)

const vectors = "testdata/rfc8439.txt"

// TestRegistered checks that the package lists its two implementations in
// internal/impl in every build, built or not, so that carry version names
// them everywhere.
func TestRegistered(t *testing.T) {
	want := []string{implAVX512.Name, implAVX2.Name}
	if got := impl.List(implAVX512.Package); !slices.Equal(got, want) {
		t.Errorf("internal/impl lists %q for %s, want %q", got, implAVX512.Package, want)
	}
}

// words parses a field of hexadecimal 32-bit words, as the RFC prints states.
func words(t *testing.T, r *kat.Record, field string) []uint32 {
	t.Helper()
	var w []uint32
	for _, f := range strings.Fields(r.String(t, field)) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			t.Fatalf("%s: %s: %v", r.Name(), field, err)
		}
		w = append(w, uint32(v))
	}
	return w
}

func TestQuarterRoundVector(t *testing.T) {
	for _, r := range kat.Read(t, vectors, "quarterround") {
		in, want := words(t, r, "in"), words(t, r, "out")
		a, b, c, d := quarterRound(in[0], in[1], in[2], in[3])
		if got := []uint32{a, b, c, d}; !slicesEqual(got, want) {
			t.Errorf("%s: got %08x, want %08x", r.Name(), got, want)
		}
	}
}

func TestQuarterRoundOnState(t *testing.T) {
	for _, r := range kat.Read(t, vectors, "state") {
		var x State
		copy(x[:], words(t, r, "in"))
		var idx [4]int
		for i, f := range strings.Fields(r.String(t, "qr")) {
			idx[i], _ = strconv.Atoi(f)
		}
		x[idx[0]], x[idx[1]], x[idx[2]], x[idx[3]] = quarterRound(x[idx[0]], x[idx[1]], x[idx[2]], x[idx[3]])
		if want := words(t, r, "out"); !slicesEqual(x[:], want) {
			t.Errorf("%s: got %08x, want %08x", r.Name(), x, want)
		}
	}
}

func slicesEqual(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// keyNonce returns a record's key and nonce as arrays.
func keyNonce(t *testing.T, r *kat.Record) (*[KeySize]byte, *[NonceSize]byte) {
	t.Helper()
	key, nonce := r.Bytes(t, "key"), r.Bytes(t, "nonce")
	if len(key) != KeySize || len(nonce) != NonceSize {
		t.Fatalf("%s: key of %d bytes, nonce of %d", r.Name(), len(key), len(nonce))
	}
	return (*[KeySize]byte)(key), (*[NonceSize]byte)(nonce)
}

// xcrypto returns x/crypto's keystream XOR of src from key, nonce and
// counter: the oracle that checks each transcription.
func xcrypto(t *testing.T, key *[KeySize]byte, nonce *[NonceSize]byte, counter uint32, src []byte) []byte {
	t.Helper()
	c, err := xchacha20.NewUnauthenticatedCipher(key[:], nonce[:])
	if err != nil {
		t.Fatal(err)
	}
	c.SetCounter(counter)
	out := make([]byte, len(src))
	c.XORKeyStream(out, src)
	return out
}

// TestVectors checks the block function, encryption and the Poly1305 key
// generation vectors against carry and, to catch a typo in the
// transcription, against x/crypto.
func TestVectors(t *testing.T) {
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		type vec struct {
			r              *kat.Record
			counter        uint32
			plaintext, out []byte
		}
		var vs []vec
		for _, r := range kat.Read(t, vectors, "block") {
			vs = append(vs, vec{r: r, counter: r.Uint32(t, "counter"), plaintext: make([]byte, BlockSize), out: r.Bytes(t, "out")})
		}
		for _, r := range kat.Read(t, vectors, "cipher") {
			vs = append(vs, vec{r: r, counter: r.Uint32(t, "counter"), plaintext: r.Bytes(t, "plaintext"), out: r.Bytes(t, "ciphertext")})
		}
		for _, r := range kat.Read(t, vectors, "polykey") {
			vs = append(vs, vec{r: r, counter: 0, plaintext: make([]byte, 32), out: r.Bytes(t, "out")})
		}
		for _, v := range vs {
			key, nonce := keyNonce(t, v.r)
			if len(v.out) != len(v.plaintext) {
				t.Fatalf("%s: %d bytes of input, %d of output", v.r.Name(), len(v.plaintext), len(v.out))
			}
			if x := xcrypto(t, key, nonce, v.counter, v.plaintext); !bytes.Equal(x, v.out) {
				t.Errorf("%s: x/crypto disagrees with the transcription:\n got %x\nwant %x", v.r.Name(), x, v.out)
			}
			var s State
			s.Init(key, nonce, v.counter)
			got := make([]byte, len(v.plaintext))
			s.XORKeyStream(got, v.plaintext)
			if !bytes.Equal(got, v.out) {
				t.Errorf("%s:\n got %x\nwant %x", v.r.Name(), got, v.out)
			}
			blocks := uint32((len(v.plaintext) + BlockSize - 1) / BlockSize)
			if s.Counter() != v.counter+blocks {
				t.Errorf("%s: counter %d after, want %d", v.r.Name(), s.Counter(), v.counter+blocks)
			}
			// In place.
			inPlace := bytes.Clone(v.plaintext)
			s.Init(key, nonce, v.counter).XORKeyStream(inPlace, inPlace)
			if !bytes.Equal(inPlace, v.out) {
				t.Errorf("%s: in place:\n got %x\nwant %x", v.r.Name(), inPlace, v.out)
			}
		}
	})
}

func TestHChaCha20Vector(t *testing.T) {
	for _, r := range kat.Read(t, vectors, "hchacha20") {
		key, nonce, want := r.Bytes(t, "key"), r.Bytes(t, "nonce"), r.Bytes(t, "out")
		x, err := xchacha20.HChaCha20(key, nonce)
		if err != nil || !bytes.Equal(x, want) {
			t.Errorf("%s: x/crypto disagrees with the transcription: %x, %v", r.Name(), x, err)
		}
		var got [KeySize]byte
		HChaCha20(&got, (*[KeySize]byte)(key), (*[HNonceSize]byte)(nonce))
		if !bytes.Equal(got[:], want) {
			t.Errorf("%s:\n got %x\nwant %x", r.Name(), got, want)
		}
	}
}

func TestHChaCha20Random(t *testing.T) {
	rng := testutil.Rand(t)
	for range 1000 {
		var key [KeySize]byte
		var nonce [HNonceSize]byte
		fill(rng.Uint64, key[:])
		fill(rng.Uint64, nonce[:])
		var got [KeySize]byte
		HChaCha20(&got, &key, &nonce)
		want, _ := xchacha20.HChaCha20(key[:], nonce[:])
		if !bytes.Equal(got[:], want) {
			t.Fatalf("HChaCha20(%x, %x) = %x, want %x", key, nonce, got, want)
		}
	}
}

// fill sets b to bytes from next.
func fill(next func() uint64, b []byte) {
	for i := 0; i < len(b); i += 8 {
		var w [8]byte
		binary.LittleEndian.PutUint64(w[:], next())
		copy(b[i:], w[:])
	}
}

// randState returns a State under a random key and nonce from rng and a
// random counter below 2^31, drawn in that order.
func randState(rng *rand.Rand) State {
	var key [KeySize]byte
	var nonce [NonceSize]byte
	fill(rng.Uint64, key[:])
	fill(rng.Uint64, nonce[:])
	var s State
	s.Init(&key, &nonce, rng.Uint32()>>1)
	return s
}

// TestDifferential compares XORKeyStream with x/crypto at every length from
// 0 to 1100 bytes (every block boundary and every multiple of the vector
// widths, 4, 8 and 16 blocks, up to 17 blocks), with random keys, nonces
// and counters (some near the end of the counter's range), in place and not,
// and in pieces of whole blocks.
func TestDifferential(t *testing.T) {
	testutil.EachImplementation(t, "chacha20", func(t *testing.T) {
		rng := testutil.Rand(t)
		lengths := make([]int, 0, 1200)
		for n := range 1101 {
			lengths = append(lengths, n)
		}
		for _, blocks := range []int{31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257} {
			for _, d := range []int{-1, 0, 1} {
				lengths = append(lengths, blocks*BlockSize+d)
			}
		}
		for range 20 {
			lengths = append(lengths, rng.IntN(1<<17))
		}
		for _, n := range lengths {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			counter := rng.Uint32()
			blocks := uint32((n + BlockSize - 1) / BlockSize)
			if rng.IntN(4) == 0 {
				counter = -blocks - uint32(rng.IntN(3)) // ends at or just before 2^32
			}
			if uint64(counter)+uint64(blocks) > 1<<32 {
				counter = 0
			}
			src := make([]byte, n)
			fill(rng.Uint64, src)
			want := xcrypto(t, &key, &nonce, counter, src)

			var s State
			got := make([]byte, n+1)
			got[n] = 0x5a
			s.Init(&key, &nonce, counter).XORKeyStream(got, src)
			if !bytes.Equal(got[:n], want) || got[n] != 0x5a {
				t.Fatalf("length %d, counter %#x: differs from x/crypto", n, counter)
			}

			buf := bytes.Clone(src)
			s.Init(&key, &nonce, counter).XORKeyStream(buf, buf)
			if !bytes.Equal(buf, want) {
				t.Fatalf("length %d, counter %#x, in place: differs from x/crypto", n, counter)
			}

			// In pieces: whole blocks, then the rest.
			clear(buf)
			s.Init(&key, &nonce, counter)
			for off := 0; off < n; {
				k := min(BlockSize*(1+rng.IntN(20)), n-off)
				s.XORKeyStream(buf[off:off+k], src[off:off+k])
				off += k
			}
			if !bytes.Equal(buf, want) {
				t.Fatalf("length %d, counter %#x, in pieces: differs from x/crypto", n, counter)
			}
		}
	})
}

func TestCounterOverflowPanics(t *testing.T) {
	var key [KeySize]byte
	var nonce [NonceSize]byte
	var s State
	buf := make([]byte, 2*BlockSize)

	// The last block of the keystream is usable...
	s.Init(&key, &nonce, 1<<32-1).XORKeyStream(buf[:BlockSize], buf[:BlockSize])
	if want := xcrypto(t, &key, &nonce, 1<<32-1, make([]byte, BlockSize)); !bytes.Equal(buf[:BlockSize], want) {
		t.Errorf("last block differs from x/crypto")
	}
	// ...but not a byte past it.
	for _, n := range []int{BlockSize + 1, 2 * BlockSize} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%d bytes from counter 2^32-1 did not panic", n)
				}
			}()
			s.Init(&key, &nonce, 1<<32-1).XORKeyStream(buf[:n], buf[:n])
		}()
	}
}

// TestShortOutputPanics checks that XORKeyStream refuses an output shorter
// than its input, also when the output's capacity would hold the input (so
// that slicing it would not panic by itself), and leaves the bytes past the
// output's length alone.
func TestShortOutputPanics(t *testing.T) {
	for _, c := range []int{10, 11, 64} {
		dst := make([]byte, 10, c)
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("output of 10 bytes (capacity %d) for 11 did not panic", c)
				}
			}()
			var key [KeySize]byte
			var nonce [NonceSize]byte
			var s State
			s.Init(&key, &nonce, 0).XORKeyStream(dst, make([]byte, 11))
		}()
		if !bytes.Equal(dst[:cap(dst)], make([]byte, c)) {
			t.Errorf("output of 10 bytes (capacity %d) for 11: written to", c)
		}
	}
}

// TestSetCounter checks that SetCounter moves a state to another block
// counter and changes nothing else: the state, Counter and the keystream are
// those Init gives at that counter.
func TestSetCounter(t *testing.T) {
	rng := testutil.Rand(t)
	var key [KeySize]byte
	var nonce [NonceSize]byte
	fill(rng.Uint64, key[:])
	fill(rng.Uint64, nonce[:])
	for _, c := range []uint32{0, 1, 7, 1<<32 - 1, rng.Uint32()} {
		var s, want State
		s.Init(&key, &nonce, c+1).SetCounter(c)
		want.Init(&key, &nonce, c)
		if s != want || s.Counter() != c {
			t.Fatalf("SetCounter(%#x): state %08x, want %08x", c, s, want)
		}
		got := make([]byte, BlockSize)
		s.XORKeyStream(got, got)
		if x := xcrypto(t, &key, &nonce, c, make([]byte, BlockSize)); !bytes.Equal(got, x) {
			t.Errorf("SetCounter(%#x): keystream differs from x/crypto", c)
		}
	}
}
