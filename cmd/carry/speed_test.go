package main

import (
	"encoding/json"
	"math"
	"os"
	"runtime"
	"strings"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

func TestParseOpenSSLSpeed(t *testing.T) {
	tests := []struct {
		file, row string
		col       int
		want      float64
	}{
		// Captured from "openssl speed -seconds 1 ecdhx25519" (3.0.19).
		{"openssl-3.0-speed-ecdhx25519.txt", "ecdh (X25519)", 0, 27134.3},
		// A table with two rate columns: "openssl speed -seconds 1 ed25519".
		{"openssl-3.0-speed-ed25519.txt", "EdDSA (Ed25519)", 0, 18205.1},
		{"openssl-3.0-speed-ed25519.txt", "EdDSA (Ed25519)", 1, 7230.9},
	}
	for _, tt := range tests {
		out, err := os.ReadFile("testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseOpenSSLSpeed(out, tt.row, tt.col)
		if err != nil {
			t.Errorf("%s column %d: %v", tt.file, tt.col, err)
			continue
		}
		if got != tt.want {
			t.Errorf("%s column %d: %v op/s, want %v", tt.file, tt.col, got, tt.want)
		}
	}
}

func TestParseOpenSSLSpeedErrors(t *testing.T) {
	sample, err := os.ReadFile("testdata/openssl-3.0-speed-ecdhx25519.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, out, row string
		col            int
	}{
		{"no such row", string(sample), "ecdh (X448)", 0},
		{"column out of range", string(sample), "ecdh (X25519)", 1},
		{"row before header", " 253 bits ecdh (X25519)   0.0000s  27134.3\n", "ecdh (X25519)", 0},
		{"bad number", "op op/s\n 253 bits ecdh (X25519) 0.0000s nan\n", "ecdh (X25519)", 0},
		{"zero rate", "op op/s\n 253 bits ecdh (X25519) 0.0000s 0.0\n", "ecdh (X25519)", 0},
		{"empty", "", "ecdh (X25519)", 0},
	} {
		if v, err := parseOpenSSLSpeed([]byte(tt.out), tt.row, tt.col); err == nil {
			t.Errorf("%s: parsed %v, want an error", tt.name, v)
		}
	}
}

func TestSpeedUnknownOp(t *testing.T) {
	code, stdout, stderr := runCarry(t, "speed", "-openssl=false", "x25519", "rot13")
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if stdout != "" {
		t.Errorf("wrote to stdout: %q", stdout)
	}
	if !strings.Contains(stderr, `unknown op or group "rot13"`) || !strings.Contains(stderr, opNames()) {
		t.Errorf("stderr does not name the bad op and list the valid ones (%s):\n%s", opNames(), stderr)
	}
}

// TestSpeedGroups checks the selection of ops by group.
func TestSpeedGroups(t *testing.T) {
	for group, want := range map[string][]string{
		"ecdsa-p256":             {"ecdsa-p256-sign", "ecdsa-p256-verify"},
		"rsa2048":                {"rsa2048-sign", "rsa2048-verify"},
		"x25519":                 {"x25519"},
		"chacha20poly1305-seal":  {"chacha20poly1305-seal-64", "chacha20poly1305-seal-256", "chacha20poly1305-seal-1024", "chacha20poly1305-seal-1350", "chacha20poly1305-seal-16384"},
		"ed25519-verify-batch64": {"ed25519-verify-batch64"},
	} {
		got, err := selectOps([]string{group})
		if err != nil {
			t.Fatalf("%s: %v", group, err)
		}
		var names []string
		for _, o := range got {
			names = append(names, o.name)
		}
		if strings.Join(names, " ") != strings.Join(want, " ") {
			t.Errorf("%s selects %v, want %v", group, names, want)
		}
	}
	for group, n := range map[string]int{"ecdsa": 6, "rsa": 6, "ecdh": 3, "tls13": 2, "ed25519": 3} {
		got, err := selectOps([]string{group})
		if err != nil || len(got) != n {
			t.Errorf("%s selects %d ops (%v), want %d", group, len(got), err, n)
		}
	}
	// A group and one of its ops, named twice, select each op once.
	if got, err := selectOps([]string{"rsa2048", "rsa2048-sign"}); err != nil || len(got) != 2 {
		t.Errorf("rsa2048 rsa2048-sign selects %d ops (%v), want 2", len(got), err)
	}
	for _, bad := range []string{"rs", "ecdsa-q", "x2551", "-sign", ""} {
		if got, err := selectOps([]string{bad}); err == nil {
			t.Errorf("%q selects %d ops, want an error", bad, len(got))
		}
	}
}

func TestSpeedBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-rounds", "0"}, {"-time", "0s"}, {"-openssl-rounds", "-1"}, {"-nosuchflag"},
	} {
		if code, _, _ := runCarry(t, append([]string{"speed"}, args...)...); code != 2 {
			t.Errorf("speed %v: exit code %d, want 2", args, code)
		}
	}
}

