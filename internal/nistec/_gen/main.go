// Command _gen writes the generated files of package nistec: for each of
// P-256, P-384 and P-521, the field modulo p (pNNN_field.go), the scalar
// field modulo the group order n (pNNN_scalar.go), the point arithmetic
// (pNNN.go), the fixed-base table of the generator (pNNN_table.go) and the
// variable-time double scalar multiplication for verification
// (pNNN_vartime.go).
//
// The fields, on 64-bit words, have their multiplication written out word
// by word with the modulus's words as constants (field.go and product.go;
// P-521's field, held as itself, in mersenne.go); the elements, scalars,
// points and variable-time code are text/templates (elem.go, point.go,
// vartime.go) filled for each curve by template.go; the tables are computed
// here with math/big (table.go).
//
// Run it with go generate in package nistec (see nistec.go).
package main

import (
	"bytes"
	"crypto/elliptic"
	"flag"
	"fmt"
	"go/format"
	"log"
	"math/big"
	"os"
	"path/filepath"
)

// curve describes one curve to generate.
type curve struct {
	Name   string // "P256"
	name   string // "p256"
	p, n   *big.Int
	b      *big.Int
	gx, gy *big.Int
	bytes  int // length of a field element and of a scalar, in bytes
	words  int // 64-bit words of a field element and of a scalar
}

// window is the width of the signed digits of the scalar multiplications
// (digits in [-15, 16]) and of the fixed-base table (16 points per digit).
const window = 5

func curves() []*curve {
	mk := func(name, lower string, params *elliptic.CurveParams) *curve {
		bytes := (params.BitSize + 7) / 8
		return &curve{Name: name, name: lower, p: params.P, n: params.N, b: params.B,
			gx: params.Gx, gy: params.Gy, bytes: bytes, words: (bytes + 7) / 8}
	}
	return []*curve{
		mk("P256", "p256", elliptic.P256().Params()),
		mk("P384", "p384", elliptic.P384().Params()),
		mk("P521", "p521", elliptic.P521().Params()),
	}
}

// baseWindow is the width of the signed digits of ScalarBaseMult and of
// the fixed-base table's rows (2^(w-1) points each): 7 for P-256 (37 rows of
// 64 points, 148 KiB, against 52 rows of 16 with 5: 15 fewer additions in
// signing and verification), 5 for P-384 and P-521, whose tables would grow
// to 338 and 690 KiB.
func (c *curve) baseWindow() int {
	if c.name == "p256" {
		return 7
	}
	return window
}

// verifyWindow is the width of the NAF of u1 in P-384's
// VarTimeDoubleScalarBaseMult, whose digits index a table of the odd
// multiples of G (pxxxVerifyTable, 2^(w-2) points, 3 KiB for 7): about one
// mixed addition every w + 1 bits, 48 for P-384 against 77 from the base
// table's rows (one per 5-bit digit), with no doubling added (the loop
// doubles for u2·q). 0 for the other curves, which add the base table's
// rows.
func (c *curve) verifyWindow() int {
	if c.name == "p384" {
		return 7
	}
	return 0
}

// baseDigits is the number of signed baseWindow digits of a scalar: enough
// to hold one bit more than the scalar.
func (c *curve) baseDigits() int {
	w := c.baseWindow()
	return (8*c.bytes + 1 + w - 1) / w
}

// baseEntries is the number of points in a row of the fixed-base table.
func (c *curve) baseEntries() int { return 1 << (c.baseWindow() - 1) }

// digits is the number of signed window digits of a scalar of c.bytes bytes:
// enough to hold one bit more than the scalar, so the last carry is zero.
func (c *curve) digits() int { return (8*c.bytes + 1 + window - 1) / window }

// scalarMultLow is the number of low digits ScalarMult adds with the
// complete formulas: the smallest i ≥ 1 for which the largest sum of the
// digits above i, 16·Σ 2^(5m) for m = 1 to digits-1-i, plus 16 is below n
// (see the comment of ScalarMult).
func (c *curve) scalarMultLow() int {
	for i := 1; ; i++ {
		sum := big.NewInt(16)
		for m := 1; m <= c.digits()-1-i; m++ {
			sum.Add(sum, new(big.Int).Lsh(big.NewInt(16), uint(window*m)))
		}
		if sum.Cmp(c.n) < 0 {
			return i
		}
	}
}

// baseSafeDigits is the number of low digits ScalarBaseMult adds with the
// incomplete mixed addition: those i with (2^(w-1) + 1)·2^(wi) < n, w the
// base window (see the comment of ScalarBaseMult), at most the number of
// digits.
func (c *curve) baseSafeDigits() int {
	w := c.baseWindow()
	i := 0
	for ; i < c.baseDigits(); i++ {
		b := new(big.Int).Lsh(big.NewInt(int64(c.baseEntries()+1)), uint(w*i))
		if b.Cmp(c.n) >= 0 {
			break
		}
	}
	return i
}

type emitter struct{ bytes.Buffer }

func (e *emitter) p(format string, args ...any) {
	fmt.Fprintf(&e.Buffer, format, args...)
	e.WriteByte('\n')
}

func main() {
	out := flag.String("out", "..", "directory of package nistec")
	flag.Parse()
	for _, c := range curves() {
		write(*out, c.name+"_field.go", fieldFile(c))
		write(*out, c.name+"_scalar.go", scalarFile(c))
		write(*out, c.name+".go", pointFile(c))
		write(*out, c.name+"_table.go", tableFile(c))
		write(*out, c.name+"_vartime.go", varTimeFile(c))
		if f := c.field(); f.asm {
			arch, noasm := archFiles(f)
			write(*out, c.name+"_field_arch_amd64.go", arch)
			write(*out, c.name+"_field_noasm.go", noasm)
		}
		if f := c.field(); f.mulAsm {
			arch, noasm := mulArchFiles(f)
			write(*out, c.name+"_field_arch_amd64.go", arch)
			write(*out, c.name+"_field_noasm.go", noasm)
		}
	}
	asm, decls, arch := arm64Files()
	writeRaw(*out, "p256_field_arm64.s", asm)
	write(*out, "p256_field_arm64.go", decls)
	write(*out, "p256_field_arch_arm64.go", arch)
}

func header(e *emitter) {
	e.p("// Code generated by internal/nistec/_gen (go generate in internal/nistec); DO NOT EDIT.")
	e.p("")
	e.p("package nistec")
	e.p("")
}

func write(dir, name string, src []byte) {
	formatted, err := format.Source(src)
	if err != nil {
		os.WriteFile(filepath.Join(dir, name+".broken"), src, 0o644)
		log.Fatalf("%s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name), formatted, 0o644); err != nil {
		log.Fatal(err)
	}
}

// limbs splits x into n little-endian 64-bit words.
func limbs(x *big.Int, n int) []uint64 {
	out := make([]uint64, n)
	mask := new(big.Int).SetUint64(^uint64(0))
	t := new(big.Int).Set(x)
	for i := range out {
		out[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, 64)
	}
	if t.Sign() != 0 {
		log.Fatalf("%x does not fit in %d words", x, n)
	}
	return out
}

// wordsLit is the Go literal of the n words of x.
func wordsLit(x *big.Int, n int) string {
	var b bytes.Buffer
	fmt.Fprintf(&b, "[%d]uint64{", n)
	for i, w := range limbs(x, n) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%#016x", w)
	}
	b.WriteString("}")
	return b.String()
}

// mont returns x·R mod m, R = 2^(64n).
func mont(x, m *big.Int, n int) *big.Int {
	r := new(big.Int).Lsh(x, uint(64*n))
	return r.Mod(r, m)
}
