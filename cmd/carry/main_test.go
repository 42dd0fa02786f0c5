package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCarry runs carry in-process with args and returns its exit code and
// output.
func runCarry(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestDispatchUnknownCommand(t *testing.T) {
	code, stdout, stderr := runCarry(t, "frobnicate")
	if code != 2 {
		t.Errorf("exit code %d, want 2", code)
	}
	if stdout != "" {
		t.Errorf("wrote to stdout: %q", stdout)
	}
	if !strings.Contains(stderr, `unknown command "frobnicate"`) || !strings.Contains(stderr, "speed") {
		t.Errorf("stderr does not name the bad command and list the good ones:\n%s", stderr)
	}
}

func TestDispatchNoCommand(t *testing.T) {
	code, _, stderr := runCarry(t)
	if code != 2 || !strings.Contains(stderr, "Commands:") {
		t.Errorf("exit code %d, stderr:\n%s", code, stderr)
	}
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, stdout, _ := runCarry(t, "help")
	if code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
	if len(commands) == 0 {
		t.Fatal("no command registered")
	}
	for name, c := range commands {
		if c.summary == "" || c.run == nil {
			t.Errorf("command %q has no summary or no run function", name)
		}
		if !strings.Contains(stdout, name+"  ") {
			t.Errorf("help does not list %q:\n%s", name, stdout)
		}
	}
}

func TestHelpCommand(t *testing.T) {
	code, _, stderr := runCarry(t, "help", "speed")
	if code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
	for _, o := range ops {
		if !strings.Contains(stderr, o.name) {
			t.Errorf("speed help does not list op %q:\n%s", o.name, stderr)
		}
	}
	if code, _, _ := runCarry(t, "help", "frobnicate"); code != 2 {
		t.Errorf("help for an unknown command: exit code %d, want 2", code)
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("registering speed twice did not panic")
		}
	}()
	register("speed", commands["speed"])
}
