package main

import (
	crand "crypto/rand"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/carry-crypto/carry/cttest"
	"github.com/carry-crypto/carry/internal/field25519"
	"github.com/carry-crypto/carry/x25519"
)

func init() {
	register("ct", command{
		summary: "measure that secret-handling operations run in constant time (fixed vs random)",
		run:     runCT,
	})
}

// A ctTest is one operation of "carry ct": a function of a record of size
// bytes, timed on records of a fixed class, drawn from each of the pools in
// turn, against records of the random class (uniformly random bytes).
type ctTest struct {
	name string // as given on the command line
	desc string // one line, for the help text
	size int    // bytes in one record

	// setup draws the test's fixed values (a peer's point, a scalar) and
	// returns the timed operation.
	setup func() (func(rec []byte), error)
	// pools are the fixed classes, each a pool of poolSize records.
	pools []ctPool
	// slow marks a test whose measurements take tens of µs or more; the
	// tests of this command run it at fewer measurements.
	slow bool
}

// ctPool is a fixed class: fill writes its member i.
type ctPool struct {
	name string
	fill func(i int, rec []byte)
}

// poolSize is the number of members of each fixed pool (see package cttest
// on why a pool and not one value).
const poolSize = 16

var ctTests = []*ctTest{
	{
		name:  "x25519",
		desc:  "X25519(scalar, point) for a fixed random point; the scalar is the record",
		size:  32,
		setup: ctX25519,
		pools: scalarPools,
	},
	{
		name:  "x25519-base",
		desc:  "X25519(scalar, Basepoint); the scalar is the record",
		size:  32,
		setup: ctX25519Base,
		pools: scalarPools,
	},
	{
		name:  "x25519-point",
		desc:  "X25519(scalar, point) for a fixed random scalar; the point is the record",
		size:  32,
		setup: ctX25519Point,
		pools: []ctPool{
			// u = 10..25: small, and not 9, the base point, for
			// which X25519 takes another (public) code path.
			{"small", func(i int, rec []byte) { rec[0] = byte(i + 10) }},
			{"random", randomFill},
		},
	},
	{
		name:  "fe-mul",
		desc:  "field25519 Mul of two elements decoded from the record",
		size:  64,
		setup: ctFeMul,
		pools: []ctPool{{"edge", func(i int, rec []byte) {
			edgeElement(i, rec[:32])
			edgeElement((i*7+3)%poolSize, rec[32:])
		}}},
	},
	{
		name:  "fe-square",
		desc:  "field25519 Square of an element decoded from the record",
		size:  32,
		setup: ctFeSquare,
		pools: []ctPool{{"edge", edgeElement}},
	},
	{
		name:  "fe-invert",
		desc:  "field25519 Invert of an element decoded from the record",
		size:  32,
		setup: ctFeInvert,
		pools: []ctPool{{"edge", edgeElement}},
	},
}

// scalarPools are the fixed classes of the scalar tests.
var scalarPools = []ctPool{
	// One bit set, at bits 3, 18, ..., 228: the ladder's swaps mostly 0.
	{"sparse", func(i int, rec []byte) {
		bit := 3 + 15*i
		rec[bit/8] = 1 << (bit % 8)
	}},
	// Zero before clamping: only the bits clamping clears or sets vary,
	// so the ladder always sees 2^254.
	{"zero", func(i int, rec []byte) {
		rec[0] = byte(i & 7)
		rec[31] = byte(i>>3) << 7
	}},
	// All ones, likewise: the ladder always sees 2^255 - 8.
	{"ones", func(i int, rec []byte) {
		for j := range rec {
			rec[j] = 0xff
		}
		rec[0] = 0xf8 | byte(i&7)
		rec[31] = 0x7f | byte(i>>3)<<7
	}},
	// Dense: 16 random scalars drawn once.
	{"dense", randomFill},
}

// randomFill fills rec with random bytes (for a pool, once per member).
func randomFill(_ int, rec []byte) {
	crand.Read(rec)
}

