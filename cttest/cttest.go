package cttest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
	"time"
)

// Threshold is the |t| at and above which a Result is leaky.
const Threshold = 4.5

// defaultMeasurements is the number of measurements when Config leaves it 0.
const defaultMeasurements = 1_000_000

// Config configures a run. The zero value runs the default number of
// measurements on empty records.
type Config struct {
	// Measurements is the number of measurements over both classes, not
	// counting the warm-up; 0 means the default, 1,000,000.
	Measurements int
	// RecordSize is the size in bytes of one input record.
	RecordSize int
	// Control runs the control experiment: both groups are prepared as
	// the random class (prepare is called with class 1 for every record)
	// while the group labels are still assigned at random, so that |t|
	// measures what the harness and the machine leak by themselves.
	Control bool
}

// Result is the outcome of a run.
type Result struct {
	// MaxT is the largest |t| of Welch's t-test over all measurements and
	// over the crops.
	MaxT float64
	// Measurements is the number of measurements analyzed.
	Measurements int
	// MeanDiffNS is mean(class 1) - mean(class 0), over all measurements,
	// in nanoseconds.
	MeanDiffNS float64
	// MedianDiffNS is median(class 1) - median(class 0), in nanoseconds.
	MedianDiffNS float64
	// RelDiff is MeanDiffNS as a fraction of MeanNS.
	RelDiff float64
	// MeanNS is the mean time of one measurement over both classes, in
	// nanoseconds.
	MeanNS float64
	// Crop names the test that gave MaxT: "all" for all measurements, or
	// "pX" for the measurements up to the X-th percentile of the pooled
	// distribution.
	Crop string
}

// Leaky reports whether MaxT reaches Threshold.
func (r Result) Leaky() bool {
	return r.MaxT >= Threshold
}

// String returns r on one line: |t| and where it was found, the number of
// measurements and the effect sizes.
func (r Result) String() string {
	verdict := "ok"
	if r.Leaky() {
		verdict = "LEAKY"
	}
	return fmt.Sprintf("|t| = %.2f (%s, crop %s), n = %d, mean %s, mean diff %s (%+.3g%%), median diff %s",
		r.MaxT, verdict, r.Crop, r.Measurements, formatNS(r.MeanNS, false),
		formatNS(r.MeanDiffNS, true), 100*r.RelDiff, formatNS(r.MedianDiffNS, true))
}

// formatNS formats a duration in nanoseconds with three significant digits
// and a unit, with a sign if signed.
func formatNS(ns float64, signed bool) string {
	sign := ""
	if signed && ns >= 0 {
		sign = "+"
	}
	a := math.Abs(ns)
	switch {
	case a >= 1e6:
		return fmt.Sprintf("%s%.3g ms", sign, ns/1e6)
	case a >= 1e3:
		return fmt.Sprintf("%s%.3g µs", sign, ns/1e3)
	default:
		return fmt.Sprintf("%s%.3g ns", sign, ns)
	}
}

// Run measures op on cfg.Measurements records, each prepared beforehand by
// prepare(class, rec) with class 0 (fixed) or 1 (random), and returns the
// result of the fixed-versus-random test.
//
// The classes are interleaved in a random order, measurement by
// measurement. prepare is called outside the timed region, on a zeroed
// record of cfg.RecordSize bytes, and must fill it; it may keep no reference
// to rec. Each measurement copies its record into one buffer shared by all
// measurements and times op on that buffer, which op may modify. Neither
// function is called concurrently.
//
// Run locks the goroutine to its thread and turns the garbage collector off
// while it measures. It panics if cfg.Measurements or cfg.RecordSize is
// negative.
func Run(cfg Config, prepare func(class int, rec []byte), op func(rec []byte)) Result {
	n := cfg.Measurements
	if n == 0 {
		n = defaultMeasurements
	}
	size := cfg.RecordSize
	if n < 0 || size < 0 {
		panic("carry/cttest: negative Config.Measurements or Config.RecordSize")
	}
	warm := min(max(n/100, 1000), 10_000)
	total := warm + n

	// Group labels for every measurement, drawn before anything is timed.
	rng := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	classes := make([]uint8, total)
	for i := 0; i < total; i += 64 {
		bits := rng.Uint64()
		for j := i; j < min(i+64, total); j++ {
			classes[j] = uint8(bits & 1)
			bits >>= 1
		}
	}
	// In control mode every record is prepared as class 1: or-ing the label
	// with ctl keeps the preparation free of a branch on the mode.
	ctl := 0
	if cfg.Control {
		ctl = 1
	}

	batch := batchLen(size, total)
	recs := make([]byte, batch*size)
	buf := make([]byte, size)
	times := make([]uint64, total)
	now := newClock()

	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	runtime.GC()
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	gc := newCollector()

	wall0, tick0 := time.Now(), now()
	for start := 0; start < total; start += batch {
		m := min(batch, total-start)
		for i := range m {
			rec := recs[i*size : (i+1)*size : (i+1)*size]
			clear(rec)
			prepare(int(classes[start+i])|ctl, rec)
		}
		gc.collectIfNeeded()
		measure(recs[:m*size], buf, times[start:start+m], op, now)
	}
	tick1, wall := now(), time.Since(wall0)

	nsPerTick := 1.0
	if tick1 > tick0 {
		nsPerTick = float64(wall.Nanoseconds()) / float64(tick1-tick0)
	}
	return analyze(times[warm:], classes[warm:], nsPerTick)
}

// measure times op on each record of recs (len(times) records of len(buf)
// bytes), copying it into buf first, and stores the clock ticks in times.
// It does not know the classes.
func measure(recs, buf []byte, times []uint64, op func([]byte), now func() uint64) {
	size := len(buf)
	for i := range times {
		copy(buf, recs[i*size:(i+1)*size])
		t0 := now()
		op(buf)
		times[i] = now() - t0
	}
}

// batchLen returns how many records to prepare at a time: about 1 MiB of
// them, at least 64 and at most 65,536 or total.
func batchLen(size, total int) int {
	b := 1 << 16
	if size > 0 {
		b = min(max((1<<20)/size, 64), b)
	}
	return min(b, total)
}

// collector runs the garbage collector between batches when prepare or op
// has allocated much since the last collection, since it is off while
// measuring.
type collector struct {
	sample [1]metrics.Sample
	last   uint64
}

// newCollector returns a collector that counts allocations from now on.
func newCollector() *collector {
	c := &collector{}
	c.sample[0].Name = "/gc/heap/allocs:bytes"
	c.last = c.allocated()
	return c
}

// allocated returns the bytes allocated on the heap since the program
// started.
func (c *collector) allocated() uint64 {
	metrics.Read(c.sample[:])
	if c.sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return c.sample[0].Value.Uint64()
}

// collectIfNeeded collects if more than 64 MiB were allocated since the
// collector was made or last collected.
func (c *collector) collectIfNeeded() {
	if v := c.allocated(); v-c.last > 64<<20 {
		runtime.GC()
		c.last = v
	}
}

// Check runs Run, logs the result line with t.Log and fails the test with
// t.Errorf if the result is leaky. It returns the result.
func Check(t testing.TB, cfg Config, prepare func(class int, rec []byte), op func(rec []byte)) Result {
	t.Helper()
	r := Run(cfg, prepare, op)
	t.Log(r.String())
	if r.Leaky() {
		t.Errorf("cttest: timing depends on the class: %v", r)
	}
	return r
}
