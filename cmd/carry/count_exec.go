package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

// countOps are the ops "carry count" counts, by carry speed's names.
var countOps = []string{
	"x25519", "x25519-base",
	"ed25519-sign", "ed25519-verify", "ed25519-verify-batch64",
	"ecdsa-p256-sign", "ecdsa-p256-verify", "ecdsa-p384-sign", "ecdsa-p384-verify",
	"ecdsa-p521-sign", "ecdsa-p521-verify",
	"ecdh-p256", "ecdh-p384", "ecdh-p521",
	"rsa2048-sign", "rsa2048-verify", "rsa3072-sign", "rsa3072-verify", "rsa4096-sign", "rsa4096-verify",
	"chacha20poly1305-seal-64", "chacha20poly1305-seal-1024", "chacha20poly1305-seal-1350", "chacha20poly1305-seal-16384",
	"hmac-sha256-32", "tls13-schedule",
}

// countOpsArm64 returns the ops counted on arm64: every op of carry speed
// with a standard-library side, which the table holds beside carry's.
func countOpsArm64() []string {
	var names []string
	for _, o := range ops {
		if o.std != nil {
			names = append(names, o.name)
		}
	}
	return names
}

// countSetup returns the carry side of the op named, or with std the
// standard library's: carry speed's, except for the ECDSA verifications,
// which get a fixed signature.
func countSetup(name string, std bool) (func() (func(), error), error) {
	if !slices.ContainsFunc(countArches, func(a *countArch) bool { return slices.Contains(a.ops(), name) }) {
		return nil, fmt.Errorf("%q is not an op carry count counts; see carry help count", name)
	}
	for _, c := range ecCurves {
		if name == fmt.Sprintf("ecdsa-p%d-verify", c.bits) {
			curve := c.curve
			return func() (func(), error) { return countECDSAVerify(curve, std) }, nil
		}
	}
	o := findOp(name)
	if o == nil {
		return nil, fmt.Errorf("carry speed has no op %q", name)
	}
	if std {
		if o.std == nil {
			return nil, fmt.Errorf("op %s has no standard-library side", name)
		}
		return o.std, nil
	}
	return o.carry, nil
}

// A countReport is what the driver writes when it has run an op: which op,
// how many times, and the code that ran.
type countReport struct {
	Op string `json:"op"`
	N  int    `json:"n"`
	// Build is the Go version and the build settings that choose code:
	// the architecture level and the build tags.
	Build string `json:"build"`
	// Features are the CPU features among those carry looks for that the
	// CPU (real or emulated) reports.
	Features []string `json:"features"`
	// Kernels is carry version's choice of kernel per package.
	Kernels map[string]string `json:"kernels"`
}

// runOpN runs setup, the op it returns once (so that first-use work, such
// as converting a key, happens in every run), then n more times.
func runOpN(setup func() (func(), error), n int) error {
	f, err := setup()
	if err != nil {
		return err
	}
	f()
	for range n {
		f()
	}
	return nil
}

// countStart marks where the arm64 counter's count begins (see
// execCountOp); it does nothing.
//
//go:noinline
func countStart() {}

// execCountOp is the driver: it runs the op named n times (after one run
// that every count includes) on the fixed inputs, and writes its
// countReport to w as one line of JSON.
func execCountOp(name string, std bool, n int, w io.Writer) error {
	if n < 0 {
		return fmt.Errorf("-n %d: must not be negative", n)
	}
	// The arm64 counter counts the thread that calls countStart, from the
	// call (cmd/carry/qemuinsn): the whole run stays on this one.
	runtime.LockOSThread()
	countStart()
	setup, err := countSetup(name, std)
	if err != nil {
		return err
	}
	fixCountInputs()
	if err := runOpN(setup, n); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return json.NewEncoder(w).Encode(countReport{
		Op:       name,
		N:        n,
		Build:    buildSettings(),
		Features: cpuFeatures(),
		Kernels:  kernelChoices(),
	})
}

// buildSettings returns the Go version, the architecture level (GOAMD64 and
// the like) and the build tags of this binary.
func buildSettings() string {
	s := []string{runtime.Version(), runtime.GOARCH}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range info.Settings {
			if kv.Key == "-tags" || strings.HasPrefix(kv.Key, "GO"+strings.ToUpper(runtime.GOARCH)) {
				s = append(s, kv.Key+"="+kv.Value)
			}
		}
	}
	return strings.Join(s, " ")
}

// cpuFeatures returns the features of kernelTable that the CPU reports.
func cpuFeatures() []string {
	var fs []string
	for _, c := range kernelTable {
		for _, o := range c.options {
			for _, f := range o.needs {
				if !slices.Contains(fs, f) && hasFeature(f) {
					fs = append(fs, f)
				}
			}
		}
	}
	slices.Sort(fs)
	return fs
}
