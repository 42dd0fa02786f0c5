package stdapi

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"
)

// typeCheck type-checks src as the package at path, which may import the
// packages of deps by their paths.
func typeCheck(t *testing.T, path, src string, deps ...*types.Package) *types.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path+".go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importerFunc(func(p string) (*types.Package, error) {
		for _, d := range deps {
			if d.Path() == p {
				return d, nil
			}
		}
		return nil, fmt.Errorf("no package %s", p)
	})}
	pkg, err := conf.Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// findingsByName maps each finding of compareAPI to the identifier it names.
func findingsByName(findings []string) map[string]string {
	m := map[string]string{}
	for _, f := range findings {
		id, problem, _ := strings.Cut(f, ": ")
		_, name, _ := strings.Cut(id, ".")
		m[name] = problem
	}
	return m
}

const stdSource = `package std

type Key struct{ N int }

func (k *Key) Size() int { return k.N }

type Opts = Key

const Size = 32

const Name string = "std"

var ErrBad error

func New(k *Key) (*Key, error) { return k, nil }

func Derive[H interface{ Sum([]byte) []byte }](h func() H, n int) []byte { return nil }

func Join(parts ...[]byte) []byte { return nil }
`

// TestCompareExact checks compareAPI's exact rules on small packages: a
// faithful copy passes, and each kind of difference is found under its
// name, and only there.
func TestCompareExact(t *testing.T) {
	std := typeCheck(t, "example/std", stdSource)
	faithful := `package own

import std "example/std"

type Key = std.Key

type Opts = std.Opts

const Size = 32

const Name = std.Name

var ErrBad = std.ErrBad

func New(key *Key) (*std.Key, error) { return key, nil }

func Derive[Hash interface{ Sum([]byte) []byte }](f func() Hash, length int) []byte { return nil }

func Join(p ...[]byte) []byte { return nil }

func Extra() {}
`
	own := typeCheck(t, "example/own", faithful, std)
	if findings, total := compareAPI(std, own, nil); len(findings) != 0 || total != 8 {
		t.Errorf("faithful copy: %d findings over %d identifiers, want none over 8: %q", len(findings), total, findings)
	}

	unfaithful := `package own

import std "example/std"

type Key struct{ N int }

type Opts = std.Key

const Size = 33

const Name = "std"

func ErrBad() error { return nil }

func New(key *std.Key) (*Key, error) { return nil, nil }

func Derive[H any](f func() H, length int) []byte { return nil }

func Join(parts [][]byte) []byte { return nil }
`
	own = typeCheck(t, "example/own", unfaithful, std)
	findings, _ := compareAPI(std, own, nil)
	want := map[string]string{
		"Key":    "a type of its own",
		"Size":   "carry's is 33, want 32",
		"Name":   "carry's has type untyped string, want string",
		"ErrBad": "carry's is a function, the standard library's a variable",
		"New":    "carry's is func(key *example/std.Key) (*example/own.Key, error)",
		"Derive": "carry's is func[H any]",
		"Join":   "carry's is func(parts [][]byte) []byte",
	}
	got := findingsByName(findings)
	for _, name := range slices.Sorted(maps.Keys(want)) {
		if !strings.Contains(got[name], want[name]) {
			t.Errorf("%s: finding %q, want one containing %q", name, got[name], want[name])
		}
	}
	// Opts aliases the same type under another name: not a finding.
	if len(got) != len(want) {
		t.Errorf("findings for %d identifiers, want %d: %q", len(got), len(want), findings)
	}

	own = typeCheck(t, "example/own", "package own\n")
	if findings, _ := compareAPI(std, own, nil); len(findings) != 8 {
		t.Errorf("empty package: %d findings, want 8 (every identifier missing): %q", len(findings), findings)
	}
}

const sealedSource = `package std

type Curve interface {
	NewKey(b []byte) (*Key, error)
	sealed()
}

type Key struct{ c Curve }

func (k *Key) Curve() Curve   { return k.c }
func (k *Key) Bytes() []byte  { return nil }
func (k *Key) Equal(x any) bool { return false }

func P256() Curve { return nil }
`

// TestCompareShape checks compareAPI's rules for the identifiers compared by
// shape: carry's own types with the same exported methods pass, a method
// missing, a signature over the standard library's types where carry's are
// due, a concrete type for an interface, and a stale exception are each
// found.
func TestCompareShape(t *testing.T) {
	std := typeCheck(t, "example/std", sealedSource)
	all := map[string]string{"Curve": "sealed", "Key": "made by a Curve", "P256": "returns a Curve"}

	faithful := `package own

type Curve interface {
	NewKey(key []byte) (*Key, error)
}

type Key struct{ b []byte }

func (k *Key) Curve() Curve       { return nil }
func (k *Key) Bytes() []byte      { return k.b }
func (k *Key) Equal(y any) bool   { return false }
func (k *Key) ToStd() *Key        { return nil }

func P256() Curve { return nil }
`
	own := typeCheck(t, "example/own", faithful)
	if findings, total := compareAPI(std, own, all); len(findings) != 0 || total != 3 {
		t.Errorf("same shapes: %d findings over %d identifiers, want none over 3: %q", len(findings), total, findings)
	}

	unfaithful := `package own

import std "example/std"

type Curve struct{}

func (c *Curve) NewKey(key []byte) (*Key, error) { return nil, nil }

type Key struct{}

func (k *Key) Curve() std.Curve { return nil }
func (k *Key) Equal(y any) bool { return false }

func P256() std.Curve { return nil }
`
	own = typeCheck(t, "example/own", unfaithful, std)
	findings, _ := compareAPI(std, own, all)
	got := findingsByName(findings)
	want := map[string][]string{
		"Curve": {"carry's is a concrete type, the standard library's an interface"},
		"Key":   {"no method Bytes", "method Curve has the shape func() example/std.Curve, want func() Curve"},
		"P256":  {"carry's has the shape func() example/std.Curve, want func() Curve"},
	}
	for name, parts := range want {
		for _, part := range parts {
			if !strings.Contains(got[name], part) {
				t.Errorf("%s: finding %q, want one containing %q", name, got[name], part)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("findings for %d identifiers, want %d: %q", len(got), len(want), findings)
	}

	stale := map[string]string{"Curve": "sealed", "Gone": "no longer in std"}
	own = typeCheck(t, "example/own", faithful)
	findings, _ = compareAPI(std, own, stale)
	got = findingsByName(findings)
	if !strings.Contains(got["Gone"], "has no such identifier") {
		t.Errorf("a stale exception: findings %q, want one for Gone", findings)
	}
	// Key and P256 are compared exactly without their exceptions: carry's
	// own types are then findings.
	if !strings.Contains(got["Key"], "a type of its own") || !strings.Contains(got["P256"], "carry's is func() example/own.Curve") {
		t.Errorf("identifiers outside the exceptions: findings %q, want Key and P256 compared exactly", findings)
	}
}
