package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"math/big"
	"regexp"
	"sort"
	"strings"
)

// A mutant is one small deliberate change to one file: the bytes
// src[start:end] replaced by repl.
type mutant struct {
	file  string // slash-separated path relative to the package directory
	gen   string // the generator directory the file is in ("_asm"), or ""
	fn    string // the enclosing declaration, e.g. "Element.Mul" or "const mask"
	op    string // the operator, one of the names in operators
	line  int
	col   int
	start int
	end   int
	repl  string
	src   []byte // the file as it was read

	before, after string // the tokens around the change, before and after
	n             int    // 1, 2, ... among mutants of equal description; 0 if unique
}

// operators names the mutation operators, with what each does.
var operators = []struct{ name, doc string }{
	{"arith", "+ and - exchanged (also += and -=)"},
	{"bit", "^ to |, | to ^ and &, & to | (also the assignment forms)"},
	{"shift", "a shift count k made k+1 and k-1"},
	{"const", "an integer constant c made c+1 and c-1"},
	{"carry", "the carry or borrow input of bits.Add64/Sub64 (and the 32-bit and uint forms) made 0 or 1"},
	{"swap", "the operands of a subtraction exchanged (a - b, bits.Sub64(a, b, c))"},
	{"mask", "a mask inverted: -x and 0 - x to ^(…), a variable named mask or m beside &, |, ^ or &^ to ^m, and ^x there to x"},
	{"select", "the condition of a constant-time selection inverted (cond to cond^1, a mask to ^mask)"},
	{"cond", "the condition of an if statement inverted"},
	{"loop", "a loop bound n made n+1 and n-1"},
	{"delete", "a statement deleted: a call, an assignment (not a declaration) or ++/--"},
	{"index", "a constant index or slice bound i made i+1 and i-1"},
	{"insn", "in a generator, an avo instruction exchanged: ADD/SUB, ADC to ADD, SBB to SUB, XOR/OR, AND to OR"},
}

// key identifies m in a survivors file. It names the file, the enclosing
// declaration, the operator and the tokens around the change, so that it
// survives edits elsewhere in the file and any reformatting.
func (m *mutant) key() string {
	k := m.baseKey()
	if m.n > 0 {
		k += fmt.Sprintf(" #%d", m.n)
	}
	return k
}

func (m *mutant) baseKey() string {
	return fmt.Sprintf("%s %s %s: %s → %s", m.file, m.fn, m.op, m.before, m.after)
}

// A sourceFile is a parsed file with its tokens, from which mutants are made.
type sourceFile struct {
	name  string
	gen   string
	src   []byte
	fset  *token.FileSet
	tf    *token.File
	ast   *ast.File
	toks  []tok
	funcs map[string][]param // the package's functions and methods, by name

	fn   string
	muts []*mutant
}

type tok struct {
	off  int
	t    token.Token
	text string
	auto bool // a semicolon the scanner inserted at a newline
}

type param struct{ name, typ string }

// parseSource parses one file. It returns nil for a generated file.
func parseSource(name, gen string, src []byte) (*sourceFile, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if ast.IsGenerated(f) {
		return nil, nil
	}
	sf := &sourceFile{name: name, gen: gen, src: src, fset: fset, ast: f}
	sf.tf = fset.File(f.Pos())
	var s scanner.Scanner
	s.Init(fset.AddFile(name, -1, len(src)), src, nil, 0)
	for {
		pos, t, lit := s.Scan()
		if t == token.EOF {
			break
		}
		text := lit
		if text == "" {
			text = t.String()
		}
		auto := t == token.SEMICOLON && lit == "\n"
		sf.toks = append(sf.toks, tok{off: fset.Position(pos).Offset, t: t, text: text, auto: auto})
	}
	return sf, nil
}

// funcParams records the parameters of the functions and methods declared
// in f into m, by function name.
func funcParams(f *ast.File, src []byte, fset *token.FileSet, m map[string][]param) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		var ps []param
		for _, fld := range fd.Type.Params.List {
			typ := string(src[fset.Position(fld.Type.Pos()).Offset:fset.Position(fld.Type.End()).Offset])
			if len(fld.Names) == 0 {
				ps = append(ps, param{"", typ})
			}
			for _, n := range fld.Names {
				ps = append(ps, param{n.Name, typ})
			}
		}
		if _, dup := m[fd.Name.Name]; !dup {
			m[fd.Name.Name] = ps
		}
	}
}

