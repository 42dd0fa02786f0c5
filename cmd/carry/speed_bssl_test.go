package main

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestParseBsslSpeed(t *testing.T) {
	// Captured from Debian's android-boringssl 13.0.0+r24-2:
	// "bssl-tool speed -json -filter ChaCha20-Poly1305 -chunks 1350 -timeout 1".
	out, err := os.ReadFile("testdata/bssl-android13-speed-chacha20poly1305-1350.json")
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseBsslSpeed(out, &bsslSpeed{desc: "ChaCha20-Poly1305 (1350 bytes) seal"})
	if err != nil {
		t.Fatal(err)
	}
	if want := 1001100e3 / 946000.0; got != want {
		t.Errorf("%v ns, want %v", got, want)
	}
	// The field name bssl's help text gives.
	alt := `[{"description": "X", "numCalls": 4, "timeInMicroseconds": 10}]`
	if got, err := parseBsslSpeed([]byte(alt), &bsslSpeed{desc: "X"}); err != nil || got != 2500 {
		t.Errorf("timeInMicroseconds: %v ns, %v; want 2500", got, err)
	}
}

func TestParseBsslSpeedErrors(t *testing.T) {
	for _, tt := range []struct{ name, out, desc string }{
		{"no such record", `[{"description": "Y", "numCalls": 1, "microseconds": 1}]`, "X"},
		{"a prefix is not the record", `[{"description": "X (64 bytes) seal", "numCalls": 1, "microseconds": 1}]`, "X (64 bytes)"},
		{"no time", `[{"description": "X", "numCalls": 1}]`, "X"},
		{"no calls", `[{"description": "X", "microseconds": 1}]`, "X"},
		{"zero calls", `[{"description": "X", "numCalls": 0, "microseconds": 1}]`, "X"},
		{"negative time", `[{"description": "X", "numCalls": 1, "microseconds": -1}]`, "X"},
		{"text output", "Did 4389000 X operations in 1000192us (4388157.5 ops/sec)\n", "X"},
		{"empty", "", "X"},
	} {
		if v, err := parseBsslSpeed([]byte(tt.out), &bsslSpeed{desc: tt.desc}); err == nil {
			t.Errorf("%s: parsed %v, want an error", tt.name, v)
		}
	}
}

func TestBsslAEADRows(t *testing.T) {
	for _, o := range ops {
		if !strings.HasPrefix(o.name, "chacha20poly1305-") {
			if o.bssl != nil {
				t.Errorf("%s: has a BoringSSL measurement", o.name)
			}
			continue
		}
		seal := strings.Contains(o.name, "-seal-")
		if (o.bssl != nil) != seal {
			t.Errorf("%s: BoringSSL measurement %+v; want one exactly for the seal rows", o.name, o.bssl)
			continue
		}
		if seal && (!strings.HasSuffix(o.name, "-"+itoa(o.bssl.chunk)) ||
			o.bssl.desc != "ChaCha20-Poly1305 ("+itoa(o.bssl.chunk)+" bytes) seal") {
			t.Errorf("%s: BoringSSL measurement %+v", o.name, o.bssl)
		}
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// TestSpeedFakeBssl puts a stand-in for bssl on PATH that checks its
// arguments and prints a fixed record, and checks that carry speed passes
// the record's time through to the table and the JSON.
func TestSpeedFakeBssl(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in is a shell script")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Fatalf("no sh to run the stand-in for bssl: %v", err)
	}
	dir := t.TempDir()
	script := "#!" + sh + `
[ "$*" = "speed -json -timeout 1 -filter ChaCha20-Poly1305 -chunks 64" ] || { echo "bad arguments: $*" >&2; exit 1; }
echo '[{"description": "ChaCha20-Poly1305 (64 bytes) seal", "numCalls": 1000, "microseconds": 250, "bytesPerCall": 64}]'
`
	if err := os.WriteFile(filepath.Join(dir, "bssl"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))

	results, _, _ := speedJSON(t, "-rounds", "1", "-time", "2ms", "-openssl=false", "-awslc=", "chacha20poly1305-seal-64")
	if len(results) != 1 {
		t.Fatalf("%d results, want 1", len(results))
	}
	r := results[0]
	if r.BoringSSLError != "" || r.BoringSSL == nil || r.BoringSSL.Median != 250 || r.CarryVsBoring == nil ||
		math.Abs(*r.CarryVsBoring-r.Carry.Median/250) > 0.0005 {
		t.Errorf("BoringSSL numbers: %+v, stats %+v", r, r.BoringSSL)
	}

	code, stdout, stderr := runCarry(t, "speed", "-rounds", "1", "-time", "2ms", "-openssl=false", "-awslc=", "chacha20poly1305-seal-64", "chacha20poly1305-open-64")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "carry/BoringSSL") || !strings.Contains(stdout, filepath.Join(dir, "bssl")+" speed") {
		t.Errorf("no BoringSSL columns or note:\n%s", stdout)
	}
	for line := range strings.Lines(stdout) {
		f := strings.Fields(line)
		switch {
		case strings.HasPrefix(line, "chacha20poly1305-seal-64 "):
			// carry, Go, OpenSSL (-), BoringSSL, three ratios.
			if len(f) != 14 || f[7] != "-" || f[8] != "0.250" || f[13] == "-" {
				t.Errorf("seal row %q", line)
			}
		case strings.HasPrefix(line, "chacha20poly1305-open-64 "):
			if len(f) != 12 || f[7] != "-" || f[8] != "-" || f[10] != "-" || f[11] != "-" {
				t.Errorf("open row %q", line)
			}
		}
	}

	// A bssl that fails leaves its column empty and says why.
	if err := os.WriteFile(filepath.Join(dir, "bssl"), []byte("#!"+sh+"\necho broken >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCarry(t, "speed", "-json", "-rounds", "1", "-time", "2ms", "-openssl=false", "-awslc=", "chacha20poly1305-seal-64")
	if code != 0 || !strings.Contains(stderr, "BoringSSL left out") || !strings.Contains(stderr, "broken") ||
		!strings.Contains(stdout, `"boringssl_error"`) || !strings.Contains(stdout, `"boringssl": null`) {
		t.Errorf("exit code %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestSpeedBoringSSLAEAD runs the 64-byte seal row with the real bssl tool,
// where it is installed (Debian: apt-get install android-boringssl; CI
// installs it), for one round of one second.
func TestSpeedBoringSSLAEAD(t *testing.T) {
	found := false
	for _, name := range bsslTools {
		if _, err := exec.LookPath(name); err == nil {
			found = true
		}
	}
	if !found {
		if os.Getenv("CARRY_NEED_BSSL") != "" {
			t.Fatal("CARRY_NEED_BSSL is set but neither bssl nor bssl-tool is on PATH")
		}
		t.Skip("BoringSSL's bssl tool is not installed (optional: apt-get install android-boringssl); TestSpeedFakeBssl covers the code")
	}
	results, stdout, stderr := speedJSON(t, "-rounds", "1", "-time", "2ms", "-openssl=false", "-awslc=", "chacha20poly1305-seal-64")
	if len(results) != 1 || results[0].BoringSSLError != "" || results[0].BoringSSL == nil ||
		!(results[0].BoringSSL.Median > 0) || results[0].CarryVsBoring == nil {
		t.Errorf("no BoringSSL numbers:\n%s\n%s", stdout, stderr)
	}
}
