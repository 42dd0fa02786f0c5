//go:build amd64 && !purego

package edwards25519

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"maps"
	"runtime"
	"slices"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305"

	"github.com/carry-crypto/carry/internal/field25519"
	"github.com/carry-crypto/carry/internal/impl"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestSelectBaseAVX2 compares the assembly selection with
// selectBaseGeneric, word for word, on every row of baseTable and on random
// rows, for every abs in [0, 8] and both signs; and the generic scan with
// the entries.
func TestSelectBaseAVX2(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "avx2")
	r := testutil.Rand(t)
	rows := make([]*[16]packedNiels, 0, len(baseTable)+100)
	for i := range baseTable {
		rows = append(rows, &baseTable[i])
	}
	for k := range 100 {
		row := new([16]packedNiels)
		for j := range row {
			for c := range row[j] {
				row[j][c] = r.Uint64()
			}
		}
		if k == 0 {
			// 2d·x·y = (2^64 - 10, 2^64 - 1, 2^64 - 1, 5) in every entry:
			// negated, the 38 for the borrow of 0 - w borrows on through
			// words 1 and 2 into word 3.
			for j := range row {
				copy(row[j][8:], []uint64{1<<64 - 10, 1<<64 - 1, 1<<64 - 1, 5})
			}
		}
		rows = append(rows, row)
	}
	for n, row := range rows {
		for abs := uint64(0); abs <= 16; abs++ {
			for _, neg := range []uint64{0, ^uint64(0)} {
				var got, want niels
				got.XY2d.SetWords(&[4]uint64{r.Uint64(), r.Uint64()}) // overwritten, not ORed into
				selectBaseAVX2(&got, row, abs, neg)
				selectBaseGeneric(&want, row, abs, neg)
				if got != want {
					t.Fatalf("row %d, abs %d, neg %x: AVX2 %v, generic %v", n, abs, neg, got, want)
				}
			}
			var want packedNiels
			scanBaseGeneric(&want, row, abs)
			if abs > 0 && want != row[abs-1] {
				t.Fatalf("row %d, abs %d: generic scan is not the entry", n, abs)
			}
			if abs == 0 && want != (packedNiels{}) {
				t.Fatalf("row %d, abs 0: generic scan is not zero", n)
			}
		}
	}
}

