package stdapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestStdExamples runs the examples of the standard packages that carry's
// replace (crypto/ecdsa, crypto/rsa and crypto/hkdf have them), read from
// GOROOT/src at test time with only their import switched to carry's, and
// with the declarations they use from their directory's other test files
// (crypto/rsa's use test2048Key of rsa_test.go). An example with an output
// comment must pass: go test compares its output. One without, which go test
// only compiles, is run against carry's package and against the standard
// one, twice, and must print the same to stdout and stderr (the examples
// report errors there) and panic alike; where the standard package's two
// runs differ (a random key or signature), only the text around the hex and
// base64 must be the same.
func TestStdExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module of its own (carry's packages and the examples' test binaries): skipped with -short")
	}
	goroot := strings.TrimSpace(string(goOutput(t, ".", "env", "GOROOT")))
	fset := token.NewFileSet()
	files := map[string][]byte{}
	withOutput := map[string][]string{} // by package directory
	withoutOutput := map[string][]string{}
	for _, p := range pairs {
		if strings.Contains(p.std, ".") {
			continue // not in GOROOT
		}
		dir := filepath.Join(goroot, "src", filepath.FromSlash(p.std))
		tfs, err := parseTestFiles(fset, dir)
		if err != nil {
			t.Fatal(err)
		}
		var examples []*testFile
		for _, tf := range tfs {
			if strings.HasPrefix(tf.name, "example") {
				examples = append(examples, tf)
			}
		}
		if len(examples) == 0 {
			continue
		}
		pkgDir := path.Base(p.own)
		for _, tf := range examples {
			for _, d := range tf.f.Decls {
				if f, ok := d.(*ast.FuncDecl); ok && f.Recv == nil && strings.HasPrefix(f.Name.Name, "Example") {
					if hasOutput(f, tf.f) {
						withOutput[pkgDir] = append(withOutput[pkgDir], f.Name.Name)
					} else {
						withoutOutput[pkgDir] = append(withoutOutput[pkgDir], f.Name.Name)
					}
				}
			}
		}
		for _, copy := range []struct{ dir, to string }{{"carry/" + pkgDir, p.own}, {"std/" + pkgDir, p.std}} {
			out, err := withDependencies(fset, tfs, examples, p.std, copy.to)
			if err != nil {
				t.Fatalf("%s: %v", p.std, err)
			}
			for name, src := range out {
				files[copy.dir+"/"+name] = src
			}
			if names := withoutOutput[pkgDir]; len(names) > 0 {
				files[copy.dir+"/stdapi_run_test.go"] = exampleRunner(examples[0].f.Name.Name, names)
			}
		}
	}
	for _, dir := range []string{"ecdsa", "rsa", "hkdf"} {
		if len(withOutput[dir])+len(withoutOutput[dir]) == 0 {
			t.Errorf("no example found for crypto/%s in %s", dir, goroot)
		}
	}

	results, dir := runModule(t, files)
	for pkgDir, names := range withOutput {
		for _, name := range names {
			if got := results["carry/"+pkgDir+"."+name]; got != "pass" {
				t.Errorf("crypto/%s's %s with carry's package: %s, want pass", pkgDir, name, orNotRun(got))
			}
		}
	}
	for pkgDir, names := range withoutOutput {
		own, std := readRuns(t, dir, "carry/"+pkgDir), readRuns(t, dir, "std/"+pkgDir)
		for _, name := range names {
			if len(own[name]) == 0 || len(std[name]) != 2 {
				t.Errorf("crypto/%s's %s was not run", pkgDir, name)
				continue
			}
			if problem := compareRuns(own[name][0], std[name][0], std[name][1]); problem != "" {
				t.Errorf("crypto/%s's %s with carry's package %s", pkgDir, name, problem)
			}
		}
	}
}

