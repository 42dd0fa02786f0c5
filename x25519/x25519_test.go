package x25519

import (
	"bytes"
	"crypto/ecdh"
	"encoding/hex"
	"flag"
	"fmt"
	"github.com/carry-crypto/carry/internal/impl"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

var long = flag.Bool("long", false, "run the long tests (the 1,000,000-iteration vector)")

func mustX25519(t *testing.T, scalar, point []byte) []byte {
	t.Helper()
	out, err := X25519(scalar, point)
	if err != nil {
		t.Fatalf("X25519(%x, %x): %v", scalar, point, err)
	}
	return out
}

// RFC 7748, Section 5.2.
func TestRFC7748Vectors(t *testing.T) {
	vectors := []struct{ scalar, u, out string }{
		{
			"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
			"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
			"c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552",
		},
		{
			"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
			"e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
			"95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957",
		},
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, v := range vectors {
			got := mustX25519(t, testutil.MustHex(t, v.scalar), testutil.MustHex(t, v.u))
			if hex.EncodeToString(got) != v.out {
				t.Errorf("X25519(%s, %s) = %x, want %s", v.scalar, v.u, got, v.out)
			}
		}
	})
}

// RFC 7748, Section 5.2: k = u = 9, then repeatedly (k, u) = (X25519(k, u), k).
func TestRFC7748Iterations(t *testing.T) {
	checks := map[int]string{
		1:    "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
		1000: "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
	}
	n := 1000
	if *long {
		checks[1000000] = "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"
		n = 1000000
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		k, u := make([]byte, 32), make([]byte, 32)
		k[0], u[0] = 9, 9
		for i := 1; i <= n; i++ {
			out := mustX25519(t, k, u)
			u, k = k, out
			if want, ok := checks[i]; ok && hex.EncodeToString(k) != want {
				t.Fatalf("after %d iterations: %x, want %s", i, k, want)
			}
		}
	})
}

func TestWycheproof(t *testing.T) {
	var f testutil.XDHTestFile
	testutil.LoadWycheproof(t, "x25519_test.json", &f)
	if f.Count() < 500 {
		t.Fatalf("x25519_test.json has %d tests, want the full file (518)", f.Count())
	}
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		n := 0
		for _, g := range f.TestGroups {
			if g.Curve != "curve25519" {
				t.Fatalf("unexpected curve %q", g.Curve)
			}
			for _, tc := range g.Tests {
				n++
				priv := testutil.MustHex(t, tc.Private)
				pub := testutil.MustHex(t, tc.Public)
				want := testutil.MustHex(t, tc.Shared)
				got, err := X25519(priv, pub)
				switch {
				case tc.Result == "invalid":
					if err == nil {
						t.Errorf("tcId %d (%s): accepted an invalid input", tc.TcID, tc.Comment)
					}
				case bytes.Equal(want, make([]byte, 32)):
					// Low-order points: the all-zero result is refused,
					// as golang.org/x/crypto/curve25519 refuses it.
					if err == nil {
						t.Errorf("tcId %d (%s): no error for an all-zero result", tc.TcID, tc.Comment)
					}
				default:
					if err != nil {
						t.Errorf("tcId %d (%s): %v", tc.TcID, tc.Comment, err)
					} else if !bytes.Equal(got, want) {
						t.Errorf("tcId %d (%s): got %x, want %x", tc.TcID, tc.Comment, got, want)
					}
				}
			}
		}
		t.Logf("%d Wycheproof cases", n)
	})
}

// TestDifferentialStdlib compares X25519 with crypto/ecdh on random scalars
// and points, and both of carry's paths with each other.
func TestDifferentialStdlib(t *testing.T) {
	n := 10000
	if testing.Short() {
		n = 1000
	}
	r := testutil.Rand(t)
	curve := ecdh.X25519()
	for i := 0; i < n; i++ {
		var a, b [32]byte
		fillRand(r, a[:])
		fillRand(r, b[:])
		ka, err := curve.NewPrivateKey(a[:])
		if err != nil {
			t.Fatal(err)
		}
		kb, err := curve.NewPrivateKey(b[:])
		if err != nil {
			t.Fatal(err)
		}
		want, err := ka.ECDH(kb.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		pub := kb.PublicKey().Bytes()
		got := mustX25519(t, a[:], pub)
		if !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, %x) = %x, crypto/ecdh says %x", a, pub, got, want)
		}
		if i < 200 {
			var ref [32]byte
			scalarMultBig(&ref, clamped(a), (*[32]byte)(pub))
			if !bytes.Equal(ref[:], want) {
				t.Fatalf("math/big ladder (%x, %x) = %x, crypto/ecdh says %x", a, pub, ref, want)
			}
		}
		// Public keys: the base point path against crypto/ecdh's.
		if got := mustX25519(t, a[:], Basepoint); !bytes.Equal(got, ka.PublicKey().Bytes()) {
			t.Fatalf("X25519(%x, Basepoint) = %x, crypto/ecdh says %x", a, got, ka.PublicKey().Bytes())
		}
	}
}

