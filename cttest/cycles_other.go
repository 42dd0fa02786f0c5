//go:build !amd64 || purego

package cttest

import "time"

// clockBase is the origin of the monotonic clock read by nanotime.
var clockBase = time.Now()

// nanotime returns the nanoseconds since clockBase on the monotonic clock.
func nanotime() uint64 {
	return uint64(time.Since(clockBase))
}

// cycleCounter reports that the clock is the processor's cycle counter; here
// it is the operating system's monotonic clock, whose reads cost tens of
// nanoseconds and more under emulation.
const cycleCounter = false

// newClock returns the function that reads the clock.
func newClock() func() uint64 {
	return nanotime
}
