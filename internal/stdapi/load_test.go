// Package stdapi holds the tests that carry's public packages keep the API
// of the packages they replace: every exported identifier of crypto/ecdsa,
// crypto/rsa and the others, with the identical type, and the standard
// packages' own examples passing with carry's import path. It has no code
// outside its tests.
package stdapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// modulePath is carry's module path.
const modulePath = "github.com/carry-crypto/carry"

// goTool returns the path of the go command: the one on PATH, else the one
// in GOROOT/bin.
func goTool(t testing.TB) string {
	t.Helper()
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err != nil {
		t.Fatal("stdapi: the go command is neither on PATH nor in GOROOT/bin")
	}
	return p
}

// goOutput runs the go command with args in dir and returns its standard
// output; it fails t with the command's standard error if it fails.
func goOutput(t testing.TB, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(goTool(t), args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return out
}

// apis holds packages loaded from their export data by one importer, so that
// a type that two of them use (crypto/ecdsa.PublicKey in crypto/ecdsa and in
// carry's ecdsa) is the same *types.TypeName in both.
type apis struct {
	pkgs map[string]*types.Package
	// broken maps each requested package that could not be loaded (it or a
	// dependency does not build) to the reason.
	broken map[string]string
}

// listedPackage is the part of "go list -json" output that load reads.
type listedPackage struct {
	ImportPath string
	Export     string
	Error      *struct{ Err string }
	DepsErrors []*struct{ Err string }
}

// load builds the export data of paths and their dependencies with
// "go list -export" and imports each path from it.
func load(t testing.TB, paths []string) *apis {
	t.Helper()
	args := append([]string{"list", "-e", "-export", "-deps", "-json=ImportPath,Export,Error,DepsErrors"}, paths...)
	cmd := exec.Command(goTool(t), args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil && len(out) == 0 {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	exports := map[string]string{}
	failed := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listedPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list: decoding its output: %v", err)
		}
		var errs []string
		if p.Error != nil {
			errs = append(errs, p.Error.Err)
		}
		for _, e := range p.DepsErrors {
			errs = append(errs, e.Err)
		}
		if len(errs) > 0 {
			failed[p.ImportPath] = strings.Join(errs, "; ")
		}
		if p.Export != "" {
			exports[p.ImportPath] = p.Export
		}
	}

	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		f, ok := exports[path]
		if !ok {
			return nil, errors.New("no export data")
		}
		return os.Open(f)
	})
	a := &apis{pkgs: map[string]*types.Package{}, broken: map[string]string{}}
	for _, path := range paths {
		if why, ok := failed[path]; ok {
			a.broken[path] = why
			continue
		}
		pkg, err := imp.Import(path)
		if err != nil {
			// A build failure go list reported only on stderr.
			a.broken[path] = fmt.Sprintf("%v\n%s", err, stderr.Bytes())
			continue
		}
		a.pkgs[path] = pkg
	}
	return a
}

// loadPairs loads the packages of pairs, once per test binary.
func loadPairs(t testing.TB) *apis {
	t.Helper()
	pairsOnce.Do(func() {
		var paths []string
		for _, p := range pairs {
			paths = append(paths, p.std, p.own)
		}
		pairsAPIs = load(t, paths)
	})
	if pairsAPIs == nil {
		t.Fatal("stdapi: the packages could not be loaded (see the first test that tried)")
	}
	return pairsAPIs
}

var (
	pairsOnce sync.Once
	pairsAPIs *apis
)
