package main

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// awslcSample is the output of AWS-LC's bssl, built at commit 3bda7bae, for
// "bssl speed -json -timeout 1 -chunks 64,256,1024,1350,16384 -filter
// Curve25519,ECDH P-256,Generate P-256,ECDH P-384,Generate P-384,ECDH P-521,
// Generate P-521,ECDSA P-256,ECDSA P-384,ECDSA P-521,RSA 2048,
// AEAD-ChaCha20-Poly1305": every record the AWS-LC column reads.
const awslcSample = "testdata/awslc-3bda7bae-speed.json"

func TestParseAWSLCSpeed(t *testing.T) {
	out, err := os.ReadFile(awslcSample)
	if err != nil {
		t.Fatal(err)
	}
	// One op of each kind, against the sample's numbers.
	for name, want := range map[string]float64{
		"x25519":                      1075956e3 / 15000.0,
		"x25519-base":                 1000239e3 / 73000.0,
		"ed25519-sign":                1005175e3 / 53000.0,
		"ed25519-verify-batch64":      64 * (1038850e3 / 14000.0),
		"ecdh-p256":                   1033665e3/13000.0 - 1010334e3/44000.0,
		"ecdh-p521":                   1248075e3/1728.0 - 1094547e3/6000.0,
		"ecdsa-p384-sign":             1086015e3 / 4000.0,
		"ecdsa-p521-verify":           1160896e3 / 1420.0,
		"rsa3072-sign":                1086673e3 / 715.0,
		"rsa4096-verify":              1003945e3 / 5000.0,
		"chacha20poly1305-seal-1024":  1005779e3 / 552000.0,
		"chacha20poly1305-seal-16384": 1022323e3 / 61000.0,
	} {
		o := findOp(name)
		if o == nil {
			t.Errorf("no op %s", name)
			continue
		}
		got, err := parseBsslSpeed(out, awslcSpeed(o))
		if err != nil || math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s: %v ns, %v; want %v", name, got, err, want)
		}
	}
	// Every op that has an AWS-LC measurement finds it in the sample.
	for _, o := range ops {
		if s := awslcSpeed(o); s != nil {
			if ns, err := parseBsslSpeed(out, s); err != nil || !(ns > 0) {
				t.Errorf("%s: %v ns, %v", o.name, ns, err)
			}
		}
	}
}

func TestParseAWSLCSpeedErrors(t *testing.T) {
	aead := `[{"description": "S", "numCalls": 10, "microseconds": 20, "bytesPerCall": 64}]`
	ecdh := `[{"description": "E", "numCalls": 10, "microseconds": 20}, {"description": "G", "numCalls": 10, "microseconds": 30}]`
	for _, tt := range []struct {
		name, out string
		s         bsslSpeed
	}{
		{"no record of the length", aead, bsslSpeed{desc: "S", bytes: 256}},
		{"no record to subtract", ecdh, bsslSpeed{desc: "E", less: "H"}},
		{"subtracted record takes longer", ecdh, bsslSpeed{desc: "E", less: "G"}},
		{"subtracted record takes as long", ecdh, bsslSpeed{desc: "E", less: "E"}},
	} {
		if v, err := parseBsslSpeed([]byte(tt.out), &tt.s); err == nil {
			t.Errorf("%s: parsed %v, want an error", tt.name, v)
		}
	}
	if v, err := parseBsslSpeed([]byte(aead), &bsslSpeed{desc: "S", bytes: 64}); err != nil || v != 2000 {
		t.Errorf("record of 64 bytes: %v ns, %v; want 2000", v, err)
	}
	if v, err := parseBsslSpeed([]byte(ecdh), &bsslSpeed{desc: "G", less: "E", times: 3}); err != nil || v != 3000 {
		t.Errorf("G less E, three times: %v ns, %v; want 3000", v, err)
	}
}

// TestAWSLCRows checks which ops have an AWS-LC measurement: every public-key
// op and the ChaCha20-Poly1305 seal rows, and no other.
func TestAWSLCRows(t *testing.T) {
	for name := range awslcRows {
		if findOp(name) == nil {
			t.Errorf("awslcRows names %q, which is no op", name)
		}
	}
	for _, o := range ops {
		s := awslcSpeed(o)
		want := !strings.HasPrefix(o.name, "hmac-") && !strings.HasPrefix(o.name, "tls13-") &&
			!strings.HasPrefix(o.name, "chacha20poly1305-open-")
		if (s != nil) != want {
			t.Errorf("%s: AWS-LC measurement %+v, want one: %v", o.name, s, want)
		}
		if s != nil && strings.HasPrefix(o.name, "chacha20poly1305-seal-") &&
			(s.chunk != s.bytes || !strings.HasSuffix(o.name, fmt.Sprintf("-%d", s.chunk))) {
			t.Errorf("%s: AWS-LC measurement %+v", o.name, s)
		}
	}
}

// fakeAWSLC writes a stand-in for AWS-LC's bssl into a new directory: a
// script that appends its arguments to a log and runs the shell commands
// body. It returns the script's path and the log's.
func fakeAWSLC(t *testing.T, body string) (bssl, log string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in is a shell script")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatalf("no sh to run the stand-in for bssl: %v", err)
	}
	dir := t.TempDir()
	bssl, log = filepath.Join(dir, "awslc-bssl"), filepath.Join(dir, "log")
	script := "#!" + sh + "\necho \"$*\" >> '" + log + "'\n" + body + "\n"
	if err := os.WriteFile(bssl, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return bssl, log
}

