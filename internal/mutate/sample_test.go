package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"
	"time"
)

// sampled are the packages whose full runs are tallied in README.md, each
// with its mutants.txt, and for a package tallied in part, the files so far
// (match), the tests that cannot see a mutant (skip) and the count guard's
// ops, where the tally has mutants that only it kills (count).
var sampled = []struct{ pkg, match, skip, count string }{
	{pkg: "./hmac"},
	{pkg: "./internal/hmacstate"},
	{pkg: "./x25519"},
	{pkg: "./chacha20poly1305/internal/chacha20", skip: `^TestGenerated.*IsCurrent$`},
	{pkg: "./chacha20poly1305/internal/poly1305", skip: `^TestGenerated.*IsCurrent$`},
	{pkg: "./chacha20poly1305",
		skip: `^TestGenerated.*IsCurrent$`, count: "chacha20poly1305-seal-64,chacha20poly1305-seal-1024,chacha20poly1305-seal-1350,chacha20poly1305-seal-16384"},
	{pkg: "./internal/edwards25519",
		skip:  `^TestGenerated.*IsCurrent$|^TestFieldGeneratorCopy$`,
		count: "ed25519-sign,ed25519-verify,ed25519-verify-batch64,x25519-base"},
	{pkg: "./internal/bingcd", skip: `^TestGenerated.*IsCurrent$`},
	{pkg: "./internal/field25519", skip: `^TestGeneratedAsmIsCurrent$`},
	{pkg: "./internal/nistec", match: `^([a-z0-9_]+|_asm/[a-z0-9_]+|_gen/(template|vartime|point|mersenne|arch|bingcd|field|product|mularch|main|table|elem|arm64))\.go `,
		skip: `^TestGenerated.*IsCurrent$`, count: "ecdh-p256,ecdsa-p256-sign,ecdsa-p384-verify,ecdsa-p521-verify"},
	{pkg: "./internal/bigmod", match: `^(arith|choice|exp|nat|mont|modulus|mont_arch_amd64|ifma_noasm|mont_noasm|radix52|mont_generic|_asm/[a-z0-9_]+|_gen/main)\.go `,
		skip: `^TestGenerated.*(IsCurrent|AreCurrent)$`, count: "rsa2048-sign,rsa3072-sign,rsa2048-verify"},
}

// TestSampledMutants runs a few mutants of each tallied package, chosen by a
// fixed seed, so that a new survivor or a stale mutants.txt entry shows up
// between full runs. It skips the unmutated runs: "go test ./..." runs those
// tests anyway.
func TestSampledMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a package's tests once per mutant")
	}
	if puregoTag {
		t.Skip("the sampled mutants are built in both builds whatever the tags of this test; the default run tests them")
	}
	var out bytes.Buffer
	start := time.Now()
	failed := false
	for _, sp := range sampled {
		c := &config{
			out:           &out,
			dir:           "../..",
			sample:        6,
			seed:          20261205,
			timeout:       3 * time.Minute,
			purego:        true,
			qemu:          findQEMU(),
			skip:          sp.skip,
			skipUnmutated: true,
			noSelect:      true, // six mutants do not repay measuring coverage
			toolexec:      testExecutable(t),
		}
		if sp.match != "" {
			c.match = regexp.MustCompile(sp.match)
		}
		if sp.count != "" {
			c.countOps = strings.Split(sp.count, ",")
		}
		f, err := c.runAll(context.Background(), []string{sp.pkg})
		if err != nil {
			t.Logf("%s(%s)", out.String(), time.Since(start).Round(time.Second))
			t.Fatal(err)
		}
		failed = failed || f
	}
	t.Logf("%s(%s)", out.String(), time.Since(start).Round(time.Second))
	if failed {
		t.Error("a mutant survived that mutants.txt does not list, or an entry is stale: see the log, then run the package in full (go run ./internal/mutate PKG)")
	}
}
