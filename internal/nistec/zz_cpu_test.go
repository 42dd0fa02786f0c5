//go:build n1cpu

package nistec

import (
	"crypto/rand"
	"io"
	"fmt"
	"runtime"
	"sort"
	"syscall"
	"testing"
)

func threadCPU() int64 {
	var ru syscall.Rusage
	syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru)
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// cpuMeasure returns the min and max thread CPU ns per op over rounds.
func cpuMeasure(f func(), iters, rounds int) (float64, float64) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var r []float64
	for range rounds {
		t0 := threadCPU()
		for range iters {
			f()
		}
		r = append(r, float64(threadCPU()-t0)/float64(iters))
	}
	sort.Float64s(r)
	return r[0], r[len(r)-1]
}

func TestCPUOps(t *testing.T) {
	for _, c := range []*curveCase{&p256Case, &p384Case, &p521Case} {
		priv, _ := c.ecdh.GenerateKey(nil2())
		pub := priv.PublicKey()
		k := priv.Bytes()
		var ops []struct{ name string; f func() }
		add := func(n string, f func()) { ops = append(ops, struct{ name string; f func() }{n, f}) }
		switch c {
		case &p256Case:
			q, _ := NewP256Point().ScalarBaseMult(k)
			add("ScalarBaseMult", func() { NewP256Point().ScalarBaseMult(k) })
			add("ScalarMult+X", func() { p, _ := NewP256Point().ScalarMult(q, k); p.BytesX() })
			add("VarTimeDouble", func() { NewP256Point().VarTimeDoubleScalarBaseMult(k, q, k) })
		case &p384Case:
			q, _ := NewP384Point().ScalarBaseMult(k)
			add("ScalarBaseMult", func() { NewP384Point().ScalarBaseMult(k) })
			add("ScalarMult+X", func() { p, _ := NewP384Point().ScalarMult(q, k); p.BytesX() })
			add("VarTimeDouble", func() { NewP384Point().VarTimeDoubleScalarBaseMult(k, q, k) })
		case &p521Case:
			q, _ := NewP521Point().ScalarBaseMult(k)
			add("ScalarBaseMult", func() { NewP521Point().ScalarBaseMult(k) })
			add("ScalarMult+X", func() { p, _ := NewP521Point().ScalarMult(q, k); p.BytesX() })
			add("VarTimeDouble", func() { NewP521Point().VarTimeDoubleScalarBaseMult(k, q, k) })
		}
		add("std ECDH", func() { priv.ECDH(pub) })
		add("std ECDH+NewPublicKey", func() { pk, _ := c.ecdh.NewPublicKey(pub.Bytes()); priv.ECDH(pk) })
		add("std PublicKey", func() { p, _ := c.ecdh.NewPrivateKey(k); p.PublicKey() })
		for _, o := range ops {
			lo, hi := cpuMeasure(o.f, 200, 7)
			fmt.Printf("%s %-16s %9.1f us %9.1f\n", c.params.Name, o.name, lo/1000, hi/1000)
		}
	}
}

func nil2() io.Reader { return rand.Reader }

func TestCPUField(t *testing.T) {
	var x4, y4 [4]uint64
	var x6, y6 [6]uint64
	var x9, y9 [9]uint64
	p256Invert(&x4, &p256RR); y4 = x4
	p384Invert(&x6, &p384RR); y6 = x6
	p521Invert(&x9, &p521Gx.l); y9 = x9
	for range 2 {
	lo, hi := cpuMeasure(func() { p256Mul(&x4, &x4, &y4) }, 2000000, 5)
	fmt.Printf("our256 mul %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { p384Mul(&x6, &x6, &y6) }, 2000000, 5)
	fmt.Printf("our384 mul %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { p384Square(&x6, &x6) }, 2000000, 5)
	fmt.Printf("our384 sq  %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { p384Add(&x6, &x6, &y6) }, 2000000, 5)
	fmt.Printf("our384 add  %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { p521Mul(&x9, &x9, &y9) }, 2000000, 5)
	fmt.Printf("our521 mul %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { p521Square(&x9, &x9) }, 2000000, 5)
	fmt.Printf("our521 sq  %6.1f %6.1f\n", lo, hi)
	}
}

func TestCPUPoint(t *testing.T) {
	g := NewP384Generator()
	h := NewP384Generator()
	h.Double(h)
	var table p384Table
	table.init(g)
	var tt P384Point
	for range 2 {
	lo, hi := cpuMeasure(func() { g.Double(g) }, 300000, 5)
	fmt.Printf("384 dbl %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { g.Add(g, h) }, 300000, 5)
	fmt.Printf("384 add %6.1f %6.1f\n", lo, hi)
	lo, hi = cpuMeasure(func() { table.selectInto(&tt, 7) }, 300000, 5)
	fmt.Printf("384 sel %6.1f %6.1f\n", lo, hi)
	}
}
