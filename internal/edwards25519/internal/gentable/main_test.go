package main

import (
	"bytes"
	"math/big"
	"os"
	"path/filepath"
	"testing"
)

// TestTableIsCurrent regenerates table_base.go in memory and checks that it
// equals the committed file, so the table is never stale.
func TestTableIsCurrent(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", "table_base.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("table_base.go is stale: run go generate in internal/edwards25519")
	}
}

// TestBasepointOrder checks the affine addition law and the basepoint: B has
// order L (RFC 8032, Section 5.1), so L·B, computed by double-and-add over
// the bits of L, is the identity (0, 1).
func TestBasepointOrder(t *testing.T) {
	B, err := basepoint()
	if err != nil {
		t.Fatal(err)
	}
	L, _ := new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)
	acc := point{big.NewInt(0), big.NewInt(1)}
	for i := L.BitLen() - 1; i >= 0; i-- {
		acc = add(acc, acc)
		if L.Bit(i) == 1 {
			acc = add(acc, B)
		}
	}
	if acc.x.Sign() != 0 || acc.y.Cmp(big.NewInt(1)) != 0 {
		t.Errorf("L·B = (%v, %v), want (0, 1)", acc.x, acc.y)
	}
}