// edgeElement writes the little-endian encoding of the i-th of 16 field
// elements at the edges: 0, 1, 2, p-1, p-2, p (non-canonical), 2^256-1 (bit
// 255 set, which SetBytes ignores), 2^254, 2^(51k) for k = 1..4 (a limb
// boundary), and 2^(51k)-1 for k = 1..4.
func edgeElement(i int, rec []byte) {
	clear(rec)
	switch {
	case i <= 2:
		rec[0] = byte(i)
	case i <= 5: // p-1, p-2, p: p = 2^255 - 19 is ed ff ... ff 7f
		for j := range rec {
			rec[j] = 0xff
		}
		rec[0] = [...]byte{0xec, 0xeb, 0xed}[i-3]
		rec[31] = 0x7f
	case i == 6:
		for j := range rec {
			rec[j] = 0xff
		}
	case i == 7:
		rec[31] = 0x40
	case i <= 11:
		bit := 51 * (i - 7)
		rec[bit/8] = 1 << (bit % 8)
	default:
		for b := range 51 * (i - 11) {
			rec[b/8] |= 1 << (b % 8)
		}
	}
}

// ctX25519 times X25519 on the record as the scalar, with a fixed random
// point.
func ctX25519() (func(rec []byte), error) {
	point := make([]byte, 32)
	var scalar [32]byte
	crand.Read(scalar[:])
	p, err := x25519.X25519(scalar[:], x25519.Basepoint)
	if err != nil {
		return nil, err
	}
	copy(point, p)
	return func(rec []byte) {
		out, _ := x25519.X25519(rec, point)
		ctSink ^= out[0]
	}, nil
}

// ctX25519Base times X25519 on the record as the scalar and the base point.
func ctX25519Base() (func(rec []byte), error) {
	return func(rec []byte) {
		out, _ := x25519.X25519(rec, x25519.Basepoint)
		ctSink ^= out[0]
	}, nil
}

// ctX25519Point times X25519 on the record as the point, with a fixed random
// scalar. The point is public in X25519; this checks that it is not the
// point's value that the time depends on either.
func ctX25519Point() (func(rec []byte), error) {
	scalar := make([]byte, 32)
	crand.Read(scalar)
	return func(rec []byte) {
		out, err := x25519.X25519(scalar, rec)
		if err == nil {
			ctSink ^= out[0]
		}
	}, nil
}

// decode sets v from the 32 bytes b, which SetBytes always accepts.
func decode(v *field25519.Element, b []byte) {
	if _, err := v.SetBytes(b); err != nil {
		panic("carry: internal error: SetBytes of 32 bytes failed")
	}
}

func ctFeMul() (func(rec []byte), error) {
	var a, b, v field25519.Element
	return func(rec []byte) {
		decode(&a, rec[:32])
		decode(&b, rec[32:])
		v.Mul(&a, &b)
		ctSink ^= byte(v.IsZero())
	}, nil
}

func ctFeSquare() (func(rec []byte), error) {
	var a, v field25519.Element
	return func(rec []byte) {
		decode(&a, rec)
		v.Square(&a)
		ctSink ^= byte(v.IsZero())
	}, nil
}

func ctFeInvert() (func(rec []byte), error) {
	var a, v field25519.Element
	return func(rec []byte) {
		decode(&a, rec)
		v.Invert(&a)
		ctSink ^= byte(v.IsZero())
	}, nil
}

// ctSink keeps the compiler from discarding the timed work.
var ctSink byte

// runCT is "carry ct [flags] [test ...]".
func runCT(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ct", flag.ContinueOnError)
	n := fs.Int("n", 1_000_000, "measurements per run `n`, over both classes")
	fs.Usage = func() { ctUsage(fs) }
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if *n < 1000 {
		fmt.Fprintln(stderr, "carry ct: -n must be at least 1000")
		return 2
	}
	selected, err := selectCTTests(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "carry ct: %v\n", err)
		return 2
	}

	code := 0
	for _, t := range selected {
		ok, err := runCTTest(t, *n, stdout)
		if err != nil {
			fmt.Fprintf(stderr, "carry ct: %s: %v\n", t.name, err)
			return 1
		}
		if !ok {
			code = 1
		}
	}
	return code
}

