package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strings"
	"text/tabwriter"
)

// jsonResult is one op in the output of "carry speed -json". Times are in
// nanoseconds per operation; ratios are carry's median time over the other
// contender's, so that below 1 carry is faster. Contenders that did not run
// and ratios that cannot be formed are null.
type jsonResult struct {
	Op             string     `json:"op"`
	Description    string     `json:"description"`
	Carry          *jsonStats `json:"carry"`
	Go             *jsonStats `json:"go"`
	OpenSSL        *jsonStats `json:"openssl"`
	BoringSSL      *jsonStats `json:"boringssl"`
	AWSLC          *jsonStats `json:"awslc"`
	CarryVsGo      *float64   `json:"carry_vs_go"`
	CarryVsOpenSSL *float64   `json:"carry_vs_openssl"`
	CarryVsBoring  *float64   `json:"carry_vs_boringssl"`
	CarryVsAWSLC   *float64   `json:"carry_vs_awslc"`
	OpenSSLError   string     `json:"openssl_error,omitempty"`
	BoringSSLError string     `json:"boringssl_error,omitempty"`
	AWSLCError     string     `json:"awslc_error,omitempty"`
}

type jsonStats struct {
	Median  float64   `json:"ns_per_op"`
	Min     float64   `json:"min_ns_per_op"`
	Max     float64   `json:"max_ns_per_op"`
	Rounds  int       `json:"rounds"`
	Samples []float64 `json:"samples_ns_per_op"`
}

// jsonReport is the whole output of "carry speed -json": where and how the
// figures were taken, then one jsonResult an op. Times are rounded to 0.1 ns
// and ratios to 0.001.
type jsonReport struct {
	Go       string            `json:"go"`
	GOOS     string            `json:"goos"`
	GOARCH   string            `json:"goarch"`
	CPU      string            `json:"cpu"`
	Kernels  map[string]string `json:"kernels"`
	Settings jsonSettings      `json:"settings"`
	Results  []jsonResult      `json:"results"`
}

type jsonSettings struct {
	Rounds         int     `json:"rounds"`
	RoundSeconds   float64 `json:"round_seconds"`
	OpenSSL        string  `json:"openssl,omitempty"`
	OpenSSLRounds  int     `json:"openssl_rounds"`
	OpenSSLSeconds int     `json:"openssl_seconds"`
	BoringSSL      string  `json:"boringssl,omitempty"`
	AWSLC          string  `json:"awslc,omitempty"`
}