// TestSpeedJSON runs every op briefly, without OpenSSL, and checks the shape
// and consistency of the JSON output.
func TestSpeedJSON(t *testing.T) {
	code, stdout, stderr := runCarry(t, "speed", "-json", "-rounds", "1", "-time", "2ms", "-openssl=false", "-bssl=false", "-awslc=")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	var raw struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(stdout), &raw); err != nil {
		t.Fatalf("output is not a JSON object with results: %v\n%s", err, stdout)
	}
	results := raw.Results
	var report jsonReport
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatal(err)
	}
	typed := report.Results
	if report.Settings.Rounds != 1 || report.Settings.RoundSeconds != 0.002 || report.Settings.OpenSSL != "" || report.CPU == "" && runtime.GOOS == "linux" {
		t.Errorf("header: cpu %q, settings %+v", report.CPU, report.Settings)
	}
	if len(typed) != len(ops) {
		t.Fatalf("%d results, want one per op (%d)", len(typed), len(ops))
	}
	for i, r := range typed {
		for _, key := range []string{"op", "description", "carry", "go", "openssl", "boringssl", "awslc",
			"carry_vs_go", "carry_vs_openssl", "carry_vs_boringssl", "carry_vs_awslc"} {
			if _, ok := results[i][key]; !ok {
				t.Errorf("result %d has no %q field", i, key)
			}
		}
		if r.Op != ops[i].name {
			t.Errorf("result %d is op %q, want %q", i, r.Op, ops[i].name)
		}
		if r.OpenSSL != nil || r.CarryVsOpenSSL != nil {
			t.Errorf("%s: OpenSSL numbers with -openssl=false", r.Op)
		}
		if r.BoringSSL != nil || r.CarryVsBoring != nil {
			t.Errorf("%s: BoringSSL numbers with -bssl=false", r.Op)
		}
		if r.AWSLC != nil || r.CarryVsAWSLC != nil {
			t.Errorf("%s: AWS-LC numbers with -awslc=", r.Op)
		}
		for name, s := range map[string]*jsonStats{"carry": r.Carry, "go": r.Go} {
			if s == nil {
				t.Errorf("%s: no %s numbers", r.Op, name)
				continue
			}
			if s.Rounds != 1 || len(s.Samples) != 1 || !(s.Median > 0) ||
				s.Min != s.Median || s.Max != s.Median || s.Samples[0] != s.Median {
				t.Errorf("%s: %s stats inconsistent with one round: %+v", r.Op, name, s)
			}
		}
		if r.Carry != nil && r.Go != nil {
			want := r.Carry.Median / r.Go.Median
			if r.CarryVsGo == nil || math.Abs(*r.CarryVsGo-want) > 0.0005+1e-9*want {
				t.Errorf("%s: carry_vs_go = %v, want %v", r.Op, r.CarryVsGo, want)
			}
		}
	}
}

