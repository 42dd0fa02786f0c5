package main

import (
	"bytes"
	"context"
	"testing"
	"time"
)

// sampled are the packages whose full runs are tallied in README.md; each
// has its mutants.txt.
var sampled = []string{
	"./hmac",
	"./internal/hmacstate",
	"./x25519",
}

// TestSampledMutants runs a few mutants of each tallied package, chosen by a
// fixed seed, so that a new survivor or a stale mutants.txt entry shows up
// between full runs. It skips the unmutated runs: "go test ./..." runs those
// tests anyway.
func TestSampledMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a package's tests once per mutant")
	}
	var out bytes.Buffer
	c := &config{
		out:           &out,
		dir:           "../..",
		sample:        6,
		seed:          20261205,
		timeout:       3 * time.Minute,
		purego:        true,
		skipUnmutated: true,
		noSelect:      true, // six mutants do not repay measuring coverage
	}
	start := time.Now()
	failed, err := c.runAll(context.Background(), sampled)
	t.Logf("%s(%s)", out.String(), time.Since(start).Round(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if failed {
		t.Error("a mutant survived that mutants.txt does not list, or an entry is stale: see the log, then run the package in full (go run ./internal/mutate PKG)")
	}
}
