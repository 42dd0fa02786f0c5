package main

import (
	"bufio"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The servers of "carry handshake" run in processes of their own, so that
// the CPU time of each is the server's alone (the client runs in carry's
// process): a copy of carry itself for crypto/tls with the standard
// library's key or with carry's, and openssl s_server.

// Environment variables that start a copy of carry as a handshake server.
const (
	hsServerEnv = "CARRY_HANDSHAKE_SERVER" // the implementation: std or carry
	hsCertEnv   = "CARRY_HANDSHAKE_CERT"
	hsKeyEnv    = "CARRY_HANDSHAKE_KEY"
	// hsProfileEnv, if set, names a file the server writes a CPU profile
	// of its whole run to (carry handshake -cpuprofile).
	hsProfileEnv = "CARRY_HANDSHAKE_CPUPROFILE"
)

// maybeHandshakeServer runs the handshake server and exits if this process
// was started as one (see startGoServer).
func maybeHandshakeServer() {
	impl := os.Getenv(hsServerEnv)
	if impl == "" {
		return
	}
	if err := runHandshakeServer(impl, os.Getenv(hsProfileEnv)); err != nil {
		fmt.Fprintln(os.Stderr, "carry handshake server:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// runHandshakeServer is the server process's body: serveHandshakes on the
// files the environment names, under a CPU profile written to profile if it
// is not "".
func runHandshakeServer(impl, profile string) error {
	if profile != "" {
		f, err := os.Create(profile)
		if err != nil {
			return err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return err
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	return serveHandshakes(impl, os.Getenv(hsCertEnv), os.Getenv(hsKeyEnv), os.Stdin, os.Stdout)
}

// serveHandshakes is the body of a handshake server process: it loads the
// certificate and key with impl's loader, listens on a loopback port, writes
// the address and a newline to out, and serves connections one at a time
// until in reaches EOF. Each connection is a handshake followed by one line
// the server sends back reversed (as openssl s_server -rev does), which lets
// a TLS 1.3 client receive its session ticket.
func serveHandshakes(impl, certFile, keyFile string, in io.Reader, out io.Writer) error {
	cert, err := loadServerCertificate(impl, certFile, keyFile)
	if err != nil {
		return err
	}
	config := &tls.Config{
		Certificates:     []tls.Certificate{cert},
		MinVersion:       tls.VersionTLS12,
		CurvePreferences: hsCurves,
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	go func() {
		io.Copy(io.Discard, in)
		l.Close()
	}()
	if _, err := fmt.Fprintln(out, l.Addr()); err != nil {
		return err
	}
	for {
		c, err := l.Accept()
		if err != nil {
			if errors.Is(err, net.ErrClosed) {
				return nil
			}
			return err
		}
		// A failed connection is the client's to report.
		serveOne(tls.Server(c, config))
	}
}

// serveOne runs one connection of serveHandshakes.
func serveOne(c *tls.Conn) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	if err := c.Handshake(); err != nil {
		return
	}
	line, err := bufio.NewReader(c).ReadBytes('\n')
	if err != nil {
		return
	}
	line = line[:len(line)-1]
	slices.Reverse(line)
	c.Write(append(line, '\n'))
}

// A hsServer is a running server process.
type hsServer struct {
	name  string // std, carry or openssl
	addr  string
	cmd   *exec.Cmd
	stdin io.Closer
}

// startGoServer starts a copy of carry serving c with the key loaded by impl,
// writing a CPU profile to profile if it is not "", pinned to cpu if it is
// not negative.
func startGoServer(impl string, c *hsCert, profile string, cpu int) (*hsServer, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), hsServerEnv+"="+impl, hsCertEnv+"="+c.certFile, hsKeyEnv+"="+c.keyFile)
	if profile != "" {
		cmd.Env = append(cmd.Env, hsProfileEnv+"="+profile)
	}
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := startPinned(cpu, cmd.Start); err != nil {
		return nil, err
	}
	s := &hsServer{name: impl, cmd: cmd, stdin: stdin}
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		s.stop()
		return nil, fmt.Errorf("%s server did not start: %v", impl, err)
	}
	s.addr = strings.TrimSpace(line)
	return s, nil
}

// startOpenSSLServer starts openssl s_server -rev on c, on a free loopback
// port, with the groups of hsCurves, pinned to cpu if it is not negative,
// and waits until it accepts.
func startOpenSSLServer(openssl string, c *hsCert, cpu int) (*hsServer, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	addr := l.Addr().String()
	l.Close()
	cmd := exec.Command(openssl, "s_server", "-accept", addr, "-cert", c.certFile, "-key", c.keyFile,
		"-rev", "-quiet", "-groups", "X25519:P-256:P-384:P-521")
	cmd.Dir = filepath.Dir(c.certFile)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := startPinned(cpu, cmd.Start); err != nil {
		return nil, err
	}
	s := &hsServer{name: "openssl", addr: addr, cmd: cmd, stdin: stdin}
	for deadline := time.Now().Add(10 * time.Second); ; {
		conn, err := net.Dial("tcp", addr)
		if err == nil {
			conn.Close()
			return s, nil
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("openssl s_server did not start on %s: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop ends the server process.
func (s *hsServer) stop() {
	s.stdin.Close()
	done := make(chan struct{})
	go func() {
		s.cmd.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		s.cmd.Process.Kill()
		<-done
	}
}

// cpu returns the CPU time the server process has used so far: the sum over
// its threads of the scheduler's run time (/proc/PID/task/*/schedstat, in
// nanoseconds), finer than getrusage's ticks. Threads that have exited are
// not counted; Go's and OpenSSL's servers keep theirs.
func (s *hsServer) cpu() (time.Duration, error) {
	dir := fmt.Sprintf("/proc/%d/task", s.cmd.Process.Pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue // the thread exited
		}
		f := strings.Fields(string(b))
		if len(f) == 0 {
			return 0, fmt.Errorf("unexpected %s/schedstat: %q", t.Name(), b)
		}
		ns, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, err
		}
		total += ns
	}
	return time.Duration(total), nil
}
