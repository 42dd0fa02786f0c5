package nistec

import (
	"bytes"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAddAffineInPlace adds table entries to multiples of the generator
// with addAffine, in place (q = p1) and not, on every implementation,
// and compares the points with addAffineGeneric's: an addition that went
// on after the assembly's result, as the generic code on its own output,
// would add p2 twice in place.
func TestAddAffineInPlace(t *testing.T) {
	testutil.EachImplementation(t, "nistec", func(t *testing.T) {
		k := make([]byte, 32)
		for i := range 4 {
			k[31] = byte(5 + i)
			p, err := NewP256Point().ScalarBaseMult(k)
			if err != nil {
				t.Fatal(err)
			}
			a := &p256BaseTable[i][3+i]
			want := new(P256Point).addAffineGeneric(p, a)
			got := new(P256Point).addAffine(p, a)
			in := new(P256Point).Set(p)
			in.addAffine(in, a)
			if !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(in.Bytes(), want.Bytes()) {
				t.Fatalf("P-256, entry %d: addAffine differs from addAffineGeneric", i)
			}
		}
		for i := range 4 {
			k := make([]byte, 48)
			k[47] = byte(5 + i)
			p, err := NewP384Point().ScalarBaseMult(k)
			if err != nil {
				t.Fatal(err)
			}
			a := &p384BaseTable[i][3+i]
			want := new(P384Point).addAffineGeneric(p, a)
			got := new(P384Point).addAffine(p, a)
			in := new(P384Point).Set(p)
			in.addAffine(in, a)
			if !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(in.Bytes(), want.Bytes()) {
				t.Fatalf("P-384, entry %d: addAffine differs from addAffineGeneric", i)
			}
		}
		for i := range 4 {
			k := make([]byte, 66)
			k[65] = byte(5 + i)
			p, err := NewP521Point().ScalarBaseMult(k)
			if err != nil {
				t.Fatal(err)
			}
			a := &p521BaseTable[i][3+i]
			want := new(P521Point).addAffineGeneric(p, a)
			got := new(P521Point).addAffine(p, a)
			in := new(P521Point).Set(p)
			in.addAffine(in, a)
			if !bytes.Equal(got.Bytes(), want.Bytes()) || !bytes.Equal(in.Bytes(), want.Bytes()) {
				t.Fatalf("P-521, entry %d: addAffine differs from addAffineGeneric", i)
			}
		}
	})
}
