//go:build !amd64 || purego

package cttest

import "time"

// clockBase is the origin of the monotonic clock read by nanotime.
var clockBase = time.Now()

// nanotime returns the nanoseconds since clockBase on the monotonic clock.
func nanotime() uint64 {
	return uint64(time.Since(clockBase))
}

// newClock returns the function that reads the clock.
func newClock() func() uint64 {
	return nanotime
}
