package testutil

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// wycheproofModule and wycheproofVersion pin Project Wycheproof's test
// vectors: the module is fetched at this exact version, whose layout
// (testvectors/*.json) the types in wycheproof_types.go describe.
const (
	wycheproofModule  = "github.com/google/wycheproof"
	wycheproofVersion = "v0.0.0-20191219022705-2196000605e4"
)

// wycheproofDir fetches the Wycheproof module once per process. Its result,
// including an error, is returned to every caller, so that each test that
// needs the vectors fails on its own rather than only the first one.
var wycheproofDir = sync.OnceValues(func() (string, error) {
	return fetchModule(wycheproofModule, wycheproofVersion)
})

// WycheproofDir returns the root directory of the Wycheproof test vectors
// module, downloading it through the Go module proxy on first use (later uses
// hit the module cache). It fails t, and never skips, when the module cannot
// be fetched: running without the vectors would silently test less.
func WycheproofDir(t testing.TB) string {
	t.Helper()
	dir, err := wycheproofDir()
	if err != nil {
		t.Fatalf("carry/testutil: cannot fetch Wycheproof vectors via the Go module proxy: %v", err)
	}
	return dir
}

// LoadWycheproof decodes the JSON file testvectors/<file> of the Wycheproof
// module into v, failing t on any error.
func LoadWycheproof(t testing.TB, file string, v any) {
	t.Helper()
	path := filepath.Join(WycheproofDir(t), "testvectors", file)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("carry/testutil: reading Wycheproof vectors: %v", err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("carry/testutil: decoding Wycheproof vectors %s: %v", file, err)
	}
}

// fetchModule runs "go mod download -json path@version" and returns the
// directory the module was extracted to.
//
// The command runs in an empty temporary directory with GOFLAGS cleared and
// workspaces off, so that neither carry's own go.mod nor flags such as
// -mod=vendor given to "go test" change what it does.
func fetchModule(path, version string) (string, error) {
	goTool, err := goCommand()
	if err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp("", "carry-modfetch-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)

	cmd := exec.Command(goTool, "mod", "download", "-json", path+"@"+version)
	cmd.Dir = tmp
	cmd.Env = append(environWithout("GOFLAGS", "GOWORK", "GO111MODULE"),
		"GOFLAGS=", "GOWORK=off", "GO111MODULE=on")
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	runErr := cmd.Run()

	// On failure "go mod download -json" still prints a JSON object, with
	// the reason in its Error field; prefer that over the bare exit status.
	var info struct {
		Dir   string
		Error string
	}
	jsonErr := json.Unmarshal(stdout.Bytes(), &info)
	switch {
	case info.Error != "":
		return "", fmt.Errorf("go mod download %s@%s: %s", path, version, info.Error)
	case runErr != nil:
		return "", fmt.Errorf("go mod download %s@%s: %v: %s", path, version, runErr,
			strings.TrimSpace(stderr.String()))
	case jsonErr != nil:
		return "", fmt.Errorf("go mod download %s@%s: decoding its output: %v", path, version, jsonErr)
	case info.Dir == "":
		return "", fmt.Errorf("go mod download %s@%s: no directory in its output", path, version)
	}
	if _, err := os.Stat(info.Dir); err != nil {
		return "", fmt.Errorf("go mod download %s@%s: %v", path, version, err)
	}
	return info.Dir, nil
}

// goCommand finds the go command. "go test" puts its own GOROOT/bin first on
// the PATH of the test binary, so PATH is tried first; the GOROOT the binary
// was built with is the fallback.
func goCommand() (string, error) {
	if p, err := exec.LookPath("go"); err == nil {
		return p, nil
	}
	p := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(p); err == nil {
		return p, nil
	}
	return "", errors.New("the go command is neither on PATH nor in GOROOT/bin")
}

// environWithout returns the process environment less the named variables.
func environWithout(names ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			if name == n {
				drop = true
			}
		}
		if !drop {
			env = append(env, kv)
		}
	}
	return env
}
