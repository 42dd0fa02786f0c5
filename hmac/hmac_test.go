package hmac

import (
	"bufio"
	"bytes"
	stdhmac "crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"os"
	"strconv"
	"strings"
	"testing"
)

// hashesByName are the hashes the vector files name.
var hashesByName = map[string]func() hash.Hash{
	"SHA224": sha256.New224,
	"SHA256": sha256.New,
	"SHA384": sha512.New384,
	"SHA512": sha512.New,
}

// parseField decodes a field of testdata/rfc4231.txt: hexadecimal, XX*N (the
// byte XX repeated N times) or a "quoted" ASCII string.
func parseField(t *testing.T, f string) []byte {
	t.Helper()
	if s, err := strconv.Unquote(f); err == nil {
		return []byte(s)
	}
	if b, n, ok := strings.Cut(f, "*"); ok {
		v, err1 := hex.DecodeString(b)
		count, err2 := strconv.Atoi(n)
		if err1 != nil || err2 != nil || len(v) != 1 {
			t.Fatalf("bad repeated field %q", f)
		}
		return bytes.Repeat(v, count)
	}
	v, err := hex.DecodeString(f)
	if err != nil {
		t.Fatalf("bad field %q: %v", f, err)
	}
	return v
}

// splitFields splits a line into fields, keeping "quoted strings" whole.
func splitFields(line string) []string {
	var fields []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			end := strings.Index(line[1:], `"`) + 2
			fields = append(fields, line[:end])
			line = line[end:]
			continue
		}
		f, rest, _ := strings.Cut(line, " ")
		fields = append(fields, f)
		line = rest
	}
	return fields
}

type rfc4231Case struct {
	name      string
	h         func() hash.Hash
	key, data []byte
	mac       []byte // truncated to 16 bytes in test case 5
}

func loadRFC4231(t *testing.T) []rfc4231Case {
	f, err := os.Open("testdata/rfc4231.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []rfc4231Case
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := splitFields(line)
		if len(fs) != 5 || hashesByName[fs[1]] == nil {
			t.Fatalf("bad line %q", line)
		}
		cases = append(cases, rfc4231Case{
			name: "case" + fs[0] + "/" + fs[1],
			h:    hashesByName[fs[1]],
			key:  parseField(t, fs[2]),
			data: parseField(t, fs[3]),
			mac:  parseField(t, fs[4]),
		})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

// TestRFC4231 checks the 28 test vectors of RFC 4231 (seven test cases for
// each of SHA-224, SHA-256, SHA-384 and SHA-512) through every way of
// computing a MAC, and checks the transcription itself against crypto/hmac.
func TestRFC4231(t *testing.T) {
	cases := loadRFC4231(t)
	if len(cases) != 28 {
		t.Fatalf("read %d vectors from testdata/rfc4231.txt, want 28", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// A typo in the table shows up here, apart from a bug in carry.
			ref := stdhmac.New(c.h, c.key)
			ref.Write(c.data)
			if got := ref.Sum(nil); !bytes.HasPrefix(got, c.mac) {
				t.Fatalf("transcription disagrees with crypto/hmac: %x, want prefix %x", got, c.mac)
			}
			for name, got := range allMACs(c.h, c.key, c.data) {
				if !bytes.HasPrefix(got, c.mac) || len(got) != c.h().Size() {
					t.Errorf("%s: %x, want %x", name, got, c.mac)
				}
			}
		})
	}
}

// allMACs returns the MAC of msg under key computed each way carry offers:
// a prepared Key's Sum, its New, New, the one-shot Sum, and a streaming
// hash fed in pieces.
func allMACs(h func() hash.Hash, key, msg []byte) map[string][]byte {
	k := NewKey(h, key)
	defer k.Clear()
	m := New(h, key)
	m.Write(msg)
	kn := k.New()
	for p := msg; len(p) > 0; {
		n := min(len(p), 1+len(p)/3)
		kn.Write(p[:n])
		p = p[n:]
	}
	return map[string][]byte{
		"Key.Sum": k.Sum(nil, msg),
		"Key.New": kn.Sum(nil),
		"New":     m.Sum(nil),
		"Sum":     Sum(nil, h, key, msg),
	}
}

// TestNewHashSemantics checks the hash.Hash contract of New's result as
// crypto/hmac behaves: Sum does not change the state, Write goes on after
// Sum, Reset starts over, Size and BlockSize are the hash's.
func TestNewHashSemantics(t *testing.T) {
	for name, h := range hashesByName {
		t.Run(name, func(t *testing.T) {
			key := []byte("a key of some length")
			ours, ref := New(h, key), stdhmac.New(h, key)
			if ours.Size() != ref.Size() || ours.BlockSize() != ref.BlockSize() {
				t.Fatalf("Size, BlockSize = %d, %d, want %d, %d",
					ours.Size(), ours.BlockSize(), ref.Size(), ref.BlockSize())
			}
			step := func(what string, f func(hash.Hash)) {
				f(ours)
				f(ref)
				if got, want := ours.Sum([]byte("prefix")), ref.Sum([]byte("prefix")); !bytes.Equal(got, want) {
					t.Fatalf("after %s: Sum = %x, want %x", what, got, want)
				}
			}
			step("nothing", func(hash.Hash) {})
			step("a write", func(m hash.Hash) { m.Write([]byte("hello")) })
			step("a second Sum and a write", func(m hash.Hash) { m.Sum(nil); m.Write([]byte(", world")) })
			step("a long write", func(m hash.Hash) { m.Write(bytes.Repeat([]byte{7}, 1000)) })
			step("Reset", func(m hash.Hash) { m.Reset() })
			step("a write after Reset", func(m hash.Hash) { m.Write([]byte("again")) })
		})
	}
}

// TestClone checks that New's result clones into an independent hash.
func TestClone(t *testing.T) {
	m := New(sha256.New, []byte("key"))
	m.Write([]byte("common prefix "))
	c, err := m.(hash.Cloner).Clone()
	if err != nil {
		t.Fatal(err)
	}
	m.Write([]byte("one"))
	c.Write([]byte("two"))
	for _, tc := range []struct {
		h    hash.Hash
		rest string
	}{{m, "one"}, {c, "two"}} {
		ref := stdhmac.New(sha256.New, []byte("key"))
		ref.Write([]byte("common prefix " + tc.rest))
		if got, want := tc.h.Sum(nil), ref.Sum(nil); !bytes.Equal(got, want) {
			t.Errorf("%s: %x, want %x", tc.rest, got, want)
		}
	}

	// A hash that cannot clone: an error wrapping errors.ErrUnsupported.
	p := New(plainHash(sha256.New), []byte("key"))
	if _, err := p.(hash.Cloner).Clone(); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Clone of a hash without Clone: %v, want errors.ErrUnsupported", err)
	}
}