// hasOutput reports whether example f of file has an output comment, which
// makes go test run it and compare what it prints.
func hasOutput(f *ast.FuncDecl, file *ast.File) bool {
	for _, cg := range file.Comments {
		if cg.Pos() < f.Body.Lbrace || cg.End() > f.Body.Rbrace {
			continue
		}
		for _, c := range cg.List {
			text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
			if strings.HasPrefix(text, "Output:") || strings.HasPrefix(text, "Unordered output:") {
				return true
			}
		}
	}
	return false
}

// exampleRun is what one run of an example printed, and its panic's value.
type exampleRun struct{ Stdout, Stderr, Panic string }

// exampleRunner returns a test file for package pkg that runs each of the
// examples names twice, with stdout and stderr captured, and writes their
// runs, an exampleRun for each by name, as JSON to runs.json in the
// package's directory.
func exampleRunner(pkg string, names []string) []byte {
	var list strings.Builder
	for _, n := range names {
		fmt.Fprintf(&list, "\t\t{%q, %s},\n", n, n)
	}
	return fmt.Appendf(nil, `package %s

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"testing"
)

type stdapiRun struct{ Stdout, Stderr, Panic string }

func TestStdapiRunExamples(t *testing.T) {
	examples := []struct {
		name string
		f    func()
	}{
%s	}
	runs := map[string][]stdapiRun{}
	for _, ex := range examples {
		for range 2 {
			r, err := stdapiCapture(ex.f)
			if err != nil {
				t.Fatal(err)
			}
			runs[ex.name] = append(runs[ex.name], r)
		}
	}
	b, err := json.Marshal(runs)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("runs.json", b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func stdapiCapture(f func()) (r stdapiRun, err error) {
	ro, wo, err := os.Pipe()
	if err != nil {
		return r, err
	}
	re, we, err := os.Pipe()
	if err != nil {
		return r, err
	}
	outc, errc := make(chan string), make(chan string)
	go func() { b, _ := io.ReadAll(ro); outc <- string(b) }()
	go func() { b, _ := io.ReadAll(re); errc <- string(b) }()
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = wo, we
	func() {
		defer func() {
			if p := recover(); p != nil {
				r.Panic = fmt.Sprint(p)
			}
		}()
		f()
	}()
	os.Stdout, os.Stderr = stdout, stderr
	wo.Close()
	we.Close()
	r.Stdout, r.Stderr = <-outc, <-errc
	return r, nil
}
`, pkg, list.String())
}

// readRuns reads the runs.json that exampleRunner's test wrote in the
// package directory pkgDir of the module at dir.
func readRuns(t *testing.T, dir, pkgDir string) map[string][]exampleRun {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(pkgDir), "runs.json"))
	if err != nil {
		t.Errorf("the examples of %s did not run: %v", pkgDir, err)
		return nil
	}
	var runs map[string][]exampleRun
	if err := json.Unmarshal(b, &runs); err != nil {
		t.Fatal(err)
	}
	return runs
}

// compareRuns returns what differs between own, a run of an example with
// carry's package, and std1 and std2, two runs with the standard one, or ""
// if nothing does. Output that differs between std1 and std2 is compared
// with its long runs of hex and base64 digits left out.
func compareRuns(own, std1, std2 exampleRun) string {
	same := func(a, b, c string) bool {
		if b == c {
			return a == b
		}
		return digitsOut(a) == digitsOut(b)
	}
	switch {
	case own.Panic != std1.Panic:
		return fmt.Sprintf("panicked with %q, the standard library's with %q", own.Panic, std1.Panic)
	case !same(own.Stderr, std1.Stderr, std2.Stderr):
		return fmt.Sprintf("wrote to stderr %q, the standard library's %q", own.Stderr, std1.Stderr)
	case !same(own.Stdout, std1.Stdout, std2.Stdout):
		return fmt.Sprintf("printed %q, the standard library's %q", own.Stdout, std1.Stdout)
	}
	return ""
}

