package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"text/tabwriter"

	"golang.org/x/sys/cpu"

	"github.com/carry-crypto/carry"
)

func init() {
	register("version", command{
		summary: "print carry's version, the Go version, the CPU and the kernels carry selected on it",
		run:     runVersion,
	})
}

// A kernelChoice is a choice of code that one of carry's packages makes when
// the program starts, from the CPU's features: the first of its options
// whose features the CPU has, else the fallback.
type kernelChoice struct {
	// name is the choice's key in "carry speed -json": the package's last
	// path element and a word.
	name string
	// pkg is the package that chooses, relative to the module.
	pkg string
	// what says what the choice is for.
	what     string
	options  []kernelOption
	fallback string
}

// A kernelOption is one kernel of a kernelChoice.
type kernelOption struct {
	kernel string
	// needs lists the features the package asks for, as the names of
	// cpu.X86's fields without "Has".
	needs []string
	// source and variable name the file of pkg, and the package-level
	// variable in it, that make the choice (the tests check needs against
	// the variable's initializer).
	source, variable string
}

// kernelTable lists every choice of a kernel by the CPU in carry's
// packages. All of the assembly is for amd64 and left out by the purego
// build tag: elsewhere every choice is portable Go.
var kernelTable = []kernelChoice{
	{name: "bigmod.mul", pkg: "internal/bigmod", what: "Montgomery multiplication (RSA)", fallback: "portable",
		options: []kernelOption{{"ADX/BMI2", []string{"BMI2", "ADX"}, "mont_arch_amd64.go", "useADX"}}},
	{name: "bigmod.exp", pkg: "internal/bigmod", what: "exponentiation modulo 1024 to 4096 bits", fallback: "Montgomery multiplication",
		options: []kernelOption{{"AVX-512 IFMA", []string{"AVX512F", "AVX512IFMA", "AVX512VL", "BMI2"}, "ifma_amd64.go", "useIFMA"}}},
	{name: "nistec.field", pkg: "internal/nistec", what: "P-256 and P-521 fields, inversion", fallback: "portable",
		options: []kernelOption{{"ADX/BMI2", []string{"BMI2", "ADX"}, "cpu_amd64.go", "useADX"}}},
	{name: "nistec.scan", pkg: "internal/nistec", what: "P-256 table scans", fallback: "SSE2",
		options: []kernelOption{{"AVX-512", []string{"AVX512F", "AVX512VL"}, "cpu_amd64.go", "useAVX512"}}},
	{name: "field25519.mul", pkg: "internal/field25519", what: "Curve25519 field (Ed25519)", fallback: "portable",
		options: []kernelOption{{"ADX/BMI2", []string{"BMI2", "ADX"}, "fe_arch_amd64.go", "useBMI2"}}},
	{name: "edwards25519.scan", pkg: "internal/edwards25519", what: "fixed-base table scan", fallback: "portable",
		options: []kernelOption{{"AVX2", []string{"AVX2"}, "scan_arch_amd64.go", "useAVX2"}}},
	{name: "x25519.ladder", pkg: "x25519", what: "Montgomery ladder", fallback: "portable",
		options: []kernelOption{{"ADX/BMI2", []string{"BMI2", "ADX"}, "x25519_amd64.go", "useADX"}}},
	{name: "chacha20.xor", pkg: "chacha20poly1305/internal/chacha20", what: "ChaCha20 keystream", fallback: "portable",
		options: []kernelOption{
			{"AVX-512", []string{"AVX512F", "AVX512BW", "BMI2"}, "chacha20_amd64.go", "useAVX512"},
			{"AVX2", []string{"AVX2"}, "chacha20_amd64.go", "useAVX2"},
		}},
	{name: "poly1305.blocks", pkg: "chacha20poly1305/internal/poly1305", what: "Poly1305 blocks", fallback: "portable",
		options: []kernelOption{{"BMI2 (MULX)", []string{"BMI2"}, "sum_amd64.go", "useMULX"}}},
	{name: "poly1305.long", pkg: "chacha20poly1305/internal/poly1305", what: "Poly1305 of 256 bytes and more", fallback: "Poly1305 blocks",
		options: []kernelOption{{"AVX-512 IFMA", []string{"BMI2", "AVX512F", "AVX512VL", "AVX512IFMA"}, "sum_amd64.go", "useIFMA"}}},
	{name: "chacha20poly1305.short", pkg: "chacha20poly1305", what: "fused Seal and Open, short messages", fallback: "ChaCha20, then Poly1305",
		options: []kernelOption{
			{"AVX-512", []string{"AVX512F", "AVX512BW", "AVX512VL", "BMI2"}, "fused_amd64.go", "useFused"},
			{"AVX2", []string{"AVX2", "BMI2"}, "fused_avx2_amd64.go", "haveAVX2Fused"},
		}},
	{name: "chacha20poly1305.long", pkg: "chacha20poly1305", what: "fused Seal and Open, long messages", fallback: "ChaCha20, then Poly1305",
		options: []kernelOption{{"AVX-512 IFMA", []string{"AVX512F", "AVX512BW", "AVX512VL", "BMI2", "AVX512IFMA"}, "chunks_amd64.go", "haveChunks"}}},
}

// chosen returns the kernel of c that runs: the first option whose
// features has reports, if assembly is built, else the fallback or, without
// assembly, "portable".
func (c *kernelChoice) chosen(assembly bool, has func(feature string) bool) string {
	if !assembly {
		return "portable"
	}
	for _, o := range c.options {
		if !slices.ContainsFunc(o.needs, func(f string) bool { return !has(f) }) {
			return o.kernel
		}
	}
	return c.fallback
}

// hasFeature reports whether cpu.X86 has the feature named (a field name
// without "Has"). An unknown name panics: kernelTable is wrong.
func hasFeature(name string) bool {
	f := reflect.ValueOf(cpu.X86).FieldByName("Has" + name)
	if !f.IsValid() {
		panic("carry: internal error: cpu.X86 has no feature " + name)
	}
	return f.Bool()
}

// assemblyBuilt reports whether carry's assembly is in this binary: on
// amd64, unless it was built with the purego tag (which the build settings
// of the binary record), and why not.
func assemblyBuilt() (bool, string) {
	if runtime.GOARCH != "amd64" {
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
	assembly, _ := assemblyBuilt()
	m := make(map[string]string, len(kernelTable))
	for i := range kernelTable {
		m[kernelTable[i].name] = kernelTable[i].chosen(assembly, hasFeature)
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
		fmt.Fprintf(tw, "%s\t%s\t%s\n", c.pkg, c.what, c.chosen(assembly, has))
	}
	tw.Flush()
}
