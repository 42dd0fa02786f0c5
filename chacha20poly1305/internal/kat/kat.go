// Package kat reads the known-answer files in chacha20poly1305's testdata
// folders, for tests only.
//
// A file is a sequence of records separated by blank lines. A record is
// lines of "name = value"; a line that starts with white space continues
// the value of the line before it. Lines starting with # are comments. Byte
// strings are written in hexadecimal as RFC 8439 prints them: white space
// and colons between the digits are ignored, so the RFC's dumps can be
// copied as they are (without their offset and text columns).
package kat

import (
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"
)

// A Record is one record of a known-answer file.
type Record struct {
	File   string
	Line   int // line of the record's first field
	fields map[string]string
}

// Name identifies the record in test output: its file and line, and its
// "name" field if it has one.
func (r *Record) Name() string {
	s := r.File + ":" + strconv.Itoa(r.Line)
	if n, ok := r.fields["name"]; ok {
		s += " (" + n + ")"
	}
	return s
}

// String returns the field's value, failing t if the record lacks it.
func (r *Record) String(t testing.TB, field string) string {
	t.Helper()
	v, ok := r.fields[field]
	if !ok {
		t.Fatalf("%s: no field %q", r.Name(), field)
	}
	return v
}

// Bytes returns the field's value decoded from hexadecimal.
func (r *Record) Bytes(t testing.TB, field string) []byte {
	t.Helper()
	v := strings.Map(func(c rune) rune {
		if c == ':' || c == ' ' || c == '\t' {
			return -1
		}
		return c
	}, r.String(t, field))
	b, err := hex.DecodeString(v)
	if err != nil {
		t.Fatalf("%s: field %q: %v", r.Name(), field, err)
	}
	return b
}

// Uint32 returns the field's value as a decimal number below 2^32.
func (r *Record) Uint32(t testing.TB, field string) uint32 {
	t.Helper()
	n, err := strconv.ParseUint(r.String(t, field), 10, 32)
	if err != nil {
		t.Fatalf("%s: field %q: %v", r.Name(), field, err)
	}
	return uint32(n)
}

// Read returns the records of the file at path whose "kind" field is kind,
// failing t if the file cannot be read or parsed, or has no such record.
func Read(t testing.TB, path, kind string) []*Record {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var all []*Record
	var cur *Record
	var last string // field a continuation line extends
	for i, line := range strings.Split(string(data), "\n") {
		switch {
		case strings.TrimSpace(line) == "":
			cur = nil
		case strings.HasPrefix(line, "#"):
		case line[0] == ' ' || line[0] == '\t':
			if cur == nil {
				t.Fatalf("%s:%d: continuation line outside a record", path, i+1)
			}
			cur.fields[last] += " " + strings.TrimSpace(line)
		default:
			name, value, ok := strings.Cut(line, "=")
			if !ok {
				t.Fatalf("%s:%d: want name = value", path, i+1)
			}
			if cur == nil {
				cur = &Record{File: path, Line: i + 1, fields: map[string]string{}}
				all = append(all, cur)
			}
			last = strings.TrimSpace(name)
			if _, dup := cur.fields[last]; dup {
				t.Fatalf("%s:%d: field %q given twice", path, i+1, last)
			}
			cur.fields[last] = strings.TrimSpace(value)
		}
	}
	var out []*Record
	for _, r := range all {
		if r.fields["kind"] == kind {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%s: no records of kind %q", path, kind)
	}
	return out
}
