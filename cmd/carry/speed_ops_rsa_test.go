package main

import (
	"fmt"
	"math"
	"testing"
)

// opensslRSASample is the end of "openssl speed -elapsed -seconds 1
// rsa2048" (OpenSSL 3.0): sign/s and verify/s in one row.
const opensslRSASample = `CPUINFO: OPENSSL_ia32cap=0xfffa32034f8bffff:0x1a415f46f1bf2ffb
                  sign    verify    sign/s verify/s
rsa 2048 bits 0.000390s 0.000020s   2566.7  49378.4
`

// TestRSAOpenSSLRows checks that the rsa2048 rows read their own column of
// OpenSSL's row: signing at 2566.7 a second, verifying at 49378.4.
func TestRSAOpenSSLRows(t *testing.T) {
	for name, rate := range map[string]float64{"rsa2048-sign": 2566.7, "rsa2048-verify": 49378.4} {
		o := findOp(name)
		if o == nil || o.openssl == nil {
			t.Fatalf("no op %s with an OpenSSL row", name)
		}
		got, err := parseOpenSSLSpeed([]byte(opensslRSASample), o.openssl.row, o.openssl.col)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-rate) > 1e-9*rate {
			t.Errorf("%s: parsed %v a second, want %v", name, got, rate)
		}
	}
}

// TestRSAOps checks that each row's carry setup agrees with the standard
// library and that every timed closure runs (with -short, the 2048-bit rows
// only: generating the larger keys is slow).
func TestRSAOps(t *testing.T) {
	for _, bits := range []int{2048, 3072, 4096} {
		for _, kind := range []string{"sign", "verify"} {
			name := fmt.Sprintf("rsa%d-%s", bits, kind)
			o := findOp(name)
			if o == nil {
				t.Fatalf("no op %s", name)
			}
			if bits != 2048 && testing.Short() {
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
