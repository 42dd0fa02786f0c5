package main

import (
	"bufio"
	"crypto/tls"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

func init() {
	register("handshake", command{
		summary: "time TLS handshakes of crypto/tls servers with the standard library's keys and carry's, and openssl s_server",
		run:     runHandshake,
	})
}

// A hsMode is a kind of handshake: its protocol version and whether it
// resumes a session.
type hsMode struct {
	name    string
	desc    string
	version uint16
	resume  bool
}

var hsModes = []*hsMode{
	{"tls13", "TLS 1.3 full handshake (X25519, certificate signature)", tls.VersionTLS13, false},
	{"tls13-resumed", "TLS 1.3 resumed handshake (PSK with X25519, no signature)", tls.VersionTLS13, true},
	{"tls12", "TLS 1.2 full ECDHE handshake (X25519, certificate signature)", tls.VersionTLS12, false},
}

// hsCurves are the groups of clients and servers: X25519 is the one used
// for key exchange; the NIST curves are listed because a TLS 1.2 server
// serves an ECDSA certificate only to a client that supports its curve.
var hsCurves = []tls.CurveID{tls.X25519, tls.CurveP256, tls.CurveP384, tls.CurveP521}

// hsConfig is a run's configuration.
type hsConfig struct {
	keys    []*hsKey
	modes   []*hsMode
	n       int    // handshakes per round per server
	rounds  int    // rounds of alternating measurements
	warmup  int    // handshakes per server before the first round
	openssl string // the openssl tool, or "" for none
}

// hsResult is the measurement of one server for one key type and mode.
type hsResult struct {
	Server string `json:"server"`
	// CPUNS is the median over rounds of the server's CPU time per
	// handshake, in nanoseconds.
	CPUNS float64 `json:"cpu_ns"`
	// Spread is the largest distance of a round from the median, as a
	// fraction of the median.
	Spread float64 `json:"spread"`
	// WallNS is the median wall time per handshake, client included.
	WallNS float64 `json:"wall_ns"`

	cpu summary
}

// hsRow is one line of the report.
type hsRow struct {
	Key     string              `json:"key"`
	Mode    string              `json:"mode"`
	Servers map[string]hsResult `json:"servers"`
	// Note says why a server is missing, if one is.
	Note string `json:"note,omitempty"`
}

// runHandshake is "carry handshake [flags] [key ...]".
func runHandshake(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("handshake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "handshakes per round per server")
	rounds := fs.Int("rounds", 5, "rounds of alternating measurements")
	modes := fs.String("modes", "tls13,tls13-resumed,tls12", "comma-separated handshake kinds: "+hsModeNames())
	useOpenSSL := fs.Bool("openssl", true, "also measure openssl s_server, if openssl is on PATH")
	asJSON := fs.Bool("json", false, "write the results as JSON")
	fs.Usage = func() { handshakeUsage(fs) }
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	cfg := hsConfig{n: *n, rounds: *rounds, warmup: max(*n/10, 5)}
	if cfg.n < 1 || cfg.rounds < 1 {
		fmt.Fprintln(stderr, "carry handshake: -n and -rounds must be at least 1")
		return 2
	}
	var err error
	if cfg.keys, err = selectHSKeys(fs.Args()); err != nil {
		fmt.Fprintf(stderr, "carry handshake: %v\n", err)
		return 2
	}
	if cfg.modes, err = selectHSModes(*modes); err != nil {
		fmt.Fprintf(stderr, "carry handshake: %v\n", err)
		return 2
	}
	if *useOpenSSL {
		if p, err := exec.LookPath("openssl"); err == nil {
			cfg.openssl = p
		} else {
			fmt.Fprintln(stderr, "carry handshake: openssl is not on PATH; the OpenSSL column is left empty")
		}
	}

	progress, done := progressLine(stderr, "carry handshake: ")
	rows, err := measureHandshakes(cfg, progress)
	done()
	if err != nil {
		fmt.Fprintf(stderr, "carry handshake: %v\n", err)
		return 1
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return 1
		}
		return 0
	}
	writeHSReport(stdout, rows, cfg)
	return 0
}

func hsModeNames() string {
	var names []string
	for _, m := range hsModes {
		names = append(names, m.name)
	}
	return strings.Join(names, ", ")
}

func handshakeUsage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, `usage: carry handshake [flags] [key ...]

Runs TLS handshakes over loopback against servers in processes of their own:
crypto/tls with the certificate's key loaded by tls.LoadX509KeyPair (std),
the same server with the key loaded by carry.LoadX509KeyPair (carry), and
openssl s_server on the same certificate. The client is crypto/tls in this
process. It prints each server's CPU time per handshake (the median over
rounds; the servers take turns, in a new random order each round), the handshakes a second one server core
makes at that cost, and the ratios. Key exchange is X25519 everywhere.

Keys (all by default):

`)
	for _, k := range hsKeys {
		fmt.Fprintf(w, "\t%-10s %s\n", k.name, k.desc)
	}
	fmt.Fprint(w, "\nHandshakes (-modes):\n\n")
	for _, m := range hsModes {
		fmt.Fprintf(w, "\t%-14s %s\n", m.name, m.desc)
	}
	fmt.Fprint(w, "\nFlags:\n\n")
	fs.PrintDefaults()
}