// TestStepsADXMatchGeneric compares the assembly point formulas with their
// generic forms word for word, on random words (every input of the formulas
// may be any four words per coordinate) and along chains of steps, whose
// inputs are the formulas' own outputs.
func TestStepsADXMatchGeneric(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "adx")
	r := testutil.Rand(t)
	randElement := func() field25519.Element {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint64())
		}
		var w [4]uint64
		for i := range w {
			w[i] = binary.LittleEndian.Uint64(b[8*i:])
			if r.IntN(4) == 0 {
				w[i] = ^uint64(0) - uint64(r.IntN(40)) // near 2^64, and so near 2^256
			}
		}
		var v field25519.Element
		v.SetWords(&w)
		if r.IntN(2) == 0 {
			v.Add(&v, &v) // any words below 2^256, bit 255 too
		}
		return v
	}
	randCompleted := func() completed {
		return completed{randElement(), randElement(), randElement(), randElement()}
	}
	steps := []struct {
		name      string
		asm, want func(r *completed, n *niels, c *cached)
	}{
		{"addNiels", func(r *completed, n *niels, _ *cached) { addNielsADX(r, n) }, func(r *completed, n *niels, _ *cached) { r.addNielsGeneric(n) }},
		{"subNiels", func(r *completed, n *niels, _ *cached) { subNielsADX(r, n) }, func(r *completed, n *niels, _ *cached) { r.subNielsGeneric(n) }},
		{"addCached", func(r *completed, _ *niels, c *cached) { addCachedADX(r, c) }, func(r *completed, _ *niels, c *cached) { r.addCachedGeneric(c) }},
		{"subCached", func(r *completed, _ *niels, c *cached) { subCachedADX(r, c) }, func(r *completed, _ *niels, c *cached) { r.subCachedGeneric(c) }},
		{"double", func(r *completed, _ *niels, _ *cached) { doubleADX(r) }, func(r *completed, _ *niels, _ *cached) { r.doubleGeneric() }},
	}
	// The doubling of (X : Y : 1 : 1) squares X + Y, whose words here
	// make square4's first pass end with OF set (the high word of a0·a3
	// is 2^63 - 1 and a carry comes in), which its flag clear must undo:
	// random words reach that about once in 2^64.
	var edge completed
	edge.X.SetWords(&[4]uint64{0xd4f3bf21d15bdb84, 0xcdd35e064eafd930, 0xe44bce50e59e772a, 0x2c993b91ca85f5ea})
	edge.Y.SetWords(&[4]uint64{0xf9341c68966baea1, 0x7fd63116e1ea24c4, 0xf0dfb4a5d8a064df, 0x7259695e815a47c5})
	edge.Z.One()
	edge.T.One()
	got, want := edge, edge
	doubleADX(&got)
	want.doubleGeneric()
	if got != want {
		t.Fatalf("double(%v) = %v, generic %v", edge, got, want)
	}
	// addNiels of (X : 1 : Z : 1) and (1, 1, 1) adds D = 2Z = 2^256 - 2
	// and C = X: the sum wraps, and the 38 for the carry out of 2^256
	// carries on through words 1 and 2 into word 3, which random words
	// reach about once in 2^58.
	edge.X.SetWords(&[4]uint64{1<<64 - 3, 1<<64 - 1, 1<<64 - 1, 5})
	edge.Y.One()
	edge.Z.SetWords(&[4]uint64{1<<64 - 1, 1<<64 - 1, 1<<64 - 1, 1<<63 - 1})
	edge.T.One()
	var one field25519.Element
	one.One()
	n := niels{one, one, one}
	got, want = edge, edge
	addNielsADX(&got, &n)
	want.addNielsGeneric(&n)
	if got != want {
		t.Fatalf("addNiels(%v) = %v, generic %v", edge, got, want)
	}
	// With Z = 1 the same addition subtracts C = X from D = 2: the
	// difference wraps to (5, 0, 0, 2^63 + 1), and the 38 for the borrow
	// borrows on through words 1 and 2 into word 3.
	edge.X.SetWords(&[4]uint64{1<<64 - 3, 1<<64 - 1, 1<<64 - 1, 1<<63 - 2})
	edge.Z.One()
	got, want = edge, edge
	addNielsADX(&got, &n)
	want.addNielsGeneric(&n)
	if got != want {
		t.Fatalf("addNiels(%v) = %v, generic %v", edge, got, want)
	}
	for range iterations(200) {
		got := randCompleted()
		want := got
		for range 20 {
			s := steps[r.IntN(len(steps))]
			n := niels{randElement(), randElement(), randElement()}
			c := cached{randElement(), randElement(), randElement(), randElement()}
			if r.IntN(8) == 0 {
				got = randCompleted()
				want = got
			}
			before := got
			s.asm(&got, &n, &c)
			s.want(&want, &n, &c)
			if got != want {
				t.Fatalf("%s(%v) = %v, generic %v", s.name, before, got, want)
			}
		}
	}
}

// TestAddBaseRowsADX compares the assembly loop over the table rows with
// addBaseRowsGeneric word for word, from random completed points (any four
// words per coordinate) and random digits, the extremes -16, 0 and 16 among
// them, on baseTable and on random rows.
func TestAddBaseRowsADX(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "avx2")
	testutil.RequireImplementation(t, "edwards25519", "adx")
	r := testutil.Rand(t)
	randElement := func() field25519.Element {
		w := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		var v field25519.Element
		v.SetWords(&w)
		v.Add(&v, &v) // any words below 2^256
		return v
	}
	tableRows := &baseTable
	randomRows := new([51][16]packedNiels)
	for i := range randomRows {
		for j := range randomRows[i] {
			for c := range randomRows[i][j] {
				randomRows[i][j][c] = r.Uint64() // bit 255 too, which the selection clears
			}
		}
		// Entries 5 and 16 with 2d·x·y = (2^64 - 10, 2^64 - 1, 2^64 - 1, 5):
		// negated, 0 - w = (10, 0, 0, ...) borrows, and the 38 for that
		// borrow borrows on through words 1 and 2 into word 3.
		for _, j := range []int{4, 15} {
			copy(randomRows[i][j][8:], []uint64{1<<64 - 10, 1<<64 - 1, 1<<64 - 1, 5})
		}
	}
	for n := range iterations(200) {
		rows := tableRows
		if n%4 == 3 {
			rows = randomRows
		}
		var e [51]int8
		for i := range e {
			e[i] = int8(r.IntN(33) - 16)
			if n%8 == 1 {
				e[i] = [3]int8{-16, 0, 16}[r.IntN(3)]
			}
		}
		got := completed{randElement(), randElement(), randElement(), randElement()}
		want := got
		addBaseRowsADX(&got, rows, &e)
		want.addBaseRowsGeneric(rows, &e)
		if got != want {
			t.Fatalf("digits %v: assembly %v, generic %v", e, got, want)
		}
	}
}