// ctNameWidth is the length of the longest test name, for aligned output.
func ctNameWidth() int {
	w := 0
	for _, t := range ctTests {
		w = max(w, len(t.name))
	}
	return w
}

// runCTTest runs the control and every fixed pool of t, printing a line for
// each and a verdict, and reports whether t passed.
func runCTTest(t *ctTest, n int, w io.Writer) (bool, error) {
	op, err := t.setup()
	if err != nil {
		return false, err
	}
	var seed [32]byte
	crand.Read(seed[:])
	random := rand.NewChaCha8(seed)
	cfg := cttest.Config{Measurements: n, RecordSize: t.size}

	label := func(pool string) { fmt.Fprintf(w, "%-*s %-8s ", ctNameWidth(), t.name, pool) }
	label("control")
	cfg.Control = true
	control := cttest.Run(cfg, func(_ int, rec []byte) { random.Read(rec) }, op)
	fmt.Fprintln(w, control)
	cfg.Control = false

	maxT := 0.0
	for _, p := range t.pools {
		label(p.name)
		fixed := cttest.FixedPool(poolSize, t.size, p.fill)
		r := cttest.Run(cfg, func(class int, rec []byte) {
			if class == 0 {
				fixed(rec)
			} else {
				random.Read(rec)
			}
		}, op)
		fmt.Fprintln(w, r)
		maxT = max(maxT, r.MaxT)
	}

	var verdict string
	ok := false
	switch {
	case control.Leaky():
		verdict = fmt.Sprintf("INCONCLUSIVE: the control's |t| = %.2f is over %v, so the machine or the harness leaks; rerun on a quieter machine", control.MaxT, cttest.Threshold)
	case maxT >= cttest.Threshold:
		verdict = fmt.Sprintf("LEAKY: max |t| = %.2f over %d fixed classes (read the effect sizes above)", maxT, len(t.pools))
	default:
		verdict = fmt.Sprintf("constant time: max |t| = %.2f over %d fixed classes, control %.2f, at n = %d", maxT, len(t.pools), control.MaxT, n)
		ok = true
	}
	fmt.Fprintf(w, "%-*s %s\n", ctNameWidth(), t.name, verdict)
	return ok, nil
}

func ctUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, "usage: carry ct [flags] [test ...]\n\n"+
		"Runs the fixed-versus-random timing test of package cttest (dudect) on each\n"+
		"test (all of them by default): a control run (random versus random), then\n"+
		"one run per fixed class, each a pool of 16 values, against random inputs.\n"+
		"Prints |t| and the effect sizes of each run and a verdict; exits 1 if a\n"+
		"test is leaky or its control is over the threshold. A run of 10^6\n"+
		"measurements of X25519 takes about a minute. Build with -tags purego to\n"+
		"measure the portable code instead of the assembly.\n\nTests:\n\n")
	for _, t := range ctTests {
		names := make([]string, len(t.pools))
		for i, p := range t.pools {
			names[i] = p.name
		}
		fmt.Fprintf(w, "\t%-*s  %s\n\t%-*s  fixed classes: %s\n", ctNameWidth(), t.name, t.desc, ctNameWidth(), "", strings.Join(names, ", "))
	}
	fmt.Fprint(w, "\nFlags:\n\n")
	fs.PrintDefaults()
}

// selectCTTests returns the tests named, in the order named, or all of them
// if names is empty.
func selectCTTests(names []string) ([]*ctTest, error) {
	if len(names) == 0 {
		return ctTests, nil
	}
	var selected []*ctTest
	seen := map[string]bool{}
	for _, name := range names {
		var t *ctTest
		for _, c := range ctTests {
			if c.name == name {
				t = c
			}
		}
		if t == nil {
			all := make([]string, len(ctTests))
			for i, c := range ctTests {
				all[i] = c.name
			}
			return nil, fmt.Errorf("unknown test %q; valid tests: %s", name, strings.Join(all, ", "))
		}
		if !seen[name] {
			seen[name] = true
			selected = append(selected, t)
		}
	}
	return selected, nil
}
