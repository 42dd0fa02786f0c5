package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/carry-crypto/carry/internal/ctaudit"
)

func init() {
	register("audit", command{
		summary: "audit the compiled secret-handling functions for branches and divisions",
		run:     runAudit,
	})
}

// runAudit is "carry audit [flags] [package ...]".
func runAudit(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit", flag.ContinueOnError)
	verbose := fs.Bool("v", false, "print every function's report, not only the failures and a summary")
	fs.Usage = func() { auditUsage(fs) }
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	targets, err := selectTargets(fs.Args())
	if err != nil {
		fmt.Fprintf(stderr, "carry audit: %v\n", err)
		return 2
	}

	dir, err := os.MkdirTemp("", "carry-audit")
	if err != nil {
		fmt.Fprintf(stderr, "carry audit: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)

	code := 0
	for _, t := range targets {
		name := targetName(t)
		reports, unlisted, err := ctaudit.AuditTarget(dir, t)
		if err != nil {
			fmt.Fprintf(stderr, "carry audit: %s: %v\n", name, err)
			return 1
		}
		// An assembly function has two reports, its own and its wrapper's.
		funcs, failedFuncs := map[string]bool{}, map[string]bool{}
		for _, r := range reports {
			funcs[r.Symbol] = true
			if !r.OK() {
				failedFuncs[r.Symbol] = true
			}
			if *verbose || !r.OK() {
				fmt.Fprintln(stdout, r)
			}
		}
		for _, s := range unlisted {
			fmt.Fprintf(stdout, "%s: neither audited nor declared public in ctaudit.Targets\n", s)
		}
		verdict := "ok"
		if len(failedFuncs) > 0 || len(unlisted) > 0 {
			verdict = "FAIL"
			code = 1
		}
		fmt.Fprintf(stdout, "%s: %d functions audited, %d failed, %d unlisted: %s\n", name, len(funcs), len(failedFuncs), len(unlisted), verdict)
	}
	return code
}

// targetName names a target: its package path within the module, its
// build tags, and its GOARCH unless amd64.
func targetName(t ctaudit.Target) string {
	name := strings.TrimPrefix(t.Package, "github.com/carry-crypto/carry/")
	if len(t.Tags) > 0 {
		name += " (-tags " + strings.Join(t.Tags, ",") + ")"
	}
	if t.Arch != "" {
		name += " (GOARCH=" + t.Arch + ")"
	}
	return name
}

// selectTargets returns the targets whose package is one of names (a path
// within the module, such as x25519 or internal/field25519), or all of them
// if names is empty.
func selectTargets(names []string) ([]ctaudit.Target, error) {
	if len(names) == 0 {
		return ctaudit.Targets, nil
	}
	var selected []ctaudit.Target
	var all []string
	for _, t := range ctaudit.Targets {
		short := strings.TrimPrefix(t.Package, "github.com/carry-crypto/carry/")
		if !slices.Contains(all, short) {
			all = append(all, short)
		}
		if slices.Contains(names, short) || slices.Contains(names, t.Package) {
			selected = append(selected, t)
		}
	}
	for _, n := range names {
		if !slices.Contains(all, strings.TrimPrefix(n, "github.com/carry-crypto/carry/")) {
			return nil, fmt.Errorf("unknown package %q; audited packages: %s", n, strings.Join(all, ", "))
		}
	}
	return selected, nil
}

func auditUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, "usage: carry audit [flags] [package ...]\n\n"+
		"Compiles each audited package (all of them by default) for linux/amd64,\n"+
		"disassembles it, and checks every secret-handling function that\n"+
		"internal/ctaudit lists: no conditional jump but stack checks, panic checks,\n"+
		"and exactly the listed loop jumps and public branches; no division; no\n"+
		"indirect jump. Also fails on a function of the package that is not listed.\n"+
		"Run it inside the carry module: it runs the go command.\n\nPackages:\n\n")
	seen := map[string]bool{}
	for _, t := range ctaudit.Targets {
		if name := targetName(t); !seen[name] {
			seen[name] = true
			fmt.Fprintf(w, "\t%s: %d functions\n", name, len(t.Funcs))
		}
	}
	fmt.Fprint(w, "\nFlags:\n\n")
	fs.PrintDefaults()
}
