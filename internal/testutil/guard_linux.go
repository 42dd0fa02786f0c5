package testutil

import (
	"syscall"
	"testing"
)

// GuardedPages returns pages pages of memory whose neighbouring pages are
// not mapped, so that a read or write past either end faults. They are
// unmapped when tb ends.
func GuardedPages(tb testing.TB, pages int) []byte {
	tb.Helper()
	ps := syscall.Getpagesize()
	all, err := syscall.Mmap(-1, 0, (pages+2)*ps, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { syscall.Munmap(all) })
	if err := syscall.Mprotect(all[:ps], syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	if err := syscall.Mprotect(all[(pages+1)*ps:], syscall.PROT_NONE); err != nil {
		tb.Fatal(err)
	}
	return all[ps : (pages+1)*ps : (pages+1)*ps]
}
