package main

import (
	"go/format"
	"slices"
	"strings"
	"testing"
)

// mutantsOf returns the mutants of src, a file of package p, as a generator
// file if gen is set.
func mutantsOf(t *testing.T, src, gen string) []*mutant {
	t.Helper()
	name := "x.go"
	if gen != "" {
		name = gen + "/x.go"
	}
	sf, err := parseSource(name, gen, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if sf == nil {
		t.Fatal("parseSource took the file for a generated one")
	}
	sf.funcs = map[string][]param{}
	funcParams(sf.ast, sf.src, sf.fset, sf.funcs)
	ms := sf.mutants()
	numberMutants(ms)
	return ms
}

// mutatedLines returns, for each mutant of op, the line it changes as it
// reads after the change, with its spaces removed.
func mutatedLines(src string, ms []*mutant, op string) []string {
	var out []string
	for _, m := range ms {
		if m.op != op {
			continue
		}
		mutated := string(apply([]byte(src), m))
		line := strings.Split(mutated, "\n")[m.line-1]
		out = append(out, strings.Join(strings.Fields(line), ""))
	}
	return out
}

const opsSrc = `package p

import "math/bits"

const maskLow = 1<<51 - 1

func ops(a, b, c uint64, x *[4]uint64, s []byte, cond int) uint64 {
	var arr [5]uint64
	d := a + b
	d -= c
	e := a ^ b | c
	f := a & b
	g := a << 3
	lo, carry := bits.Add64(a, b, 0)
	hi, borrow := bits.Sub64(a, b, carry)
	h := b - a
	m := -uint64(cond & 1)
	k := d & m | e &^ m
	k &= ^f
	n := Select(a, b, cond)
	if cond == 1 {
		k++
	}
	for i := 0; i < 4; i++ {
		k += x[2]
	}
	for range 3 {
		k = s[1:4][0]
	}
	panic("ops: 12345")
	return d + e + f + g + lo + hi + borrow + h + k + n + arr[0] + 7
}

func Select(a, b uint64, cond int) uint64 { return 0 }
`

// TestOperators checks that each operator makes the changes it should, and
// only where it should.
func TestOperators(t *testing.T) {
	ms := mutantsOf(t, opsSrc, "")
	want := map[string][]string{
		"arith":  {"d:=a-b", "d+=c", "returnd-e+f+g+lo+hi+borrow+h+k+n+arr[0]+7", "h:=b+a", "k-=x[2]"},
		"bit":    {"e:=a|b|c", "e:=a^b^c", "e:=a^b&c", "f:=a|b", "k:=d|m|e&^m", "k:=d&m^e&^m", "k:=d&m&e&^m", "k|=^f"},
		"shift":  {"g:=a<<4", "g:=a<<2", "constmaskLow=1<<52-1", "constmaskLow=1<<50-1"},
		"carry":  {"lo,carry:=bits.Add64(a,b,1)", "hi,borrow:=bits.Sub64(a,b,0)", "hi,borrow:=bits.Sub64(a,b,1)"},
		"swap":   {"hi,borrow:=bits.Sub64(b,a,carry)", "h:=a-b", "constmaskLow=1-(1<<51)"},
		"mask":   {"m:=^-uint64(cond&1)", "k:=d&^m|e&^m", "k:=d&m|e&^^m", "k&=f"},
		"select": {"n:=Select(a,b,cond^1)"},
		"cond":   {"if!(cond==1){"},
		"loop":   {"fori:=0;i<5;i++{", "fori:=0;i<3;i++{", "forrange4{", "forrange2{"},
		"index":  {"k+=x[3]", "k+=x[1]", "k=s[2:4][0]", "k=s[0:4][0]", "k=s[1:5][0]", "k=s[1:3][0]", "k=s[1:4][1]"},
	}
	for op, lines := range want {
		got := mutatedLines(opsSrc, ms, op)
		for _, w := range lines {
			if !slices.Contains(got, w) {
				t.Errorf("%s: no mutant gives %q; got %q", op, w, got)
			}
		}
	}
	count := map[string]int{}
	for _, m := range ms {
		count[m.op]++
	}
	wantCount := map[string]int{
		// maskLow's -, d := a + b, d -= c, h := b - a, k += x[2], and
		// the eleven + of the return.
		"arith":  5 + 11,
		"carry":  3, // Add64's 0 only to 1, Sub64's carry to 0 and 1
		"select": 1,
		"cond":   1,
		"loop":   4,
		// d -= c, k &= ^f, k++, k += x[2], k = s[1:4][0], panic(…).
		"delete": 6,
		// x[2] and s[1:4]'s two bounds both ways, the two [0] only to 1.
		"index": 2 + 4 + 2,
	}
	for op, n := range wantCount {
		if count[op] != n {
			t.Errorf("%s: %d mutants, want %d", op, count[op], n)
		}
	}
	for _, m := range ms {
		if strings.Contains(m.before, "12345") && m.op != "delete" {
			t.Errorf("a panic's message was mutated: %s", m.key())
		}
		if strings.Contains(m.before, "[5]uint64") {
			t.Errorf("a type was mutated: %s", m.key())
		}
		if m.op == "delete" && strings.Contains(m.before, ":=") {
			t.Errorf("a declaration was deleted: %s", m.key())
		}
		if m.op == "const" && (m.before == "g := a << 3" || strings.Contains(m.before, "Add64(a, b, 0)")) {
			t.Errorf("a shift count or carry is also a constant mutant: %s", m.key())
		}
	}
}

const genSrc = `package main

func main() {
	Comment("r0 = a0 + 19")
	ADDQ(t0, r[1])
	ADCQ(Imm(0), r[4])
	SBBQ(t0, t1)
	VPXORQ(x, y, z)
	ANDQ(U32(7), t0)
	ADCXQ(t0, t1)
	SHRQ(U8(51), t0)
	c.SUBQ(t0, t1)
	Label("loop")
}
`

// TestGeneratorOperators checks the avo operators and that comments and
// labels are left alone.
func TestGeneratorOperators(t *testing.T) {
	ms := mutantsOf(t, genSrc, "_asm")
	want := map[string][]string{
		"insn":   {"SUBQ(t0,r[1])", "ADDQ(Imm(0),r[4])", "SUBQ(t0,t1)", "VPORQ(x,y,z)", "ORQ(U32(7),t0)", "c.ADDQ(t0,t1)"},
		"shift":  {"SHRQ(U8(52),t0)", "SHRQ(U8(50),t0)"},
		"const":  {"ADCQ(Imm(1),r[4])", "ANDQ(U32(8),t0)", "ANDQ(U32(6),t0)"},
		"index":  {"ADDQ(t0,r[2])", "ADDQ(t0,r[0])"},
		"delete": {"", ""},
	}
	for op, lines := range want {
		got := mutatedLines(genSrc, ms, op)
		for _, w := range lines {
			if w != "" && !slices.Contains(got, w) {
				t.Errorf("%s: no mutant gives %q; got %q", op, w, got)
			}
		}
	}
	for _, m := range ms {
		if strings.Contains(m.before, "Comment") || strings.Contains(m.before, "Label") {
			t.Errorf("a comment or label was mutated: %s", m.key())
		}
		if strings.Contains(m.before, "ADCXQ") && m.op == "insn" {
			t.Errorf("ADCXQ has no plain counterpart: %s", m.key())
		}
	}
	// Eight instruction statements can be deleted; Comment and Label not.
	n := 0
	for _, m := range ms {
		if m.op == "delete" {
			n++
		}
	}
	if n != 8 {
		t.Errorf("%d deletions, want 8", n)
	}
}

// TestKeysIgnoreFormatting checks that keys depend on the tokens only: the
// same code written differently gives the same keys.
func TestKeysIgnoreFormatting(t *testing.T) {
	a := `package p

func f(a, b uint64, x *[4]uint64) uint64 {
	y := a+b*x[1]
	y = y - (a^b) // note
	return y<<2 | x[0]
}
`
	b := `package p

// f is f.
func f(a, b uint64,
	x *[4]uint64) uint64 {

	y := a +
		b * x[ 1 ]
	y = y -
		( a ^ b )
	return y << 2 |
		x[0]
}
`
	keys := func(src string) []string {
		var out []string
		for _, m := range mutantsOf(t, src, "") {
			out = append(out, m.key())
		}
		return out
	}
	ka, kb := keys(a), keys(b)
	if !slices.Equal(ka, kb) {
		t.Errorf("keys differ:\n%q\n%q", ka, kb)
	}
	fa, err := format.Source([]byte(b))
	if err != nil {
		t.Fatal(err)
	}
	if kf := keys(string(fa)); !slices.Equal(kf, ka) {
		t.Errorf("keys of the gofmt'ed file differ:\n%q\n%q", ka, kf)
	}
}

// TestKeysNumbered checks that equal descriptions get occurrence numbers.
func TestKeysNumbered(t *testing.T) {
	src := `package p

func f(a, b uint64) (uint64, uint64) {
	a = a + b
	b = b + a
	a = a + b
	return a, b
}
`
	var keys []string
	for _, m := range mutantsOf(t, src, "") {
		if m.op == "arith" {
			keys = append(keys, m.key())
		}
	}
	want := []string{
		"x.go f arith: a = a + b → a = a - b #1",
		"x.go f arith: b = b + a → b = b - a",
		"x.go f arith: a = a + b → a = a - b #2",
	}
	if !slices.Equal(keys, want) {
		t.Errorf("keys %q, want %q", keys, want)
	}
}

// TestGeneratedFilesSkipped checks that a generated file has no mutants.
func TestGeneratedFilesSkipped(t *testing.T) {
	sf, err := parseSource("x.go", "", []byte("// Code generated by hand. DO NOT EDIT.\n\npackage p\n\nconst c = 1 + 2\n"))
	if err != nil || sf != nil {
		t.Errorf("parseSource of a generated file = %v, %v; want nil, nil", sf, err)
	}
}

func TestShiftLiteral(t *testing.T) {
	for _, c := range []struct {
		in   string
		d    int64
		want string
		ok   bool
	}{
		{"41", 1, "42", true},
		{"0", -1, "", false},
		{"0x7ffff", 1, "0x80000", true},
		{"0X10", -1, "0X0f", true},
		{"0x0e53", 1, "0x0e54", true},
		{"0x00", 1, "0x01", true},
		{"0b101", 1, "0b110", true},
		{"0o17", 1, "0o20", true},
		{"017", 1, "020", true},
		{"1_000", -1, "999", true},
		{"18446744073709551615", 1, "18446744073709551616", true},
	} {
		got, ok := shiftLiteral(c.in, c.d)
		if got != c.want || ok != c.ok {
			t.Errorf("shiftLiteral(%s, %d) = %s, %v; want %s, %v", c.in, c.d, got, ok, c.want, c.ok)
		}
	}
}

func TestSameGenerated(t *testing.T) {
	a := "// Code generated by command: go run x.go -out a.s. DO NOT EDIT.\n\n//go:build !purego\n\n// func f()\nTEXT ·f(SB), $0\n\t// r0 = a0×b0\n\tMULXQ (AX), BX, CX // low, high\n\tRET\n"
	b := "// Code generated by command: gen -out a.s. DO NOT EDIT.\n\n//go:build !purego\n\n// func f()\nTEXT ·f(SB), $0\n\t// r0 = 19×a0×b0\n\tMULXQ (AX), BX, CX\n\tRET\n"
	if !sameGenerated("a.s", []byte(a), []byte(b)) {
		t.Error("files that differ in comments only compare different")
	}
	if !sameGenerated("a.s", []byte(a), []byte(strings.ReplaceAll(a, "\tRET", "RET  "))) {
		t.Error("assembly that differs in indentation only compares different")
	}
	for _, c := range []string{
		strings.Replace(a, "MULXQ", "MULQ", 1),
		strings.Replace(a, "//go:build !purego\n", "", 1),
	} {
		if sameGenerated("a.s", []byte(a), []byte(c)) {
			t.Errorf("files that differ in code compare the same:\n%s", c)
		}
	}

	// Go files compare by tokens: a literal's line breaks are no change.
	g := "// Code generated by gen. DO NOT EDIT.\n\n//go:build !purego\n\npackage p\n\n// v is v.\nvar v = [...]int{\n\t1, 2, 3,\n\t4,\n}\n\nfunc f() int { return v[0] }\n"
	h := "// Code generated by gen -x. DO NOT EDIT.\n\n//go:build !purego\n\npackage p\n\nvar v = [...]int{\n\t1, 2,\n\t3, 4,\n}\n\nfunc f() int { return v[0] }\n"
	if !sameGenerated("a.go", []byte(g), []byte(h)) {
		t.Error("Go files that differ in layout and comments only compare different")
	}
	for _, c := range []string{
		strings.Replace(g, "4,", "5,", 1),
		strings.Replace(g, "//go:build !purego\n", "", 1),
		strings.Replace(g, "//go:build !purego", "//go:build purego", 1),
		strings.Replace(g, "v[0]", "v[1]", 1),
		strings.Replace(g, "\t1, 2, 3,\n", "\t1, 2, 3,\n\t0,\n", 1),
	} {
		if sameGenerated("a.go", []byte(g), []byte(c)) {
			t.Errorf("Go files that differ in code compare the same:\n%s", c)
		}
	}
}
