package main

import (
	"strings"
	"testing"
)

func TestAuditCommand(t *testing.T) {
	code, stdout, stderr := runCarry(t, "audit")
	t.Log("\n" + stdout)
	if code != 0 || stderr != "" {
		t.Errorf("exit code %d, stderr %q; want 0 and nothing", code, stderr)
	}
	for _, name := range []string{"internal/field25519", "x25519", "x25519 (-tags purego)"} {
		if !strings.Contains(stdout, "\n"+name+": ") && !strings.HasPrefix(stdout, name+": ") {
			t.Errorf("no summary line for %s", name)
		}
	}
	if strings.Contains(stdout, "FAIL") {
		t.Error("a function failed the audit")
	}
}

func TestAuditVerbose(t *testing.T) {
	code, stdout, _ := runCarry(t, "audit", "-v", "x25519")
	if code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
	for _, want := range []string{"x25519.x25519 [objdump]: ", "loop back-edge", "allowed: ", "x25519 (-tags purego): "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("verbose output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "field25519: ") {
		t.Error("audited a package that was not asked for")
	}
}

func TestAuditBadArgs(t *testing.T) {
	code, stdout, stderr := runCarry(t, "audit", "nosuchpackage")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "internal/field25519") {
		t.Errorf("exit code %d, stdout %q, stderr %q; want 2 and the list of packages", code, stdout, stderr)
	}
	if code, stdout, _ := runCarry(t, "help", "audit"); code != 0 || !strings.Contains(stdout, "x25519") {
		t.Errorf("help audit: exit code %d, stdout %q", code, stdout)
	}
}