// digitsOut returns s with every run of 16 or more hex or base64 digits,
// and every line of nothing but such digits, replaced by "…", and then each
// run of equal lines by one of them (the lines of a PEM block, the last of
// which may be short).
func digitsOut(s string) string {
	var lines []string
	for line := range strings.Lines(s) {
		if body := strings.TrimSuffix(line, "\n"); digitsLine.MatchString(body) {
			line = strings.Replace(line, body, "…", 1)
		}
		line = longDigits.ReplaceAllString(line, "…")
		if len(lines) == 0 || lines[len(lines)-1] != line {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, "")
}

var (
	longDigits = regexp.MustCompile(`[0-9A-Za-z+/=]{16,}`)
	digitsLine = regexp.MustCompile(`^[0-9A-Za-z+/=]+$`)
)

// TestSameValues checks that every exported variable of a standard package
// that carry's declares with the same type holds the same value, so that
// errors.Is(err, rsa.ErrVerification) answers alike for either package's
// errors. A variable's type is TestAPIParity's to check.
func TestSameValues(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a module of its own: skipped with -short")
	}
	a := loadPairs(t)
	var imports, checks []string
	var names []string
	for i, p := range pairs {
		std, own := a.pkgs[p.std], a.pkgs[p.own]
		if std == nil || own == nil {
			t.Errorf("%s or %s does not build: their variables are not compared", p.std, p.own)
			continue
		}
		for _, name := range std.Scope().Names() {
			s, ok := std.Scope().Lookup(name).(*types.Var)
			if !ok || !s.Exported() || ownTypes[p.std][name] != "" {
				continue
			}
			o, ok := own.Scope().Lookup(name).(*types.Var)
			if !ok || !types.Identical(s.Type(), o.Type()) {
				continue
			}
			cmp := "%s.%s != %s.%s"
			if !types.Comparable(s.Type()) {
				cmp = "!reflect.DeepEqual(%s.%s, %s.%s)"
			}
			stdName, ownName := fmt.Sprintf("std%d", i), fmt.Sprintf("own%d", i)
			checks = append(checks, fmt.Sprintf("\tif "+cmp+" {\n\t\tt.Error(%q)\n\t}\n",
				ownName, name, stdName, name, qualify(own)+"."+name+" is not "+p.std+"."+name))
			names = append(names, qualify(own)+"."+name)
			if !slices.Contains(imports, fmt.Sprintf("%s %q", stdName, p.std)) {
				imports = append(imports, fmt.Sprintf("%s %q", stdName, p.std), fmt.Sprintf("%s %q", ownName, p.own))
			}
		}
	}
	if len(checks) == 0 {
		t.Fatal("no variable to compare: carry's packages declare none of the standard library's")
	}
	var b bytes.Buffer
	b.WriteString("package values\n\nimport (\n\t\"reflect\"\n\t\"testing\"\n")
	for _, imp := range imports {
		fmt.Fprintf(&b, "\t%s\n", imp)
	}
	b.WriteString(")\n\nvar _ = reflect.DeepEqual\n\nfunc TestValues(t *testing.T) {\n")
	for _, c := range checks {
		b.WriteString(c)
	}
	b.WriteString("}\n")
	results, _ := runModule(t, map[string][]byte{"values/values_test.go": b.Bytes()})
	if got := results["values.TestValues"]; got != "pass" {
		t.Errorf("comparing %s: %s, want pass", strings.Join(names, ", "), orNotRun(got))
	}
}

func orNotRun(result string) string {
	if result == "" {
		return "not run"
	}
	return result
}

