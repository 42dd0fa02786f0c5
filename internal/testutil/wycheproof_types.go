package testutil

// This file holds Go types for the Wycheproof JSON files that carry's tests
// read. Field names follow the files' schemas (see schemas/*.json in the
// module); fields a test does not use are left out.

// XDHTestFile is the layout of x25519_test.json and x448_test.json
// (schema xdh_comp_schema.json).
type XDHTestFile struct {
	Algorithm        string            `json:"algorithm"`
	GeneratorVersion string            `json:"generatorVersion"`
	NumberOfTests    int               `json:"numberOfTests"`
	Notes            map[string]string `json:"notes"`
	Schema           string            `json:"schema"`
	TestGroups       []XDHGroup        `json:"testGroups"`
}

// XDHGroup is one test group of an XDHTestFile.
type XDHGroup struct {
	Curve string    `json:"curve"`
	Type  string    `json:"type"`
	Tests []XDHTest `json:"tests"`
}

// XDHTest is one X25519 or X448 computation: Shared is the expected result of
// the function applied to Private and Public, all hex encoded. Result is
// "valid", "acceptable" (the vector is legal but exercises an edge case that
// implementations may reject, named by Flags) or "invalid".
type XDHTest struct {
	TcID    int      `json:"tcId"`
	Comment string   `json:"comment"`
	Public  string   `json:"public"`
	Private string   `json:"private"`
	Shared  string   `json:"shared"`
	Result  string   `json:"result"`
	Flags   []string `json:"flags"`
}

// Count returns the number of tests in f, across all its groups.
func (f *XDHTestFile) Count() int {
	n := 0
	for _, g := range f.TestGroups {
		n += len(g.Tests)
	}
	return n
}
