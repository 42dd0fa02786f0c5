//go:build !linux

package carry

import "time"

// threadCPUTime reports that the thread clock is not read outside Linux.
func threadCPUTime() (time.Duration, bool) { return 0, false }
