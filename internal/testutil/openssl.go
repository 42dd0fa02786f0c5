package testutil

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// OpenSSL returns the path of the openssl command line tool, failing t when it
// is not on PATH. carry's differential tests use it as an independent oracle;
// CI installs it (see .ci/run).
func OpenSSL(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("openssl")
	if err != nil {
		t.Fatalf("carry/testutil: the openssl command line tool is not on PATH; install it (Debian: apt-get install openssl) to run this test")
	}
	return p
}

// RunOpenSSL runs openssl with args and stdin and returns its standard output,
// failing t if openssl is missing or exits with an error.
func RunOpenSSL(t testing.TB, stdin []byte, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(OpenSSL(t), args...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("carry/testutil: openssl %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.Bytes()
}