func (sf *sourceFile) off(p token.Pos) int { return sf.tf.Offset(p) }

func (sf *sourceFile) text(n ast.Node) string {
	return string(sf.src[sf.off(n.Pos()):sf.off(n.End())])
}

// add records the mutant replacing [from, to) by repl.
func (sf *sourceFile) add(op string, from, to token.Pos, repl string) {
	start, end := sf.off(from), sf.off(to)
	if string(sf.src[start:end]) == repl {
		return
	}
	p := sf.tf.Position(from)
	m := &mutant{file: sf.name, gen: sf.gen, fn: sf.fn, op: op, line: p.Line, col: p.Column,
		start: start, end: end, repl: repl, src: sf.src}
	m.before, m.after = sf.describe(start, end, repl)
	sf.muts = append(sf.muts, m)
}

// describe renders the tokens of the statement around [start, end), before
// and after the replacement: up to four tokens either side of the change,
// stopping at a semicolon or a brace.
func (sf *sourceFile) describe(start, end int, repl string) (before, after string) {
	a := 0
	for a < len(sf.toks) && sf.toks[a].off < start {
		a++
	}
	b := a
	for b < len(sf.toks) && sf.toks[b].off < end {
		b++
	}
	stop := func(t tok) bool {
		return t.t == token.SEMICOLON || t.t == token.LBRACE || t.t == token.RBRACE
	}
	l := a
	for l > 0 && a-l < 4 && !stop(sf.toks[l-1]) {
		l--
	}
	r := b
	for r < len(sf.toks) && r-b < 4 && !stop(sf.toks[r]) {
		r++
	}
	left, mid, right := sf.toks[l:a], sf.toks[a:b], sf.toks[b:r]
	rt := scanText(repl)
	before = render(concat(left, clip(mid), right))
	if len(rt) == 0 && len(left) == 0 && len(right) == 0 {
		return before, "∅"
	}
	after = render(concat(left, clip(rt), right))
	return before, after
}

func concat(parts ...[]tok) []tok {
	var out []tok
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// clip shortens a long run of tokens to its first and last eight.
func clip(ts []tok) []tok {
	if len(ts) <= 18 {
		return ts
	}
	out := append([]tok{}, ts[:8]...)
	out = append(out, tok{t: token.ILLEGAL, text: "…"})
	return append(out, ts[len(ts)-8:]...)
}

func scanText(s string) []tok {
	var sc scanner.Scanner
	fs := token.NewFileSet()
	sc.Init(fs.AddFile("", -1, len(s)), []byte(s), nil, 0)
	var out []tok
	for {
		_, t, lit := sc.Scan()
		if t == token.EOF {
			break
		}
		if t == token.SEMICOLON && lit == "\n" {
			continue
		}
		text := lit
		if text == "" {
			text = t.String()
		}
		out = append(out, tok{t: t, text: text})
	}
	return out
}

// render joins tokens with single spaces, except inside brackets, around a
// selector's dot, before a comma and after a unary operator, so that the
// result depends on the tokens only, never on how the source was formatted.
func render(ts []tok) string {
	var b strings.Builder
	var prev *tok
	unaryPrev := false
	brackets := 0
	for i := range ts {
		t := &ts[i]
		if t.auto {
			continue
		}
		if prev != nil {
			space := true
			switch {
			case prev.t == token.LPAREN || prev.t == token.LBRACK || prev.t == token.PERIOD || unaryPrev:
				space = false
			case prev.t == token.COLON && brackets > 0:
				space = false
			case t.t == token.RPAREN || t.t == token.RBRACK || t.t == token.COMMA || t.t == token.PERIOD ||
				t.t == token.SEMICOLON || t.t == token.COLON:
				space = false
			case (t.t == token.LPAREN || t.t == token.LBRACK) &&
				(prev.t == token.IDENT || prev.t == token.RPAREN || prev.t == token.RBRACK):
				space = false
			case t.t == token.INC || t.t == token.DEC:
				space = false
			}
			if space {
				b.WriteByte(' ')
			}
		}
		// A unary operator follows nothing, an operator, an opening bracket
		// or a comma.
		unaryPrev = false
		if isUnary(t.t) && (prev == nil || operatorLike(prev.t)) {
			unaryPrev = true
		}
		text := t.text
		if t.t == token.STRING && len(text) > 24 {
			text = text[:20] + "…" + text[len(text)-1:]
		}
		b.WriteString(text)
		switch t.t {
		case token.LBRACK:
			brackets++
		case token.RBRACK:
			brackets--
		}
		prev = t
	}
	return b.String()
}

func isUnary(t token.Token) bool {
	switch t {
	case token.ADD, token.SUB, token.XOR, token.NOT, token.AND, token.MUL, token.ARROW:
		return true
	}
	return false
}

func operatorLike(t token.Token) bool {
	if t.IsOperator() {
		return t != token.RPAREN && t != token.RBRACK && t != token.RBRACE && t != token.INC && t != token.DEC
	}
	return t.IsKeyword()
}

// mutants returns every mutant of the file.
func (sf *sourceFile) mutants() []*mutant {
	for _, d := range sf.ast.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			sf.fn = funcName(d)
			if d.Body != nil {
				sf.walk(d.Body)
			}
		case *ast.GenDecl:
			if d.Tok != token.CONST && d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				sf.fn = d.Tok.String() + " " + vs.Names[0].Name
				for _, v := range vs.Values {
					sf.walk(v)
				}
			}
		}
	}
	sort.SliceStable(sf.muts, func(i, j int) bool { return sf.muts[i].start < sf.muts[j].start })
	return sf.muts
}

