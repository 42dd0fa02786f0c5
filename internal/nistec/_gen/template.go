package main

import (
	"bytes"
	"log"
	"strings"
	"text/template"
)

// tmplData is what the templates of the element, scalar, point and
// variable-time files read of a curve.
type tmplData struct {
	Name, Lower    string // "P256", "p256"
	Bytes, Words   int    // the length of a field element or scalar
	BitLen         int    // the bit length of the order n
	Digits         int    // see curve.digits
	ScalarMultLow  int    // see curve.scalarMultLow
	BaseWindow     int    // see curve.baseWindow
	BaseDigits     int    // see curve.baseDigits
	BaseEntries    int    // see curve.baseEntries
	BaseSafeDigits int    // see curve.baseSafeDigits
	ReprDoc        string // how the field holds its elements
	// PointAsm is set when assembly replaces the point formulas (see
	// Formula), ScanAsm when it replaces the table scans (see Scan).
	PointAsm, ScanAsm bool
	// Double5 is set when assembly has a kernel of five doublings (see
	// arm64Fields): ScalarMult calls double5 between digits, and the Go
	// code is double5Generic.
	Double5 bool
	// AffineTable is set when ScalarMult adds affine multiples of its
	// point (affineTables); its loop over the upper digits is then the
	// method windows, or, when assembly has a kernel of that loop
	// (windowsKernels, Windows set), windowsGeneric, and the arch files
	// define windows.
	AffineTable, Windows bool
	// BaseStep is set when assembly has a kernel of one digit of
	// ScalarBaseMult's incomplete part (see arm64Fields): the loop calls
	// baseStep, and the Go code is baseStepGeneric.
	BaseStep bool
	// VerifyWindow is curve.verifyWindow.
	VerifyWindow int
}

// WindowsLoop is the name of the Go loop over ScalarMult's upper digits
// (for AffineTable curves): windows, or windowsGeneric when assembly
// replaces it.
func (d *tmplData) WindowsLoop() string {
	if d.Windows {
		return "windowsGeneric"
	}
	return "windows"
}

// Formula is the name of the Go point formula name: name itself, or, when
// assembly replaces the formula, name with its first letter lowered and
// Generic appended (addGeneric for Add); the arch file then defines name
// and chooses between the two.
func (d *tmplData) Formula(name string) string {
	if !d.PointAsm {
		return name
	}
	return strings.ToLower(name[:1]) + name[1:] + "Generic"
}

// Scan is the name of the Go table scan name: name itself, or name with
// Generic appended when assembly replaces the scan.
func (d *tmplData) Scan(name string) string {
	if !d.ScanAsm {
		return name
	}
	return name + "Generic"
}

// SelectBase is the name of the Go scan of a row of the base table: a call
// of SelectAffine for rows of 16 points, and otherwise a loop, which
// assembly replaces where it replaces the other scans.
func (d *tmplData) SelectBase() string {
	if d.BaseEntries == 16 {
		return "SelectBase"
	}
	return d.Scan("SelectBase")
}

func (c *curve) tmplData() *tmplData {
	if windowsKernels[c.name] && !affineTables[c.name] {
		// The point template calls windows only in the affine ScalarMult.
		log.Fatalf("%s: a windows kernel without the affine table", c.name)
	}
	if c.verifyWindow() > 0 && arm64Fields[c.name] {
		// Verification's double5 skips four NAF digits of u2 at a time,
		// which would step over digits of u1's.
		log.Fatalf("%s: verifyWindow and double5 together", c.name)
	}
	return &tmplData{
		Name: c.Name, Lower: c.name, Bytes: c.bytes, Words: c.words, BitLen: c.n.BitLen(),
		Digits: c.digits(), ScalarMultLow: c.scalarMultLow(),
		BaseWindow: c.baseWindow(), BaseDigits: c.baseDigits(), BaseEntries: c.baseEntries(),
		BaseSafeDigits: c.baseSafeDigits(), ReprDoc: c.reprDoc(),
		VerifyWindow: c.verifyWindow(),
		PointAsm:     asmFields[c.name] || asmPointFields[c.name],
		ScanAsm:      asmFields[c.name] || asmMulFields[c.name],
		Double5:      arm64Fields[c.name],
		AffineTable:  affineTables[c.name],
		Windows:      windowsKernels[c.name],
		BaseStep:     arm64Fields[c.name],
	}
}

// fill executes the template text, named name, on c.
func (c *curve) fill(name, text string) string {
	t := template.Must(template.New(name).Parse(text))
	var b bytes.Buffer
	if err := t.Execute(&b, c.tmplData()); err != nil {
		log.Fatalf("%s template: %v", name, err)
	}
	return b.String()
}
