// Package cttest measures whether a function's running time depends on its
// input, with the fixed-versus-random test of dudect (O. Reparaz, J. Balasch,
// I. Verbauwhede, "Dude, is my code constant time?", DATE 2017,
// https://eprint.iacr.org/2016/1123).
//
// # The test
//
// Two classes of inputs are timed: class 0, the fixed class, and class 1,
// the random class. [Run] asks the caller to prepare one input record per
// measurement, with prepare(class, rec), before any timing starts, then
// times op on each record in an order where the classes are interleaved at
// random, measurement by measurement. Welch's t-test then compares the two
// distributions of running times: over all measurements, and over several
// crops that keep only the measurements below an upper percentile of the
// pooled distribution (the crops discard the long tail of interrupts and
// preemptions, which hides small differences). The largest |t| over these
// tests is reported; |t| >= [Threshold] (4.5) means the two classes take
// different times, with a chance of a false alarm below 1e-5 for a harness
// that does not leak itself.
//
// # Choosing the classes
//
// The fixed class should be a small pool of fixed values (for example 16
// sparse scalars) of which each measurement takes one at random, not one
// value repeated back to back: see [FixedPool]. One value timed again and
// again changes the running time of constant-time code through the CPU
// itself (caches, predictors and the like warmed by exactly the same
// operands): Go's own P-256 crypto/ecdh NewPrivateKey, a constant-time
// implementation, was measured at |t| of 15 to 48 with one repeated key, and
// about 1 with a pool of 16 keys. Whether the effect shows depends on the
// machine and on the harness, so the pool is the safe choice. A good fixed
// class holds the values most likely to expose a leak: sparse values, all
// zeros, all ones, values next to the modulus, and so on.
//
// # Reading a result
//
// |t| says how sure the test is that the classes differ, not by how much: at
// 10^6 measurements a difference of a fraction of a nanosecond can reach |t|
// of 10. [Result] therefore reports the effect size beside |t|: the
// difference of the mean and of the median running times of the two classes
// in nanoseconds, and the mean difference as a fraction of the mean time.
// Two kinds of findings look alike in |t| and differ in effect size:
//
//   - a code-level leak, a branch, an early exit or a memory index that
//     depends on the secret, costs whole instructions, cache misses or
//     mispredictions: typically nanoseconds to microseconds, a large fraction
//     of the difference of the medians;
//   - an operand-level CPU effect, a constant-time instruction sequence whose
//     time varies with the values it carries, is tiny: Go's P-256 ECDH, with
//     a fixed pool, shows about 5 ns in 52 µs (1e-4 of the time) and yet |t|
//     of 12 to 34 at 10^5 measurements, while its control run stays clean.
//
// The second kind is below what a remote attacker can resolve and is not a
// bug in the code, but it is still reported: the verdict is |t| alone, and
// the reader weighs the effect size.
//
// # Control mode
//
// With [Config.Control] set, both groups are prepared as the random class
// (prepare is always called with class 1) while the group labels are still
// drawn at random. Any |t| then measures the harness itself, the order of the
// measurements and the noise of the machine: it must stay under the
// threshold, and a run whose control fails says nothing about the function.
//
// # The harness
//
// Every record is prepared in advance in a batch, and before each
// measurement it is copied into one buffer shared by all measurements, so
// where a record lies in memory cannot show in the time; the timed loop does
// not look at the class. The goroutine is locked to its OS thread and the
// garbage collector is off while measuring (a collection runs between
// batches if op allocates). Before the counted measurements, 1% more (at
// least 1000, at most 10,000) warm up the caches and predictors and are
// discarded. On amd64 the clock is
// the processor's time-stamp counter, read with RDTSCP (or LFENCE; RDTSC),
// converted to nanoseconds by timing the run against the wall clock; on other
// architectures, and with the purego build tag, it is the monotonic clock of
// package time.
package cttest
