package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

func init() {
	register("speed", command{
		summary: "time carry against Go's standard library, OpenSSL, BoringSSL and AWS-LC",
		run:     runSpeed,
	})
}

// runSpeed is "carry speed [flags] [op ...]".
func runSpeed(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("speed", flag.ContinueOnError)
	rounds := fs.Int("rounds", 7, "rounds of alternating measurements `n`")
	perRound := fs.Duration("time", 200*time.Millisecond, "time each Go contender runs per round")
	useOpenSSL := fs.Bool("openssl", true, "also time OpenSSL with the openssl tool, if it is on PATH")
	opensslRounds := fs.Int("openssl-rounds", 3, "rounds that also run openssl speed (each takes -openssl-seconds)")
	opensslSeconds := fs.Int("openssl-seconds", 1, "seconds of each openssl speed run")
	useBssl := fs.Bool("bssl", true, "also time BoringSSL with its bssl tool (bssl, or bssl-tool as Debian's android-boringssl names it), if it is on PATH, in the OpenSSL rounds")
	awslc := fs.String("awslc", os.Getenv("CARRY_AWSLC_BSSL"), "also time AWS-LC with the bssl tool at `path`, built from its source, in the OpenSSL rounds (default $CARRY_AWSLC_BSSL)")
	asJSON := fs.Bool("json", false, "write the results as JSON")
	fs.Usage = func() { speedUsage(fs) }
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}

	selected, err := selectOps(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "carry speed: %v\n", err)
		return 2
	}
	switch {
	case *rounds < 1:
		err = errors.New("-rounds must be at least 1")
	case *perRound <= 0:
		err = errors.New("-time must be positive")
	case *opensslRounds < 0:
		err = errors.New("-openssl-rounds must not be negative")
	case *opensslSeconds < 1:
		err = errors.New("-openssl-seconds must be at least 1")
	}
	if err != nil {
		fmt.Fprintf(stderr, "carry speed: %v\n", err)
		return 2
	}

	cfg := speedConfig{
		rounds:         *rounds,
		perRound:       *perRound,
		opensslRounds:  min(*opensslRounds, *rounds),
		opensslSeconds: *opensslSeconds,
	}
	if *useOpenSSL && cfg.opensslRounds > 0 {
		if p, err := exec.LookPath("openssl"); err == nil {
			cfg.openssl = p
		} else {
			fmt.Fprintln(stderr, "carry speed: openssl is not on PATH; the OpenSSL columns are left empty")
		}
	}

	if *useBssl && cfg.opensslRounds > 0 && slices.ContainsFunc(selected, func(o *op) bool { return o.bssl != nil }) {
		for _, name := range bsslTools {
			if p, err := exec.LookPath(name); err == nil {
				cfg.bssl = p
				break
			}
		}
		if cfg.bssl == "" {
			fmt.Fprintln(stderr, "carry speed: BoringSSL's bssl tool is not on PATH (Debian: apt-get install android-boringssl); the BoringSSL columns are left out")
		}
	}

	if *awslc != "" && cfg.opensslRounds > 0 && slices.ContainsFunc(selected, func(o *op) bool { return awslcSpeed(o) != nil }) {
		p, err := exec.LookPath(*awslc)
		if err != nil {
			fmt.Fprintf(stderr, "carry speed: AWS-LC's bssl: %v\n", err)
			return 2
		}
		cfg.awslc = p
		if sameFile(cfg.bssl, p) {
			// The bssl on PATH is AWS-LC's, whose records the BoringSSL rows do not read.
			cfg.bssl = ""
		}
	}

	progress, done := progressLine(stderr, "carry speed: ")
	results, err := measure(selected, cfg, progress)
	done()
	if err != nil {
		fmt.Fprintf(stderr, "carry speed: %v\n", err)
		return 1
	}
	for _, r := range results {
		for c, err := range r.err {
			if err != nil {
				fmt.Fprintf(stderr, "carry speed: %s: %s left out: %v\n", r.op.name, implNames[c], err)
			}
		}
	}
	if *asJSON {
		err = writeJSON(stdout, results, cfg)
	} else {
		err = writeTable(stdout, results, cfg)
	}
	if err != nil {
		fmt.Fprintf(stderr, "carry speed: %v\n", err)
		return 1
	}
	return 0
}

// sameFile reports whether the paths a and b name the same file.
func sameFile(a, b string) bool {
	fa, errA := os.Stat(a)
	fb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(fa, fb)
}

func speedUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, "usage: carry speed [flags] [op or group ...]\n\n"+
		"Times each op (all of them by default) in carry, in Go's standard library,\n"+
		"in OpenSSL and, for the rows their bssl tools measure, in BoringSSL and\n"+
		"(with -awslc) in AWS-LC, and prints the median time per operation and\n"+
		"the ratios.\n\nOps:\n\n")
	width := 0
	for _, o := range ops {
		width = max(width, len(o.name))
	}
	for _, o := range ops {
		fmt.Fprintf(w, "\t%-*s  %s\n", width, o.name, o.desc)
	}
	fmt.Fprint(w, "\nAn op's prefix up to a \"-\" or a size selects a group: ecdsa, ecdsa-p256,\n"+
		"rsa, rsa2048, chacha20poly1305-seal.\n\nFlags:\n\n")
	fs.PrintDefaults()
}

// selectOps returns the ops named, in the order named, or all of them if
// names is empty. A name that is not an op's names a group: every op whose
// name begins with it and goes on with "-" or, after a letter, a digit
// ("ecdsa", "ecdsa-p256", "rsa", "rsa2048", "chacha20poly1305-seal").
func selectOps(names []string) ([]*op, error) {
	if len(names) == 0 {
		return ops, nil
	}
	var selected []*op
	seen := map[*op]bool{}
	for _, name := range names {
		group := []*op{findOp(name)}
		if group[0] == nil {
			group = opGroup(name)
		}
		if len(group) == 0 {
			return nil, fmt.Errorf("unknown op or group %q; valid ops: %s", name, opNames())
		}
		for _, o := range group {
			if !seen[o] {
				seen[o] = true
				selected = append(selected, o)
			}
		}
	}
	return selected, nil
}

func findOp(name string) *op {
	for _, o := range ops {
		if o.name == name {
			return o
		}
	}
	return nil
}

// opGroup returns the ops of the group name, in the table's order.
func opGroup(name string) []*op {
	var group []*op
	for _, o := range ops {
		rest, ok := strings.CutPrefix(o.name, name)
		if !ok || rest == "" || name == "" {
			continue
		}
		last := name[len(name)-1]
		letterThenDigit := ('a' <= last && last <= 'z') && ('0' <= rest[0] && rest[0] <= '9')
		if rest[0] == '-' || letterThenDigit {
			group = append(group, o)
		}
	}
	return group
}

func opNames() string {
	names := make([]string, len(ops))
	for i, o := range ops {
		names[i] = o.name
	}
	return strings.Join(names, ", ")
}

// progressLine returns a function that shows a message on a single,
// rewritten line of w after prefix, and one that erases that line. Both do
// nothing unless w is a terminal.
func progressLine(w io.Writer, prefix string) (show func(string), erase func()) {
	f, ok := w.(*os.File)
	if !ok {
		return nil, func() {}
	}
	fi, err := f.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	const clear = "\r\033[K"
	show = func(msg string) { fmt.Fprint(f, clear+prefix+msg) }
	erase = func() { fmt.Fprint(f, clear) }
	return show, erase
}