// runModule writes files (paths relative to the module's root, one
// package per directory) into a temporary module that requires carry from
// this working tree, runs go test on all its packages, and returns the
// result ("pass", "fail" or "skip") of each test and example, by its
// package's directory (relative to the module's root) and name, and the
// module's directory. It works offline, from the module cache. It fails t
// with go test's output if a package does not build or a test fails.
func runModule(t *testing.T, files map[string][]byte) (results map[string]string, dir string) {
	t.Helper()
	root := strings.TrimSpace(string(goOutput(t, ".", "list", "-m", "-f", "{{.Dir}}")))
	dir = t.TempDir()
	goMod := fmt.Sprintf("module stdapi.test\n\ngo 1.26.0\n\nrequire %s v0.0.0\n\nreplace %s => %s\n",
		modulePath, modulePath, root)
	goSum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files = maps.Clone(files)
	files["go.mod"], files["go.sum"] = []byte(goMod), goSum
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	cmd := exec.Command(goTool(t), "test", "-count=1", "-json", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOSUMDB=off")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()

	results = map[string]string{}
	var text strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Action, Package, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			text.Write(sc.Bytes())
			text.WriteByte('\n')
			continue
		}
		text.WriteString(ev.Output)
		if ev.Test != "" && (ev.Action == "pass" || ev.Action == "fail" || ev.Action == "skip") {
			results[strings.TrimPrefix(ev.Package, "stdapi.test/")+"."+ev.Test] = ev.Action
		}
	}
	if runErr != nil {
		t.Errorf("go test in a module of %s's examples: %v\n%s%s", strings.Join(slices.Sorted(maps.Keys(files)), ", "),
			runErr, text.String(), stderr.Bytes())
	}
	return results, dir
}

// TestCompareRuns checks compareRuns: deterministic output must match
// exactly, random output around its digits, and panics and stderr alike.
func TestCompareRuns(t *testing.T) {
	pem := func(body string) string {
		return "-----BEGIN KEY-----\n" + body + "-----END KEY-----\n"
	}
	line := strings.Repeat("MIIEvQIBADANBgkq", 4) + "\n"
	for _, tc := range []struct {
		own, std1, std2 exampleRun
		ok              bool
	}{
		{exampleRun{Stdout: "Plaintext: x\n"}, exampleRun{Stdout: "Plaintext: x\n"}, exampleRun{Stdout: "Plaintext: x\n"}, true},
		{exampleRun{Stdout: "Plaintext: y\n"}, exampleRun{Stdout: "Plaintext: x\n"}, exampleRun{Stdout: "Plaintext: x\n"}, false},
		{exampleRun{Stdout: "Signature: 0123456789abcdef0123\n"}, exampleRun{Stdout: "Signature: 00112233445566778899aa\n"},
			exampleRun{Stdout: "Signature: ffeeddccbbaa99887766\n"}, true},
		{exampleRun{Stdout: "Signature: 0123\n"}, exampleRun{Stdout: "Signature: 00112233445566778899aa\n"},
			exampleRun{Stdout: "Signature: ffeeddccbbaa99887766\n"}, false},
		{exampleRun{Stdout: pem(line + line + "AAAA\n")}, exampleRun{Stdout: pem(line + line + line + "AAAAAAAAAAAAAAAAAAAAAAAAAAAA\n")},
			exampleRun{Stdout: pem(line + line + line + "AAAAAAAAAAAAAAAAAAAA\n")}, true},
		{exampleRun{Stderr: "Error: crypto/rsa: decryption error\n"}, exampleRun{Stderr: "Error: crypto/rsa: decryption error\n"},
			exampleRun{Stderr: "Error: crypto/rsa: decryption error\n"}, true},
		{exampleRun{Stderr: "Error: carry/rsa: bad\n"}, exampleRun{Stderr: "Error: crypto/rsa: decryption error\n"},
			exampleRun{Stderr: "Error: crypto/rsa: decryption error\n"}, false},
		{exampleRun{Panic: "boom"}, exampleRun{}, exampleRun{}, false},
	} {
		if got := compareRuns(tc.own, tc.std1, tc.std2); (got == "") != tc.ok {
			t.Errorf("compareRuns(%+v, %+v, %+v) = %q, want a difference: %v", tc.own, tc.std1, tc.std2, got, !tc.ok)
		}
	}
}
