package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// bsslSpeed says how the speed command of BoringSSL's bssl tool measures an
// operation. (Debian's android-boringssl package installs the tool as
// bssl-tool; AWS-LC, a fork of BoringSSL, builds one named bssl whose speed
// command prints the same records.)
type bsslSpeed struct {
	filter string // the -filter given to bssl speed
	chunk  int    // the -chunks given to it, for the ciphers; 0 for none
	desc   string // the description of the record that holds the result
}

// bsslTools are the names under which bssl is looked for on PATH, in order.
var bsslTools = []string{"bssl", "bssl-tool"}

// runBsslSpeed runs "bssl speed -json" for s and returns the time per
// operation in nanoseconds. bssl divides by wall-clock time, as carry's own
// measurements do.
func runBsslSpeed(path string, s *bsslSpeed, seconds int) (float64, error) {
	args := []string{"speed", "-json", "-timeout", strconv.Itoa(seconds), "-filter", s.filter}
	if s.chunk > 0 {
		args = append(args, "-chunks", strconv.Itoa(s.chunk))
	}
	cmd := exec.Command(path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("%s %s: %v: %s", path, strings.Join(args, " "), err,
			strings.TrimSpace(stderr.String()))
	}
	ns, err := parseBsslSpeed(stdout.Bytes(), s.desc)
	if err != nil {
		return 0, fmt.Errorf("%s %s: %v", path, strings.Join(args, " "), err)
	}
	return ns, nil
}

// parseBsslSpeed returns the time per operation in nanoseconds of the record
// described by desc in the output of "bssl speed -json": an array of
// records such as
//
//	{"description": "ChaCha20-Poly1305 (64 bytes) seal", "numCalls": 4570000, "microseconds": 1002864, "bytesPerCall": 64}
//
// (bssl's help calls the time field timeInMicroseconds, which is read too).
func parseBsslSpeed(out []byte, desc string) (float64, error) {
	var records []struct {
		Description  string   `json:"description"`
		NumCalls     *float64 `json:"numCalls"`
		Microseconds *float64 `json:"microseconds"`
		TimeInMicros *float64 `json:"timeInMicroseconds"`
	}
	if err := json.Unmarshal(out, &records); err != nil {
		return 0, fmt.Errorf("output is not a JSON array of records: %v", err)
	}
	for _, r := range records {
		if r.Description != desc {
			continue
		}
		us := r.Microseconds
		if us == nil {
			us = r.TimeInMicros
		}
		if r.NumCalls == nil || us == nil || !(*r.NumCalls > 0) || !(*us > 0) {
			return 0, fmt.Errorf("record %q has no positive call count and time", desc)
		}
		return *us * 1e3 / *r.NumCalls, nil
	}
	return 0, errors.New("no record " + strconv.Quote(desc) + " in its output")
}
