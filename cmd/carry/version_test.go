package main

import (
	"bytes"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/carry-crypto/carry"
)

// TestVersionOutput checks every line of carry version: the versions, the
// platform, the CPU, the build, and one line for each kernel choice in
// kernelTable's order with the kernel it made.
func TestVersionOutput(t *testing.T) {
	code, stdout, stderr := runCarry(t, "version")
	if code != 0 || stderr != "" {
		t.Fatalf("exit code %d, stderr %q; want 0 and nothing", code, stderr)
	}
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	cpuName := cpuModel()
	if cpuName == "" {
		cpuName = "unknown"
	}
	assembly, why := assemblyBuilt()
	build := "assembly where the CPU has the features"
	if !assembly {
		build = "portable Go only: " + why
	}
	header := [][2]string{
		{"carry", carry.Version},
		{"go", runtime.Version()},
		{"platform", runtime.GOOS + "/" + runtime.GOARCH},
		{"cpu", cpuName},
		{"features", ""}, // checked by TestVersionFeatures
		{"build", build},
		{"", ""},
		{"package", "for  kernel"},
	}
	if len(lines) != len(header)+len(kernelTable) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(header)+len(kernelTable), stdout)
	}
	for i, h := range header {
		key, value, _ := strings.Cut(lines[i], " ")
		value = strings.TrimSpace(value)
		if key != h[0] || h[0] != "features" && h[0] != "package" && value != h[1] {
			t.Errorf("line %d is %q, want %s %s", i+1, lines[i], h[0], h[1])
		}
	}
	if !strings.Contains(lines[len(header)-1], "for") || !strings.HasSuffix(lines[len(header)-1], "kernel") {
		t.Errorf("the table's header is %q", lines[len(header)-1])
	}
	for i, c := range kernelTable {
		line := lines[len(header)+i]
		want := c.chosen(assembly, hasFeature)
		if !strings.HasPrefix(line, c.pkg+" ") || !strings.Contains(line, " "+c.what+" ") || !strings.HasSuffix(line, "  "+want) {
			t.Errorf("line %q, want %s, %s and %s", line, c.pkg, c.what, want)
		}
	}
	if choices := kernelChoices(); len(choices) != len(kernelTable) {
		t.Errorf("kernelChoices has %d entries, want one for each of the %d choices (a name twice?)", len(choices), len(kernelTable))
	}
}

// TestVersionChoices checks the choice each kernel makes on CPUs with
// none, some and all of the features, and without assembly.
func TestVersionChoices(t *testing.T) {
	none := func(string) bool { return false }
	all := func(string) bool { return true }
	// An AVX2 CPU without AVX-512 (Haswell and later, Zen 1 to 3).
	avx2 := func(f string) bool { return f == "AVX2" || f == "BMI2" || f == "ADX" }
	want := map[string][3]string{ // none, AVX2 CPU, all
		"bigmod.mul":             {"portable", "ADX/BMI2", "ADX/BMI2"},
		"bigmod.exp":             {"Montgomery multiplication", "Montgomery multiplication", "AVX-512 IFMA"},
		"nistec.field":           {"portable", "ADX/BMI2", "ADX/BMI2"},
		"nistec.scan":            {"SSE2", "SSE2", "AVX-512"},
		"field25519.mul":         {"portable", "ADX/BMI2", "ADX/BMI2"},
		"edwards25519.scan":      {"portable", "AVX2", "AVX2"},
		"x25519.ladder":          {"portable", "ADX/BMI2", "ADX/BMI2"},
		"chacha20.xor":           {"portable", "AVX2", "AVX-512"},
		"poly1305.blocks":        {"portable", "BMI2 (MULX)", "BMI2 (MULX)"},
		"poly1305.long":          {"Poly1305 blocks", "Poly1305 blocks", "AVX-512 IFMA"},
		"chacha20poly1305.short": {"ChaCha20, then Poly1305", "AVX2", "AVX-512"},
		"chacha20poly1305.long":  {"ChaCha20, then Poly1305", "ChaCha20, then Poly1305", "AVX-512 IFMA"},
	}
	if len(want) != len(kernelTable) {
		t.Errorf("the test knows %d choices, kernelTable has %d", len(want), len(kernelTable))
	}
	for _, c := range kernelTable {
		w, ok := want[c.name]
		if !ok {
			t.Errorf("%s: not in the test", c.name)
			continue
		}
		for i, has := range []func(string) bool{none, avx2, all} {
			if got := c.chosen(true, has); got != w[i] {
				t.Errorf("%s on CPU %d: %q, want %q", c.name, i, got, w[i])
			}
			if got := c.chosen(false, has); got != "portable" {
				t.Errorf("%s without assembly: %q, want portable", c.name, got)
			}
		}
		for _, o := range c.options {
			for _, f := range o.needs {
				func() {
					defer func() {
						if r := recover(); r != nil {
							t.Errorf("%s: %s needs %s, not a feature of cpu.X86: %v", c.name, o.kernel, f, r)
						}
					}()
					hasFeature(f)
				}()
			}
		}
	}
}

