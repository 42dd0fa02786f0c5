package main

import (
	"bytes"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// opensslSpeed says how "openssl speed" measures an operation.
type opensslSpeed struct {
	algs []string // algorithm names given to openssl speed
	row  string   // text that identifies the row of its result table
	col  int      // which of the row's rate columns (0 unless it has several)

	// parse, if not nil, reads the time per operation in nanoseconds from
	// the output instead of parseOpenSSLSpeed (with row and col), for the
	// tables that are not in operations per second (ciphers print bytes
	// per second).
	parse func(out []byte) (float64, error)
}

// runOpenSSLSpeed runs "openssl speed" for s and returns the time per
// operation in nanoseconds.
//
// It passes -elapsed so that OpenSSL divides by wall-clock time, as carry's
// own measurements do, rather than by CPU time, which leaves out the time the
// process was preempted.
func runOpenSSLSpeed(path string, s *opensslSpeed, seconds int) (float64, error) {
	args := append([]string{"speed", "-elapsed", "-seconds", strconv.Itoa(seconds)}, s.algs...)
	cmd := exec.Command(path, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return 0, fmt.Errorf("openssl %s: %v: %s", strings.Join(args, " "), err,
			strings.TrimSpace(stderr.String()))
	}
	if s.parse != nil {
		ns, err := s.parse(stdout.Bytes())
		if err != nil {
			return 0, fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
		}
		return ns, nil
	}
	rate, err := parseOpenSSLSpeed(stdout.Bytes(), s.row, s.col)
	if err != nil {
		return 0, fmt.Errorf("openssl %s: %v", strings.Join(args, " "), err)
	}
	return 1e9 / rate, nil
}

// parseOpenSSLSpeed returns the operations per second that the result table
// of "openssl speed" gives in rate column col of the row containing row.
//
// The table has a header line whose last fields are rate columns, ending in
// "/s" ("op/s", or "sign/s verify/s"), and then one line per measurement
// whose last fields are those rates:
//
//	                             op      op/s
//	253 bits ecdh (X25519)   0.0000s  27134.3
func parseOpenSSLSpeed(out []byte, row string, col int) (float64, error) {
	rates := 0 // rate columns of the latest header line
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if n := trailingRates(fields); n > 0 {
			rates = n
			continue
		}
		_, after, found := strings.Cut(line, row)
		if !found {
			continue
		}
		if rates == 0 {
			return 0, fmt.Errorf("row %q comes before any header with rate columns", row)
		}
		if col < 0 || col >= rates {
			return 0, fmt.Errorf("row %q has %d rate columns, not column %d", row, rates, col)
		}
		fields = strings.Fields(after)
		if len(fields) < rates {
			return 0, fmt.Errorf("row %q has fewer than %d fields: %q", row, rates, line)
		}
		s := fields[len(fields)-rates+col]
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || !(v > 0) {
			return 0, fmt.Errorf("row %q: bad rate %q", row, s)
		}
		return v, nil
	}
	return 0, errors.New("no row " + strconv.Quote(row) + " in its output")
}

// trailingRates returns how many of the last fields end in "/s": a header
// line's rate columns.
func trailingRates(fields []string) int {
	n := 0
	for n < len(fields) && strings.HasSuffix(fields[len(fields)-1-n], "/s") {
		n++
	}
	return n
}