func selectHSKeys(names []string) ([]*hsKey, error) {
	if len(names) == 0 {
		return hsKeys, nil
	}
	var keys []*hsKey
	for _, name := range names {
		i := slices.IndexFunc(hsKeys, func(k *hsKey) bool { return k.name == name })
		if i < 0 {
			var all []string
			for _, k := range hsKeys {
				all = append(all, k.name)
			}
			return nil, fmt.Errorf("unknown key %q (keys: %s)", name, strings.Join(all, ", "))
		}
		keys = append(keys, hsKeys[i])
	}
	return keys, nil
}

func selectHSModes(list string) ([]*hsMode, error) {
	var modes []*hsMode
	for _, name := range strings.Split(list, ",") {
		i := slices.IndexFunc(hsModes, func(m *hsMode) bool { return m.name == name })
		if i < 0 {
			return nil, fmt.Errorf("unknown handshake %q (handshakes: %s)", name, hsModeNames())
		}
		modes = append(modes, hsModes[i])
	}
	return modes, nil
}

// measureHandshakes measures every key type and mode of cfg.
func measureHandshakes(cfg hsConfig, progress func(string)) ([]hsRow, error) {
	dir, err := os.MkdirTemp("", "carry-handshake")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	var rows []hsRow
	for _, k := range cfg.keys {
		if progress != nil {
			progress(k.name + ": generating the key and certificate")
		}
		cert, err := newHSCert(k, dir)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", k.name, err)
		}
		servers, note, err := startHSServers(cert, cfg.openssl)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", k.name, err)
		}
		for _, m := range cfg.modes {
			row, err := measureMode(cfg, k, m, cert, servers, progress)
			if err != nil {
				stopAll(servers)
				return nil, fmt.Errorf("%s %s: %v", k.name, m.name, err)
			}
			row.Note = note
			rows = append(rows, row)
		}
		stopAll(servers)
	}
	return rows, nil
}

// startHSServers starts the servers for cert: std, carry (unless carry has
// no implementation of the key type, which note then says) and openssl.
func startHSServers(cert *hsCert, openssl string) (servers []*hsServer, note string, err error) {
	impls := []string{"std"}
	if _, err := loadServerCertificate("carry", cert.certFile, cert.keyFile); err != nil {
		note = err.Error()
	} else {
		impls = append(impls, "carry")
	}
	for _, impl := range impls {
		s, err := startGoServer(impl, cert)
		if err != nil {
			stopAll(servers)
			return nil, "", err
		}
		servers = append(servers, s)
	}
	if openssl != "" {
		s, err := startOpenSSLServer(openssl, cert)
		if err != nil {
			stopAll(servers)
			return nil, "", err
		}
		servers = append(servers, s)
	}
	return servers, note, nil
}

func stopAll(servers []*hsServer) {
	for _, s := range servers {
		s.stop()
	}
}

