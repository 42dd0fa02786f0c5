package main

import (
	"fmt"
	"math"
	"testing"
)

// opensslECSample is the end of "openssl speed -elapsed -seconds 1
// ecdhp256 ecdsap256" (OpenSSL 3.0): op/s for ECDH, sign/s and verify/s for
// ECDSA, each table under its own header.
const opensslECSample = `CPUINFO: OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb
                              sign    verify    sign/s verify/s
 256 bits ecdsa (nistp256)   0.0000s   0.0001s  36849.0  11884.0
                              op      op/s
 256 bits ecdh (nistp256)   0.0001s  14859.0
`

// TestECOpenSSLRows checks that the P-256 rows read their own column of
// OpenSSL's tables.
func TestECOpenSSLRows(t *testing.T) {
	for name, rate := range map[string]float64{"ecdh-p256": 14859.0, "ecdsa-p256-sign": 36849.0, "ecdsa-p256-verify": 11884.0} {
		o := findOp(name)
		if o == nil || o.openssl == nil {
			t.Fatalf("no op %s with an OpenSSL row", name)
		}
		got, err := parseOpenSSLSpeed([]byte(opensslECSample), o.openssl.row, o.openssl.col)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-rate) > 1e-9*rate {
			t.Errorf("%s: parsed %v a second, want %v", name, got, rate)
		}
	}
}

// TestECOps checks that each row's carry setup agrees with the standard
// library and that every timed closure runs (with -short, the P-256 rows
// only).
func TestECOps(t *testing.T) {
	for _, bits := range []int{256, 384, 521} {
		for _, kind := range []string{"ecdh-p%d", "ecdsa-p%d-sign", "ecdsa-p%d-verify"} {
			name := fmt.Sprintf(kind, bits)
			o := findOp(name)
			if o == nil {
				t.Fatalf("no op %s", name)
			}
			if o.openssl == nil || len(o.openssl.algs) != 1 {
				t.Errorf("%s: no OpenSSL row", name)
			}
			if bits != 256 && testing.Short() {
				continue
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
}