// TestVersionFeatures checks the features line: the features of the
// kernel table that the CPU has, sorted, or none.
func TestVersionFeatures(t *testing.T) {
	for _, tc := range []struct {
		has  func(string) bool
		want string
	}{
		{func(string) bool { return false }, "none"},
		{func(f string) bool { return f == "BMI2" || f == "AVX2" || f == "SSE3" }, "AVX2 BMI2"},
		{func(string) bool { return true }, "ADX AVX2 AVX512BW AVX512F AVX512IFMA AVX512VL BMI2"},
	} {
		var b bytes.Buffer
		writeVersion(&b, "Some CPU", tc.has)
		if !strings.Contains(b.String(), "\nfeatures  "+tc.want+"\n") || !strings.Contains(b.String(), "\ncpu       Some CPU\n") {
			t.Errorf("want features %q and cpu Some CPU in:\n%s", tc.want, b.String())
		}
	}
}

// TestVersionHelp checks -h (the usage on stdout) and a stray argument.
func TestVersionHelp(t *testing.T) {
	if code, stdout, _ := runCarry(t, "version", "-h"); code != 0 || !strings.HasPrefix(stdout, "usage: carry version") {
		t.Errorf("version -h: exit code %d, stdout %q", code, stdout)
	}
	if code, stdout, stderr := runCarry(t, "version", "extra"); code != 2 || stdout != "" || stderr == "" {
		t.Errorf("version extra: exit code %d, stdout %q, stderr %q; want 2 and an error", code, stdout, stderr)
	}
}

// TestKernelTableMatchesSource reads the packages' amd64 sources and checks
// that each option's needs are exactly the cpu.X86 features its variable's
// initializer asks for (through other variables and functions of the
// module), and that every package-level variable of the module set from
// cpu.X86 is reached from an option, so that a new choice cannot be left
// out of carry version.
func TestKernelTableMatchesSource(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	src := newSourceReader(t, root)
	reached := map[string]bool{}
	for _, c := range kernelTable {
		for _, o := range c.options {
			if !slices.Contains(src.files(c.pkg), o.source) {
				t.Errorf("%s: %s is not an amd64 source file of %s", c.name, o.source, c.pkg)
			}
			init := src.varInit(c.pkg, o.variable)
			if init == nil {
				t.Errorf("%s: %s declares no variable %s", c.name, c.pkg, o.variable)
				continue
			}
			got := map[string]bool{}
			reached[c.pkg+"."+o.variable] = true
			src.features(c.pkg, init, got, reached)
			want := map[string]bool{}
			for _, f := range o.needs {
				want[f] = true
			}
			if !equalSets(got, want) {
				t.Errorf("%s: %s.%s asks for %v, the table says %v", c.name, c.pkg, o.variable, keys(got), o.needs)
			}
		}
	}
	for _, v := range src.cpuVariables() {
		if !reached[v] {
			t.Errorf("%s is set from cpu.X86 but no choice of kernelTable reaches it", v)
		}
	}
}

// sourceReader parses the module's packages as the amd64 build without
// tags compiles them.
type sourceReader struct {
	t    *testing.T
	root string
	ctx  build.Context
	fset *token.FileSet
	pkgs map[string][]*ast.File
	// names maps each package's files to their names.
	names map[string][]string
}

func newSourceReader(t *testing.T, root string) *sourceReader {
	ctx := build.Default
	ctx.GOARCH, ctx.GOOS, ctx.BuildTags = "amd64", "linux", nil
	return &sourceReader{t: t, root: root, ctx: ctx, fset: token.NewFileSet(),
		pkgs: map[string][]*ast.File{}, names: map[string][]string{}}
}

// parse returns the parsed non-test files of the package at pkg, relative
// to the module's root.
func (s *sourceReader) parse(pkg string) []*ast.File {
	if files, ok := s.pkgs[pkg]; ok {
		return files
	}
	bp, err := s.ctx.ImportDir(filepath.Join(s.root, filepath.FromSlash(pkg)), 0)
	if err != nil {
		s.t.Fatalf("%s: %v", pkg, err)
	}
	var files []*ast.File
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(s.fset, filepath.Join(bp.Dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			s.t.Fatal(err)
		}
		files = append(files, f)
	}
	s.pkgs[pkg], s.names[pkg] = files, bp.GoFiles
	return files
}

