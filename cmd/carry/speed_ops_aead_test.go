package main

import (
	"math"
	"os"
	"strings"
	"testing"
)

func TestParseOpenSSLThroughput(t *testing.T) {
	for _, tt := range []struct {
		file string
		size int
		rate float64 // thousands of bytes per second, as printed
	}{
		// "openssl speed -elapsed -seconds 1 -aead -bytes 1350 -evp chacha20-poly1305" (3.0.19).
		{"openssl-3.0-speed-aead-chacha20-poly1305-1350.txt", 1350, 1116433.80},
		// "openssl speed -elapsed -seconds 1 -evp chacha20-poly1305": six sizes.
		{"openssl-3.0-speed-evp-chacha20-poly1305.txt", 16, 100316.18},
		{"openssl-3.0-speed-evp-chacha20-poly1305.txt", 64, 410560.90},
		{"openssl-3.0-speed-evp-chacha20-poly1305.txt", 16384, 1482539.01},
	} {
		out, err := os.ReadFile("testdata/" + tt.file)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseOpenSSLThroughput(out, "ChaCha20-Poly1305", tt.size)
		if err != nil {
			t.Errorf("%s, %d bytes: %v", tt.file, tt.size, err)
			continue
		}
		if want := float64(tt.size) * 1e6 / tt.rate; math.Abs(got-want) > 1e-9*want {
			t.Errorf("%s, %d bytes: %v ns, want %v", tt.file, tt.size, got, want)
		}
	}
}

func TestParseOpenSSLThroughputErrors(t *testing.T) {
	sample, err := os.ReadFile("testdata/openssl-3.0-speed-evp-chacha20-poly1305.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, out, row string
		size           int
	}{
		{"no such size", string(sample), "ChaCha20-Poly1305", 1350},
		{"no such row", string(sample), "AES-128-GCM", 64},
		{"row before header", "ChaCha20-Poly1305 1.0k\ntype 64 bytes\n", "ChaCha20-Poly1305", 64},
		{"no k suffix", "type 64 bytes\nChaCha20-Poly1305 100.0\n", "ChaCha20-Poly1305", 64},
		{"zero rate", "type 64 bytes\nChaCha20-Poly1305 0.00k\n", "ChaCha20-Poly1305", 64},
		{"missing column", "type 16 bytes 64 bytes\nChaCha20-Poly1305 5.00k\n", "ChaCha20-Poly1305", 64},
		{"longer name", "type 64 bytes\nChaCha20-Poly1305-X 5.00k\n", "ChaCha20-Poly1305", 64},
		{"empty", "", "ChaCha20-Poly1305", 64},
	} {
		if v, err := parseOpenSSLThroughput([]byte(tt.out), tt.row, tt.size); err == nil {
			t.Errorf("%s: parsed %v, want an error", tt.name, v)
		}
	}
}

// TestSpeedAEADWithoutOpenSSL checks that a ChaCha20-Poly1305 row times
// carry and Go only: openssl speed does not time whole records.
func TestSpeedAEADWithoutOpenSSL(t *testing.T) {
	code, stdout, stderr := runCarry(t, "speed", "-json", "-rounds", "1", "-time", "2ms", "chacha20poly1305-open-64")
	if code != 0 {
		t.Fatalf("exit code %d; stderr:\n%s", code, stderr)
	}
	if strings.Count(stdout, `"ns_per_op"`) != 2 || !strings.Contains(stdout, `"carry_vs_openssl": null`) {
		t.Errorf("want carry and Go numbers only:\n%s", stdout)
	}
}
