package main

import (
	"bytes"
	"crypto/sha256"
	"debug/elf"
	"debug/gosym"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// qemuPluginSource is the instruction-counting plugin that the qemu counter
// builds with the C compiler.
//
//go:embed qemuinsn/insn.c
var qemuPluginSource []byte

// qemu counts the instructions of an arm64 program by running it under
// qemu-user with qemuinsn's plugin. Emulation gives no timing worth having,
// but the count of guest instructions is exact.
type qemu struct {
	path    string
	version string // the first line of "qemu-aarch64 --version"
	plugin  string
	// sched caches the plugin's pause, resume and start options by binary:
	// every count of a binary runs with the same, read from it once.
	sched map[string]string
}

// newQEMU returns the counter of arm64: the dynamic qemu-aarch64 (the static
// build cannot load plugins) and the plugin, built into the user's cache
// directory the first time.
func newQEMU() (*qemu, error) {
	path, err := exec.LookPath("qemu-aarch64")
	if err != nil {
		return nil, errors.New("qemu-aarch64 is not on PATH (Debian: apt-get install qemu-user; qemu-user-static cannot load plugins)")
	}
	out, err := exec.Command(path, "--version").Output()
	if err != nil {
		return nil, fmt.Errorf("%s --version: %v", path, err)
	}
	version, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	plugin, err := buildQEMUPlugin()
	if err != nil {
		return nil, err
	}
	return &qemu{path: path, version: version, plugin: plugin}, nil
}

// buildQEMUPlugin compiles qemuPluginSource, unless a build of the same
// source is in the cache, and returns the shared object's path.
func buildQEMUPlugin() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256(qemuPluginSource)
	dir := filepath.Join(cache, "carry")
	so := filepath.Join(dir, "qemuinsn-"+hex.EncodeToString(sum[:8])+".so")
	if _, err := os.Stat(so); err == nil {
		return so, nil
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "gcc"
	}
	if _, err := exec.LookPath(cc); err != nil {
		return "", fmt.Errorf("%s, the C compiler that builds the qemu plugin, is not on PATH (Debian: apt-get install gcc)", cc)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	src, err := os.CreateTemp(dir, "qemuinsn-*.c")
	if err != nil {
		return "", err
	}
	defer os.Remove(src.Name())
	if _, err := src.Write(qemuPluginSource); err != nil {
		src.Close()
		return "", err
	}
	if err := src.Close(); err != nil {
		return "", err
	}
	tmp := strings.TrimSuffix(src.Name(), ".c") + ".so"
	defer os.Remove(tmp)
	if out, err := exec.Command(cc, "-shared", "-fPIC", "-O2", "-o", tmp, src.Name()).CombinedOutput(); err != nil {
		return "", fmt.Errorf("building the qemu plugin: %s: %v\n%s", cc, err, out)
	}
	return so, os.Rename(tmp, so)
}

func (q *qemu) String() string { return q.version + " with carry's instruction-counting plugin" }

func (q *qemu) count(bin string, args, env []string) (uint64, []byte, error) {
	dir, err := os.MkdirTemp("", "carry-count-")
	if err != nil {
		return 0, nil, err
	}
	defer os.RemoveAll(dir)
	outFile := filepath.Join(dir, "insns")
	sched, ok := q.sched[bin]
	if !ok {
		pauses, resume, start, err := pluginEntries(bin)
		if err != nil {
			return 0, nil, err
		}
		for _, pc := range pauses {
			sched += fmt.Sprintf(",pause=%#x", pc)
		}
		sched += fmt.Sprintf(",resume=%#x,start=%#x", resume, start)
		if q.sched == nil {
			q.sched = make(map[string]string)
		}
		q.sched[bin] = sched
	}
	plugin := q.plugin + ",out=" + outFile + sched
	// A fixed -seed fixes the 16 random bytes the guest gets at start
	// (AT_RANDOM), which seed the Go runtime's random numbers: otherwise the
	// moment the runtime caches a type assertion, which it decides at
	// random, moves a count by up to 2%. It fixes getrandom's bytes too.
	cmd := exec.Command(q.path, append([]string{"-seed", "1", "-plugin", plugin, bin}, args...)...)
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return 0, nil, fmt.Errorf("qemu-aarch64 %s %s: %v\n%s", filepath.Base(bin), strings.Join(args, " "), err, lastLines(stderr.String(), 20))
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		return 0, nil, fmt.Errorf("the qemu plugin wrote no count: %v", err)
	}
	n, err := parsePluginOut(data)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %v", outFile, err)
	}
	return n, stdout.Bytes(), nil
}

// pluginEntries returns the entries of the functions at which the plugin
// stops counting a thread (runtime.morestack and runtime.mcall, the ways
// from a goroutine into the scheduler), counts it again (runtime.gogo, the
// way back) and starts the count it reports (countStart, which the driver
// calls once its goroutine is locked to its thread), read from the
// pclntab of bin, which stripped binaries keep.
func pluginEntries(bin string) (pauses []uint64, resume, start uint64, err error) {
	f, err := elf.Open(bin)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		return nil, 0, 0, fmt.Errorf("%s has no .gopclntab or .text section", bin)
	}
	data, err := pcln.Data()
	if err != nil {
		return nil, 0, 0, err
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s: %v", bin, err)
	}
	var pcs []uint64
	for _, name := range []string{"runtime.morestack", "runtime.mcall", "runtime.gogo", "main.countStart"} {
		fn := tab.LookupFunc(name)
		if fn == nil {
			return nil, 0, 0, fmt.Errorf("%s has no function %s", bin, name)
		}
		pcs = append(pcs, fn.Entry)
	}
	return pcs[:2], pcs[2], pcs[3], nil
}

// parsePluginOut returns the count of the plugin's "insns N" line.
func parsePluginOut(data []byte) (uint64, error) {
	f := strings.Fields(string(data))
	if len(f) != 2 || f[0] != "insns" {
		return 0, fmt.Errorf("not the plugin's output: %q", data)
	}
	return strconv.ParseUint(f[1], 10, 64)
}
