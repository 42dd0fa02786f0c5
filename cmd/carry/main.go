// Command carry measures carry against Go's standard library and OpenSSL, and
// runs carry's checks.
//
// Usage:
//
//	carry <command> [flags] [arguments]
//	carry help [command]
//
// Each command lives in its own file, which registers it from init with
// register. "carry help" lists them.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// A command is one subcommand of carry.
type command struct {
	// summary is one line for carry's command list.
	summary string
	// run runs the command with its arguments (the command name removed)
	// and returns the process exit code: 0 for success, 1 for a failure, 2
	// for a usage error. It writes only to stdout and stderr. "-h" asks it
	// for its usage.
	run func(args []string, stdout, stderr io.Writer) int
}

// commands maps each subcommand name to its command. Subcommand files fill
// it from init through register.
var commands = map[string]command{}

// register adds c under name. Registering a name twice is a programming
// error.
func register(name string, c command) {
	if _, dup := commands[name]; dup {
		panic("carry: internal error: command " + name + " registered twice")
	}
	commands[name] = c
}

func main() {
	maybeHandshakeServer()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches args to a subcommand and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			usage(stdout)
			return 0
		}
		name, rest = rest[0], []string{"-h"}
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "carry: unknown command %q\n\n", name)
		usage(stderr)
		return 2
	}
	return c.run(rest, stdout, stderr)
}

// usage writes carry's usage and command list to w.
func usage(w io.Writer) {
	names := make([]string, 0, len(commands))
	width := 0
	for name := range commands {
		names = append(names, name)
		width = max(width, len(name))
	}
	slices.Sort(names)
	var b strings.Builder
	b.WriteString("carry measures and checks carry's cryptography.\n\n")
	b.WriteString("Usage:\n\n\tcarry <command> [flags] [arguments]\n\nCommands:\n\n")
	for _, name := range names {
		fmt.Fprintf(&b, "\t%-*s  %s\n", width, name, commands[name].summary)
	}
	b.WriteString("\nRun \"carry help <command>\" for a command's flags.\n")
	io.WriteString(w, b.String())
}

// parseFlags parses a command's args into fs. A request for help (-h or
// -help) writes fs's usage to stdout and returns done with code 0; a bad
// flag writes the error and the usage to stderr and returns done with code
// 2.
func parseFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (done bool, code int) {
	var out bytes.Buffer
	fs.SetOutput(&out)
	err := fs.Parse(args)
	fs.SetOutput(stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		stdout.Write(out.Bytes())
		return true, 0
	case err != nil:
		stderr.Write(out.Bytes())
		return true, 2
	}
	return false, 0
}