func writeJSON(w io.Writer, results []opResult, cfg speedConfig) error {
	report := jsonReport{
		Go:      runtime.Version(),
		GOOS:    runtime.GOOS,
		GOARCH:  runtime.GOARCH,
		CPU:     cpuModel(),
		Kernels: kernelChoices(),
		Settings: jsonSettings{
			Rounds:         cfg.rounds,
			RoundSeconds:   cfg.perRound.Seconds(),
			OpenSSL:        cfg.openssl,
			OpenSSLRounds:  cfg.opensslRounds,
			OpenSSLSeconds: cfg.opensslSeconds,
			BoringSSL:      cfg.bssl,
			AWSLC:          cfg.awslc,
		},
		Results: make([]jsonResult, 0, len(results)),
	}
	for _, r := range results {
		j := jsonResult{Op: r.op.name, Description: r.op.desc}
		var stats [numImpls]*jsonStats
		for c, ns := range r.ns {
			if s, ok := summarize(ns); ok {
				samples := make([]float64, len(ns))
				for i, v := range ns {
					samples[i] = round(v, 10)
				}
				stats[c] = &jsonStats{round(s.median, 10), round(s.min, 10), round(s.max, 10), s.rounds, samples}
			}
		}
		j.Carry, j.Go, j.OpenSSL = stats[carryImpl], stats[stdImpl], stats[opensslImpl]
		j.BoringSSL, j.AWSLC = stats[bsslImpl], stats[awslcImpl]
		j.CarryVsGo = ratio(j.Carry, j.Go)
		j.CarryVsOpenSSL = ratio(j.Carry, j.OpenSSL)
		j.CarryVsBoring = ratio(j.Carry, j.BoringSSL)
		j.CarryVsAWSLC = ratio(j.Carry, j.AWSLC)
		j.OpenSSLError = errString(r.err[opensslImpl])
		j.BoringSSLError = errString(r.err[bsslImpl])
		j.AWSLCError = errString(r.err[awslcImpl])
		report.Results = append(report.Results, j)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(report)
}

// errString returns err's message, or "" if err is nil.
func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// round returns x rounded to 1/scale.
func round(x, scale float64) float64 { return math.Round(x*scale) / scale }

func ratio(a, b *jsonStats) *float64 {
	if a == nil || b == nil {
		return nil
	}
	r := round(a.Median/b.Median, 1000)
	return &r
}

// writeTable writes results as an aligned table, with a header naming the
// machine and a footer saying how the numbers were taken.
func writeTable(w io.Writer, results []opResult, cfg speedConfig) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "carry speed: %s %s/%s", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	if cpu := cpuModel(); cpu != "" {
		fmt.Fprintf(bw, ", %s", cpu)
	}
	fmt.Fprintln(bw)
	fmt.Fprintln(bw)

	// carry, Go and OpenSSL always have columns; BoringSSL and AWS-LC only
	// where their bssl tool was given or found and some op has them.
	shown := [numImpls]bool{carryImpl: true, stdImpl: true, opensslImpl: true}
	for _, r := range results {
		for _, c := range []contender{bsslImpl, awslcImpl} {
			shown[c] = shown[c] || len(r.ns[c]) > 0 || r.err[c] != nil
		}
	}
	shown[bsslImpl] = shown[bsslImpl] && cfg.bssl != ""
	shown[awslcImpl] = shown[awslcImpl] && cfg.awslc != ""
	tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "op")
	for c := range numImpls {
		if shown[c] {
			fmt.Fprintf(tw, "\t%s", implNames[c])
		}
	}
	for c := stdImpl; c < numImpls; c++ {
		if shown[c] {
			fmt.Fprintf(tw, "\tcarry/%s", strings.TrimSuffix(implNames[c], " std"))
		}
	}
	fmt.Fprintln(tw)
	for _, r := range results {
		var s [numImpls]summary
		var ok [numImpls]bool
		fmt.Fprint(tw, r.op.name)
		for c := range numImpls {
			s[c], ok[c] = summarize(r.ns[c])
			if shown[c] {
				fmt.Fprintf(tw, "\t%s", formatTime(s[c], ok[c]))
			}
		}
		for c := stdImpl; c < numImpls; c++ {
			if shown[c] {
				fmt.Fprintf(tw, "\t%s", formatRatio(s[carryImpl], s[c], ok[carryImpl] && ok[c]))
			}
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()

	fmt.Fprintf(bw, "\nMedian time per operation over %d rounds of %v per Go contender", cfg.rounds, cfg.perRound)
	if cfg.openssl != "" {
		fmt.Fprintf(bw, " and %d of openssl speed -elapsed -seconds %d", cfg.opensslRounds, cfg.opensslSeconds)
	}
	tools := [numImpls]string{bsslImpl: cfg.bssl, awslcImpl: cfg.awslc}
	for _, c := range []contender{bsslImpl, awslcImpl} {
		if shown[c] {
			fmt.Fprintf(bw, " and %d of %s speed -timeout %d", cfg.opensslRounds, tools[c], cfg.opensslSeconds)
		}
	}
	fmt.Fprintln(bw, ";\n± is the largest distance of a round from the median. A ratio below 1.00 means carry is faster.")
	return bw.Flush()
}

// formatTime formats a median time in microseconds with three significant
// digits, and the spread of the rounds around it.
func formatTime(s summary, ok bool) string {
	if !ok {
		return "-"
	}
	us := s.median / 1e3
	var t string
	switch {
	case us >= 100:
		t = fmt.Sprintf("%.0f", us)
	case us >= 10:
		t = fmt.Sprintf("%.1f", us)
	case us >= 1:
		t = fmt.Sprintf("%.2f", us)
	default:
		t = fmt.Sprintf("%.3f", us)
	}
	spread := max(s.max-s.median, s.median-s.min) / s.median * 100
	return fmt.Sprintf("%s µs ±%.1f%%", t, spread)
}

func formatRatio(a, b summary, ok bool) string {
	if !ok {
		return "-"
	}
	return fmt.Sprintf("%.2f", a.median/b.median)
}

// cpuModel returns the processor's name from /proc/cpuinfo, or "" where
// there is none.
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for line := range strings.Lines(string(data)) {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return ""
}
