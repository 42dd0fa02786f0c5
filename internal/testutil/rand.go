package testutil

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	mathrand "math/rand/v2"
	"os"
	"sync"
	"testing"
)

// SeedEnv names the environment variable that fixes the seed of Rand: 64
// hexadecimal digits, as printed by a failing test.
const SeedEnv = "CARRY_SEED"

// processSeed is the seed used when SeedEnv is unset: random, and one per
// process, so that a failure's logged seed replays every Rand of the run.
var processSeed = sync.OnceValue(func() [32]byte {
	var s [32]byte
	rand.Read(s[:])
	return s
})

var (
	randMu    sync.Mutex
	randCalls = map[string]int{} // test name -> Rand calls so far
)

// Rand returns a deterministic pseudo-random generator (ChaCha8) for t.
//
// Its seed is derived from a root seed, the test's name and how many times the
// test has called Rand before, so that a test sees the same stream whatever
// other tests run and in which order. The root seed is read from SeedEnv if
// set, and is otherwise random; if t fails, the root seed is logged as a
// CARRY_SEED=... assignment that replays the failure.
func Rand(t testing.TB) *mathrand.Rand {
	t.Helper()
	root := processSeed()
	if env, ok := os.LookupEnv(SeedEnv); ok {
		b, err := hex.DecodeString(env)
		if err != nil || len(b) != len(root) {
			t.Fatalf("carry/testutil: %s must be %d hexadecimal digits, got %q", SeedEnv, 2*len(root), env)
		}
		copy(root[:], b)
	}

	randMu.Lock()
	n := randCalls[t.Name()]
	randCalls[t.Name()] = n + 1
	randMu.Unlock()

	h := sha256.New()
	h.Write([]byte("carry testutil.Rand\x00"))
	h.Write(root[:])
	h.Write([]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)})
	h.Write([]byte(t.Name()))
	var seed [32]byte
	h.Sum(seed[:0])

	if n == 0 {
		t.Cleanup(func() {
			if t.Failed() {
				t.Logf("random inputs came from %s=%x", SeedEnv, root)
			}
		})
	}
	return mathrand.New(mathrand.NewChaCha8(seed))
}
