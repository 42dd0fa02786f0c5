package stdapi

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// testFile is one parsed _test.go file of a directory.
type testFile struct {
	name string
	src  []byte
	f    *ast.File
	// unresolved holds the identifiers of f that the parser found declared
	// neither in f nor in the universe scope: package-level names of other
	// files, imported package names, and names of dot imports.
	unresolved map[*ast.Ident]bool
}

// parseTestFiles parses the _test.go files of dir that the default build
// context would compile, with their package-level identifiers resolved
// within each file.
func parseTestFiles(fset *token.FileSet, dir string) ([]*testFile, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var files []*testFile
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, "_test.go") {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		tf := &testFile{name: name, src: src, f: f, unresolved: map[*ast.Ident]bool{}}
		for _, id := range f.Unresolved {
			tf.unresolved[id] = true
		}
		files = append(files, tf)
	}
	return files, nil
}

// freeNames returns the names that node, a part of tf, uses from outside
// itself: package-level names, of tf or of other files, imported package
// names and names of dot imports. Local names and field and method names
// are left out.
func (tf *testFile) freeNames(node ast.Node) []string {
	var names []string
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && (tf.unresolved[id] || id.Obj != nil && tf.f.Scope.Lookup(id.Name) == id.Obj) {
			names = append(names, id.Name)
		}
		return true
	})
	return names
}

// withImport returns src, the text of tf, with the path of each import of
// from replaced by to.
func (tf *testFile) withImport(fset *token.FileSet, from, to string) []byte {
	src := tf.src
	// Replace from the end, so that earlier offsets stay valid.
	for _, spec := range slices.Backward(tf.f.Imports) {
		if path, _ := strconv.Unquote(spec.Path.Value); path == from {
			start, end := fset.Position(spec.Path.Pos()).Offset, fset.Position(spec.Path.End()).Offset
			src = slices.Concat(src[:start], []byte(strconv.Quote(to)), src[end:])
		}
	}
	return src
}

// decl is a package-level declaration of a test file.
type decl struct {
	file *testFile
	node ast.Decl
}

// withDependencies returns the files of a package that holds examples,
// some of files, all of one package, and what they need from the others:
// each example file as it is, and for each other file of their package that
// declares something they use (directly or through what it brings), a file
// with those declarations and the imports they use, named deps_ + that
// file's name. Every import path from is replaced by to.
func withDependencies(fset *token.FileSet, files, examples []*testFile, from, to string) (map[string][]byte, error) {
	pkg := examples[0].f.Name.Name
	byName := map[string]decl{}
	methods := map[string][]decl{}
	for _, tf := range files {
		if slices.Contains(examples, tf) || tf.f.Name.Name != pkg {
			continue
		}
		for _, d := range tf.f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv != nil {
					methods[receiverName(d.Recv)] = append(methods[receiverName(d.Recv)], decl{tf, d})
				} else if d.Name.Name != "init" {
					byName[d.Name.Name] = decl{tf, d}
				}
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						byName[s.Name.Name] = decl{tf, d}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							byName[n.Name] = decl{tf, d}
						}
					}
				}
			}
		}
	}

	taken := map[ast.Decl]bool{}
	var todo []string
	bring := func(d decl) {
		if !taken[d.node] {
			taken[d.node] = true
			todo = append(todo, d.file.freeNames(d.node)...)
		}
	}
	out := map[string][]byte{}
	for _, ex := range examples {
		if ex.f.Name.Name != pkg {
			return nil, fmt.Errorf("%s is in package %s, %s in %s", ex.name, ex.f.Name.Name, examples[0].name, pkg)
		}
		todo = append(todo, ex.freeNames(ex.f)...)
		out[ex.name] = ex.withImport(fset, from, to)
	}
	for len(todo) > 0 {
		name := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if d, ok := byName[name]; ok {
			bring(d)
			for _, m := range methods[name] {
				bring(m)
			}
		}
	}

	for _, tf := range files {
		var decls []ast.Decl
		for _, d := range tf.f.Decls {
			if taken[d] {
				decls = append(decls, d)
			}
		}
		if len(decls) == 0 {
			continue
		}
		var body bytes.Buffer
		var free []string
		for _, d := range decls {
			start, end := fset.Position(d.Pos()).Offset, fset.Position(d.End()).Offset
			body.Write(tf.src[start:end])
			body.WriteString("\n\n")
			free = append(free, tf.freeNames(d)...)
		}
		imports, err := importsFor(tf, free, byName, from, to)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg)
		for _, imp := range imports {
			fmt.Fprintf(&b, "\t%s\n", imp)
		}
		b.WriteString(")\n\n")
		b.Write(body.Bytes())
		out["deps_"+tf.name] = b.Bytes()
	}
	return out, nil
}

