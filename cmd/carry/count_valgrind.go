package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// A counter runs programs built for one architecture and counts the
// instructions they execute. Valgrind is amd64's; another architecture's
// (qemu with an instruction-counting plugin) is another implementation.
type counter interface {
	// String names the counter and its version, for the table.
	String() string
	// count runs bin with args and env, and returns the instructions it
	// executed (all of its threads) and its standard output.
	count(bin string, args, env []string) (uint64, []byte, error)
}

// newCounter returns the counter of goarch, or why there is none.
func newCounter(goarch string) (counter, error) {
	switch goarch {
	case "amd64":
	case "arm64":
		return newQEMU()
	default:
		return nil, fmt.Errorf("no instruction counter for %s (amd64 has Valgrind, arm64 qemu)", goarch)
	}
	path, err := exec.LookPath("valgrind")
	if err != nil {
		return nil, errors.New("valgrind is not on PATH (Debian: apt-get install valgrind)")
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %v", path, err)
	}
	return &valgrind{path: path, version: strings.TrimSpace(string(out))}, nil
}

// valgrind counts with Valgrind's cachegrind tool, its cache simulation
// off: a count of the instructions executed, at a fraction of the cost.
type valgrind struct {
	path    string
	version string // as "valgrind --version" prints it: "valgrind-3.19.0"
}

func (v *valgrind) String() string { return v.version + " --tool=cachegrind --cache-sim=no" }

func (v *valgrind) count(bin string, args, env []string) (uint64, []byte, error) {
	dir, err := os.MkdirTemp("", "carry-count-")
	if err != nil {
		return 0, nil, err
	}
	defer os.RemoveAll(dir)
	outFile := filepath.Join(dir, "cachegrind.out")
	cmd := exec.Command(v.path, append([]string{"--tool=cachegrind", "--cache-sim=no",
		"--cachegrind-out-file=" + outFile, bin}, args...)...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, nil, fmt.Errorf("valgrind %s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		return 0, nil, err
	}
	n, err := parseCachegrindOut(data)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %v", outFile, err)
	}
	return n, stdout.Bytes(), nil
}

// parseCachegrindOut returns the instructions executed ("Ir") from the
// totals of a cachegrind output file: its "events:" line names the
// columns, its "summary:" line holds the totals.
func parseCachegrindOut(data []byte) (uint64, error) {
	var events, summary []string
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "events:"); ok {
			events = strings.Fields(rest)
		}
		if rest, ok := strings.CutPrefix(line, "summary:"); ok {
			summary = strings.Fields(rest)
		}
	}
	if events == nil || summary == nil {
		return 0, errors.New("no events: or summary: line")
	}
	for i, e := range events {
		if e == "Ir" && i < len(summary) {
			return strconv.ParseUint(summary[i], 10, 64)
		}
	}
	return 0, fmt.Errorf("no Ir total among events %q, summary %q", events, summary)
}

// lastLines returns the last n lines of s.
func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
