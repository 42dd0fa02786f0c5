package main

import (
	"flag"
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/carry-crypto/carry"
	"github.com/carry-crypto/carry/internal/impl"
)

func init() {
	register("version", command{
		summary: "print carry's version, the Go version, the CPU and the kernels carry selected on it",
		run:     runVersion,
	})
}

// A kernelChoice is a choice of code that one of carry's packages makes
// when the program starts, from the CPU's features: the first of its
// options whose features the CPU has, else the fallback. The choices are
// internal/impl's registrations, grouped by package and Choice.
type kernelChoice struct {
	// name is the choice's key in "carry speed -json": the package's name
	// and the choice's.
	name string
	// pkg is the package that chooses, by its name.
	pkg string
	// what says what the choice is for.
	what     string
	options  []kernelOption
	fallback string
	// built is whether the build has the options' code (amd64 without
	// the purego tag).
	built bool
}

// A kernelOption is one kernel of a kernelChoice.
type kernelOption struct {
	kernel string
	// needs lists the features the package asks for, as the names of
	// cpu.X86's fields without "Has".
	needs []string
}

// kernelTable lists every choice of a kernel by the CPU in carry's
// packages, in the order of registration.
var kernelTable = kernelsOf(impl.All())

// kernelsOf groups the registrations rs into choices.
func kernelsOf(rs []impl.Registration) []kernelChoice {
	var table []kernelChoice
	for _, r := range rs {
		name := r.Package + "." + r.Choice
		k := slices.IndexFunc(table, func(c kernelChoice) bool { return c.name == name })
		if k < 0 {
			table = append(table, kernelChoice{name: name, pkg: r.Package, what: r.For, fallback: r.Else})
			k = len(table) - 1
		}
		table[k].options = append(table[k].options, kernelOption{r.Kernel, r.Needs})
		table[k].built = table[k].built || r.Built
	}
	return table
}

// chosen returns the kernel of c that runs on a CPU with the features has
// reports: the first option whose features it has, else the fallback; or
// "portable" if the build has no assembly.
func (c *kernelChoice) chosen(has func(feature string) bool) string {
	if !c.built {
		return "portable"
	}
	for _, o := range c.options {
		if !slices.ContainsFunc(o.needs, func(f string) bool { return !has(f) }) {
			return o.kernel
		}
	}
	return c.fallback
}

// hasFeature reports whether the CPU has the feature named (a field name
// of cpu.X86 without "Has"), as internal/impl sees it.
func hasFeature(name string) bool { return impl.Has(name) }

// assemblyBuilt reports whether carry's assembly is in this binary: on
// amd64 and arm64, unless it was built with the purego tag (which the build
// settings of the binary record), and why not.
func assemblyBuilt() (bool, string) {
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		return false, "no assembly for " + runtime.GOARCH
	}
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "-tags" && slices.Contains(strings.Split(s.Value, ","), "purego") {
				return false, "built with the purego tag"
			}
		}
	}
	return true, ""
}

// kernelChoices returns the kernel each choice of kernelTable made on this
// CPU, by the choice's name.
func kernelChoices() map[string]string {
	m := make(map[string]string, len(kernelTable))
	for i := range kernelTable {
		m[kernelTable[i].name] = kernelTable[i].chosen(hasFeature)
	}
	return m
}

// runVersion is "carry version".
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("version", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), "usage: carry version\n\n"+
			"Prints carry's version, the Go version and platform, the CPU and its\n"+
			"features that carry looks for, and for each of carry's packages the\n"+
			"kernel it selected on this CPU (\"portable\" is Go code without\n"+
			"assembly). GODEBUG=cpu.<feature>=off turns a feature off for a run,\n"+
			"as for the standard library.\n")
	}
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(stderr, "carry version: no arguments expected")
		return 2
	}
	writeVersion(stdout, cpuModel(), hasFeature)
	return 0
}

// writeVersion writes carry version's report, for a CPU named cpuName
// (unknown if "") with the features has reports.
func writeVersion(w io.Writer, cpuName string, has func(string) bool) {
	assembly, why := assemblyBuilt()
	build := "assembly where the CPU has the features"
	if !assembly {
		build = "portable Go only: " + why
	}
	if cpuName == "" {
		cpuName = "unknown"
	}
	var features []string
	for _, c := range kernelTable {
		for _, o := range c.options {
			for _, f := range o.needs {
				if has(f) && !slices.Contains(features, f) {
					features = append(features, f)
				}
			}
		}
	}
	slices.Sort(features)
	if len(features) == 0 {
		features = []string{"none"}
	}

	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "carry\t%s\n", carry.Version)
	fmt.Fprintf(tw, "go\t%s\n", runtime.Version())
	fmt.Fprintf(tw, "platform\t%s/%s\n", runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(tw, "cpu\t%s\n", cpuName)
	fmt.Fprintf(tw, "features\t%s\n", strings.Join(features, " "))
	fmt.Fprintf(tw, "build\t%s\n", build)
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "package\tfor\tkernel\n")
	for i := range kernelTable {
		c := &kernelTable[i]
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.pkg, c.what, c.chosen(has))
	}
	tw.Flush()
}