// speedJSON runs carry speed -json with args and returns its results, its
// output and its errors; it fails t unless it exits with 0 and prints a
// JSON array of results.
func speedJSON(t *testing.T, args ...string) (results []jsonResult, stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := runCarry(t, append([]string{"speed", "-json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	var report jsonReport
	if err := json.Unmarshal([]byte(stdout), &report); err != nil {
		t.Fatal(err)
	}
	if report.Go != runtime.Version() || report.GOARCH != runtime.GOARCH || len(report.Kernels) == 0 || report.Settings.Rounds < 1 {
		t.Errorf("the report's header is incomplete: go %q, goarch %q, kernels %v, settings %+v",
			report.Go, report.GOARCH, report.Kernels, report.Settings)
	}
	return report.Results, stdout, stderr
}

// TestSpeedOpenSSL runs the x25519 row with OpenSSL, for one round of one
// second, and checks the OpenSSL column is filled.
func TestSpeedOpenSSL(t *testing.T) {
	testutil.OpenSSL(t)
	results, _, _ := speedJSON(t, "-rounds", "1", "-time", "2ms", "-awslc=", "x25519")
	if len(results) != 1 {
		t.Fatalf("%d results, want 1", len(results))
	}
	r := results[0]
	if r.OpenSSLError != "" || r.OpenSSL == nil || !(r.OpenSSL.Median > 0) || r.CarryVsOpenSSL == nil {
		t.Errorf("no OpenSSL numbers: %+v", r)
	}
}

func TestSpeedTable(t *testing.T) {
	code, stdout, stderr := runCarry(t, "speed", "-rounds", "2", "-time", "2ms", "-openssl=false", "-bssl=false", "-awslc=")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "carry/Go") {
		t.Errorf("no table header:\n%s", stdout)
	}
	for _, o := range ops {
		var row string
		for line := range strings.Lines(stdout) {
			if strings.HasPrefix(line, o.name+" ") {
				row = line
			}
		}
		// carry and Go times, OpenSSL and its ratio empty, a carry/Go ratio.
		f := strings.Fields(row)
		if len(f) != 10 || f[1+3*2] != "-" || f[9] != "-" || !strings.Contains(f[2], "µs") {
			t.Errorf("row for %s is %q", o.name, row)
		}
	}
}

func TestSummarize(t *testing.T) {
	for _, tt := range []struct {
		in               []float64
		median, min, max float64
	}{
		{[]float64{5}, 5, 5, 5},
		{[]float64{3, 1, 2}, 2, 1, 3},
		{[]float64{4, 1, 3, 2}, 2.5, 1, 4},
	} {
		s, ok := summarize(tt.in)
		if !ok || s.median != tt.median || s.min != tt.min || s.max != tt.max || s.rounds != len(tt.in) {
			t.Errorf("summarize(%v) = %+v, %v", tt.in, s, ok)
		}
	}
	if _, ok := summarize(nil); ok {
		t.Error("summarize(nil) is ok")
	}
}

func TestFormatTime(t *testing.T) {
	for _, tt := range []struct {
		s    summary
		want string
	}{
		{summary{median: 31234, min: 30000, max: 31500}, "31.2 µs ±4.0%"},
		{summary{median: 123456, min: 123456, max: 123456}, "123 µs ±0.0%"},
		{summary{median: 1234, min: 1200, max: 1300}, "1.23 µs ±5.3%"},
		{summary{median: 123, min: 123, max: 123}, "0.123 µs ±0.0%"},
	} {
		if got := formatTime(tt.s, true); got != tt.want {
			t.Errorf("formatTime(%+v) = %q, want %q", tt.s, got, tt.want)
		}
	}
	if got := formatTime(summary{}, false); got != "-" {
		t.Errorf("formatTime of nothing = %q, want -", got)
	}
}
