package ctaudit

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Package is a package compiled for the audit.
type Package struct {
	// Path is the package's import path.
	Path string
	// Archive is the compiled package (the archive go build writes).
	Archive string
	// asmListing is the assembler's -S listing of the package's .s files.
	asmListing string
	// hasAsm records whether the package has .s files.
	hasAsm bool

	goFuncs  map[string]*function
	asmFuncs map[string]*function
}

// Build compiles the package pkg (an import path or a ./relative directory,
// resolved from the current directory) for linux/amd64 with the build tags
// tags, writing the archive into dir, and returns it ready for Audit. It runs
// the go command found by goTool.
func Build(dir, pkg string, tags ...string) (*Package, error) {
	return buildArch(dir, pkg, "amd64", tags...)
}

// buildArch is Build for linux/goarch: amd64 or arm64.
func buildArch(dir, pkg, goarch string, tags ...string) (*Package, error) {
	env := append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0")
	tagArg := "-tags=" + strings.Join(tags, ",")

	list := exec.Command(goTool(), "list", tagArg, "-f", "{{.ImportPath}}\n{{len .SFiles}}", pkg)
	list.Env = env
	out, err := list.Output()
	if err != nil {
		return nil, fmt.Errorf("ctaudit: go list %s: %v%s", pkg, err, stderrOf(err))
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 {
		return nil, fmt.Errorf("ctaudit: go list %s: unexpected output %q", pkg, out)
	}
	p := &Package{Path: fields[0], hasAsm: fields[1] != "0"}
	p.Archive = filepath.Join(dir, strings.NewReplacer("/", "_", ".", "_").Replace(p.Path)+"_"+goarch+".a")

	// The -D symbol, new on every build, keeps the build cache from
	// skipping the assembler, whose listing is what the audit reads.
	var nonce [8]byte
	rand.Read(nonce[:])
	asmFlags := fmt.Sprintf("-asmflags=%s=-S -D CTAUDIT_%s", p.Path, hex.EncodeToString(nonce[:]))
	build := exec.Command(goTool(), "build", tagArg, asmFlags, "-o", p.Archive, p.Path)
	build.Env = env
	var stdout, stderr bytes.Buffer
	build.Stdout, build.Stderr = &stdout, &stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("ctaudit: go build %s: %v\n%s", p.Path, err, tail(stderr.String()))
	}
	p.asmListing = stderr.String()
	if p.hasAsm && !strings.Contains(p.asmListing, " STEXT ") {
		return nil, fmt.Errorf("ctaudit: go build %s printed no assembler listing", p.Path)
	}
	return p, nil
}

// goTool returns the go command to run: "go" from PATH, which go test and go
// run put first in PATH as the running toolchain's.
func goTool() string { return "go" }

// goFunctions returns the Go functions of the package, disassembled by go
// tool objdump from the archive.
func (p *Package) goFunctions() (map[string]*function, error) {
	if p.goFuncs != nil {
		return p.goFuncs, nil
	}
	cmd := exec.Command(goTool(), "tool", "objdump", "-s", "^"+regexp.QuoteMeta(p.Path)+`\.`, p.Archive)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("ctaudit: go tool objdump %s: %v%s", p.Archive, err, stderrOf(err))
	}
	fns, err := parseObjdump(string(out))
	if err != nil {
		return nil, err
	}
	p.goFuncs = make(map[string]*function)
	for _, fn := range fns {
		// objdump reads only the Go object of the archive; should it ever
		// read the assembly's too, the listing is the source for those.
		if strings.HasSuffix(fn.file, ".s") {
			continue
		}
		p.goFuncs[fn.symbol] = fn
	}
	return p.goFuncs, nil
}

// asmFunctions returns the assembly functions of the package, from the
// assembler's listing.
func (p *Package) asmFunctions() (map[string]*function, error) {
	if p.asmFuncs != nil {
		return p.asmFuncs, nil
	}
	fns, err := parseAsmListing(p.asmListing)
	if err != nil {
		return nil, err
	}
	p.asmFuncs = make(map[string]*function)
	for _, fn := range fns {
		p.asmFuncs[fn.symbol] = fn
	}
	return p.asmFuncs, nil
}

// stderrOf returns the standard error captured in an *exec.ExitError, on a
// new line, or "".
func stderrOf(err error) string {
	if ee, ok := err.(*exec.ExitError); ok && len(ee.Stderr) > 0 {
		return "\n" + tail(string(ee.Stderr))
	}
	return ""
}

// tail returns the last 2,000 bytes of s.
func tail(s string) string {
	if len(s) > 2000 {
		return "..." + s[len(s)-2000:]
	}
	return s
}
