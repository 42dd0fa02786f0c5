package main

import (
	"log"
	"strconv"
	"strings"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// The P-384 point formulas (the Jacobian doubling and additions of
// ScalarMult, ScalarBaseMult and verification, the complete additions of
// p384.go) in assembly, from line lists: the doubling's own
// (p384JacobianDouble), P-521's additions (p521AddDistinct,
// p521AddAffineDistinct) and P-256's complete ones (rcbAdd, rcbAddAffine).
// Each line "dst = a op b" is one field operation on six-word values in
// stack slots: the multiplications and squarings calls of p384MulInner and
// p384SquareInner, the additions, subtractions, shifts (k additions of a
// value to itself) and halvings written out. Every value is
// fully reduced, as in the Go formulas, so the outputs are the Go
// formulas' words.

var (
	p384MulInner    = LabelRef("·p384MulInner(SB)")
	p384SquareInner = LabelRef("·p384SquareInner(SB)")
)

// p384Formula writes name, the straight-line sequence of field operations
// lines on the pointer parameters of sig (inputs read through them) and
// stack slots for every other name. The outputs x3, y3 and z3 are stored
// after every line has run, so that they may alias the inputs. The frame
// (a slot of six words a name) is too large for NOSPLIT: the function has
// the stack check.
func p384Formula(name, sig string, lines []string, doc ...string) {
	TEXT(name, 0, sig)
	Doc(doc...)
	Pragma("noescape")
	params := map[string]bool{}
	for _, p := range strings.Split(strings.TrimSuffix(strings.TrimPrefix(sig, "func("), " *[6]uint64)"), ", ") {
		if p != "x3" && p != "y3" && p != "z3" {
			params[p] = true
		}
	}
	slots := map[string]Mem{}
	words := func(n string, base Register) func(int) Mem {
		if m, ok := slots[n]; ok {
			return func(j int) Mem { return m.Offset(8 * j) }
		}
		if !params[n] {
			log.Fatalf("%s: %s read before it is written", name, n)
		}
		Load(Param(n), base)
		return p521Words(base)
	}
	addr := func(n string, reg Register) {
		if m, ok := slots[n]; ok {
			LEAQ(m, reg)
			return
		}
		if !params[n] {
			log.Fatalf("%s: %s read before it is written", name, n)
		}
		Load(Param(n), reg)
	}
	// The result of each line stays in p384Result, where the next line
	// reads it if it is the first operand of an addition, subtraction or
	// shift.
	u := p384Result
	var last string
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) != 5 || f[1] != "=" {
			log.Fatalf("%s: bad line %q", name, l)
		}
		x, op, y := f[2], f[3], f[4]
		if op == "+" && y == last && x != last {
			x, y = y, x
		}
		Comment(l)
		switch op {
		case "*":
			addr(x, RSI)
			if x == y {
				CALL(p384SquareInner)
			} else {
				addr(y, RDI)
				CALL(p384MulInner)
			}
		case "+", "-", "<<", "/":
			if x != last {
				xw := words(x, RSI)
				for j := range u {
					MOVQ(xw(j), u[j])
				}
			}
			switch op {
			case "/":
				if y != "2" {
					log.Fatalf("%s: bad division in %q", name, l)
				}
				p384HalveRegs(u)
			case "<<":
				k, err := strconv.Atoi(y)
				if err != nil || k < 1 || k > 3 {
					log.Fatalf("%s: bad shift in %q", name, l)
				}
				for range k {
					p384AddRegs(u, func(j int) Op { return u[j] })
				}
			case "+":
				if x == y {
					p384AddRegs(u, func(j int) Op { return u[j] })
				} else {
					yw := words(y, RDI)
					p384AddRegs(u, func(j int) Op { return yw(j) })
				}
			default:
				p384SubRegs(u, words(y, RDI))
			}
		default:
			log.Fatalf("%s: bad operator in %q", name, l)
		}
		if _, ok := slots[f[0]]; !ok {
			slots[f[0]] = AllocLocal(8 * 6)
		}
		for j := range u {
			MOVQ(u[j], slots[f[0]].Offset(8*j))
		}
		last = f[0]
	}
	Comment("Store the outputs, all inputs read")
	for _, o := range []string{"x3", "y3", "z3"} {
		m, ok := slots[o]
		if !ok {
			log.Fatalf("%s: %s is never written", name, o)
		}
		for j := range u {
			MOVQ(m.Offset(8*j), u[j])
		}
		Load(Param(o), RDI)
		for j := range u {
			MOVQ(u[j], word(RDI, j))
		}
	}
	RET()
}

