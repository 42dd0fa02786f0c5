package main

import (
	"math"
	"testing"
)

// opensslHMACSample is the end of "openssl speed -elapsed -seconds 1 -hmac
// sha256 -bytes 32" (OpenSSL 3.0.19).
const opensslHMACSample = `CPUINFO: OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb
The 'numbers' are in 1000s of bytes per second processed.
type             32 bytes
hmac(sha256)     68397.02k
`

// TestKDFOpenSSLRow checks that the hmac-sha256-32 row reads OpenSSL's
// time per MAC from its table: 32 bytes at 68397.02 thousand bytes a
// second.
func TestKDFOpenSSLRow(t *testing.T) {
	o := findOp("hmac-sha256-32")
	if o == nil || o.openssl == nil || o.openssl.parse == nil {
		t.Fatal("no hmac-sha256-32 op with an OpenSSL parser")
	}
	got, err := o.openssl.parse([]byte(opensslHMACSample))
	if err != nil {
		t.Fatal(err)
	}
	if want := 32 * 1e6 / 68397.02; math.Abs(got-want) > 1e-9*want {
		t.Errorf("parsed %v ns, want %v", got, want)
	}
}

// TestKDFOps checks that each row's carry setup agrees with the standard
// library (the setup refuses to time a wrong answer) and that every timed
// closure runs.
func TestKDFOps(t *testing.T) {
	for _, name := range []string{"hmac-sha256-32", "tls13-expand-label", "tls13-schedule"} {
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
