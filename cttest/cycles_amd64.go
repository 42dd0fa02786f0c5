//go:build amd64 && !purego

package cttest

// cyclesRDTSCP reads the time-stamp counter after all earlier instructions
// have executed, and before any later one starts.
//
//go:noescape
func cyclesRDTSCP() uint64

// cyclesLFENCE does the same as cyclesRDTSCP with LFENCE; RDTSC; LFENCE, for
// processors without RDTSCP.
//
//go:noescape
func cyclesLFENCE() uint64

// hasRDTSCP reports whether the processor implements RDTSCP.
func hasRDTSCP() bool

// cycleCounter reports that the clock is the processor's cycle counter,
// precise to a few cycles.
const cycleCounter = true

// newClock returns the function that reads the clock.
func newClock() func() uint64 {
	if hasRDTSCP() {
		return cyclesRDTSCP
	}
	return cyclesLFENCE
}
