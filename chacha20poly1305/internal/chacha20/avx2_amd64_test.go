//go:build !purego

package chacha20

import (
	"bytes"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// TestAVX2MatchesPortable runs XORKeyStream on the AVX2 path (the eight-,
// six- and two-block kernels, and the keystream buffers of its tails)
// against the portable code at every length from 0 to 2100 bytes and at
// random lengths up to 64 KiB, in place and not, with random counters and
// counters whose segment ends at block 2^32 - 1, the last one XORKeyStream
// allows; it checks the counter each call leaves and that nothing past the
// output is written. With -long, 20 times over.
func TestAVX2MatchesPortable(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	var lengths []int
	for n := range 2101 {
		lengths = append(lengths, n)
	}
	for range trials(16) {
		lengths = append(lengths, rng.IntN(1<<16))
	}
	for range trials(1) {
		for _, n := range lengths {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			blocks := uint32((n + BlockSize - 1) / BlockSize)
			counter := rng.Uint32() >> 1
			if rng.IntN(3) == 0 {
				counter = -blocks // the last block is 2^32 - 1
			}
			src := make([]byte, n)
			fill(rng.Uint64, src)
			want := make([]byte, n)
			var ref State
			ref.Init(&key, &nonce, counter)
			if n > 0 {
				xorKeyStreamGeneric(&ref, want, src)
			}

			for _, inPlace := range []bool{false, true} {
				got := make([]byte, n+64)
				for i := range got {
					got[i] = 0xc3
				}
				in := src
				if inPlace {
					copy(got, src)
					in = got[:n]
				}
				var s State
				s.Init(&key, &nonce, counter).XORKeyStream(got[:n], in)
				if !bytes.Equal(got[:n], want) {
					t.Fatalf("%d bytes at counter %#x (in place: %v): differs from the portable code", n, counter, inPlace)
				}
				if !bytes.Equal(got[n:], bytes.Repeat([]byte{0xc3}, 64)) {
					t.Fatalf("%d bytes at counter %#x (in place: %v): wrote past the output", n, counter, inPlace)
				}
				if s != ref {
					t.Fatalf("%d bytes at counter %#x: counter %#x after, want %#x", n, counter, s[12], ref[12])
				}
			}
		}
	}
}

// TestVerticalAVX2CounterWrap runs chacha8AVX2 at counters whose eight lanes
// cross 2^32 within a chunk, where each lane's counter wraps to 0 as the
// portable code's does (XORKeyStream never uses those blocks, but its
// keystream buffers compute them): at every counter from 2^32 - 24 to
// 2^32 - 1, on one to three chunks.
func TestVerticalAVX2CounterWrap(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	for c := -24; c < 0; c++ {
		for chunks := 1; chunks <= 3; chunks++ {
			var key [KeySize]byte
			var nonce [NonceSize]byte
			fill(rng.Uint64, key[:])
			fill(rng.Uint64, nonce[:])
			var s State
			s.Init(&key, &nonce, uint32(c))
			src := make([]byte, 512*chunks)
			fill(rng.Uint64, src)
			want := make([]byte, len(src))
			ref := s
			xorKeyStreamGeneric(&ref, want, src)
			got := make([]byte, len(src))
			chacha8AVX2((*[16]uint32)(&s), got, src)
			if !bytes.Equal(got, want) {
				t.Fatalf("counter 2^32%d, %d chunks: differs from the portable code", c, chunks)
			}
		}
	}
}

// stackSink keeps poisonStack's buffer live.
var stackSink byte

// poisonStack fills 16 KiB of the goroutine's stack below its caller's
// frame with v, where the kernel its caller calls next has its frame.
//
//go:noinline
func poisonStack(v byte) {
	var buf [16 << 10]byte
	for i := range buf {
		buf[i] = v
	}
	stackSink ^= buf[int(v)*97%len(buf)]
}

// avx2Kernels are the AVX2 kernels with the multiple of src's length each
// takes.
var avx2Kernels = []struct {
	name  string
	f     func(s *[16]uint32, dst, src []byte)
	chunk int
}{
	{"chacha8AVX2", chacha8AVX2, 512},
}

// TestAVX2KernelsPoisonedStack calls each AVX2 kernel directly on one to
// five of its chunks (chacha8AVX2 also with 1, 63 and 511 bytes past its
// whole chunks, which it must leave), at random counters and counters
// whose lanes cross 2^32, on a stack filled with 0x00, 0xff or a random
// byte, in place and not, against the portable code: the keystream must
// match, the state must be left as it was, and dst past the kernel's
// chunks must be untouched.
func TestAVX2KernelsPoisonedStack(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	for _, k := range avx2Kernels {
		for chunks := 1; chunks <= 5; chunks++ {
			extras := []int{0}
			if k.chunk == 512 {
				extras = []int{0, 1, 63, 511}
			}
			for _, extra := range extras {
				for i := range trials(6) {
					var key [KeySize]byte
					var nonce [NonceSize]byte
					fill(rng.Uint64, key[:])
					fill(rng.Uint64, nonce[:])
					counter := rng.Uint32()
					if i%2 == 1 {
						counter = -uint32(1 + rng.IntN(8*chunks))
					}
					var s State
					s.Init(&key, &nonce, counter)
					n := k.chunk*chunks + extra
					src := make([]byte, n)
					fill(rng.Uint64, src)
					want := make([]byte, k.chunk*chunks)
					ref := s
					xorKeyStreamGeneric(&ref, want, src[:len(want)])
					poison := []byte{0, 0xff, byte(rng.Uint32())}[i%3]
					inPlace := i%4 >= 2
					got := bytes.Repeat([]byte{0xc3}, n+64)
					in := src
					if inPlace {
						copy(got, src)
						in = got[:n]
					}
					before := s
					poisonStack(poison)
					k.f((*[16]uint32)(&s), got[:n], in)
					if s != before {
						t.Fatalf("%s: %d chunks + %d: the kernel changed the state", k.name, chunks, extra)
					}
					if !bytes.Equal(got[:len(want)], want) {
						t.Fatalf("%s: %d chunks + %d, counter %#x, stack %#x, in place %v: differs from the portable code",
							k.name, chunks, extra, counter, poison, inPlace)
					}
					rest := got[len(want):]
					if inPlace {
						if !bytes.Equal(rest[:extra], src[len(want):]) || !bytes.Equal(rest[extra:], bytes.Repeat([]byte{0xc3}, 64)) {
							t.Fatalf("%s: %d chunks + %d: wrote past its whole chunks", k.name, chunks, extra)
						}
					} else if !bytes.Equal(rest, bytes.Repeat([]byte{0xc3}, extra+64)) {
						t.Fatalf("%s: %d chunks + %d: wrote past its whole chunks", k.name, chunks, extra)
					}
				}
			}
		}
	}
}

// keyStreamOnStack runs XORKeyStream on the AVX2 path over n bytes (at most 1100)
// of src, with the state and the output in this function's frame, after
// depth frames of keyStreamOnStack: chacha8AVX2, whose frame is too large for
// NOSPLIT, grows the stack in its prologue at some depth, and the runtime
// must move its arguments (the state, dst, and for a tail the keystream
// buffer in xorKeyStreamAVX2's frame) with it. It returns the output, the
// state after, and whether the stack moved during the call.
func keyStreamOnStack(s State, src []byte, depth int) (out [1100]byte, after State, moved bool) {
	if depth > 0 {
		var pad [96]byte
		pad[depth%len(pad)] = byte(depth)
		out, after, moved = keyStreamOnStack(s, src, depth-1)
		out[0] ^= pad[depth%len(pad)] ^ byte(depth)
		return out, after, moved
	}
	at := uintptr(unsafe.Pointer(&s))
	s.XORKeyStream(out[:len(src)], src)
	return out, s, uintptr(unsafe.Pointer(&s)) != at
}

// TestAVX2StackGrowth runs XORKeyStream on the AVX2 path by
// keyStreamOnStack in a new goroutine (whose stack starts small) at every depth
// from 0 to 150 frames, over 512 bytes (one chunk, chacha8AVX2 on src and
// dst) and 450 (a tail, chacha8AVX2 on xorKeyStreamAVX2's keystream
// buffer): the output and the state must be the portable code's, and the
// stack must have grown during the call at some depth.
func TestAVX2StackGrowth(t *testing.T) {
	testutil.SelectImplementation(t, "chacha20", "avx2")
	rng := testutil.Rand(t)
	for _, n := range []int{512, 450, 1100} {
		s := randState(rng)
		src := make([]byte, n)
		fill(rng.Uint64, src)
		want := make([]byte, n)
		ref := s
		xorKeyStreamGeneric(&ref, want, src)
		moves := 0
		for depth := 0; depth <= 150; depth++ {
			type result struct {
				out   [1100]byte
				after State
				moved bool
			}
			done := make(chan result)
			go func() {
				out, after, moved := keyStreamOnStack(s, src, depth)
				done <- result{out, after, moved}
			}()
			r := <-done
			if !bytes.Equal(r.out[:n], want) || r.after != ref {
				t.Fatalf("%d bytes, %d frames deep in a new goroutine: differs from the portable code", n, depth)
			}
			if r.moved {
				moves++
			}
		}
		if moves == 0 {
			t.Fatalf("%d bytes: the stack never grew during the calls: the test did not test it", n)
		}
		t.Logf("%d bytes: the stack moved during the call at %d of 151 depths", n, moves)
	}
}