// TestEachImplementation runs the scalar multiplications' tests again on
// each implementation: the assembly scan and point formulas, and the
// generic code that CPUs without AVX2, BMI2 and ADX run.
func TestEachImplementation(t *testing.T) {
	tests := map[string]func(*testing.T){
		"X25519BaseRandom":            TestX25519BaseRandom,
		"X25519BaseExtremes":          TestX25519BaseExtremes,
		"ScalarBaseMultReference":     TestScalarBaseMultReference,
		"VarTimeDoubleScalarBaseMult": TestVarTimeDoubleScalarBaseMult,
		"VarTimeMultiScalarMult":      TestVarTimeMultiScalarMult,
		"Chains":                      TestChains,
		"MultAllocs":                  TestMultAllocs,
	}
	testutil.EachImplementation(t, "edwards25519", func(t *testing.T) {
		for _, name := range slices.Sorted(maps.Keys(tests)) {
			t.Run(name, tests[name])
		}
	})
}

// TestAddBaseRowsVec compares the vector additions of the table rows with
// addBaseRowsGeneric, as points, from random multiples of B and the
// identity, with random digits and the extremes -16, 0 and 16.
func TestAddBaseRowsVec(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "ifma")
	r := testutil.Rand(t)
	for n := range iterations(200) {
		var e [51]int8
		for i := range e {
			e[i] = int8(r.IntN(33) - 16)
			switch n % 8 {
			case 1:
				e[i] = [3]int8{-16, 0, 16}[r.IntN(3)]
			case 2:
				e[i] = 16
			case 3:
				e[i] = -16
			case 4:
				e[i] = 0
			}
		}
		var start completed
		start.X.Zero()
		start.Y.One()
		start.Z.One()
		start.T.One()
		if n%5 != 0 {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint64())
			}
			k[31] &= 127
			var sig [51]int8
			signedRadix32(&sig, &k)
			start.addBaseRowsGeneric(&baseTable, &sig)
		}
		got, want := start, start
		got.addBaseRowsVec(&e)
		want.addBaseRowsGeneric(&baseTable, &e)
		var gp, wp Point
		gp.fromCompleted(&got)
		wp.fromCompleted(&want)
		if !bytes.Equal(gp.Bytes(), wp.Bytes()) {
			t.Fatalf("digits %v: vector %v, generic %v", e, got, want)
		}
	}
}

// TestAddBaseRowsChoices runs addBaseRows on baseTable under every
// combination of useIFMA, useADX and useAVX2 that the CPU allows, against
// addBaseRowsGeneric: the ADX loop runs only where IFMA is off, which no
// single implementation's selection gives.
func TestAddBaseRowsChoices(t *testing.T) {
	saved := [3]bool{useIFMA, useADX, useAVX2}
	defer func() { useIFMA, useADX, useAVX2 = saved[0], saved[1], saved[2] }()
	avail := [3]bool{impl.Available("edwards25519", "ifma"), impl.Available("edwards25519", "adx"), impl.Available("edwards25519", "avx2")}
	r := testutil.Rand(t)
	for combo := range 8 {
		on := [3]bool{combo&1 != 0, combo&2 != 0, combo&4 != 0}
		if (on[0] && !avail[0]) || (on[1] && !avail[1]) || (on[2] && !avail[2]) {
			continue
		}
		useIFMA, useADX, useAVX2 = on[0], on[1], on[2]
		for range 20 {
			var k [32]byte
			for i := range k {
				k[i] = byte(r.Uint64())
			}
			var e [51]int8
			signedRadix32(&e, &k)
			var got, want completed
			got.X.Zero()
			got.Y.One()
			got.Z.One()
			got.T.One()
			want = got
			got.addBaseRows(&baseTable, &e)
			want.addBaseRowsGeneric(&baseTable, &e)
			var gp, wp Point
			gp.fromCompleted(&got)
			wp.fromCompleted(&want)
			if !bytes.Equal(gp.Bytes(), wp.Bytes()) {
				t.Fatalf("useIFMA, useADX, useAVX2 = %v: digits %v: %v, generic %v", on, e, got, want)
			}
		}
	}
}

