package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestMain lets the test binary serve handshakes: "carry handshake" starts
// copies of its own executable as servers.
func TestMain(m *testing.M) {
	maybeHandshakeServer()
	os.Exit(m.Run())
}

// TestHandshakeRuns runs carry handshake on an RSA-2048 and an Ed25519
// certificate, every handshake kind, a few handshakes each, against the
// three servers, and checks the JSON: every server measured, with a
// positive CPU time.
func TestHandshakeRuns(t *testing.T) {
	if testing.Short() {
		// The servers are copies of the test binary; under an emulator
		// (test.sh's arm64 run) it cannot start itself. The native run
		// covers this.
		t.Skip("starts server processes; run without -short")
	}
	testutil.OpenSSL(t) // fails the test if openssl is missing
	code, stdout, stderr := runCarry(t, "handshake", "-json", "-n", "3", "-batch", "2", "-rounds", "2", "rsa2048", "ed25519")
	if code != 0 {
		t.Fatalf("exit code %d, stderr:\n%s", code, stderr)
	}
	var rows []hsRow
	if err := json.Unmarshal([]byte(stdout), &rows); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout)
	}
	if len(rows) != 2*len(hsModes) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), 2*len(hsModes), stdout)
	}
	for _, r := range rows {
		for _, name := range []string{"std", "carry", "openssl"} {
			res, ok := r.Servers[name]
			if !ok || res.CPUNS <= 0 || res.WallNS <= 0 {
				t.Errorf("%s %s: server %s: %+v, %v", r.Key, r.Mode, name, res, ok)
			}
		}
		for _, name := range []string{"carry/std", "carry/openssl"} {
			q, ok := r.Ratios[name]
			if !ok || q.Min <= 0 || q.Min > q.Median || q.Median > q.Max {
				t.Errorf("%s %s: ratio %s: %+v, %v", r.Key, r.Mode, name, q, ok)
			}
		}
		if len(r.Ratios) != 2 {
			t.Errorf("%s %s: ratios %v, want carry/std and carry/openssl", r.Key, r.Mode, r.Ratios)
		}
	}
}

// TestHandshakeReport checks the table's header and a row of carry
// handshake's text output.
func TestHandshakeReport(t *testing.T) {
	if testing.Short() {
		t.Skip("starts server processes; run without -short")
	}
	code, stdout, stderr := runCarry(t, "handshake", "-openssl=false", "-n", "2", "-rounds", "1", "-modes", "tls13", "rsa2048")
	if code != 0 {
		t.Fatalf("exit code %d, stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"carry/std", "rsa2048  tls13", "Server CPU time per handshake"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestHandshakeBadArgs(t *testing.T) {
	for _, args := range [][]string{
		{"handshake", "rsa1024"},
		{"handshake", "-modes", "tls11"},
		{"handshake", "-n", "0"},
		{"handshake", "-batch", "0"},
		{"handshake", "-nosuchflag"},
	} {
		code, stdout, stderr := runCarry(t, args...)
		if code != 2 || stdout != "" || stderr == "" {
			t.Errorf("carry %q: exit code %d, stdout %q, stderr %q; want 2, nothing, a message", args, code, stdout, stderr)
		}
	}
}