// importsFor returns the import lines of tf that declarations with the free
// names free use: those whose package name is among them, and a dot import
// if a name is neither declared in the package (byName), nor predeclared,
// nor a package name.
func importsFor(tf *testFile, free []string, byName map[string]decl, from, to string) ([]string, error) {
	used := map[string]bool{}
	for _, n := range free {
		used[n] = true
	}
	names := map[string]bool{}
	for _, spec := range tf.f.Imports {
		if spec.Name == nil || spec.Name.Name != "." {
			names[importName(spec)] = true
		}
	}
	needDot := false
	for _, n := range free {
		if _, ok := byName[n]; !ok && types.Universe.Lookup(n) == nil && !names[n] {
			needDot = true
		}
	}
	var lines []string
	for _, spec := range tf.f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			return nil, err
		}
		if path == from {
			path = to
		}
		switch name := importName(spec); {
		case name == ".":
			if needDot {
				lines = append(lines, ". "+strconv.Quote(path))
			}
		case used[name]:
			lines = append(lines, name+" "+strconv.Quote(path))
		}
	}
	return lines, nil
}

// importName returns the name under which spec's package is known in its
// file: the name given, or as the standard library names its packages, the
// last element of the path that is not a major version (math/rand/v2 is
// rand).
func importName(spec *ast.ImportSpec) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	path, _ := strconv.Unquote(spec.Path.Value)
	elems := strings.Split(path, "/")
	name := elems[len(elems)-1]
	if v, ok := strings.CutPrefix(name, "v"); ok && len(elems) > 1 {
		if _, err := strconv.Atoi(v); err == nil {
			name = elems[len(elems)-2]
		}
	}
	return name
}

// receiverName returns the name of a method's receiver type.
func receiverName(recv *ast.FieldList) string {
	t := recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	switch t := t.(type) {
	case *ast.IndexExpr:
		return t.X.(*ast.Ident).Name
	case *ast.IndexListExpr:
		return t.X.(*ast.Ident).Name
	case *ast.Ident:
		return t.Name
	}
	return ""
}

// TestWithDependencies checks withDependencies on a small package: the
// example brings what it uses from another file of its package, through
// chains and methods, with the imports those declarations need and the
// import path switched; names it declares locally, declarations of an
// internal test package and unused declarations stay behind.
func TestWithDependencies(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("example_test.go", `package p_test

import (
	"fmt"

	"std/p"
)

func Example() {
	key := 1 // shadows keys_test.go's key
	fmt.Println(p.Size, key, fixed.Name(), testKey)
	// Output: 32 1 x k
}
`)
	write("keys_test.go", `package p_test

import (
	"fmt"
	"os"
	. "std/p"
	str "strings"
)

var key = unused()

var testKey = parse(upper("k"))

var fixed = &T{}

func upper(s string) string { return str.ToUpper(s) }

func parse(s string) *Key { return &Key{s} }

type T struct{}

func (t *T) Name() string { return "x" }

func unused() int { fmt.Println(os.Args); return 0 }
`)
	write("internal_test.go", "package p\n\nvar testKey = 2\n")
	write("other_linux_arm_test.go", "package p_test\n\nvar testKey = 3\n")

	fset := token.NewFileSet()
	files, err := parseTestFiles(fset, dir)
	if err != nil {
		t.Fatal(err)
	}
	var example *testFile
	for _, tf := range files {
		if tf.name == "example_test.go" {
			example = tf
		}
		if tf.name == "other_linux_arm_test.go" && (runtime.GOOS != "linux" || runtime.GOARCH != "arm") {
			t.Errorf("parseTestFiles read %s, which this platform does not build", tf.name)
		}
	}
	out, err := withDependencies(fset, files, []*testFile{example}, "std/p", "own/p")
	if err != nil {
		t.Fatal(err)
	}
	if names := slices.Sorted(maps.Keys(out)); !slices.Equal(names, []string{"deps_keys_test.go", "example_test.go"}) {
		t.Fatalf("files %q, want the example and deps_keys_test.go", names)
	}
	if ex := string(out["example_test.go"]); !strings.Contains(ex, `"own/p"`) || strings.Contains(ex, `"std/p"`) {
		t.Errorf("example_test.go still imports std/p:\n%s", ex)
	}
	deps, err := parser.ParseFile(fset, "deps_keys_test.go", out["deps_keys_test.go"], 0)
	if err != nil {
		t.Fatalf("deps_keys_test.go does not parse: %v\n%s", err, out["deps_keys_test.go"])
	}
	var imports, decls []string
	for _, spec := range deps.Imports {
		imports = append(imports, importName(spec)+" "+spec.Path.Value)
	}
	for _, d := range deps.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			decls = append(decls, d.Name.Name)
		case *ast.GenDecl:
			for _, spec := range d.Specs {
				switch s := spec.(type) {
				case *ast.TypeSpec:
					decls = append(decls, s.Name.Name)
				case *ast.ValueSpec:
					decls = append(decls, s.Names[0].Name)
				}
			}
		}
	}
	slices.Sort(imports)
	slices.Sort(decls)
	if want := []string{`. "own/p"`, `str "strings"`}; !slices.Equal(imports, want) {
		t.Errorf("deps_keys_test.go imports %q, want %q", imports, want)
	}
	if want := []string{"Name", "T", "fixed", "parse", "testKey", "upper"}; !slices.Equal(decls, want) {
		t.Errorf("deps_keys_test.go declares %q, want %q", decls, want)
	}
}
