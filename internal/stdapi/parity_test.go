package stdapi

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"path"
	"slices"
	"strings"
	"testing"
)

// pairs lists carry's public packages, each beside the package whose API it
// keeps.
var pairs = []struct{ std, own string }{
	{"crypto/ecdh", modulePath + "/ecdh"},
	{"crypto/ecdsa", modulePath + "/ecdsa"},
	{"crypto/ed25519", modulePath + "/ed25519"},
	{"crypto/hkdf", modulePath + "/hkdf"},
	{"crypto/hmac", modulePath + "/hmac"},
	{"crypto/rsa", modulePath + "/rsa"},
	{"golang.org/x/crypto/chacha20poly1305", modulePath + "/chacha20poly1305"},
	{"golang.org/x/crypto/curve25519", modulePath + "/x25519"},
}

// ownTypes lists, by standard package, the only identifiers that carry's
// package may declare with types of its own instead of the standard
// library's, each with the reason. Their shapes are checked instead (see
// shapeProblem).
//
// crypto/ecdh's Curve has unexported methods, so that no package but
// crypto/ecdh can implement it, and its PrivateKey and PublicKey can only
// come from such a Curve, with the standard library's arithmetic in their
// methods: a package that runs its own arithmetic has to declare all of
// them anew.
var ownTypes = map[string]map[string]string{
	"crypto/ecdh": {
		"Curve":        "sealed by unexported methods: no other package can implement crypto/ecdh.Curve",
		"P256":         "returns a Curve",
		"P384":         "returns a Curve",
		"P521":         "returns a Curve",
		"X25519":       "returns a Curve",
		"PrivateKey":   "made only by a crypto/ecdh Curve, whose arithmetic its methods run",
		"PublicKey":    "made only by a crypto/ecdh Curve",
		"KeyExchanger": "its methods take and return crypto/ecdh's PublicKey and Curve",
	},
}

// TestAPIParity fails for every exported identifier of a standard package
// that carry's package lacks or declares with another type or value.
func TestAPIParity(t *testing.T) {
	a := loadPairs(t)
	for _, p := range pairs {
		t.Run(path.Base(p.own), func(t *testing.T) {
			std, own := a.pkgs[p.std], a.pkgs[p.own]
			if std == nil {
				t.Fatalf("%s cannot be loaded: %s", p.std, a.broken[p.std])
			}
			if own == nil {
				t.Fatalf("%s does not build: %s", p.own, a.broken[p.own])
			}
			findings, total := compareAPI(std, own, ownTypes[p.std])
			for _, f := range findings {
				t.Error(f)
			}
			if len(findings) > 0 {
				t.Errorf("%d of the %d exported identifiers of %s are missing or different in %s",
					len(findings), total, p.std, qualify(own))
			}
		})
	}
}

// TestOwnTypesNarrow holds the exception list to crypto/ecdh, the one
// package whose types cannot be aliased.
func TestOwnTypesNarrow(t *testing.T) {
	for std := range ownTypes {
		if std != "crypto/ecdh" {
			t.Errorf("ownTypes lists %s: only crypto/ecdh's sealed Curve and its keys may be carry's own types", std)
		}
	}
}

// compareAPI compares every exported identifier of std with own's
// identifier of that name and returns one finding for each that is missing
// or different, and the number of std's exported identifiers. The names in
// shapeOnly are compared by shape (shapeProblem), the others exactly
// (exactProblem). A name of shapeOnly that std does not declare is a
// finding too, so that the list cannot outlive its reason.
func compareAPI(std, own *types.Package, shapeOnly map[string]string) (findings []string, total int) {
	for name := range shapeOnly {
		if std.Scope().Lookup(name) == nil {
			findings = append(findings, fmt.Sprintf("%s.%s: listed among the own types, but %s has no such identifier",
				std.Path(), name, std.Path()))
		}
	}
	for _, name := range std.Scope().Names() {
		s := std.Scope().Lookup(name)
		if !s.Exported() {
			continue
		}
		total++
		o := own.Scope().Lookup(name)
		var problem string
		if why, ok := shapeOnly[name]; ok {
			if problem = shapeProblem(s, o, std, own); problem != "" {
				problem += " (compared by shape: " + why + ")"
			}
		} else {
			problem = exactProblem(s, o)
		}
		if problem != "" {
			findings = append(findings, fmt.Sprintf("%s.%s: %s", std.Path(), name, problem))
		}
	}
	return findings, total
}

// exactProblem returns what keeps o, carry's object of s's name (nil if
// there is none), from being s itself to a program: a type must be an alias
// of s's type, a function, variable or constant must have s's type (a
// generic function's type parameters and their constraints included), and
// a constant s's value. It returns "" if there is nothing.
func exactProblem(s, o types.Object) string {
	if o == nil {
		return "missing"
	}
	if ks, ko := objectKind(s), objectKind(o); ks != ko {
		return fmt.Sprintf("carry's is a %s, the standard library's a %s", ko, ks)
	}
	switch s := s.(type) {
	case *types.TypeName:
		o := o.(*types.TypeName)
		if named, ok := types.Unalias(s.Type()).(*types.Named); ok && named.TypeParams().Len() > 0 {
			return "a generic type: this test has no rule for it yet"
		}
		if !o.IsAlias() {
			return fmt.Sprintf("carry's is a type of its own (%s), not an alias of %s",
				typeString(o.Type().Underlying()), typeString(s.Type()))
		}
		if want, got := types.Unalias(s.Type()), types.Unalias(o.Type()); !types.Identical(got, want) {
			return fmt.Sprintf("carry's aliases %s, not %s", typeString(got), typeString(want))
		}
	case *types.Const:
		o := o.(*types.Const)
		if !types.Identical(s.Type(), o.Type()) {
			return fmt.Sprintf("carry's has type %s, want %s", typeString(o.Type()), typeString(s.Type()))
		}
		if !constant.Compare(s.Val(), token.EQL, o.Val()) {
			return fmt.Sprintf("carry's is %s, want %s", o.Val(), s.Val())
		}
	default:
		// Functions and variables. types.Identical matches generic
		// signatures after substituting one's type parameters for the
		// other's, so the names of the type parameters may differ and
		// their constraints may not.
		if !types.Identical(s.Type(), o.Type()) {
			return fmt.Sprintf("carry's is %s, want %s", typeString(o.Type()), typeString(s.Type()))
		}
	}
	return ""
}