// TestAddBaseRowsIFMABounds checks that addBaseRowsIFMA reads 52 digits and
// 52 rows and no more: with nonzero digits and valid rows right after
// them in memory, it gives the points it gives with zero digits there.
func TestAddBaseRowsIFMABounds(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "ifma")
	wide := new([54][16][20]uint64)
	copy(wide[:52], baseTableVec()[:])
	wide[52], wide[53] = wide[3], wide[7]
	var e [54]int8
	for i := range 52 {
		e[i] = int8(i%33 - 16)
	}
	// Both accumulators start at the identity (0, 1, 1, 0).
	var start [40]uint64
	for _, l := range []int{1, 2, 5, 6} {
		start[l] = 1
	}
	points := func(st *[40]uint64) [2]Point {
		var p [2]Point
		for h := range 2 {
			coords := []*field25519.Element{&p[h].x, &p[h].y, &p[h].z, &p[h].t}
			for c, f := range coords {
				l := 4*h + c
				f.SetLimbs51(&[5]uint64{st[l], st[8+l], st[16+l], st[24+l], st[32+l]})
			}
		}
		return p
	}
	want := start
	addBaseRowsIFMA(&want, (*[52][16][20]uint64)(wide[:52]), (*[52]int8)(e[:52]))
	e[52], e[53] = 5, -9
	got := start
	addBaseRowsIFMA(&got, (*[52][16][20]uint64)(wide[:52]), (*[52]int8)(e[:52]))
	gp, wp := points(&got), points(&want)
	for h := range 2 {
		if gp[h].Equal(&wp[h]) != 1 {
			t.Fatalf("accumulator %d changed with the bytes after the digits", h)
		}
	}
}

// TestDoubleScalarLoopVec compares doubleScalarLoopVarTimeVec with
// doubleScalarLoopVarTimeGeneric on B's table, for digit patterns a NAF never
// has as well as NAFs: every position nonzero in both, the largest digits
// (±15 for A, ±127 for B) everywhere, single digits at the top and the
// bottom, random sparse ones; from the identity and from random points,
// with random points, the identity and ±B as A.
func TestDoubleScalarLoopVec(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "ifma")
	r := testutil.Rand(t)
	B := NewGeneratorPoint()
	pts := multTestPoints(t, r, 4)
	pts = append(pts, NewIdentityPoint(), B, new(Point).Negate(B))
	odd := func(max int) int8 { return int8(2*r.IntN((max+1)/2) + 1) }
	for n := range iterations(300) {
		var naf [2][256]int8
		top := 255
		switch n % 6 {
		case 0: // every position, random odd digits and signs
			for i := range 256 {
				naf[0][i], naf[1][i] = odd(15), odd(127)
				if r.IntN(2) == 0 {
					naf[0][i] = -naf[0][i]
				}
				if r.IntN(2) == 0 {
					naf[1][i] = -naf[1][i]
				}
			}
		case 1: // the largest digits everywhere
			for i := range 256 {
				naf[0][i], naf[1][i] = 15, -127
				if i%2 == 0 {
					naf[0][i], naf[1][i] = -15, 127
				}
			}
		case 2: // one digit each, at the top or the bottom
			top = r.IntN(256)
			naf[0][top] = odd(15)
			naf[1][0] = -odd(127)
		default: // NAFs of random scalars
			var a, b Scalar
			var buf [64]byte
			for i := range buf {
				buf[i] = byte(r.Uint64())
			}
			a.SetUniformBytes(buf[:])
			b.SetUniformBytes(append(buf[32:], buf[:32]...))
			var aw, bw [4]uint64
			a.words(&aw)
			b.words(&bw)
			nafVarTime(&naf[0], &aw, wnafWidthA)
			nafVarTime(&naf[1], &bw, wnafWidthB)
			top = 255 - r.IntN(4)
		}
		var tblA oddTable
		tblA.fill(pts[n%len(pts)])
		var start completed
		start.identity()
		if n%3 == 1 {
			start.fromPoint(pts[(n+1)%len(pts)])
		}
		got, want := start, start
		got.doubleScalarLoopVarTimeVec(&naf, &tblA, top)
		want.doubleScalarLoopVarTimeGeneric(&naf, &tblA, baseOddTable()[:], top)
		// Encodings, not Equal: a loop gone wrong can reach X = Y = Z = 0,
		// which Equal finds equal to every point.
		var gp, wp Point
		gp.fromCompleted(&got)
		wp.fromCompleted(&want)
		if !bytes.Equal(gp.Bytes(), wp.Bytes()) {
			t.Fatalf("case %d (top %d): vector and generic loops differ", n, top)
		}
	}
}

