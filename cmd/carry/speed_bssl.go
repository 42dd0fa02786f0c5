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

// bsslSpeed says how the speed command of a bssl tool measures an operation:
// BoringSSL's (Debian's android-boringssl package installs it as bssl-tool)
// or AWS-LC's, a fork of BoringSSL whose speed command prints the same JSON
// records, some under other descriptions.
type bsslSpeed struct {
	filter string // the -filter given to bssl speed
	chunk  int    // the -chunks given to it, for the ciphers; 0 for none
	desc   string // the description of the record that holds the result

	// bytes, if not 0, is the bytesPerCall the record must have too, where
	// records of several lengths share a description (AWS-LC's ciphers).
	bytes int

	// less, if not "", describes a record of the same run whose time per
	// operation is subtracted from desc's, for a record that times more
	// than the op (AWS-LC's ECDH generates a key in each call).
	less string

	// times, if not 0, is how many of the record's operations make one op
	// (64 verifications for the batch row).
	times int
}

// args returns the arguments of the bssl speed run that measures s, each
// record running for seconds.
func (s *bsslSpeed) args(seconds int) []string {
	args := []string{"speed", "-json", "-timeout", strconv.Itoa(seconds), "-filter", s.filter}
	if s.chunk > 0 {
		args = append(args, "-chunks", strconv.Itoa(s.chunk))
	}
	return args
}

// bsslTools are the names under which BoringSSL's bssl is looked for on
// PATH, in order.
var bsslTools = []string{"bssl", "bssl-tool"}

// bsslRuns holds the output of every bssl speed run of one round, by path
// and arguments, so that ops whose records one run prints share that run:
// AWS-LC prints its X25519 and Ed25519 records together, and every RSA size
// for one filter.
type bsslRuns map[string]bsslRun

type bsslRun struct {
	out []byte
	err error
}

// runBsslSpeed returns the time per operation in nanoseconds that the bssl
// tool at path measures for s, running it unless runs holds the output of
// the same run. bssl divides by wall-clock time, as carry's own measurements
// do.
func runBsslSpeed(path string, s *bsslSpeed, seconds int, runs bsslRuns) (float64, error) {
	args := s.args(seconds)
	cmdline := path + " " + strings.Join(args, " ")
	run, ok := runs[cmdline]
	if !ok {
		cmd := exec.Command(path, args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout = &stdout
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			run.err = fmt.Errorf("%s: %v: %s", cmdline, err, strings.TrimSpace(stderr.String()))
		}
		run.out = stdout.Bytes()
		runs[cmdline] = run
	}
	if run.err != nil {
		return 0, run.err
	}
	ns, err := parseBsslSpeed(run.out, s)
	if err != nil {
		return 0, fmt.Errorf("%s: %v", cmdline, err)
	}
	return ns, nil
}

// bsslRecord is one record of "bssl speed -json", such as
//
//	{"description": "ChaCha20-Poly1305 (64 bytes) seal", "numCalls": 4570000, "microseconds": 1002864, "bytesPerCall": 64}
//
// (bssl's help calls the time field timeInMicroseconds, which is read too).
type bsslRecord struct {
	Description  string   `json:"description"`
	NumCalls     *float64 `json:"numCalls"`
	Microseconds *float64 `json:"microseconds"`
	TimeInMicros *float64 `json:"timeInMicroseconds"`
	BytesPerCall int      `json:"bytesPerCall"`
}

// parseBsslSpeed returns the time per operation in nanoseconds that s
// reads from the output of "bssl speed -json", an array of bsslRecords.
func parseBsslSpeed(out []byte, s *bsslSpeed) (float64, error) {
	var records []bsslRecord
	if err := json.Unmarshal(out, &records); err != nil {
		return 0, fmt.Errorf("output is not a JSON array of records: %v", err)
	}
	ns, err := recordTime(records, s.desc, s.bytes)
	if err != nil {
		return 0, err
	}
	if s.less != "" {
		less, err := recordTime(records, s.less, 0)
		if err != nil {
			return 0, err
		}
		if ns -= less; !(ns > 0) {
			return 0, fmt.Errorf("record %q takes no longer than %q", s.desc, s.less)
		}
	}
	return ns * float64(max(s.times, 1)), nil
}

// recordTime returns the time per operation in nanoseconds of the first of
// records described by desc (and with bytesPerCall bytes, unless bytes is 0).
func recordTime(records []bsslRecord, desc string, bytes int) (float64, error) {
	for _, r := range records {
		if r.Description != desc || bytes != 0 && r.BytesPerCall != bytes {
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
	if bytes != 0 {
		return 0, fmt.Errorf("no record %q of %d bytes in its output", desc, bytes)
	}
	return 0, errors.New("no record " + strconv.Quote(desc) + " in its output")
}
