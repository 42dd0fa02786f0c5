package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// A generator's mutant changes generated files only, nearly always only
// the assembly, yet go build compiles the package's Go files again for
// it: a compile's cache key holds every file of the package, the .s files
// too, though the compiler reads none of them (the assembler's list of
// their symbols, -symabis, is what it reads). Run by go as its -toolexec
// with $CARRY_MUTATE_COMPILE_CACHE set, this command serves such a compile
// of the package under test from a folder of the outputs of compiles with
// the same inputs: the Go files, the symbol list and import configuration
// by content, the flags but for where the outputs go. Any other tool, and
// any compile of another package, runs as it would without it.
const (
	compileCacheEnv = "CARRY_MUTATE_COMPILE_CACHE" // the folder of the outputs
	compilePkgEnv   = "CARRY_MUTATE_COMPILE_PKG"   // the import path served
)

// toolexec runs args, a tool's path and its arguments, for the go command
// and returns its exit status, serving a compile of pkg from dir when it
// can and adding one it ran there.
func toolexec(dir, pkg string, args []string) int {
	c, ok := parseCompile(pkg, args)
	if !ok {
		return runTool(args)
	}
	key, err := c.key()
	if err != nil {
		return runTool(args)
	}
	base := filepath.Join(dir, key)
	if c.serve(base) == nil {
		return 0
	}
	status := runTool(args)
	if status == 0 {
		// A failure to keep the outputs costs only the next compile.
		_ = c.keep(base)
	}
	return status
}

// runTool runs args with this process's standard streams and returns the
// exit status.
func runTool(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	fmt.Fprintln(os.Stderr, "mutate: toolexec:", err)
	return 2
}

// compile is a compiler invocation that the cache serves.
type compile struct {
	args    []string // the tool and its arguments
	out     string   // -o: the package archive
	asmhdr  string   // -asmhdr: the header for the assembly, or ""
	buildID string   // -buildid, which the archive holds
	objdir  string   // the folder of out, this action's own
}

// parseCompile returns the compile of pkg that args run, and false if they
// run another tool or compile another package.
func parseCompile(pkg string, args []string) (*compile, bool) {
	if len(args) < 2 || strings.TrimSuffix(filepath.Base(args[0]), ".exe") != "compile" {
		return nil, false
	}
	c := &compile{args: args}
	var p string
	for i := 1; i+1 < len(args); i++ {
		switch args[i] {
		case "-o":
			c.out = args[i+1]
		case "-asmhdr":
			c.asmhdr = args[i+1]
		case "-buildid":
			c.buildID = args[i+1]
		case "-p":
			p = args[i+1]
		}
	}
	if p != pkg || c.out == "" || c.buildID == "" || !slices.Contains(args, "-pack") {
		return nil, false
	}
	c.objdir = filepath.Dir(c.out) + string(filepath.Separator)
	return c, true
}

// key returns the hash of what the compile reads: its flags with the
// paths of this action's folder made relative, the trimpath rewrites of
// its Go files, and the contents of its input files, the package files
// the import configuration names in this build's folders and the files
// the embed configuration names (a generated file a test embeds, which a
// mutant changes at the same overlay path) included.
func (c *compile) key() (string, error) {
	h := sha256.New()
	work := filepath.Dir(filepath.Dir(c.out)) + string(filepath.Separator)
	norm := func(s string) string {
		s = strings.ReplaceAll(s, strings.TrimSuffix(c.objdir, string(filepath.Separator)), "$OBJ")
		return strings.ReplaceAll(s, work, "$WORK/")
	}
	file := func(path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if filepath.Base(path) == "importcfg" {
			for line := range strings.Lines(string(data)) {
				_, f, ok := strings.Cut(strings.TrimSpace(line), "=")
				if ok && strings.HasPrefix(line, "packagefile ") && strings.HasPrefix(f, work) {
					data = append(data, []byte("\x00"+f+"\x00")...)
					pf, err := os.ReadFile(f)
					if err != nil {
						return err
					}
					data = append(data, pf...)
				}
			}
			data = []byte(norm(string(data)))
		}
		if filepath.Base(path) == "embedcfg" {
			var cfg struct{ Files map[string]string }
			if err := json.Unmarshal(data, &cfg); err != nil {
				return err
			}
			names := slices.Sorted(maps.Keys(cfg.Files))
			for _, name := range names {
				ef, err := os.ReadFile(cfg.Files[name])
				if err != nil {
					return err
				}
				data = append(data, []byte("\x00"+name+"\x00")...)
				data = append(data, ef...)
			}
		}
		fmt.Fprintf(h, "file %q %d\n", norm(path), len(data))
		h.Write(data)
		return nil
	}
	args := c.args
	for i := 0; i < len(args); i++ {
		a := args[i]
		if i+1 < len(args) {
			switch a {
			case "-o", "-asmhdr", "-buildid":
				fmt.Fprintf(h, "arg %q\n", a)
				i++
				continue
			case "-trimpath":
				// The rewrites of the Go files only: the others name the
				// overlay's other files, which the compiler does not read.
				var keep []string
				for rw := range strings.SplitSeq(args[i+1], ";") {
					from, _, _ := strings.Cut(rw, "=>")
					if strings.HasSuffix(from, ".go") || !strings.Contains(filepath.Base(from), ".") {
						keep = append(keep, rw)
					}
				}
				fmt.Fprintf(h, "arg -trimpath %q\n", norm(strings.Join(keep, ";")))
				i++
				continue
			}
		}
		fmt.Fprintf(h, "arg %q\n", norm(a))
		if fi, err := os.Stat(a); err == nil && fi.Mode().IsRegular() && i > 0 {
			if err := file(a); err != nil {
				return "", err
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// serve writes the kept outputs at base to the compile's outputs, the
// archive's build ID made this compile's.
func (c *compile) serve(base string) error {
	old, err := os.ReadFile(base + ".id")
	if err != nil {
		return err
	}
	a, err := os.ReadFile(base + ".a")
	if err != nil {
		return err
	}
	if len(old) != len(c.buildID) || !bytes.Contains(a, old) {
		return errors.New("build ID not found")
	}
	a = bytes.ReplaceAll(a, old, []byte(c.buildID))
	if c.asmhdr != "" {
		hdr, err := os.ReadFile(base + ".h")
		if err != nil {
			return err
		}
		if err := os.WriteFile(c.asmhdr, hdr, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(c.out, a, 0o644)
}

// keep copies the compile's outputs to base.
func (c *compile) keep(base string) error {
	a, err := os.ReadFile(c.out)
	if err != nil {
		return err
	}
	if c.asmhdr != "" {
		hdr, err := os.ReadFile(c.asmhdr)
		if err != nil {
			return err
		}
		if err := os.WriteFile(base+".h", hdr, 0o644); err != nil {
			return err
		}
	}
	if err := os.WriteFile(base+".a", a, 0o644); err != nil {
		return err
	}
	// The ID last: an entry counts only once it is there.
	return os.WriteFile(base+".id", []byte(c.buildID), 0o644)
}