func funcName(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	t := d.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		}
		break
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// walk visits n with a stack of its ancestors and records the mutants of
// every node.
func (sf *sourceFile) walk(root ast.Node) {
	var stack []ast.Node
	skip := map[ast.Node]bool{} // literals another operator already covers
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		if sf.quiet(n) {
			return false
		}
		var grand ast.Node
		if len(stack) > 1 {
			grand = stack[len(stack)-2]
		}
		stack = append(stack, n)
		sf.visit(n, parent, grand, skip)
		return true
	})
}

// quietCalls are calls whose arguments only make text: comments of the
// generated assembly, panic and error messages.
var (
	quietCalls = regexp.MustCompile(`^(panic|fmt\.Errorf|errors\.New|log\.\w+)$`)
	textCalls  = regexp.MustCompile(`^(Comment|Commentf|Doc)$`)
)

func (sf *sourceFile) quiet(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.CallExpr:
		return quietCalls.MatchString(callName(n, true)) || textCalls.MatchString(callName(n, false))
	case *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.StructType, *ast.InterfaceType:
		return true
	case *ast.ExprStmt:
		// A statement that only writes a comment into the assembly, or
		// panics, is kept; its deletion is meaningless or the invariant's.
		if c, ok := n.X.(*ast.CallExpr); ok {
			return textCalls.MatchString(callName(c, false))
		}
	}
	return false
}

// callName returns the called function's name; with qualified, a selector's
// receiver or package is kept ("bits.Add64").
func callName(c *ast.CallExpr, qualified bool) string {
	switch f := c.Fun.(type) {
	case *ast.Ident:
		return f.Name
	case *ast.SelectorExpr:
		if x, ok := f.X.(*ast.Ident); ok && qualified {
			return x.Name + "." + f.Sel.Name
		}
		return f.Sel.Name
	}
	return ""
}

var (
	maskName     = regexp.MustCompile(`(?i)mask|^m$`)
	selectCall   = regexp.MustCompile(`(?i)select|swap|cmov|condneg|assign|negif`)
	condParam    = regexp.MustCompile(`(?i)^(cond\w*|mask\w*|choice|on|sel\w*|swap|flag|ctl)$`)
	condParam2   = regexp.MustCompile(`^(m|b|bit|c)$`)
	carryCall    = regexp.MustCompile(`^bits\.(Add|Sub)(32|64)?$`)
	shiftInsn    = regexp.MustCompile(`^(V?P?S[HA][LR]\w*|RORX?\w*|ROLX?\w*|VPRO[LR]\w*)$`)
	avoName      = regexp.MustCompile(`^[A-Z][A-Z0-9]{2,}$`)
	insnRewrites = []struct {
		re   *regexp.Regexp
		repl string
	}{
		{regexp.MustCompile(`^ADC([LQ])$`), "ADD$1"},
		{regexp.MustCompile(`^SBB([LQ])$`), "SUB$1"},
		{regexp.MustCompile(`^(V?P?)ADD(\w*)$`), "${1}SUB$2"},
		{regexp.MustCompile(`^(V?P?)SUB(\w*)$`), "${1}ADD$2"},
		{regexp.MustCompile(`^(V?P?)XOR(\w*)$`), "${1}OR$2"},
		{regexp.MustCompile(`^(V?P?)OR(\w*)$`), "${1}XOR$2"},
		{regexp.MustCompile(`^(V?P?)AND([^N]\w*|)$`), "${1}OR$2"},
	}
)