func clamped(s [32]byte) *[32]byte {
	clamp(&s)
	return &s
}

func fillRand(r interface{ Uint64() uint64 }, b []byte) {
	for i := range b {
		b[i] = byte(r.Uint64())
	}
}

// Points that are not canonical u-coordinates, or at the edges of the
// field: both paths must agree with each other and with an independent
// reduction (u mod p, bit 255 cleared) through crypto/ecdh, which accepts
// only 32-byte inputs too and reduces them the same way.
func TestEdgePoints(t *testing.T) {
	p := "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"
	points := []string{
		"0000000000000000000000000000000000000000000000000000000000000000", // 0, low order
		"0100000000000000000000000000000000000000000000000000000000000000", // 1, low order
		"0200000000000000000000000000000000000000000000000000000000000000",
		"0900000000000000000000000000000000000000000000000000000000000000",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p - 1, low order
		p, // p = 0
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 1 = 1
		"efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // p + 2
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // 2^255 - 1
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // 2^256 - 1
		"0900000000000000000000000000000000000000000000000000000000000080", // 9 with bit 255
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // p with bit 255
		"e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1ccc", // RFC 7748 u with bit 255
	}
	scalars := []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"0800000000000000000000000000000000000000000000000000000000000040",
		"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
	}
	for _, ps := range points {
		for _, ss := range scalars {
			point, scalar := testutil.MustHex(t, ps), testutil.MustHex(t, ss)
			var gen, port, asm [32]byte
			scalarMultBig(&gen, clamped([32]byte(scalar)), (*[32]byte)(point))
			scalarMult(&asm, clamped([32]byte(scalar)), (*[32]byte)(point))
			restore := impl.Select("field25519", "") // the portable ladder
			scalarMult(&port, clamped([32]byte(scalar)), (*[32]byte)(point))
			restore()
			if gen != asm || gen != port {
				t.Errorf("point %s scalar %s: math/big %x, portable %x, dispatched %x", ps, ss, gen, port, asm)
			}
			got, err := X25519(scalar, point)
			if gen == [32]byte{} {
				if err == nil {
					t.Errorf("point %s scalar %s: no error for the all-zero result", ps, ss)
				}
				continue
			}
			if err != nil {
				t.Errorf("point %s scalar %s: %v", ps, ss, err)
				continue
			}
			if !bytes.Equal(got, gen[:]) {
				t.Errorf("point %s scalar %s: X25519 %x, field25519 ladder %x", ps, ss, got, gen)
			}
		}
	}
	// The non-canonical encodings give the results of their reductions.
	scalar := testutil.MustHex(t, scalars[3])
	same := [][2]string{
		{"0900000000000000000000000000000000000000000000000000000000000080", "0900000000000000000000000000000000000000000000000000000000000000"},
		{"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "0100000000000000000000000000000000000000000000000000000000000000"},
		{"efffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "0200000000000000000000000000000000000000000000000000000000000000"},
		{"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", "1200000000000000000000000000000000000000000000000000000000000000"},
		{"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", "1200000000000000000000000000000000000000000000000000000000000000"},
	}
	for _, s := range same {
		a, errA := X25519(scalar, testutil.MustHex(t, s[0]))
		b, errB := X25519(scalar, testutil.MustHex(t, s[1]))
		if fmt.Sprint(errA) != fmt.Sprint(errB) || !bytes.Equal(a, b) {
			t.Errorf("u = %s gave (%x, %v), its reduction %s gave (%x, %v)", s[0], a, errA, s[1], b, errB)
		}
	}
}

// The low-order points of Curve25519 (and their non-canonical encodings)
// give the all-zero result for every scalar, which X25519 refuses.
func TestLowOrderPoints(t *testing.T) {
	lowOrder := []string{
		"0000000000000000000000000000000000000000000000000000000000000000",
		"0100000000000000000000000000000000000000000000000000000000000000",
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
		// The same with bit 255 set, which X25519 ignores.
		"0000000000000000000000000000000000000000000000000000000000000080",
		"0100000000000000000000000000000000000000000000000000000000000080",
		"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b880",
		"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f11d7",
		"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
	}
	r := testutil.Rand(t)
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, ps := range lowOrder {
			for i := 0; i < 20; i++ {
				scalar := make([]byte, 32)
				fillRand(r, scalar)
				out, err := X25519(scalar, testutil.MustHex(t, ps))
				if err == nil || out != nil {
					t.Fatalf("X25519(%x, %s) = %x, %v; want an error", scalar, ps, out, err)
				}
			}
		}
	})
}

