package main

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"
)

// A contender is one implementation of an op.
type contender int

const (
	carryImpl contender = iota
	stdImpl
	opensslImpl
	bsslImpl
	awslcImpl
	numImpls
)

var implNames = [numImpls]string{"carry", "Go std", "OpenSSL", "BoringSSL", "AWS-LC"}

// speedConfig holds the flags of "carry speed".
type speedConfig struct {
	rounds         int           // rounds of every contender
	perRound       time.Duration // time each Go contender runs per round
	openssl        string        // path of the openssl tool; "" to leave it out
	opensslRounds  int           // rounds that also run openssl speed
	opensslSeconds int           // -seconds given to openssl speed
	bssl           string        // path of BoringSSL's bssl tool; "" to leave it out
	awslc          string        // path of AWS-LC's bssl tool; "" to leave it out
}

// opResult holds the time per operation, in nanoseconds, of each contender
// in each round it ran.
type opResult struct {
	op  *op
	ns  [numImpls][]float64
	err [numImpls]error // why an outside tool (OpenSSL, BoringSSL, AWS-LC) has no time, if it ran and failed
}

// measure times ops and returns one result per op.
//
// Rounds alternate the contenders so that a change of machine load while it
// runs falls on all of them: each round runs every op's contenders once each,
// in a fresh random order, after a garbage collection. A Go contender runs
// for a short warm-up, then for cfg.perRound. OpenSSL, BoringSSL and AWS-LC
// run only in the first cfg.opensslRounds rounds, since each run costs at
// least a second (cfg.opensslSeconds, which bssl speed is given too). Ops
// whose records one bssl speed run prints take them from the round's first
// such run. progress, if not nil, is told what is about to run.
func measure(ops []*op, cfg speedConfig, progress func(string)) ([]opResult, error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()

	results := make([]opResult, len(ops))
	timed := make([][numImpls]func(), len(ops))
	for i, o := range ops {
		results[i].op = o
		var err error
		if timed[i][carryImpl], err = o.carry(); err != nil {
			return nil, fmt.Errorf("%s: carry: %v", o.name, err)
		}
		if timed[i][stdImpl], err = o.std(); err != nil {
			return nil, fmt.Errorf("%s: Go std: %v", o.name, err)
		}
	}

	warmUp := max(cfg.perRound/10, time.Millisecond)
	for r := range cfg.rounds {
		runs := bsslRuns{}
		for i, o := range ops {
			res := &results[i]
			order := []contender{carryImpl, stdImpl}
			for _, c := range []contender{opensslImpl, bsslImpl, awslcImpl} {
				if cfg.outside(c, o, runs) != nil && r < cfg.opensslRounds && res.err[c] == nil {
					order = append(order, c)
				}
			}
			rand.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
			for _, c := range order {
				if progress != nil {
					progress(fmt.Sprintf("round %d/%d: %s, %s", r+1, cfg.rounds, o.name, implNames[c]))
				}
				runtime.GC()
				if run := cfg.outside(c, o, runs); run != nil {
					if ns, err := run(); err != nil {
						res.err[c] = err
					} else {
						res.ns[c] = append(res.ns[c], ns)
					}
					continue
				}
				timeFor(timed[i][c], warmUp)
				res.ns[c] = append(res.ns[c], timeFor(timed[i][c], cfg.perRound))
			}
		}
	}
	return results, nil
}

// outside returns the run of the outside tool c (OpenSSL, or BoringSSL's or
// AWS-LC's bssl, which reuses the round's runs) on o, which returns its time
// per operation in nanoseconds; nil if c is a Go contender, the tool is left
// out, or it has no measurement of o.
func (cfg *speedConfig) outside(c contender, o *op, runs bsslRuns) func() (float64, error) {
	switch {
	case c == opensslImpl && cfg.openssl != "" && o.openssl != nil:
		return func() (float64, error) { return runOpenSSLSpeed(cfg.openssl, o.openssl, cfg.opensslSeconds) }
	case c == bsslImpl && cfg.bssl != "" && o.bssl != nil:
		return func() (float64, error) { return runBsslSpeed(cfg.bssl, o.bssl, cfg.opensslSeconds, runs) }
	case c == awslcImpl && cfg.awslc != "":
		if s := awslcSpeed(o); s != nil {
			return func() (float64, error) { return runBsslSpeed(cfg.awslc, s, cfg.opensslSeconds, runs) }
		}
	}
	return nil
}

// timeFor calls f repeatedly for at least d and returns the mean wall-clock
// time of one call, in nanoseconds. It reads the clock between batches of
// calls, sized to take about a fiftieth of d each, so that reading the clock
// costs nothing measurable.
func timeFor(f func(), d time.Duration) float64 {
	batch, calls := 1, 0
	start := time.Now()
	for {
		for range batch {
			f()
		}
		calls += batch
		elapsed := time.Since(start)
		if elapsed >= d {
			return float64(elapsed.Nanoseconds()) / float64(calls)
		}
		perCall := max(elapsed/time.Duration(calls), 1)
		batch = min(int((d/50)/perCall)+1, 2*batch)
	}
}

// summary is the median and range of one contender's rounds.
type summary struct {
	median, min, max float64
	rounds           int
}

// summarize returns the summary of ns; ok is false if ns is empty.
func summarize(ns []float64) (s summary, ok bool) {
	if len(ns) == 0 {
		return summary{}, false
	}
	sorted := slices.Sorted(slices.Values(ns))
	n := len(sorted)
	s.median = sorted[n/2]
	if n%2 == 0 {
		s.median = (sorted[n/2-1] + sorted[n/2]) / 2
	}
	s.min, s.max, s.rounds = sorted[0], sorted[n-1], n
	return s, true
}
