package cttest_test

import (
	"crypto/rand"
	"crypto/subtle"
	"fmt"

	"github.com/carry-crypto/carry/cttest"
)

// sink keeps the compiler from discarding the work of the timed functions.
var sink int

// Example times two ways to compare a 32-byte input with a secret:
// crypto/subtle's, which reads every byte whatever they hold, and a loop
// that stops at the first byte that differs. The fixed class is the secret
// itself, so that the loop runs to its end; the random class is random
// bytes, on which it stops at once.
func Example() {
	secret := make([]byte, 32)
	rand.Read(secret)
	prepare := func(class int, rec []byte) {
		if class == 0 {
			copy(rec, secret)
		} else {
			rand.Read(rec)
		}
	}
	cfg := cttest.Config{Measurements: 50_000, RecordSize: 32}

	// leaks reports whether op's time depends on the class. A busy machine
	// can flag a run now and then, so a flagged run is measured again.
	leaks := func(op func(rec []byte)) bool {
		return cttest.Run(cfg, prepare, op).Leaky() && cttest.Run(cfg, prepare, op).Leaky()
	}

	fmt.Println("subtle.ConstantTimeCompare leaks:", leaks(func(rec []byte) {
		sink += subtle.ConstantTimeCompare(rec, secret)
	}))
	fmt.Println("early-exit loop leaks:", leaks(func(rec []byte) {
		for i := range rec {
			if rec[i] != secret[i] {
				return
			}
		}
		sink++
	}))
	// Output:
	// subtle.ConstantTimeCompare leaks: false
	// early-exit loop leaks: true
}