func TestBadLengths(t *testing.T) {
	good := make([]byte, 32)
	good[0] = 9
	for _, n := range []int{0, 1, 31, 33, 64} {
		if out, err := X25519(make([]byte, n), good); err == nil || out != nil {
			t.Errorf("scalar of %d bytes: got %x, %v", n, out, err)
		}
		if out, err := X25519(good, make([]byte, n)); err == nil || out != nil {
			t.Errorf("point of %d bytes: got %x, %v", n, out, err)
		}
	}
	if _, err := X25519(nil, nil); err == nil {
		t.Error("nil inputs: no error")
	}
}

// X25519 must not modify its inputs (the scalar is clamped on a copy).
func TestInputsUnchanged(t *testing.T) {
	scalar := bytes.Repeat([]byte{0xff}, 32)
	point := bytes.Repeat([]byte{0xff}, 32)
	point[0] = 9
	s, p := bytes.Clone(scalar), bytes.Clone(point)
	X25519(scalar, point)
	X25519(scalar, Basepoint)
	if !bytes.Equal(s, scalar) || !bytes.Equal(p, point) || Basepoint[0] != 9 || !bytes.Equal(Basepoint[1:], make([]byte, 31)) {
		t.Error("X25519 modified its inputs")
	}
}

var sink []byte

func TestAllocations(t *testing.T) {
	scalar := make([]byte, 32)
	scalar[0] = 1
	point := make([]byte, 32)
	point[0] = 9
	point[1] = 1
	testutil.EachImplementation(t, "field25519", func(t *testing.T) {
		for _, pt := range [][]byte{point, Basepoint} {
			if n := testing.AllocsPerRun(10, func() {
				out, err := X25519(scalar, pt)
				if err != nil {
					t.Fatal(err)
				}
				sink = out
			}); n > 1 {
				t.Errorf("X25519 allocates %v times, want at most 1 (its result)", n)
			}
			if n := testing.AllocsPerRun(10, func() {
				out, _ := X25519(scalar, pt)
				if out[0] == 0xff && out[1] == 0xff {
					t.Log(out[0])
				}
			}); n > 0 {
				t.Errorf("X25519 with a result that does not escape allocates %v times, want 0", n)
			}
		}
	})
}

func FuzzX25519(f *testing.F) {
	f.Add(make([]byte, 32), Basepoint)
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add([]byte{1}, []byte{9})
	curve := ecdh.X25519()
	f.Fuzz(func(t *testing.T, scalar, point []byte) {
		got, err := X25519(scalar, point)
		if len(scalar) != 32 || len(point) != 32 {
			if err == nil || got != nil {
				t.Fatalf("X25519 accepted lengths %d, %d", len(scalar), len(point))
			}
			return
		}
		var gen, port [32]byte
		scalarMultBig(&gen, clamped([32]byte(scalar)), (*[32]byte)(point))
		scalarMult(&port, clamped([32]byte(scalar)), (*[32]byte)(point))
		if gen != port {
			t.Fatalf("ladders disagree on (%x, %x): math/big %x, library %x", scalar, point, gen, port)
		}
		priv, err1 := curve.NewPrivateKey(scalar)
		pub, err2 := curve.NewPublicKey(point)
		if err1 != nil || err2 != nil {
			t.Fatalf("crypto/ecdh refused 32-byte inputs: %v, %v", err1, err2)
		}
		want, errStd := priv.ECDH(pub)
		if errStd != nil {
			if err == nil {
				t.Fatalf("X25519(%x, %x) = %x; crypto/ecdh: %v", scalar, point, got, errStd)
			}
			if gen != [32]byte{} {
				t.Fatalf("the portable ladders gave %x where crypto/ecdh found a low-order point", gen)
			}
			return
		}
		if err != nil || !bytes.Equal(got, want) || !bytes.Equal(gen[:], want) {
			t.Fatalf("X25519(%x, %x) = %x, %v; portable %x; crypto/ecdh %x", scalar, point, got, err, gen, want)
		}
	})
}
