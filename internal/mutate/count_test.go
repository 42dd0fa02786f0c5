package main

import (
	"bytes"
	"testing"
)

// TestSlowdown checks that only the count guard's rises kill a mutant: a
// fall (an improvement to re-record) or another failure does not.
func TestSlowdown(t *testing.T) {
	out := []byte("op  path  table  now  change\n" +
		"FAIL: path default: x ran \"a\", the table's \"b\"\n" +
		"FAIL: x25519 on default: 90 instructions, -10.00% below the table's 100: an improvement: re-record the table to keep it\n" +
		"FAIL: ed25519-verify on default: 769208 instructions, +2.72% above the table's 748850: a slowdown\n")
	if got, want := slowdown(out), "ed25519-verify on default: 769208 instructions, +2.72% above the table's 748850: a slowdown"; got != want {
		t.Errorf("slowdown = %q, want %q", got, want)
	}
	if got := slowdown(out[:bytes.LastIndex(out, []byte("FAIL: ed25519"))]); got != "" {
		t.Errorf("slowdown without a rise = %q", got)
	}
}
