// Package impl is the registry of carry's optional implementations: code,
// assembly so far, that a package runs only where the CPU has the features
// it needs, while a package-level bool of the package is true. Each
// package registers each of its implementations once, at initialisation,
// in every build (as not built where the build has no assembly: other
// architectures, the purego tag), and Register sets the bool from the CPU.
// Tests select one implementation, or none (the base: the code that runs
// on every CPU), through the registry; carry version reports from it what
// runs.
//
// The functions are not safe for concurrent use, and a selection changes
// what every caller of the package runs: tests select while no other
// goroutine runs the package's code.
package impl

import (
	"slices"
	"strings"

	"golang.org/x/sys/cpu"
)

// An Implementation describes an optional implementation of some of a
// package's work.
type Implementation struct {
	// Package is the registering package's name, not its path: "poly1305".
	Package string
	// Name is the implementation's name within Package, short and lower
	// case ("ifma"): tests select it and name its subtests by it.
	Name string
	// Needs lists the CPU features it needs, by the names of cpu.X86's
	// or cpu.ARM64's fields without "Has" ("BMI2", "AVX512IFMA", "ASIMD").
	Needs []string

	// Choice, For, Kernel and Else describe the implementation in carry
	// version's report, which has a line for each choice of code that a
	// package makes: Choice is the choice's key within the package ("long"
	// for "poly1305.long"), For the work it chooses code for, Kernel this
	// implementation's name there ("AVX-512 IFMA"), and Else the code that
	// runs when the implementations of the choice are built but off
	// ("portable" if empty). The implementations of a package with the
	// same Choice are alternatives: the first registered that is on runs.
	Choice, For, Kernel, Else string
}

// A Registration is an implementation as the registry holds it.
type Registration struct {
	Implementation
	// Built is whether the build has the implementation's code (it was
	// registered with a bool), Available whether the CPU also has its
	// features, and On whether it runs now.
	Built, Available, On bool
}

// registry holds the implementations in the order of registration.
var registry []entry

type entry struct {
	Implementation
	on        *bool // nil if not built
	available bool
}

// Register records i, with on, the bool that the package's code reads (it
// runs i while *on is true), or nil if this build does not have i's code.
// It sets *on to whether the CPU has every feature of i.Needs. i must have
// a Package without a slash, a Name new in its Package, at least one
// feature that Has knows, and a Choice: Register panics otherwise.
// Packages call it from init functions, in every build, so that the
// registry lists the same implementations everywhere.
func Register(i Implementation, on *bool) {
	if i.Package == "" || strings.Contains(i.Package, "/") || i.Name == "" || len(i.Needs) == 0 || i.Choice == "" {
		panic("carry/impl: incomplete registration of " + i.Package + " " + i.Name)
	}
	if find(i.Package, i.Name) != nil {
		panic("carry/impl: " + i.Package + " registers " + i.Name + " twice")
	}
	available := on != nil
	for _, f := range i.Needs {
		available = Has(f) && available
	}
	i.Needs = slices.Clone(i.Needs)
	if i.Else == "" {
		i.Else = "portable"
	}
	if on != nil {
		*on = available
	}
	registry = append(registry, entry{i, on, available})
}

// find returns the entry of pkg's implementation name, or nil.
func find(pkg, name string) *entry {
	for k := range registry {
		if registry[k].Package == pkg && registry[k].Name == name {
			return &registry[k]
		}
	}
	return nil
}

// List returns the names of pkg's implementations in the order of
// registration, those the CPU lacks included. It returns none for a
// package that registered none.
func List(pkg string) []string {
	var names []string
	for _, e := range registry {
		if e.Package == pkg {
			names = append(names, e.Name)
		}
	}
	return names
}

// All returns every implementation registered, in the order of
// registration.
func All() []Registration {
	all := make([]Registration, len(registry))
	for k, e := range registry {
		all[k] = Registration{Implementation: e.Implementation, Built: e.on != nil, Available: e.available}
		all[k].Needs = slices.Clone(e.Needs)
		if e.on != nil {
			all[k].On = *e.on
		}
	}
	return all
}

// Available reports whether pkg's implementation name is built and the CPU
// has its features. It panics if there is no such implementation.
func Available(pkg, name string) bool {
	e := find(pkg, name)
	if e == nil {
		panic("carry/impl: " + pkg + " has no implementation " + name)
	}
	return e.available
}

// Select sets the bools of pkg's implementations as the package would set
// them on a CPU that had exactly the features of its implementation name:
// name is on, and so is every other whose features are all among name's
// (what name builds on, such as a loop for the blocks that name's vector
// loop leaves); the rest are off. An empty name selects the base: every
// implementation off. It returns a function that restores the bools as
// they were before. Select panics unless name is empty or an
// implementation of pkg that is built and whose features the CPU has; a
// pkg that registered none has only the base.
func Select(pkg, name string) (restore func()) {
	var needs []string
	if name != "" {
		if !Available(pkg, name) {
			panic("carry/impl: " + pkg + "'s " + name + " is not built or the CPU lacks its features")
		}
		needs = find(pkg, name).Needs
	}
	var saved []bool
	for _, e := range registry {
		if e.Package == pkg && e.on != nil {
			saved = append(saved, *e.on)
			*e.on = name != "" && e.available && subset(e.Needs, needs)
		}
	}
	return func() {
		k := 0
		for _, e := range registry {
			if e.Package == pkg && e.on != nil {
				*e.on = saved[k]
				k++
			}
		}
	}
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// Has reports whether the CPU has feature, named as cpu.X86's or
// cpu.ARM64's field without "Has"; GODEBUG=cpu.<feature>=off turns one
// off, as x/sys/cpu reads it. It panics for a feature that no
// implementation of carry needs.
func Has(feature string) bool {
	switch feature {
	case "ADX":
		return cpu.X86.HasADX
	case "AVX2":
		return cpu.X86.HasAVX2
	case "AVX512F":
		return cpu.X86.HasAVX512F
	case "AVX512BW":
		return cpu.X86.HasAVX512BW
	case "AVX512DQ":
		return cpu.X86.HasAVX512DQ
	case "AVX512VL":
		return cpu.X86.HasAVX512VL
	case "AVX512IFMA":
		return cpu.X86.HasAVX512IFMA
	case "BMI2":
		return cpu.X86.HasBMI2
	case "ASIMD":
		return cpu.ARM64.HasASIMD
	}
	panic("carry/impl: unknown CPU feature " + feature)
}
