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

// TestHelpCommand checks that a command's help, asked for in any of the
// usual ways, goes to stdout with exit code 0 and lists the ops aligned.
func TestHelpCommand(t *testing.T) {
	for _, args := range [][]string{{"help", "speed"}, {"speed", "-h"}, {"speed", "-help"}, {"speed", "--help"}, {"speed", "-rounds", "3", "-h"}} {
		code, stdout, stderr := runCarry(t, args...)
		if code != 0 || stderr != "" {
			t.Errorf("%v: exit code %d, stderr %q; want 0 and nothing", args, code, stderr)
		}
		column := -1
		for _, o := range ops {
			i := strings.Index(stdout, "\t"+o.name+" ")
			if i < 0 {
				t.Errorf("%v: help does not list op %q:\n%s", args, o.name, stdout)
				continue
			}
			line := stdout[i+1:]
			line = line[:strings.IndexByte(line, '\n')]
			desc := len(o.name) + len(line[len(o.name):]) - len(strings.TrimLeft(line[len(o.name):], " "))
			if column >= 0 && desc != column {
				t.Errorf("%v: op %q's description starts at column %d, others at %d", args, o.name, desc, column)
			}
			column = desc
		}
	}
	for _, name := range []string{"ct", "audit", "handshake"} {
		if code, stdout, stderr := runCarry(t, name, "-h"); code != 0 || stderr != "" || !strings.Contains(stdout, "usage: carry "+name) {
			t.Errorf("%s -h: exit code %d, stdout %q, stderr %q", name, code, stdout, stderr)
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
