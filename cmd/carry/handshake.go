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
	"path/filepath"
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
	batch   int    // handshakes per server per turn within a round
	rounds  int    // rounds of alternating measurements
	warmup  int    // handshakes per server before the first round
	openssl string // the openssl tool, or "" for none
	// profiles, if not "", is the directory where each Go server writes
	// its CPU profile, as KEY-IMPL.pprof.
	profiles string
	// cpu is the CPU the servers are pinned to, or -1.
	cpu int
}

// hsResult is the measurement of one server for one key type and mode.
type hsResult struct {
	Server string `json:"server"`
	// CPUNS is the median over rounds of the server's CPU time per
	// handshake, in nanoseconds: all its threads' time from the round's
	// start to its end, over the round's handshakes.
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
	// Ratios holds carry's CPU time over each other server's, as
	// "carry/std" and "carry/openssl": over the rounds, the median, least
	// and greatest of the ratio of the two servers' times in one round.
	Ratios map[string]hsRatio `json:"ratios"`
	// Note says why a server is missing, if one is.
	Note string `json:"note,omitempty"`
}

// hsRatio is the ratio of two servers' CPU times per handshake over the
// rounds.
type hsRatio struct {
	Median float64 `json:"median"`
	Min    float64 `json:"min"`
	Max    float64 `json:"max"`
}