// TestDoubleScalarLoopDispatch checks which loop doubleScalarLoopVarTime
// runs, by the words of its result (the two loops reach the same point in
// different coordinates): the vector loop for baseOddTable's slice on a
// CPU with IFMA, the Go loop for a copy of it.
func TestDoubleScalarLoopDispatch(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "ifma")
	var naf [2][256]int8
	naf[0][200], naf[0][3], naf[1][150], naf[1][0] = 7, -3, 101, -127
	var tblA oddTable
	tblA.fill(NewGeneratorPoint())
	tblCopy := slices.Clone(baseOddTable()[:])
	run := func(f func(r *completed)) completed {
		var r completed
		r.identity()
		f(&r)
		return r
	}
	vec := run(func(r *completed) { r.doubleScalarLoopVarTimeVec(&naf, &tblA, 200) })
	gen := run(func(r *completed) { r.doubleScalarLoopVarTimeGeneric(&naf, &tblA, tblCopy, 200) })
	if vec == gen {
		t.Fatal("the two loops give the same words: the test cannot tell them apart")
	}
	if got := run(func(r *completed) { r.doubleScalarLoopVarTime(&naf, &tblA, baseOddTable()[:], 200) }); got != vec {
		t.Error("baseOddTable's slice did not run the vector loop")
	}
	if got := run(func(r *completed) { r.doubleScalarLoopVarTime(&naf, &tblA, tblCopy, 200) }); got != gen {
		t.Error("a copy of the table did not run the Go loop")
	}
}

// TestDoubleScalarLoopVecMasks runs the vector loop, on one OS thread, right
// after kernels that leave other values in the mask registers it sets up
// (field25519's IFMA ladder; ChaCha20-Poly1305's sealing, whose byte masks
// of a partial block are K2, K3 and K7), and checks it against the Go loop:
// in a TLS handshake those kernels run on the same thread before a
// signature is verified.
func TestDoubleScalarLoopVecMasks(t *testing.T) {
	testutil.RequireImplementation(t, "edwards25519", "ifma")
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	r := testutil.Rand(t)
	aead, err := chacha20poly1305.New(make([]byte, chacha20poly1305.KeySize))
	if err != nil {
		t.Fatal(err)
	}
	nonce := make([]byte, chacha20poly1305.NonceSize)
	others := map[string]func(){
		"field25519.Ladder": func() {
			var k [32]byte
			k[0] = 9
			var u, x2, z2 field25519.Element
			u.One()
			field25519.Ladder(&x2, &z2, &k, &u)
		},
	}
	for _, n := range []int{1, 100, 200, 300, 450, 700, 1350} {
		msg := make([]byte, n)
		others[fmt.Sprintf("ChaCha20-Poly1305 seal of %d bytes", n)] = func() {
			aead.Seal(msg[:0:0], nonce, msg, nil)
		}
	}
	pts := multTestPoints(t, r, 2)
	var tblA oddTable
	tblA.fill(pts[0])
	start := pts[1]
	for name, other := range others {
		var naf [2][256]int8
		for i := 0; i < 256; i += 1 + r.IntN(6) {
			naf[0][i] = int8(2*r.IntN(8) + 1)
			naf[1][255-i] = -int8(2*r.IntN(64) + 1)
		}
		var got, want completed
		got.fromPoint(start)
		want.fromPoint(start)
		other()
		got.doubleScalarLoopVarTimeVec(&naf, &tblA, 255)
		want.doubleScalarLoopVarTimeGeneric(&naf, &tblA, baseOddTable()[:], 255)
		var gp, wp Point
		gp.fromCompleted(&got)
		wp.fromCompleted(&want)
		if !bytes.Equal(gp.Bytes(), wp.Bytes()) {
			t.Errorf("after %s: vector and generic loops differ", name)
		}
	}
}