// p384JacobianDouble is dbl-2001-b with the values of
// (*p384Jacobian).doubleGeneric (and P-521's list) reached by fewer
// additions: with Y' = 2·Y1, γ' = Y'² = 4γ and β' = X1·γ' = 4β, so that
// Z3 = Y'·Z1 = (Y1 + Z1)² - γ - δ, X3 = α² - 2β' and
// Y3 = α·(β' - X3) - γ'²/2, the halving adding p first when the value is
// odd.
var p384JacobianDouble = []string{
	"delta = z1 * z1",
	"y2 = y1 + y1",
	"t = x1 - delta",
	"u = x1 + delta",
	"gamma = y2 * y2",
	"v = u << 1",
	"u = u + v",
	"alpha = t * u",
	"beta = x1 * gamma",
	"z3 = y2 * z1",
	"x3 = alpha * alpha",
	"v = beta << 1",
	"x3 = x3 - v",
	"u = beta - x3",
	"y3 = alpha * u",
	"gg = gamma * gamma",
	"gg = gg / 2",
	"y3 = y3 - gg",
}

// p384HalveRegs writes u = u/2 mod p for u < p in p384Result: u + p when
// u is odd (p & mask, mask = -(u & 1), as p384SubRegs makes it, the carry
// kept in RDX), then a shift right by one across the seven words. It uses
// RAX, RDX, R10, R11 and R14.
func p384HalveRegs(u [6]Register) {
	MOVQ(u[0], RAX)
	ANDQ(Imm(1), RAX)
	NEGQ(RAX)
	MOVL(U32(0xffffffff), R10L)
	ANDQ(RAX, R10)
	MOVQ(R10, R11)
	SHLQ(U8(32), R11)
	MOVQ(RAX, R14)
	ANDQ(I8(-2), R14)
	MOVQ(U32(0), RDX)
	ADDQ(R10, u[0])
	ADCQ(R11, u[1])
	ADCQ(R14, u[2])
	ADCQ(RAX, u[3])
	ADCQ(RAX, u[4])
	ADCQ(RAX, u[5])
	ADCQ(Imm(0), RDX)
	for j := 0; j < 5; j++ {
		SHRQ(U8(1), u[j+1], u[j])
	}
	SHRQ(U8(1), RDX, u[5])
}

// p384Points writes the point formulas and the functions they call.
func p384Points() {
	TEXT("p384MulInner", NOSPLIT, "func()")
	Doc("p384MulInner sets p384Result (R12, R13, RBX, RCX, R8, R9) to",
		"x·y·R⁻¹ mod p, fully reduced, for x, y < p at the addresses in RSI",
		"and RDI, using every other register but BP. For the assembly's CALL",
		"only: it cannot be called from Go. Constant time.")
	p384CheckResult(p384MulWords(p521Words(RSI), p521Words(RDI)))
	RET()
	TEXT("p384SquareInner", NOSPLIT, "func()")
	Doc("p384SquareInner sets p384Result (R12, R13, RBX, RCX, R8, R9) to",
		"x²·R⁻¹ mod p, fully reduced, for x < p at the address in RSI, using",
		"every other register but BP. For the assembly's CALL only: it cannot",
		"be called from Go. Constant time.")
	p384CheckResult(p384SquareWords(p521Words(RSI), AllocLocal(8*12)))
	RET()

	p384Formula("p384DoubleADX", "func(x3, y3, z3, x1, y1, z1 *[6]uint64)", p384JacobianDouble,
		"p384DoubleADX computes (x3, y3, z3) = 2·(x1, y1, z1) in Jacobian coordinates",
		"as (*p384Jacobian).doubleGeneric does, with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p384Formula("p384AddDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2 *[6]uint64)", p521AddDistinct,
		"p384AddDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"Jacobian coordinates as (*p384Jacobian).addDistinctGeneric does",
		"(add-1998-cmo-2, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p384Formula("p384AddAffineDistinctADX", "func(x3, y3, z3, x1, y1, z1, x2, y2 *[6]uint64)", p521AddAffineDistinct,
		"p384AddAffineDistinctADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2)",
		"in Jacobian coordinates as (*p384Jacobian).addAffineDistinctGeneric does",
		"(madd-2004-hmv, with its exceptions), with equal results, for",
		"coordinates below p. The outputs may alias the inputs. It requires BMI2",
		"and ADX. Constant time.")
	p384Formula("p384PointAddADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, z2, b *[6]uint64)", rcbAdd,
		"p384PointAddADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2, z2) in",
		"projective coordinates as (*P384Point).addGeneric does (Renes, Costello",
		"and Batina, Algorithm 4), with equal results, for coordinates below p;",
		"b is the curve's b as the field holds it. The outputs may alias the",
		"inputs. It requires BMI2 and ADX. Constant time.")
	p384Formula("p384PointAddAffineADX", "func(x3, y3, z3, x1, y1, z1, x2, y2, b *[6]uint64)", rcbAddAffine,
		"p384PointAddAffineADX computes (x3, y3, z3) = (x1, y1, z1) + (x2, y2) as",
		"(*P384Point).addAffineGeneric does (Renes, Costello and Batina,",
		"Algorithm 5), with equal results, for coordinates below p; b is the",
		"curve's b as the field holds it. The outputs may alias the inputs. It",
		"requires BMI2 and ADX. Constant time.")
}

// p384CheckResult stops the generator unless r is p384Result.
func p384CheckResult(r [6]Register) {
	if r != p384Result {
		log.Fatal("p384Points: the result is not in p384Result")
	}
}
