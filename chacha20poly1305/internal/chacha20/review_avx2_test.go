//go:build amd64 && !purego && linux

package chacha20

// A second reader's tests of the AVX2 kernels (chacha8AVX2, and the
// six- and two-block kernels its tails share the path with): each call on
// a stack poisoned with non-zero bytes, so that a slot of the vertical
// state read before it is written (the c words swapped through the stack,
// the first column round's words) changes the keystream; src and dst
// against unmapped pages, so that a byte read or written outside them
// faults; and the state, and dst past the whole chunks, left as they were.

import (
	"bytes"
	"syscall"
	"testing"
	"unsafe"

	"github.com/carry-crypto/carry/internal/testutil"
)

// rvSink keeps rvPoisonStack's buffer live.
var rvSink byte

// rvPoisonStack fills 16 KiB of the goroutine's stack below its caller's
// frame with v, where the kernel its caller calls next has its frame.
//
//go:noinline
func rvPoisonStack(v byte) {
	var buf [16 << 10]byte
	for i := range buf {
		buf[i] = v
	}
	rvSink ^= buf[int(v)*97%len(buf)]
}

// rvGuarded returns pages bytes of memory whose neighbouring pages are
// not mapped, and a function that unmaps them.
func rvGuarded(t *testing.T, pages int) (mem []byte, free func()) {
	ps := syscall.Getpagesize()
	all, err := syscall.Mmap(-1, 0, (pages+2)*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mprotect(all[:ps], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mprotect(all[(pages+1)*ps:], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	return all[ps : (pages+1)*ps : (pages+1)*ps], func() { syscall.Munmap(all) }
}

// rvAVX2Kernels are the AVX2 kernels with the multiple of src's length each
// takes.
var rvAVX2Kernels = []struct {
	name  string
	f     func(s *[16]uint32, dst, src []byte)
	chunk int
}{
	{"chacha8AVX2", chacha8AVX2, 512},
	{"chacha6AVX2", chacha6AVX2, 384},
	{"chacha2AVX2", chacha2AVX2, 128},
}

// TestAVX2ReviewKernelsPoisoned calls each AVX2 kernel directly on one to
// five of its chunks (chacha8AVX2 also with 1, 63 and 511 bytes past its
// whole chunks, which it must leave), at random counters and counters
// whose lanes cross 2^32, on a stack filled with 0x00, 0xff or a random
// byte, in place and not, against the portable code: the keystream must
// match, the state must be left as it was, and dst past the kernel's
// chunks must be untouched.
func TestAVX2ReviewKernelsPoisoned(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	rng := testutil.Rand(t)
	for _, k := range rvAVX2Kernels {
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
					rvPoisonStack(poison)
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

// TestAVX2ReviewGuardPages runs each AVX2 kernel with src and dst each
// against an unmapped page, after it and before it, on one to three of its
// chunks, and XORKeyStream on the AVX2 path at every length from 1 to
// 2100 bytes (its tails through the keystream buffers) with src and dst
// ending against an unmapped page: a byte read or written outside them
// would fault.
func TestAVX2ReviewGuardPages(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer UseImplementation("avx2")()
	rng := testutil.Rand(t)
	srcMem, freeSrc := rvGuarded(t, 1)
	defer freeSrc()
	dstMem, freeDst := rvGuarded(t, 1)
	defer freeDst()
	var key [KeySize]byte
	var nonce [NonceSize]byte
	fill(rng.Uint64, key[:])
	fill(rng.Uint64, nonce[:])
	place := func(mem []byte, n int, atEnd bool) []byte {
		if atEnd {
			return mem[len(mem)-n:]
		}
		return mem[:n:n]
	}
	for _, k := range rvAVX2Kernels {
		for chunks := 1; chunks <= 3; chunks++ {
			n := k.chunk * chunks
			if n > len(srcMem) {
				continue
			}
			for _, atEnd := range []bool{true, false} {
				var s State
				s.Init(&key, &nonce, rng.Uint32())
				src, dst := place(srcMem, n, atEnd), place(dstMem, n, !atEnd)
				fill(rng.Uint64, src)
				want := make([]byte, n)
				ref := s
				xorKeyStreamGeneric(&ref, want, src)
				k.f((*[16]uint32)(&s), dst, src)
				if !bytes.Equal(dst, want) {
					t.Fatalf("%s: %d chunks, src at end %v: differs from the portable code", k.name, chunks, atEnd)
				}
			}
		}
	}
	for n := 1; n <= 2100; n++ {
		if n > len(srcMem) {
			break
		}
		var s State
		s.Init(&key, &nonce, rng.Uint32()>>1)
		src, dst := place(srcMem, n, true), place(dstMem, n, true)
		fill(rng.Uint64, src)
		want := make([]byte, n)
		ref := s
		xorKeyStreamGeneric(&ref, want, src)
		s.XORKeyStream(dst, src)
		if !bytes.Equal(dst, want) || s != ref {
			t.Fatalf("%d bytes against the page's end: differs from the portable code", n)
		}
	}
}

// rvOnStack runs XORKeyStream on the AVX2 path over n bytes (at most 1100)
// of src, with the state and the output in this function's frame, after
// depth frames of rvOnStack: chacha8AVX2, whose frame is too large for
// NOSPLIT, grows the stack in its prologue at some depth, and the runtime
// must move its arguments (the state, dst, and for a tail the keystream
// buffer in xorKeyStreamAVX2's frame) with it. It returns the output, the
// state after, and whether the stack moved during the call.
func rvOnStack(s State, src []byte, depth int) (out [1100]byte, after State, moved bool) {
	if depth > 0 {
		var pad [96]byte
		pad[depth%len(pad)] = byte(depth)
		out, after, moved = rvOnStack(s, src, depth-1)
		out[0] ^= pad[depth%len(pad)] ^ byte(depth)
		return out, after, moved
	}
	at := uintptr(unsafe.Pointer(&s))
	s.XORKeyStream(out[:len(src)], src)
	return out, s, uintptr(unsafe.Pointer(&s)) != at
}

// TestAVX2ReviewStackGrowth runs XORKeyStream on the AVX2 path by
// rvOnStack in a new goroutine (whose stack starts small) at every depth
// from 0 to 150 frames, over 512 bytes (one chunk, chacha8AVX2 on src and
// dst) and 450 (a tail, chacha8AVX2 on xorKeyStreamAVX2's keystream
// buffer): the output and the state must be the portable code's, and the
// stack must have grown during the call at some depth.
func TestAVX2ReviewStackGrowth(t *testing.T) {
	if !haveAVX2 {
		t.Skip("the CPU has no AVX2")
	}
	defer UseImplementation("avx2")()
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
				out, after, moved := rvOnStack(s, src, depth)
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