func (sf *sourceFile) visit(n, parent, grand ast.Node, skip map[ast.Node]bool) {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		sf.binary(n, skip)
	case *ast.AssignStmt:
		sf.assign(n, skip)
	case *ast.UnaryExpr:
		sf.unary(n, parent)
	case *ast.Ident:
		if maskName.MatchString(n.Name) && bitwiseOperand(n, parent) {
			sf.add("mask", n.Pos(), n.End(), "^"+n.Name)
		}
	case *ast.BasicLit:
		if n.Kind != token.INT || skip[n] {
			return
		}
		op := "const"
		if sf.gen != "" && (shiftCall(parent) || isImm(parent) && shiftCall(grand)) {
			op = "shift"
		}
		sf.plusMinus(op, n, skip)
	case *ast.IndexExpr:
		if lit, ok := n.Index.(*ast.BasicLit); ok && lit.Kind == token.INT {
			sf.plusMinus("index", lit, skip)
		}
	case *ast.SliceExpr:
		for _, e := range []ast.Expr{n.Low, n.High, n.Max} {
			if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
				sf.plusMinus("index", lit, skip)
			}
		}
	case *ast.CallExpr:
		sf.call(n, skip)
	case *ast.IfStmt:
		if u, ok := n.Cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			sf.add("cond", n.Cond.Pos(), n.Cond.End(), sf.text(u.X))
		} else {
			sf.add("cond", n.Cond.Pos(), n.Cond.End(), "!("+sf.text(n.Cond)+")")
		}
	case *ast.ForStmt:
		if c, ok := n.Cond.(*ast.BinaryExpr); ok {
			switch c.Op {
			case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
				sf.plusMinus("loop", c.Y, skip)
			}
		}
	case *ast.RangeStmt:
		if lit, ok := n.X.(*ast.BasicLit); ok && lit.Kind == token.INT {
			sf.plusMinus("loop", lit, skip)
		}
	case *ast.BlockStmt:
		sf.deletions(n.List)
	case *ast.CaseClause:
		sf.deletions(n.Body)
	case *ast.CommClause:
		sf.deletions(n.Body)
	}
}

// shiftCall reports whether n is a call of an avo shift or rotate.
func shiftCall(n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	return ok && shiftInsn.MatchString(callName(c, false))
}

// isImm reports whether n makes an avo immediate operand: U8(k), Imm(k).
func isImm(n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	switch callName(c, false) {
	case "U8", "U16", "U32", "U64", "Imm", "I8", "I16", "I32", "I64":
		return true
	}
	return false
}

// plusMinus records e+1 and e-1 under op, as literals when e is one. It
// marks a literal e as covered, so that the const operator skips it.
func (sf *sourceFile) plusMinus(op string, e ast.Expr, skip map[ast.Node]bool) {
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
		if skip[lit] && op == "const" {
			return
		}
		skip[lit] = true
		for _, d := range []int64{1, -1} {
			if s, ok := shiftLiteral(lit.Value, d); ok {
				sf.add(op, lit.Pos(), lit.End(), s)
			}
		}
		return
	}
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind != token.INT {
		return
	}
	t := sf.text(e)
	sf.add(op, e.Pos(), e.End(), "("+t+" + 1)")
	sf.add(op, e.Pos(), e.End(), "("+t+" - 1)")
}