// measureMode runs mode m against every server, in alternating rounds.
func measureMode(cfg hsConfig, k *hsKey, m *hsMode, cert *hsCert, servers []*hsServer, progress func(string)) (hsRow, error) {
	clients := make([]*tls.Config, len(servers))
	for i := range servers {
		clients[i] = &tls.Config{
			RootCAs:          cert.pool,
			ServerName:       hsServerName,
			MinVersion:       m.version,
			MaxVersion:       m.version,
			CurvePreferences: hsCurves,
		}
		if m.resume {
			clients[i].ClientSessionCache = tls.NewLRUClientSessionCache(1)
		}
		// The warm-up's first handshake is full: it fetches the ticket.
		for j := range cfg.warmup {
			if err := clientHandshake(servers[i].addr, clients[i], m, m.resume && j > 0); err != nil {
				return hsRow{}, fmt.Errorf("%s server: %v", servers[i].name, err)
			}
		}
	}
	cpu := make([][]float64, len(servers))
	wall := make([][]float64, len(servers))
	for r := range cfg.rounds {
		// A new order each round, so that a drift in the machine's load
		// does not always fall on the same server.
		for _, i := range rand.Perm(len(servers)) {
			s := servers[i]
			if progress != nil {
				progress(fmt.Sprintf("%s %s: round %d of %d, %s server", k.name, m.name, r+1, cfg.rounds, s.name))
			}
			c0, err := s.cpu()
			if err != nil {
				return hsRow{}, err
			}
			t0 := time.Now()
			for range cfg.n {
				if err := clientHandshake(s.addr, clients[i], m, m.resume); err != nil {
					return hsRow{}, fmt.Errorf("%s server: %v", s.name, err)
				}
			}
			t1 := time.Now()
			c1, err := s.cpu()
			if err != nil {
				return hsRow{}, err
			}
			cpu[i] = append(cpu[i], float64(c1-c0)/float64(cfg.n))
			wall[i] = append(wall[i], float64(t1.Sub(t0))/float64(cfg.n))
		}
	}
	row := hsRow{Key: k.name, Mode: m.name, Servers: map[string]hsResult{}}
	for i, s := range servers {
		c, _ := summarize(cpu[i])
		w, _ := summarize(wall[i])
		row.Servers[s.name] = hsResult{Server: s.name, CPUNS: c.median,
			Spread: max(c.max-c.median, c.median-c.min) / c.median, WallNS: w.median, cpu: c}
	}
	return row, nil
}

// clientHandshake makes one connection to addr: a handshake, which must
// resume a session if resume is set and must be of m's version, then a
// line sent and its reversal read back, and the close.
func clientHandshake(addr string, config *tls.Config, m *hsMode, resume bool) error {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return err
	}
	c := tls.Client(conn, config)
	defer c.Close()
	c.SetDeadline(time.Now().Add(30 * time.Second))
	if err := c.Handshake(); err != nil {
		return err
	}
	st := c.ConnectionState()
	if st.Version != m.version {
		return fmt.Errorf("negotiated %s, want %s", tls.VersionName(st.Version), tls.VersionName(m.version))
	}
	if resume && !st.DidResume {
		return errors.New("the handshake did not resume the session")
	}
	if _, err := io.WriteString(c, "ping\n"); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "gnip\n" {
		return fmt.Errorf("server answered %q, want \"gnip\\n\"", line)
	}
	return nil
}

// writeHSReport prints rows as a table.
func writeHSReport(w io.Writer, rows []hsRow, cfg hsConfig) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "key\thandshake\tstd\tcarry\topenssl\tcarry/std\tcarry/openssl\tcarry handshakes/s")
	var notes []string
	for _, r := range rows {
		cell := func(name string) string {
			res, ok := r.Servers[name]
			return formatTime(res.cpu, ok)
		}
		ratio := func(a, b string) string {
			x, okx := r.Servers[a]
			y, oky := r.Servers[b]
			return formatRatio(x.cpu, y.cpu, okx && oky)
		}
		rate := "-"
		if c, ok := r.Servers["carry"]; ok && c.CPUNS > 0 {
			rate = fmt.Sprintf("%.0f", 1e9/c.CPUNS)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Key, r.Mode, cell("std"), cell("carry"), cell("openssl"),
			ratio("carry", "std"), ratio("carry", "openssl"), rate)
		if r.Note != "" && !slices.Contains(notes, r.Note) {
			notes = append(notes, r.Note)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\nServer CPU time per handshake: median over %d rounds of %d handshakes per server (servers in turn, in a random order each round);\n", cfg.rounds, cfg.n)
	fmt.Fprintln(w, "± is the largest distance of a round from the median. Handshakes/s is one server core at carry's cost.")
	for _, n := range notes {
		fmt.Fprintln(w, "Note:", n)
	}
}