// panicValue returns what f panics with, or nil.
func panicValue(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}

// uncomparable is a hash whose dynamic type cannot be compared with ==:
// crypto/hmac.New takes it as distinct values, and so must New.
type uncomparable struct {
	hash.Hash
	_ []byte
}

// TestNewPanics checks New and NewKey, beside crypto/hmac.New, on hash
// functions that misbehave: one that returns the same hash twice (or nil
// twice) makes both panic, with crypto/hmac's message under this package's
// prefix; a nil function and one that panics make both panic with the same
// value; a hash whose type cannot be compared is accepted by both.
func TestNewPanics(t *testing.T) {
	shared := sha256.New()
	for _, tc := range []struct {
		name   string
		h      func() hash.Hash
		unique bool // the panic is crypto/hmac's "not unique" one
	}{
		{"same hash", func() hash.Hash { return shared }, true},
		{"nil hash", func() hash.Hash { return nil }, true},
		{"nil function", nil, false},
		{"panicking function", func() hash.Hash { panic("no hash here") }, false},
	} {
		want := panicValue(func() { stdhmac.New(tc.h, []byte("key")) })
		if want == nil {
			t.Fatalf("%s: crypto/hmac.New did not panic", tc.name)
		}
		for name, f := range map[string]func(){
			"New":    func() { New(tc.h, []byte("key")) },
			"NewKey": func() { NewKey(tc.h, []byte("key")) },
			"Sum":    func() { Sum(nil, tc.h, []byte("key"), nil) },
		} {
			if name == "Sum" && tc.unique {
				// Sum calls h once: it has no second value to compare.
				continue
			}
			got := panicValue(f)
			switch {
			case tc.unique:
				msg, ok := strings.CutPrefix(fmt.Sprint(got), "carry/hmac: ")
				if !ok || "crypto/hmac: "+msg != fmt.Sprint(want) {
					t.Errorf("%s, %s: panic %q, crypto/hmac's %q", tc.name, name, got, want)
				}
			case fmt.Sprint(got) != fmt.Sprint(want):
				t.Errorf("%s, %s: panic %q, crypto/hmac's %q", tc.name, name, got, want)
			}
		}
	}
	h := func() hash.Hash { return uncomparable{Hash: sha256.New()} }
	key, msg := []byte("key"), []byte("message")
	want := stdhmac.New(h, key)
	want.Write(msg)
	for name, got := range allMACs(h, key, msg) {
		if !bytes.Equal(got, want.Sum(nil)) {
			t.Errorf("uncomparable hash, %s: %x, crypto/hmac %x", name, got, want.Sum(nil))
		}
	}
}

// TestNewCallsH checks that New calls a hash function that is not a
// standard constructor as many times as crypto/hmac.New does (twice), so that
// one that makes distinct hashes only for its first two calls works with
// both, and gives crypto/hmac's MAC.
func TestNewCallsH(t *testing.T) {
	counting := func(calls *int) func() hash.Hash {
		shared := sha256.New()
		return func() hash.Hash {
			if *calls++; *calls > 2 {
				return shared
			}
			return sha256.New()
		}
	}
	var ours, std int
	m := New(counting(&ours), []byte("key"))
	ref := stdhmac.New(counting(&std), []byte("key"))
	if ours != std {
		t.Errorf("New called h %d times, crypto/hmac.New %d", ours, std)
	}
	m.Write([]byte("message"))
	ref.Write([]byte("message"))
	if got, want := m.Sum(nil), ref.Sum(nil); !bytes.Equal(got, want) {
		t.Errorf("MAC %x, crypto/hmac %x", got, want)
	}
}

func TestEqual(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"", "", true},
		{"abc", "abc", true},
		{"abc", "abd", false},
		{"abc", "ab", false},
		{"abc", "", false},
	} {
		if got := Equal([]byte(tc.a), []byte(tc.b)); got != tc.want {
			t.Errorf("Equal(%q, %q) = %v", tc.a, tc.b, got)
		}
	}
}