// shiftLiteral returns the integer literal s plus d, written in the same
// base; false if the result is negative.
func shiftLiteral(s string, d int64) (string, bool) {
	v, ok := new(big.Int).SetString(strings.ReplaceAll(s, "_", ""), 0)
	if !ok {
		return "", false
	}
	v.Add(v, big.NewInt(d))
	if v.Sign() < 0 {
		return "", false
	}
	// The digits keep their base and, with leading zeros, their width.
	digits := strings.ReplaceAll(s, "_", "")
	pad := func(prefix, t string) string {
		if n := len(digits) - len(prefix); len(t) < n {
			t = strings.Repeat("0", n-len(t)) + t
		}
		return prefix + t
	}
	low := strings.ToLower(s)
	switch {
	case strings.HasPrefix(low, "0x"):
		return pad(s[:2], v.Text(16)), true
	case strings.HasPrefix(low, "0b"):
		return pad(s[:2], v.Text(2)), true
	case strings.HasPrefix(low, "0o"):
		return pad(s[:2], v.Text(8)), true
	case len(s) > 1 && s[0] == '0':
		return pad("0", v.Text(8)), true
	}
	return v.Text(10), true
}

var (
	binSwap = map[token.Token][]token.Token{
		token.ADD: {token.SUB},
		token.SUB: {token.ADD},
		token.XOR: {token.OR},
		token.OR:  {token.XOR, token.AND},
		token.AND: {token.OR},
	}
	assignSwap = map[token.Token][]token.Token{
		token.ADD_ASSIGN: {token.SUB_ASSIGN},
		token.SUB_ASSIGN: {token.ADD_ASSIGN},
		token.XOR_ASSIGN: {token.OR_ASSIGN},
		token.OR_ASSIGN:  {token.XOR_ASSIGN, token.AND_ASSIGN},
		token.AND_ASSIGN: {token.OR_ASSIGN},
	}
)

func opName(t token.Token) string {
	if t == token.ADD || t == token.SUB || t == token.ADD_ASSIGN || t == token.SUB_ASSIGN {
		return "arith"
	}
	return "bit"
}

func (sf *sourceFile) binary(n *ast.BinaryExpr, skip map[ast.Node]bool) {
	for _, t := range binSwap[n.Op] {
		sf.add(opName(n.Op), n.OpPos, n.OpPos+token.Pos(len(n.Op.String())), t.String())
	}
	switch n.Op {
	case token.SHL, token.SHR:
		sf.plusMinus("shift", n.Y, skip)
	case token.SUB:
		if isZero(n.X) {
			sf.add("mask", n.Pos(), n.End(), "^("+sf.text(n)+")")
		}
		sf.add("swap", n.Pos(), n.End(), sf.operand(n.Y)+" - "+sf.operand(n.X))
	}
}

// operand returns e's text, in parentheses if it is a binary expression.
func (sf *sourceFile) operand(e ast.Expr) string {
	if _, ok := e.(*ast.BinaryExpr); ok {
		return "(" + sf.text(e) + ")"
	}
	return sf.text(e)
}

func isZero(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Value == "0"
}

func (sf *sourceFile) assign(n *ast.AssignStmt, skip map[ast.Node]bool) {
	for _, t := range assignSwap[n.Tok] {
		sf.add(opName(n.Tok), n.TokPos, n.TokPos+token.Pos(len(n.Tok.String())), t.String())
	}
	if (n.Tok == token.SHL_ASSIGN || n.Tok == token.SHR_ASSIGN) && len(n.Rhs) == 1 {
		sf.plusMinus("shift", n.Rhs[0], skip)
	}
	if isBitwiseAssign(n.Tok) {
		if id, ok := n.Rhs[0].(*ast.Ident); ok && maskName.MatchString(id.Name) {
			sf.add("mask", id.Pos(), id.End(), "^"+id.Name)
		}
	}
}

func (sf *sourceFile) unary(n *ast.UnaryExpr, parent ast.Node) {
	switch n.Op {
	case token.SUB:
		if _, lit := n.X.(*ast.BasicLit); !lit {
			sf.add("mask", n.Pos(), n.End(), "^"+sf.text(n))
		}
	case token.XOR:
		b, inBinary := parent.(*ast.BinaryExpr)
		a, inAssign := parent.(*ast.AssignStmt)
		if inBinary && isBitwise(b.Op) || inAssign && isBitwiseAssign(a.Tok) {
			sf.add("mask", n.Pos(), n.End(), sf.text(n.X))
		}
	}
}

