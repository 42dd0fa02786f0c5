package main

import (
	"math"
	"testing"
)

// opensslEd25519Sample is the end of "openssl speed -elapsed -seconds 1
// ed25519" (OpenSSL 3.0.19): sign/s and verify/s in one row.
const opensslEd25519Sample = `CPUINFO: OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb
                              sign    verify    sign/s verify/s
 253 bits EdDSA (Ed25519)   0.0001s   0.0001s  19637.0   8025.0
`

// TestEd25519OpenSSLRows checks that the Ed25519 rows read their own column
// of OpenSSL's row: signing at 19637.0 a second, verifying at 8025.0, and the
// batch row 64 verifications.
func TestEd25519OpenSSLRows(t *testing.T) {
	for name, rate := range map[string]float64{"ed25519-sign": 19637.0, "ed25519-verify": 8025.0} {
		o := findOp(name)
		if o == nil || o.openssl == nil {
			t.Fatalf("no op %s with an OpenSSL row", name)
		}
		got, err := parseOpenSSLSpeed([]byte(opensslEd25519Sample), o.openssl.row, o.openssl.col)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-rate) > 1e-9*rate {
			t.Errorf("%s: parsed %v a second, want %v", name, got, rate)
		}
	}
	o := findOp("ed25519-verify-batch64")
	if o == nil || o.openssl == nil || o.openssl.parse == nil {
		t.Fatal("no op ed25519-verify-batch64 with an OpenSSL parser")
	}
	ns, err := o.openssl.parse([]byte(opensslEd25519Sample))
	if err != nil {
		t.Fatal(err)
	}
	if want := 64 * 1e9 / 8025.0; math.Abs(ns-want) > 1e-9*want {
		t.Errorf("ed25519-verify-batch64: parsed %v ns, want %v", ns, want)
	}
}

// TestEd25519Ops checks that each row's carry setup agrees with the
// standard library and that every timed closure runs.
func TestEd25519Ops(t *testing.T) {
	for _, name := range []string{"ed25519-sign", "ed25519-verify", "ed25519-verify-batch64"} {
		o := findOp(name)
		if o == nil {
			t.Fatalf("no op %s", name)
		}
		for side, setup := range map[string]func() (func(), error){"carry": o.carry, "std": o.std} {
			f, err := setup()
			if err != nil {
				t.Fatalf("%s, %s: %v", name, side, err)
			}
			f()
		}
	}
}
