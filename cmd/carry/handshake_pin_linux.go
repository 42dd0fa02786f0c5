//go:build linux

package main

import (
	"fmt"
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// cpuSetSize is the number of CPUs a unix.CPUSet can hold.
const cpuSetSize = len(unix.CPUSet{}) * int(unsafe.Sizeof(unix.CPUSet{}[0])) * 8

// serverCPU returns the CPU the servers are pinned to: the last of those
// this process may run on, if it may run on more than one. ok is false
// otherwise.
func serverCPU() (cpu int, ok bool) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil || set.Count() < 2 {
		return 0, false
	}
	for c := cpuSetSize - 1; c >= 0; c-- {
		if set.IsSet(c) {
			return c, true
		}
	}
	return 0, false
}

// startPinned runs start, which starts a process, on a thread pinned to
// cpu, so that the process begins its life on that CPU alone (and Go's
// runtime in it sizes GOMAXPROCS to one); a cpu below zero pins nothing.
func startPinned(cpu int, start func() error) error {
	if cpu < 0 {
		return start()
	}
	errc := make(chan error, 1)
	go func() {
		// The thread is never unlocked: it ends with this goroutine, and
		// its narrowed affinity with it.
		runtime.LockOSThread()
		var one unix.CPUSet
		one.Set(cpu)
		if err := unix.SchedSetaffinity(0, &one); err != nil {
			errc <- fmt.Errorf("pinning to CPU %d: %v", cpu, err)
			return
		}
		errc <- start()
	}()
	return <-errc
}
