package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strings"
)

// survivorsFile is the name of the file, beside a package's sources, that
// lists the mutants of the package that its tests do not kill, each with the
// argument why that is acceptable.
//
// The format: lines starting with '#' and blank lines are ignored; a line
// starting with neither a tab nor a space is a mutant's key, exactly as the
// tool prints it; the lines after one or more keys that start with a tab
// are their argument, which every key must have.
const survivorsFile = "mutants.txt"

// A survivors list maps each key to its argument.
type survivors struct {
	path  string
	keys  []string // in file order
	why   map[string]string
	lines map[string]int
}

// readSurvivors reads the survivors file at path. A missing file is an
// empty list.
func readSurvivors(path string) (*survivors, error) {
	s := &survivors{path: path, why: map[string]string{}, lines: map[string]int{}}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	if err := s.parse(data); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *survivors) parse(data []byte) error {
	var pending []string // keys waiting for their argument
	var arg []string
	flush := func() {
		text := strings.Join(arg, "\n")
		for _, k := range pending {
			s.why[k] = text
		}
		pending, arg = nil, nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#"):
			if len(arg) > 0 {
				flush()
			}
		case line[0] == '\t' || line[0] == ' ':
			if len(pending) == 0 {
				return fmt.Errorf("%s:%d: an argument with no mutant above it", s.path, n)
			}
			arg = append(arg, strings.TrimSpace(line))
		default:
			if len(arg) > 0 {
				flush()
			}
			k := strings.TrimSpace(line)
			if _, dup := s.lines[k]; dup {
				return fmt.Errorf("%s:%d: %q is listed twice (line %d)", s.path, n, k, s.lines[k])
			}
			s.lines[k] = n
			s.keys = append(s.keys, k)
			pending = append(pending, k)
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if len(arg) > 0 {
		flush()
	}
	if len(pending) > 0 {
		return fmt.Errorf("%s:%d: %q has no argument (indent it with a tab below the key)", s.path, s.lines[pending[0]], pending[0])
	}
	return nil
}

func (s *survivors) listed(key string) bool {
	_, ok := s.why[key]
	return ok
}
