//go:build linux

package main

import (
	"os/exec"
	"testing"

	"golang.org/x/sys/unix"
)

// TestStartPinned starts a process pinned to each CPU this one may use, in
// turn, and checks that the process may run on that CPU alone, and that the
// starting process's own threads keep their CPUs.
func TestStartPinned(t *testing.T) {
	if testing.Short() {
		// test.sh's arm64 run is under qemu-user, where a fork from this
		// pinned thread once never returned (the child qemu hung before
		// its exec, 7 minutes, in CI). startPinned has no arm64 code of
		// its own; the native run covers it.
		t.Skip("starts processes from a pinned thread; run without -short")
	}
	var all unix.CPUSet
	if err := unix.SchedGetaffinity(0, &all); err != nil {
		t.Fatal(err)
	}
	for cpu := range cpuSetSize {
		if !all.IsSet(cpu) {
			continue
		}
		cmd := exec.Command("sleep", "10")
		if err := startPinned(cpu, cmd.Start); err != nil {
			t.Fatalf("CPU %d: %v", cpu, err)
		}
		var set unix.CPUSet
		err := unix.SchedGetaffinity(cmd.Process.Pid, &set)
		cmd.Process.Kill()
		cmd.Wait()
		if err != nil {
			t.Fatal(err)
		}
		if set.Count() != 1 || !set.IsSet(cpu) {
			t.Errorf("started on CPU %d, the process's CPUs are %v", cpu, set)
		}
		var now unix.CPUSet
		if err := unix.SchedGetaffinity(0, &now); err != nil {
			t.Fatal(err)
		}
		if now != all {
			t.Fatalf("after starting on CPU %d, this thread's CPUs are %v, want %v", cpu, now, all)
		}
	}
	if cpu, ok := serverCPU(); ok && !all.IsSet(cpu) {
		t.Errorf("serverCPU() = %d, not one of %v", cpu, all)
	}
}