// runHandshake is "carry handshake [flags] [key ...]".
func runHandshake(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("handshake", flag.ContinueOnError)
	n := fs.Int("n", 200, "handshakes per round per server")
	batch := fs.Int("batch", 1, "handshakes a server makes in one turn; the servers take turns within a round")
	rounds := fs.Int("rounds", 7, "rounds of measurements")
	modes := fs.String("modes", "tls13,tls13-resumed,tls12", "comma-separated handshake kinds: "+hsModeNames())
	useOpenSSL := fs.Bool("openssl", true, "also measure openssl s_server, if openssl is on PATH")
	asJSON := fs.Bool("json", false, "write the results as JSON")
	pin := fs.Bool("pin", true, "run every server on one CPU, the last carry may use (on Linux, with two CPUs or more)")
	profiles := fs.String("cpuprofile", "", "a directory where each Go server writes its CPU profile, as KEY-IMPL.pprof")
	fs.Usage = func() { handshakeUsage(fs) }
	if done, code := parseFlags(fs, args, stdout, stderr); done {
		return code
	}
	cfg := hsConfig{n: *n, batch: *batch, rounds: *rounds, warmup: max(*n/10, 5), profiles: *profiles, cpu: -1}
	if c, ok := serverCPU(); ok && *pin {
		cfg.cpu = c
	}
	if cfg.n < 1 || cfg.batch < 1 || cfg.rounds < 1 {
		fmt.Fprintln(stderr, "carry handshake: -n, -batch and -rounds must be at least 1")
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
rounds), the handshakes a second one server core makes at that cost, and
the ratios of carry's time to the others' (the median over rounds of the
ratio within a round).

Within a round the servers take turns of -batch handshakes, in a new random
order each turn, and (with -pin) all run on the same CPU, so that whatever
else the machine does falls on them alike: on a shared machine the CPU time
of a handshake varies by half or more from moment to moment and from one
CPU to another, while the ratio of two servers' times over a round stays
within a percent or two. A pinned Go server has one CPU and so runs with
GOMAXPROCS=1. Key exchange is X25519 everywhere.

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
		servers, note, err := startHSServers(k, cert, cfg)
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

// startHSServers starts the servers for cert, of key type k: std, carry
// (unless carry has no implementation of the key type, which note then says)
// and openssl if cfg has it.
func startHSServers(k *hsKey, cert *hsCert, cfg hsConfig) (servers []*hsServer, note string, err error) {
	impls := []string{"std"}
	if _, err := loadServerCertificate("carry", cert.certFile, cert.keyFile); err != nil {
		note = err.Error()
	} else {
		impls = append(impls, "carry")
	}
	for _, impl := range impls {
		profile := ""
		if cfg.profiles != "" {
			profile = filepath.Join(cfg.profiles, k.name+"-"+impl+".pprof")
		}
		s, err := startGoServer(impl, cert, profile, cfg.cpu)
		if err != nil {
			stopAll(servers)
			return nil, "", err
		}
		servers = append(servers, s)
	}
	if cfg.openssl != "" {
		s, err := startOpenSSLServer(cfg.openssl, cert, cfg.cpu)
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

// measureMode runs mode m against every server: cfg.rounds rounds of
// cfg.n handshakes per server, in which the servers take turns every
// cfg.batch handshakes, in a new random order each turn. Turns this short
// put a change in the machine's load on every server alike, so that the
// ratio of two servers' CPU times over a round is steady where the times
// themselves are not.
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
	cpu := make([][]float64, len(servers))  // per server, per round: ns per handshake
	wall := make([][]float64, len(servers)) // the same in wall time
	for r := range cfg.rounds {
		if progress != nil {
			progress(fmt.Sprintf("%s %s: round %d of %d", k.name, m.name, r+1, cfg.rounds))
		}
		c, w, err := measureRound(cfg, m, servers, clients)
		if err != nil {
			return hsRow{}, err
		}
		for i := range servers {
			cpu[i] = append(cpu[i], float64(c[i])/float64(cfg.n))
			wall[i] = append(wall[i], float64(w[i])/float64(cfg.n))
		}
	}
	row := hsRow{Key: k.name, Mode: m.name, Servers: map[string]hsResult{}, Ratios: map[string]hsRatio{}}
	for i, s := range servers {
		c, _ := summarize(cpu[i])
		w, _ := summarize(wall[i])
		row.Servers[s.name] = hsResult{Server: s.name, CPUNS: c.median,
			Spread: max(c.max-c.median, c.median-c.min) / c.median, WallNS: w.median, cpu: c}
	}
	for i, a := range servers {
		for j, b := range servers {
			if a.name != "carry" || i == j {
				continue
			}
			// The ratio of each round's times, the two servers' turns
			// taken side by side.
			ratios := make([]float64, cfg.rounds)
			for r := range ratios {
				ratios[r] = cpu[i][r] / cpu[j][r]
			}
			q, _ := summarize(ratios)
			row.Ratios[a.name+"/"+b.name] = hsRatio{Median: q.median, Min: q.min, Max: q.max}
		}
	}
	return row, nil
}

// measureRound makes cfg.n handshakes with each server, the servers taking
// turns of cfg.batch handshakes in a new random order each turn, and returns
// the CPU time each server used from the round's start to its end and the
// wall time of each server's turns. The CPU time is read only at the ends of
// the round, so that it includes what a server does after the client has
// its answer (closing the connection, its threads going idle).
func measureRound(cfg hsConfig, m *hsMode, servers []*hsServer, clients []*tls.Config) (cpu, wall []time.Duration, err error) {
	cpu = make([]time.Duration, len(servers))
	wall = make([]time.Duration, len(servers))
	for i, s := range servers {
		if cpu[i], err = s.cpu(); err != nil {
			return nil, nil, err
		}
	}
	for done := 0; done < cfg.n; {
		b := min(cfg.batch, cfg.n-done)
		for _, i := range rand.Perm(len(servers)) {
			t0 := time.Now()
			for range b {
				if err := clientHandshake(servers[i].addr, clients[i], m, m.resume); err != nil {
					return nil, nil, fmt.Errorf("%s server: %v", servers[i].name, err)
				}
			}
			wall[i] += time.Since(t0)
		}
		done += b
	}
	for i, s := range servers {
		c, err := s.cpu()
		if err != nil {
			return nil, nil, err
		}
		cpu[i] = c - cpu[i]
	}
	return cpu, wall, nil
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
		ratio := func(name string) string {
			q, ok := r.Ratios[name]
			if !ok {
				return "-"
			}
			return fmt.Sprintf("%.3f [%.3f, %.3f]", q.Median, q.Min, q.Max)
		}
		rate := "-"
		if c, ok := r.Servers["carry"]; ok && c.CPUNS > 0 {
			rate = fmt.Sprintf("%.0f", 1e9/c.CPUNS)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Key, r.Mode, cell("std"), cell("carry"), cell("openssl"),
			ratio("carry/std"), ratio("carry/openssl"), rate)
		if r.Note != "" && !slices.Contains(notes, r.Note) {
			notes = append(notes, r.Note)
		}
	}
	tw.Flush()
	fmt.Fprintf(w, "\nServer CPU time per handshake: median over %d rounds of %d handshakes per server, the servers taking\n", cfg.rounds, cfg.n)
	turn := "turns of one handshake"
	if b := min(cfg.batch, cfg.n); b > 1 {
		turn = fmt.Sprintf("turns of %d handshakes", b)
	}
	fmt.Fprintf(w, "%s in a random order; ± is the largest distance of a round from the median.\n", turn)
	fmt.Fprintln(w, "Ratios: the median over rounds of the ratio of two servers' times in the same round [least, greatest].")
	fmt.Fprintln(w, "Handshakes/s is one server core at carry's cost.")
	for _, n := range notes {
		fmt.Fprintln(w, "Note:", n)
	}
}