// shapeProblem compares carry's o with s where carry declares its own types
// in place of std's: a function must have s's signature and a type s's
// exported methods with s's signatures (an interface must stay an
// interface), both after std's types are replaced by own's of the same
// names. It returns "" if they match.
func shapeProblem(s, o types.Object, std, own *types.Package) string {
	if o == nil {
		return "missing"
	}
	if ks, ko := objectKind(s), objectKind(o); ks != ko {
		return fmt.Sprintf("carry's is a %s, the standard library's a %s", ko, ks)
	}
	switch s := s.(type) {
	case *types.Func:
		if !sameShape(s.Type(), o.Type(), std, own) {
			return fmt.Sprintf("carry's has the shape %s, want %s", shape(o.Type(), own), shape(s.Type(), std))
		}
	case *types.TypeName:
		si, oi := types.IsInterface(s.Type()), types.IsInterface(o.Type())
		if si != oi {
			return fmt.Sprintf("carry's is %s, the standard library's %s", interfaceOr(oi), interfaceOr(si))
		}
		ownMethods := exportedMethods(o.Type())
		var problems []string
		for name, sm := range exportedMethods(s.Type()) {
			om, ok := ownMethods[name]
			if !ok {
				problems = append(problems, "no method "+name)
				continue
			}
			if !sameShape(sm.Type(), om.Type(), std, own) {
				problems = append(problems, fmt.Sprintf("method %s has the shape %s, want %s",
					name, shape(om.Type(), own), shape(sm.Type(), std)))
			}
		}
		slices.Sort(problems)
		return strings.Join(problems, "; ")
	default:
		return "only functions and types can be compared by shape"
	}
	return ""
}

// objectKind names the kind of a package-level object.
func objectKind(o types.Object) string {
	switch o.(type) {
	case *types.TypeName:
		return "type"
	case *types.Func:
		return "function"
	case *types.Var:
		return "variable"
	case *types.Const:
		return "constant"
	}
	return fmt.Sprintf("%T", o)
}

func interfaceOr(isInterface bool) string {
	if isInterface {
		return "an interface"
	}
	return "a concrete type"
}

// exportedMethods returns the exported methods of t's method set, those of
// *t for a type that is not an interface, by name.
func exportedMethods(t types.Type) map[string]*types.Func {
	if !types.IsInterface(t) {
		t = types.NewPointer(t)
	}
	ms := types.NewMethodSet(t)
	m := map[string]*types.Func{}
	for i := range ms.Len() {
		if f := ms.At(i).Obj().(*types.Func); f.Exported() {
			m[f.Name()] = f
		}
	}
	return m
}

// sameShape reports whether x, a type of package std, and y, of own, are
// identical once each type that std declares is replaced by own's type of
// the same name. Parameter names do not matter.
func sameShape(x, y types.Type, std, own *types.Package) bool {
	if xn, ok := x.(*types.Named); ok && xn.Obj().Pkg() == std {
		yn, ok := y.(*types.Named)
		return ok && yn.Obj().Pkg() == own && yn.Obj().Name() == xn.Obj().Name()
	}
	switch x := x.(type) {
	case *types.Pointer:
		y, ok := y.(*types.Pointer)
		return ok && sameShape(x.Elem(), y.Elem(), std, own)
	case *types.Slice:
		y, ok := y.(*types.Slice)
		return ok && sameShape(x.Elem(), y.Elem(), std, own)
	case *types.Signature:
		y, ok := y.(*types.Signature)
		return ok && x.Variadic() == y.Variadic() && x.TypeParams().Len() == 0 && y.TypeParams().Len() == 0 &&
			sameShapes(x.Params(), y.Params(), std, own) && sameShapes(x.Results(), y.Results(), std, own)
	}
	// Any other type, and a composite one that refers to std's types in a
	// way crypto/ecdh's API does not (a map, a channel, a struct or an
	// interface literal), must be identical.
	return types.Identical(x, y)
}

// sameShapes is sameShape for each member of two tuples.
func sameShapes(x, y *types.Tuple, std, own *types.Package) bool {
	if x.Len() != y.Len() {
		return false
	}
	for i := range x.Len() {
		if !sameShape(x.At(i).Type(), y.At(i).Type(), std, own) {
			return false
		}
	}
	return true
}

// shape prints t, for messages, with self's types unqualified and every
// other package's qualified.
func shape(t types.Type, self *types.Package) string {
	return types.TypeString(t, func(p *types.Package) string {
		if p == self {
			return ""
		}
		return qualify(p)
	})
}

// typeString prints t with its packages qualified as qualify does.
func typeString(t types.Type) string { return types.TypeString(t, qualify) }

// qualify names a package in messages: a standard or x/crypto package by
// its path, one of carry's as carry/name.
func qualify(p *types.Package) string {
	if rest, ok := strings.CutPrefix(p.Path(), modulePath+"/"); ok {
		return "carry/" + rest
	}
	return p.Path()
}
