package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// The instruction-count guard as a test: a mutant that only adds work (a
// window width, a threshold, a loop that runs longer) changes no result,
// so no test can see it, but CI's count guard fails on it when an op's
// count rises more than 2% above the committed table. With -count, a
// mutant that survives every test is counted with the mutant in place, by
// "carry count -check" on the ops named, and killed if one of them rose:
// under Valgrind against the amd64 table when it changes code this
// machine's builds compile, and under qemu against the arm64 table when it
// changes code only arm64 compiles (as CI's count-arm64 step counts it).

// countGuard runs carry's count guard on the ops of -count with the
// overlay in place, for this machine (goarch "") or for arm64 (under
// qemu, against the arm64 table), and returns killed when it reports a
// slowdown, and survived otherwise.
func (r *runner) countGuard(ctx context.Context, overlay map[string]string, goarch string) (result, error) {
	if r.counter == "" {
		root, err := moduleRoot(ctx, r.p.dir)
		if err != nil {
			return result{}, err
		}
		bin := filepath.Join(r.tmp, "carry")
		if out, err := r.goCmd(ctx, root, "build", "-o", bin, "./cmd/carry").CombinedOutput(); err != nil {
			return result{}, fmt.Errorf("building carry for its count guard: %v\n%s", err, out)
		}
		r.counter, r.root = bin, root
	}
	if goarch != "" && len(overlay) > 0 && !r.armTable {
		// As for amd64 before the first mutant: the table must hold for
		// the unmutated code.
		res, err := r.countGuard(ctx, nil, goarch)
		if err != nil {
			return result{}, err
		}
		if res.out != survived {
			return result{}, fmt.Errorf("%s: the unmutated code fails the %s count guard (%s): re-record the table first", r.p.path, goarch, res.detail)
		}
		r.armTable = true
	}
	arch := goarch
	if arch == "" {
		arch = "amd64"
	}
	table := filepath.Join(r.root, "cmd", "carry", "testdata", "counts-"+arch+".json")
	args := append([]string{"count", "-goarch", arch, "-check", table, "-paths", "default"}, r.countOps...)
	cmd := exec.CommandContext(ctx, r.counter, args...)
	cmd.Dir = r.root
	cmd.Env = environWithout("GOFLAGS")
	if len(overlay) > 0 {
		ov, err := r.writeOverlay(overlay)
		if err != nil {
			return result{}, err
		}
		// The count builds carry with "go build", which reads GOFLAGS.
		cmd.Env = append(cmd.Env, "GOFLAGS=-overlay="+ov)
	}
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		return result{}, ctx.Err()
	}
	if rose := slowdown(out); rose != "" {
		return result{out: killed, counted: true, arm64: goarch == "arm64", detail: "count guard: " + rose}, nil
	}
	if err != nil && !bytes.Contains(out, []byte("FAIL: ")) {
		// Not a comparison that failed: the count did not run. The
		// unmutated code counted, so the mutant broke it (a driver that
		// checks its op's answer, a build, a crash): killed.
		if len(overlay) > 0 {
			return result{out: killed, counted: true, arm64: goarch == "arm64", detail: "count driver failed: " + truncate(lastLine(out), 80)}, nil
		}
		return result{}, fmt.Errorf("carry count: %v\n%s", err, out)
	}
	return result{out: survived}, nil
}

// slowdown returns the first rise the count guard reported in out, or "".
func slowdown(out []byte) string {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if line := sc.Text(); strings.HasPrefix(line, "FAIL: ") && strings.HasSuffix(line, "a slowdown") {
			return strings.TrimPrefix(line, "FAIL: ")
		}
	}
	return ""
}

// lastLine returns the last line of out that is neither blank nor
// Valgrind's (those start with ==pid==).
func lastLine(out []byte) string {
	lines := strings.Split(string(out), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" && !strings.HasPrefix(l, "==") {
			return l
		}
	}
	return ""
}

// moduleRoot returns the folder of the go.mod of the module holding dir.
func moduleRoot(ctx context.Context, dir string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD in %s: %v", dir, err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("%s is in no module", dir)
	}
	return filepath.Dir(gomod), nil
}