func (s *sourceReader) files(pkg string) []string {
	s.parse(pkg)
	return s.names[pkg]
}

// varInit returns the initializer of pkg's package-level variable name, or
// nil if there is none.
func (s *sourceReader) varInit(pkg, name string) ast.Expr {
	for _, f := range s.parse(pkg) {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if n.Name == name && i < len(vs.Values) {
							return vs.Values[i]
						}
					}
				}
			}
		}
	}
	return nil
}

// funcResult returns the expression that pkg's function name returns, if its
// body is one return statement of one value.
func (s *sourceReader) funcResult(pkg, name string) ast.Expr {
	for _, f := range s.parse(pkg) {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == name && fd.Body != nil && len(fd.Body.List) == 1 {
				if r, ok := fd.Body.List[0].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
					return r.Results[0]
				}
			}
		}
	}
	return nil
}

// importPath returns the path that file f of pkg imports as name.
func (s *sourceReader) importPath(pkg, name string) string {
	for _, f := range s.parse(pkg) {
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			local := path[strings.LastIndex(path, "/")+1:]
			if spec.Name != nil {
				local = spec.Name.Name
			}
			if local == name {
				return path
			}
		}
	}
	return ""
}

// features adds to got the cpu.X86 features that e, an expression of pkg,
// asks for, following package-level variables and one-line functions of the
// module, and to reached every variable it follows. An expression that is
// not a conjunction of features fails the test.
func (s *sourceReader) features(pkg string, e ast.Expr, got, reached map[string]bool) {
	switch e := e.(type) {
	case *ast.ParenExpr:
		s.features(pkg, e.X, got, reached)
	case *ast.BinaryExpr:
		if e.Op != token.LAND {
			s.t.Errorf("%s: %s is not a conjunction of features", pkg, e.Op)
			return
		}
		s.features(pkg, e.X, got, reached)
		s.features(pkg, e.Y, got, reached)
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.SelectorExpr); ok && x.Sel.Name == "X86" {
			if id, ok := x.X.(*ast.Ident); ok && id.Name == "cpu" {
				got[strings.TrimPrefix(e.Sel.Name, "Has")] = true
				return
			}
		}
		s.t.Errorf("%s: cannot follow %s", pkg, types.ExprString(e))
	case *ast.Ident:
		init := s.varInit(pkg, e.Name)
		if init == nil {
			s.t.Errorf("%s: %s is not a package-level variable", pkg, e.Name)
			return
		}
		reached[pkg+"."+e.Name] = true
		s.features(pkg, init, got, reached)
	case *ast.CallExpr:
		path := ""
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				path = s.importPath(pkg, id.Name)
			}
		}
		rel, inModule := strings.CutPrefix(path, "github.com/carry-crypto/carry/")
		if !inModule || len(e.Args) != 0 {
			s.t.Errorf("%s: cannot follow the call %s", pkg, types.ExprString(e))
			return
		}
		result := s.funcResult(rel, sel.Sel.Name)
		if result == nil {
			s.t.Errorf("%s: %s is not a one-line function", rel, sel.Sel.Name)
			return
		}
		s.features(rel, result, got, reached)
	default:
		s.t.Errorf("%s: cannot follow %s", pkg, types.ExprString(e))
	}
}

// cpuVariables returns every package-level variable of the module's
// packages (but this command's) whose initializer names cpu.X86, as
// package.name.
func (s *sourceReader) cpuVariables() []string {
	var vars []string
	err := filepath.WalkDir(s.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if !d.IsDir() {
			return nil
		}
		if p != s.root && (strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(s.root, p)
		rel = filepath.ToSlash(rel)
		if rel == "cmd/carry" {
			return nil
		}
		if _, err := s.ctx.ImportDir(p, 0); err != nil {
			return nil // no Go files for amd64 here
		}
		for _, f := range s.parse(rel) {
			for _, decl := range f.Decls {
				g, ok := decl.(*ast.GenDecl)
				if !ok || g.Tok != token.VAR {
					continue
				}
				for _, spec := range g.Specs {
					vs := spec.(*ast.ValueSpec)
					for i, v := range vs.Values {
						if namesCPU(v) && i < len(vs.Names) {
							vars = append(vars, rel+"."+vs.Names[i].Name)
						}
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		s.t.Fatal(err)
	}
	if len(vars) == 0 {
		s.t.Error("found no variable set from cpu.X86 in the module")
	}
	return vars
}

// namesCPU reports whether e mentions cpu.X86.
func namesCPU(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "X86" {
			if id, ok := sel.X.(*ast.Ident); ok && id.Name == "cpu" {
				found = true
			}
		}
		return !found
	})
	return found
}

func equalSets(a, b map[string]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

func keys(m map[string]bool) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
