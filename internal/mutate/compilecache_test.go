package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMain lets the test binary stand in for the command as go's
// -toolexec, as main does, so that the tests that run mutants use the
// compile cache.
func TestMain(m *testing.M) {
	if dir := os.Getenv(compileCacheEnv); dir != "" && len(os.Args) > 1 {
		os.Exit(toolexec(dir, os.Getenv(compilePkgEnv), os.Args[1:]))
	}
	os.Exit(m.Run())
}

// testExecutable returns the test binary's path, for config.toolexec, or
// "" where go could not start it: a test binary of another architecture,
// run under qemu, which the machine does not run by itself.
func testExecutable(t *testing.T) string {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if tool, err := exec.LookPath("true"); err == nil {
		probe := exec.Command(self, tool)
		probe.Env = append(os.Environ(), compileCacheEnv+"="+t.TempDir())
		if err := probe.Run(); err != nil {
			t.Logf("the test binary does not run by itself (%v): no compile cache", err)
			return ""
		}
	}
	return self
}

// TestCompileKey checks what the compile cache's key reads: not where the
// outputs go, the build ID, or the overlay's path of a file the compiler
// does not read; every Go file's content, the symbol list's and the
// flags.
func TestCompileKey(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const pkg = "example.com/p"
	src := write("src/p.go", "package p\n")
	gen := write("src/gen.go", "package p\n// generated\n")
	write("src/p.s", "// assembly\n")
	args := func(b, buildID, asmOverlay, goFile string) []string {
		obj := filepath.Join(dir, "work", b)
		symabis := write("work/"+b+"/symabis", "def p.f ABI0\n")
		importcfg := write("work/"+b+"/importcfg", "packagefile fmt=/cache/fmt-d\n")
		return []string{"/go/pkg/tool/linux_amd64/compile", "-o", filepath.Join(obj, "_pkg_.a"),
			"-trimpath", asmOverlay + "=>" + filepath.Join(dir, "src/p.s") + ";" + obj + "=>",
			"-p", pkg, "-buildid", buildID, "-symabis", symabis, "-importcfg", importcfg,
			"-pack", "-asmhdr", filepath.Join(obj, "go_asm.h"), src, goFile}
	}
	key := func(a []string) string {
		t.Helper()
		c, ok := parseCompile(pkg, a)
		if !ok {
			t.Fatalf("parseCompile refused %q", a)
		}
		k, err := c.key()
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	base := key(args("b001", "aaaa/aaaa", "/tmp/m1.s", gen))
	if k := key(args("b125", "bbbb/bbbb", "/tmp/m2.s", gen)); k != base {
		t.Error("the key changed with the action's folder, the build ID or the overlay's assembly")
	}
	other := write("src/other/gen.go", "package p\n// generated, mutated\n")
	if k := key(args("b001", "aaaa/aaaa", "/tmp/m1.s", other)); k == base {
		t.Error("the key did not change with a Go file's content")
	}
	a := args("b001", "aaaa/aaaa", "/tmp/m1.s", gen)
	write("work/b001/symabis", "def p.g ABI0\n")
	if k := key(a); k == base {
		t.Error("the key did not change with the symbol list")
	}
	a = args("b001", "aaaa/aaaa", "/tmp/m1.s", gen)
	if k := key(append(a, "-N")); k == base {
		t.Error("the key did not change with a flag")
	}
	// A generated file the package embeds, which a mutant changes at the
	// same overlay path: its content is part of the key.
	embedded := write("ov/p.s", "// assembly\n")
	embedcfg := write("work/b001/embedcfg", `{"Patterns":{"p.s":["p.s"]},"Files":{"p.s":"`+embedded+`"}}`)
	a = append(args("b001", "aaaa/aaaa", "/tmp/m1.s", gen), "-embedcfg", embedcfg)
	withEmbed := key(a)
	write("ov/p.s", "// assembly, mutated\n")
	if k := key(a); k == withEmbed {
		t.Error("the key did not change with an embedded file's content")
	}
	for _, a := range [][]string{
		{"/go/pkg/tool/linux_amd64/asm", "-p", pkg, "-o", "x.o", "p.s"},
		{"/go/pkg/tool/linux_amd64/compile", "-V=full"},
		append(args("b001", "aaaa/aaaa", "/tmp/m1.s", gen)[:5], "-p", "example.com/q", "-buildid", "x/x", "-pack", src),
	} {
		if _, ok := parseCompile(pkg, a); ok {
			t.Errorf("parseCompile took %q", a)
		}
	}
}
