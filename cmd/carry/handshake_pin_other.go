//go:build !linux

package main

// serverCPU reports that the servers are not pinned: carry handshake pins
// them only on Linux.
func serverCPU() (cpu int, ok bool) { return 0, false }

// startPinned runs start; cpu is ignored.
func startPinned(cpu int, start func() error) error { return start() }