func isBitwise(t token.Token) bool {
	return t == token.AND || t == token.OR || t == token.XOR || t == token.AND_NOT
}

func isBitwiseAssign(t token.Token) bool {
	return t == token.AND_ASSIGN || t == token.OR_ASSIGN || t == token.XOR_ASSIGN || t == token.AND_NOT_ASSIGN
}

// bitwiseOperand reports whether id is an operand of &, |, ^ or &^.
func bitwiseOperand(id *ast.Ident, parent ast.Node) bool {
	b, ok := parent.(*ast.BinaryExpr)
	return ok && isBitwise(b.Op) && (b.X == id || b.Y == id)
}

func (sf *sourceFile) call(n *ast.CallExpr, skip map[ast.Node]bool) {
	qname := callName(n, true)
	name := callName(n, false)
	if carryCall.MatchString(qname) && len(n.Args) == 3 {
		c := n.Args[2]
		if lit, ok := c.(*ast.BasicLit); ok {
			skip[lit] = true
		}
		for _, v := range []string{"0", "1"} {
			sf.add("carry", c.Pos(), c.End(), v)
		}
		if strings.HasPrefix(qname, "bits.Sub") {
			sf.add("swap", n.Args[0].Pos(), n.Args[1].End(), sf.text(n.Args[1])+", "+sf.text(n.Args[0]))
		}
		return
	}
	if sf.gen != "" {
		id, ok := n.Fun.(*ast.Ident)
		if sel, isSel := n.Fun.(*ast.SelectorExpr); isSel {
			id, ok = sel.Sel, true
		}
		if ok && avoName.MatchString(id.Name) {
			for _, r := range insnRewrites {
				if r.re.MatchString(id.Name) {
					sf.add("insn", id.Pos(), id.End(), r.re.ReplaceAllString(id.Name, r.repl))
				}
			}
		}
		return
	}
	if !selectCall.MatchString(name) || len(n.Args) == 0 {
		return
	}
	i, typ := len(n.Args)-1, ""
	switch qname {
	case "subtle.ConstantTimeSelect", "subtle.ConstantTimeCopy":
		i = 0
	default:
		if ps, ok := sf.funcs[name]; ok && len(ps) == len(n.Args) {
			i = -1
			for _, re := range []*regexp.Regexp{condParam, condParam2} {
				for j, p := range ps {
					if i < 0 && re.MatchString(p.name) {
						i, typ = j, p.typ
					}
				}
			}
			if i < 0 {
				return
			}
		}
	}
	arg := n.Args[i]
	t := sf.text(arg)
	if _, simple := arg.(*ast.Ident); !simple {
		t = "(" + t + ")"
	}
	if strings.HasPrefix(typ, "uint") && maskName.MatchString(sf.funcParamName(name, i)) {
		sf.add("select", arg.Pos(), arg.End(), "^"+t)
	} else {
		sf.add("select", arg.Pos(), arg.End(), t+"^1")
	}
}

func (sf *sourceFile) funcParamName(fn string, i int) string {
	if ps, ok := sf.funcs[fn]; ok && i < len(ps) {
		return ps[i].name
	}
	return ""
}

// deletions records the deletion of every call, assignment and ++/-- in
// a statement list.
func (sf *sourceFile) deletions(list []ast.Stmt) {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.ExprStmt:
			if c, ok := s.X.(*ast.CallExpr); ok && !sf.quiet(s) {
				if sf.gen != "" && callName(c, false) == "Label" {
					continue // an unreferenced or missing label does not assemble
				}
				sf.add("delete", s.Pos(), s.End(), "")
			}
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				sf.add("delete", s.Pos(), s.End(), "")
			}
		case *ast.IncDecStmt:
			sf.add("delete", s.Pos(), s.End(), "")
		}
	}
}

// numberMutants gives mutants of equal description their occurrence
// numbers, in source order.
func numberMutants(ms []*mutant) {
	count := map[string]int{}
	for _, m := range ms {
		count[m.baseKey()]++
	}
	seen := map[string]int{}
	for _, m := range ms {
		k := m.baseKey()
		if count[k] > 1 {
			seen[k]++
			m.n = seen[k]
		}
	}
}
