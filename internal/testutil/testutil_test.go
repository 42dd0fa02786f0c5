package testutil

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestMustHex(t *testing.T) {
	if got := MustHex(t, "00ff10"); !bytes.Equal(got, []byte{0x00, 0xff, 0x10}) {
		t.Errorf("MustHex = %x", got)
	}
}

// TestRuns checks that -long takes precedence over -short, and -short over
// the normal count.
func TestRuns(t *testing.T) {
	if got := Runs(true, 10, 1000, 1); got != 1000 {
		t.Errorf("Runs with -long = %d, want 1000", got)
	}
	want := 10
	if testing.Short() {
		want = 1
	}
	if got := Runs(false, 10, 1000, 1); got != want {
		t.Errorf("Runs without -long = %d, want %d (short %v)", got, want, testing.Short())
	}
}

func TestRandReplays(t *testing.T) {
	const seed = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"
	t.Setenv(SeedEnv, seed)
	draw := func(t *testing.T) [2]uint64 {
		return [2]uint64{Rand(t).Uint64(), Rand(t).Uint64()}
	}
	var a, b [2]uint64
	t.Run("a", func(t *testing.T) {
		a = draw(t)
		if a[0] == a[1] {
			t.Errorf("two calls in one test gave the same stream")
		}
		// A rerun of the test starts its count again: the same streams.
		randMu.Lock()
		delete(randCalls, t.Name())
		randMu.Unlock()
		if again := draw(t); again != a {
			t.Errorf("replay gave %x, want %x", again, a)
		}
	})
	t.Run("b", func(t *testing.T) { b = draw(t) })
	if a == b {
		t.Errorf("tests of different names got the same streams")
	}
}

func TestRandBadSeed(t *testing.T) {
	t.Setenv(SeedEnv, "not hex")
	ft := &fatalTB{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		Rand(ft)
	}()
	<-done
	if !strings.Contains(ft.msg, SeedEnv) {
		t.Errorf("bad seed gave message %q, want one naming %s", ft.msg, SeedEnv)
	}
}

func TestOpenSSL(t *testing.T) {
	out := RunOpenSSL(t, nil, "version")
	if !bytes.Contains(out, []byte("SSL")) {
		t.Errorf("openssl version printed %q", out)
	}
}

// fatalTB records the message of a Fatalf and ends the goroutine, as the
// testing package does, without failing the enclosing test.
type fatalTB struct {
	testing.TB
	msg string
}

func (f *fatalTB) Helper() {}

func (f *fatalTB) Fatalf(format string, args ...any) {
	f.msg = fmt.Sprintf(format, args...)
	runtime.Goexit()
}