// TestSpeedFakeAWSLC runs carry speed with a stand-in for AWS-LC's bssl and
// checks that its records reach the table and the JSON, that ops sharing a
// run share it within a round, and that a failing or missing tool is
// reported.
func TestSpeedFakeAWSLC(t *testing.T) {
	bssl, log := fakeAWSLC(t, `cat <<'EOF'
[
{"description": "Ed25519 signing", "numCalls": 1000, "microseconds": 12000},
{"description": "Curve25519 arbitrary point multiplication", "numCalls": 1000, "microseconds": 20000},
{"description": "ECDH P-256", "numCalls": 1000, "microseconds": 60000},
{"description": "Generate P-256 with EC_KEY_generate_key", "numCalls": 1000, "microseconds": 15000}
]
EOF`)
	results, _, stderr := speedJSON(t, "-rounds", "2", "-openssl-rounds", "2", "-time", "2ms", "-openssl=false", "-bssl=false",
		"-awslc", bssl, "x25519", "ed25519-sign", "ecdh-p256", "hmac-sha256-32")
	want := map[string]float64{"x25519": 20000, "ed25519-sign": 12000, "ecdh-p256": 45000}
	if len(results) != 4 {
		t.Fatalf("%d results, want 4; stderr:\n%s", len(results), stderr)
	}
	for _, r := range results {
		ns, ok := want[r.Op]
		if !ok {
			if r.AWSLC != nil || r.CarryVsAWSLC != nil || r.AWSLCError != "" {
				t.Errorf("%s: AWS-LC numbers %+v", r.Op, r)
			}
			continue
		}
		if r.AWSLCError != "" || r.AWSLC == nil || r.AWSLC.Median != ns || r.AWSLC.Rounds != 2 || r.CarryVsAWSLC == nil ||
			math.Abs(*r.CarryVsAWSLC-r.Carry.Median/ns) > 0.0005 {
			t.Errorf("%s: AWS-LC numbers %+v, stats %+v; want %v ns", r.Op, r, r.AWSLC, ns)
		}
	}
	// x25519 and ed25519-sign share one run a round.
	data, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	wantLog := strings.Repeat("speed -json -timeout 1 -filter Curve25519\n", 2) +
		strings.Repeat("speed -json -timeout 1 -filter ECDH P-256,Generate P-256\n", 2)
	if got := strings.Join(slices.Sorted(slices.Values(strings.SplitAfter(string(data), "\n"))), ""); got != wantLog {
		t.Errorf("runs of the stand-in:\n%s\nwant (in any order):\n%s", data, wantLog)
	}

	// The table: the AWS-LC columns after the OpenSSL ones, from the
	// environment variable.
	t.Setenv("CARRY_AWSLC_BSSL", bssl)
	code, stdout, stderr := runCarry(t, "speed", "-rounds", "1", "-time", "2ms", "-openssl=false", "-bssl=false", "x25519", "hmac-sha256-32")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "OpenSSL  AWS-LC") || !strings.Contains(stdout, "carry/OpenSSL  carry/AWS-LC") ||
		!strings.Contains(stdout, bssl+" speed -timeout 1") {
		t.Errorf("no AWS-LC columns or note:\n%s", stdout)
	}
	for line := range strings.Lines(stdout) {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "x25519 "):
			// carry, Go, OpenSSL (-), AWS-LC, three ratios.
			if len(f) != 14 || f[7] != "-" || f[8] != "20.0" || f[12] != "-" || f[13] == "-" {
				t.Errorf("x25519 row %q", line)
			}
		case strings.HasPrefix(line, "hmac-sha256-32 "):
			if len(f) != 12 || f[7] != "-" || f[8] != "-" || f[10] != "-" || f[11] != "-" {
				t.Errorf("hmac row %q", line)
			}
		}
	}

	// A bssl that fails leaves its column empty and says why.
	broken, _ := fakeAWSLC(t, "echo broken >&2\nexit 3")
	code, stdout, stderr = runCarry(t, "speed", "-json", "-rounds", "1", "-time", "2ms", "-openssl=false", "-awslc", broken, "x25519")
	if code != 0 || !strings.Contains(stderr, "AWS-LC left out") || !strings.Contains(stderr, "broken") ||
		!strings.Contains(stdout, `"awslc_error"`) || !strings.Contains(stdout, `"awslc": null`) {
		t.Errorf("exit code %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// A path that names no program is an error.
	missing := filepath.Join(t.TempDir(), "bssl")
	if code, _, stderr := runCarry(t, "speed", "-awslc", missing, "x25519"); code != 2 || !strings.Contains(stderr, missing) {
		t.Errorf("-awslc %s: exit code %d, stderr:\n%s", missing, code, stderr)
	}
}

// TestSpeedAWSLC runs one op of each kind with the real AWS-LC bssl named by
// $CARRY_AWSLC_BSSL, for one round of one second a record (about half a
// minute: the RSA filter prints 16 records), and checks every one has a time.
func TestSpeedAWSLC(t *testing.T) {
	if os.Getenv("CARRY_AWSLC_BSSL") == "" {
		t.Skip("CARRY_AWSLC_BSSL does not name AWS-LC's bssl (optional: build it from AWS-LC's source); TestSpeedFakeAWSLC covers the code")
	}
	names := []string{"x25519", "ed25519-verify-batch64", "ecdh-p384", "ecdsa-p256-sign", "rsa2048-verify", "chacha20poly1305-seal-1350"}
	results, stdout, stderr := speedJSON(t, append([]string{"-rounds", "1", "-time", "2ms", "-openssl=false", "-bssl=false"}, names...)...)
	if len(results) != len(names) {
		t.Fatalf("%d results, want %d", len(results), len(names))
	}
	for _, r := range results {
		if r.AWSLCError != "" || r.AWSLC == nil || !(r.AWSLC.Median > 0) || r.CarryVsAWSLC == nil {
			t.Errorf("%s: no AWS-LC numbers:\n%s\n%s", r.Op, stdout, stderr)
		}
	}
}
