package hkdf

import (
	"bufio"
	"bytes"
	stdhkdf "crypto/hkdf"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	"encoding/hex"
	"flag"
	"fmt"
	"hash"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long differential tests")

type rfc5869Case struct {
	h                         func() hash.Hash
	ikm, salt, info, prk, okm []byte
	l                         int
}

// loadRFC5869 reads testdata/rfc5869.txt: blocks of "name = hex" lines,
// each ending with OKM.
func loadRFC5869(t *testing.T) []rfc5869Case {
	f, err := os.Open("testdata/rfc5869.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []rfc5869Case
	var c rfc5869Case
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		if name == "Hash" {
			if value != "SHA256" {
				t.Fatalf("unknown hash %q", value)
			}
			c.h = sha256.New
			continue
		}
		if name == "L" {
			c.l, err = strconv.Atoi(value)
			if err != nil {
				t.Fatalf("bad line %q", line)
			}
			continue
		}
		b, err := hex.DecodeString(value)
		if err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		switch name {
		case "IKM":
			c.ikm = b
		case "salt":
			c.salt = b
		case "info":
			c.info = b
		case "PRK":
			c.prk = b
		case "OKM":
			c.okm = b
			cases = append(cases, c)
			c = rfc5869Case{}
		default:
			t.Fatalf("bad line %q", line)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestRFC5869 checks RFC 5869's SHA-256 test cases (1 to 3; the SHA-1 cases
// are left out, see testdata/rfc5869.txt): Extract gives PRK, Expand and Key
// give OKM. The transcription is checked against crypto/hkdf first, so that
// a typo is told apart from a bug.
func TestRFC5869(t *testing.T) {
	cases := loadRFC5869(t)
	if len(cases) != 3 {
		t.Fatalf("read %d cases, want 3", len(cases))
	}
	for i, c := range cases {
		if c.l != len(c.okm) {
			t.Fatalf("case %d: L = %d but OKM has %d bytes", i+1, c.l, len(c.okm))
		}
		if prk, _ := stdhkdf.Extract(c.h, c.ikm, c.salt); !bytes.Equal(prk, c.prk) {
			t.Fatalf("case %d: transcribed PRK disagrees with crypto/hkdf", i+1)
		}
		if okm, _ := stdhkdf.Expand(c.h, c.prk, string(c.info), c.l); !bytes.Equal(okm, c.okm) {
			t.Fatalf("case %d: transcribed OKM disagrees with crypto/hkdf", i+1)
		}

		prk, err := Extract(c.h, c.ikm, c.salt)
		if err != nil || !bytes.Equal(prk, c.prk) {
			t.Errorf("case %d: Extract = %x, %v, want %x", i+1, prk, err, c.prk)
		}
		okm, err := Expand(c.h, c.prk, string(c.info), c.l)
		if err != nil || !bytes.Equal(okm, c.okm) {
			t.Errorf("case %d: Expand = %x, %v, want %x", i+1, okm, err, c.okm)
		}
		okm, err = Key(c.h, c.ikm, c.salt, string(c.info), c.l)
		if err != nil || !bytes.Equal(okm, c.okm) {
			t.Errorf("case %d: Key = %x, %v, want %x", i+1, okm, err, c.okm)
		}
	}
}

// testHashes are the hashes of the differential tests: the standard SHA-2
// constructors (which package hmac knows), and hashes it does not know, one
// of them generic over a concrete type rather than hash.Hash.
var testHashes = []struct {
	name string
	h    func() hash.Hash
}{
	{"SHA256", sha256.New},
	{"SHA224", sha256.New224},
	{"SHA384", sha512.New384},
	{"SHA512", sha512.New},
	{"SHA1", sha1.New},
	{"SHA3-256", func() hash.Hash { return sha3.New256() }},
	{"wide", newWide},
}

// wideHash is a hash with 96-byte digests, longer than any standard one:
// SHA-512 ‖ SHA-256 of the same input. It exercises the path for digests
// that do not fit the room expand plans for T(i-1).
type wideHash struct{ a, b hash.Hash }

func newWide() hash.Hash                        { return &wideHash{sha512.New(), sha256.New()} }
func (w *wideHash) Write(p []byte) (int, error) { w.a.Write(p); return w.b.Write(p) }
func (w *wideHash) Sum(in []byte) []byte        { return w.b.Sum(w.a.Sum(in)) }
func (w *wideHash) Reset()                      { w.a.Reset(); w.b.Reset() }
func (w *wideHash) Size() int                   { return 96 }
func (w *wideHash) BlockSize() int              { return 128 }

// TestDifferential compares Extract, Expand and Key with crypto/hkdf for
// every output length from 0 to 4 blocks and around the limit, with secrets,
// salts (nil, empty and random) and infos of several lengths.
func TestDifferential(t *testing.T) {
	rng := testutil.Rand(t)
	rnd := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b
	}
	for _, th := range testHashes {
		t.Run(th.name, func(t *testing.T) {
			size := th.h().Size()
			bs := th.h().BlockSize()
			var lengths []int
			for n := 0; n <= 4*size+1; n++ {
				lengths = append(lengths, n)
			}
			lengths = append(lengths, 254*size+1, 255*size-1, 255*size)
			for i, n := range lengths {
				secret := rnd([]int{0, 1, 16, 32, bs, bs + 1, 200}[i%7])
				var salt []byte
				switch i % 4 {
				case 1:
					salt = []byte{}
				case 2:
					salt = rnd(size)
				case 3:
					salt = rnd(bs + 3)
				}
				info := string(rnd([]int{0, 1, 13, 100, 300}[i%5]))

				wantPRK, _ := stdhkdf.Extract(th.h, secret, salt)
				prk, err := Extract(th.h, secret, salt)
				if err != nil || !bytes.Equal(prk, wantPRK) {
					t.Fatalf("Extract: %x, %v, want %x", prk, err, wantPRK)
				}
				want, _ := stdhkdf.Expand(th.h, prk, info, n)
				got, err := Expand(th.h, prk, info, n)
				if err != nil || !bytes.Equal(got, want) || len(got) != n || cap(got) != n || got == nil {
					t.Fatalf("Expand(%d bytes): %x (cap %d), %v, want %x", n, got, cap(got), err, want)
				}
				got, err = Key(th.h, secret, salt, info, n)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("Key(%d bytes): %x, %v, want %x", n, got, err, want)
				}
			}
		})
	}
}

// TestDifferentialRandom compares Expand with crypto/hkdf on random
// lengths; more with -long.
func TestDifferentialRandom(t *testing.T) {
	rng := testutil.Rand(t)
	n := testutil.Runs(*long, 1000, 50000, 100)
	hs := []func() hash.Hash{sha256.New, sha512.New384}
	for i := range n {
		h := hs[i%2]
		prk := make([]byte, rng.IntN(200))
		info := make([]byte, rng.IntN(300))
		for _, b := range [][]byte{prk, info} {
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
		}
		l := rng.IntN(10 * h().Size())
		want, _ := stdhkdf.Expand(h, prk, string(info), l)
		got, err := Expand(h, prk, string(info), l)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("Expand(%x, %x, %d) = %x, %v, want %x", prk, info, l, got, err, want)
		}
	}
}

// TestGeneric checks the generic signatures with a constructor that returns
// a concrete type, as crypto/hkdf allows.
func TestGeneric(t *testing.T) {
	h := sha3.New256 // func() *sha3.SHA3
	prk, err := Extract(h, []byte("secret"), []byte("salt"))
	want, _ := stdhkdf.Extract(h, []byte("secret"), []byte("salt"))
	if err != nil || !bytes.Equal(prk, want) {
		t.Errorf("Extract = %x, %v, want %x", prk, err, want)
	}
	okm, err := Key(h, []byte("secret"), nil, "info", 100)
	want, _ = stdhkdf.Key(h, []byte("secret"), nil, "info", 100)
	if err != nil || !bytes.Equal(okm, want) {
		t.Errorf("Key = %x, %v, want %x", okm, err, want)
	}
}

// TestLimits checks the errors and panics of the output length beside
// crypto/hkdf's: an output longer than 255 blocks gets its error, with the
// same text, from Expand and Key; a negative length panics in both; an empty
// output is an empty non-nil slice.
func TestLimits(t *testing.T) {
	prk := make([]byte, 32)
	for _, h := range []func() hash.Hash{sha256.New, sha512.New384, sha1.New} {
		limit := 255 * h().Size()
		if _, err := Expand(h, prk, "", limit); err != nil {
			t.Errorf("Expand of %d bytes: %v", limit, err)
		}
		_, stdErr := stdhkdf.Expand(h, prk, "", limit+1)
		if stdErr == nil {
			t.Fatal("crypto/hkdf accepted an output over the limit")
		}
		for name, f := range map[string][2]func(int) ([]byte, error){
			"Expand": {
				func(n int) ([]byte, error) { return Expand(h, prk, "info", n) },
				func(n int) ([]byte, error) { return stdhkdf.Expand(h, prk, "info", n) },
			},
			"Key": {
				func(n int) ([]byte, error) { return Key(h, prk, nil, "info", n) },
				func(n int) ([]byte, error) { return stdhkdf.Key(h, prk, nil, "info", n) },
			},
		} {
			ours, std := f[0], f[1]
			if out, err := ours(limit + 1); err == nil || err.Error() != stdErr.Error() || out != nil {
				t.Errorf("%s(limit+1) = %x, %v, want the error %q", name, out, err, stdErr)
			}
			for _, n := range []int{-1, -1000} {
				if !panics(func() { std(n) }) {
					t.Fatalf("crypto/hkdf's %s(%d) did not panic", name, n)
				}
				if !panics(func() { ours(n) }) {
					t.Errorf("%s(%d) did not panic, as crypto/hkdf's does", name, n)
				}
			}
			if out, err := ours(0); err != nil || out == nil || len(out) != 0 {
				t.Errorf("%s(0) = %#v, %v, want an empty non-nil slice", name, out, err)
			}
		}
	}
}

// panics reports whether f panics.
func panics(f func()) (p bool) {
	defer func() { p = recover() != nil }()
	f()
	return false
}

// emptyHash is a hash with an empty digest: crypto/hkdf's limit is then 0
// bytes of output.
type emptyHash struct{ hash.Hash }

func (emptyHash) Size() int            { return 0 }
func (emptyHash) Sum(in []byte) []byte { return in }
func newEmpty() hash.Hash              { return emptyHash{sha256.New()} }

// TestEmptyDigest checks that a hash with an empty digest gets crypto/hkdf's
// error for any output but an empty one (an output of blocks of no bytes
// would never end).
func TestEmptyDigest(t *testing.T) {
	for _, n := range []int{0, 1, 48, 49, 1000} {
		want, stdErr := stdhkdf.Expand(newEmpty, []byte("key"), "info", n)
		got, err := Expand(newEmpty, []byte("key"), "info", n)
		if fmt.Sprint(err) != fmt.Sprint(stdErr) || !bytes.Equal(got, want) {
			t.Errorf("Expand of %d bytes: %x, %v; crypto/hkdf %x, %v", n, got, err, want, stdErr)
		}
	}
}

// TestExpandAllocs checks that Expand of one block makes one allocation (the
// output, which shares it with the working space), and of several blocks
// two (the output and the prepared key).
func TestExpandAllocs(t *testing.T) {
	if testing.CoverMode() != "" || raceEnabled {
		t.Skip("allocation counts are not meaningful under coverage or the race detector")
	}
	prk := make([]byte, 32)
	for _, tc := range []struct {
		n    int
		want float64
	}{{32, 1}, {16, 1}, {64, 2}, {100, 2}} {
		if got := testing.AllocsPerRun(50, func() { Expand(sha256.New, prk, "some info", tc.n) }); got != tc.want {
			t.Errorf("Expand of %d bytes: %v allocations, want %v", tc.n, got, tc.want)
		}
	}
	if got := testing.AllocsPerRun(50, func() { Extract(sha256.New, prk, nil) }); got != 1 {
		t.Errorf("Extract: %v allocations, want 1", got)
	}
}

// FuzzExpand compares Expand with crypto/hkdf on arbitrary keys, infos and
// lengths, for SHA-256 and SHA-384.
func FuzzExpand(f *testing.F) {
	f.Add([]byte("prk"), []byte("info"), uint16(32), false)
	f.Add([]byte{}, []byte{}, uint16(0), true)
	f.Add(make([]byte, 200), make([]byte, 300), uint16(1000), false)
	f.Fuzz(func(t *testing.T, prk, info []byte, n uint16, sha384 bool) {
		h := sha256.New
		if sha384 {
			h = sha512.New384
		}
		l := int(n) % (255*h().Size() + 10)
		want, wantErr := stdhkdf.Expand(h, prk, string(info), l)
		got, err := Expand(h, prk, string(info), l)
		if (err == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
			t.Fatalf("Expand(%x, %x, %d) = %x, %v, want %x, %v", prk, info, l, got, err, want, wantErr)
		}
	})
}
