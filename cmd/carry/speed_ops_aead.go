package main

import (
	"bytes"
	"crypto/cipher"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/carry-crypto/carry/chacha20poly1305"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// The ChaCha20-Poly1305 rows of "carry speed": Seal and Open of a TLS-like
// record (13 bytes of additional data, as a TLS 1.2 record header) at 64,
// 256, 1024, 1350 and 16384 bytes: the smallest records, two middle sizes
// (which run other kernels than the sizes around them), a QUIC packet and
// the largest TLS record.
//
// The standard library has no public ChaCha20-Poly1305 (crypto/tls uses an
// internal copy of golang.org/x/crypto's), so the "Go std" column is
// golang.org/x/crypto/chacha20poly1305. There is no OpenSSL column:
// "openssl speed -aead -evp chacha20-poly1305" (OpenSSL 3.0) times only
// EVP update calls on one continuing stream, without a nonce, a key block,
// additional data or a tag per record (counted with uprobes: 55,564 update
// calls and no init for 55,386 records), which is not the work of a Seal or
// an Open.

func init() {
	for _, size := range []int{64, 256, 1024, 1350, 16384} {
		for _, seal := range []bool{true, false} {
			ops = append(ops, aeadOp(size, seal))
		}
	}
}

const aeadADLen = 13 // a TLS 1.2 record header

func aeadOp(size int, seal bool) *op {
	verb, what := "seal", "Seal (encrypt and tag)"
	if !seal {
		verb, what = "open", "Open (check the tag and decrypt)"
	}
	n := strconv.Itoa(size)
	return &op{
		name: "chacha20poly1305-" + verb + "-" + n,
		desc: fmt.Sprintf("ChaCha20-Poly1305 %s of %d bytes with %d of additional data; Go std is golang.org/x/crypto",
			what, size, aeadADLen),
		carry: func() (func(), error) { return aeadTimed(chacha20poly1305.New, size, seal, true) },
		std:   func() (func(), error) { return aeadTimed(xaead.New, size, seal, false) },
		bssl:  bsslAEAD(size, seal),
	}
}

// bsslAEAD returns how BoringSSL's "bssl speed" times the op: it seals
// records of 13 bytes of additional data (its TLS record header length) as
// carry's rows do, but it has no open measurement for ChaCha20-Poly1305, so
// the open rows have none.
func bsslAEAD(size int, seal bool) *bsslSpeed {
	if !seal {
		return nil
	}
	return &bsslSpeed{
		filter: "ChaCha20-Poly1305",
		chunk:  size,
		desc:   fmt.Sprintf("ChaCha20-Poly1305 (%d bytes) seal", size),
	}
}

// aeadTimed returns the timed closure for a Seal or an Open of size bytes by
// the AEAD newAEAD makes. For carry (check set) it first checks that the
// AEAD seals and opens as x/crypto does on those inputs.
func aeadTimed(newAEAD func([]byte) (cipher.AEAD, error), size int, seal, check bool) (func(), error) {
	key := make([]byte, chacha20poly1305.KeySize)
	nonce := make([]byte, chacha20poly1305.NonceSize)
	ad := make([]byte, aeadADLen)
	pt := make([]byte, size)
	for i := range key {
		key[i] = byte(3*i + 1)
	}
	for i := range pt {
		pt[i] = byte(i)
	}
	a, err := newAEAD(key)
	if err != nil {
		return nil, err
	}
	sealed := a.Seal(nil, nonce, pt, ad)
	if check {
		x, err := xaead.New(key)
		if err != nil {
			return nil, err
		}
		if want := x.Seal(nil, nonce, pt, ad); !bytes.Equal(sealed, want) {
			return nil, fmt.Errorf("carry sealed %d bytes differently from x/crypto", size)
		}
		if got, err := a.Open(nil, nonce, sealed, ad); err != nil || !bytes.Equal(got, pt) {
			return nil, fmt.Errorf("carry failed to open what it sealed: %v", err)
		}
	}
	dst := make([]byte, 0, size+chacha20poly1305.Overhead)
	if seal {
		return func() {
			out := a.Seal(dst, nonce, pt, ad)
			sink ^= out[0]
		}, nil
	}
	return func() {
		out, err := a.Open(dst, nonce, sealed, ad)
		if err != nil {
			panic("carry speed: Open failed on checked inputs: " + err.Error())
		}
		sink ^= out[0]
	}, nil
}

// parseOpenSSLThroughput returns the time in nanoseconds that "openssl
// speed" reports for one block of size bytes of the cipher named row. Its
// cipher tables give rates in thousands of bytes per second, one column per
// block size, under a header naming the sizes:
//
//	type             64 bytes
//	ChaCha20-Poly1305   248279.55k
func parseOpenSSLThroughput(out []byte, row string, size int) (float64, error) {
	col := -1 // column of size in the latest header line
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) >= 3 && fields[0] == "type" {
			col = -1
			for i := 1; i+1 < len(fields); i += 2 {
				if fields[i+1] == "bytes" && fields[i] == strconv.Itoa(size) {
					col = (i - 1) / 2
				}
			}
			continue
		}
		after, found := strings.CutPrefix(strings.TrimSpace(line), row)
		if !found || (after != "" && after[0] != ' ' && after[0] != '\t') {
			continue
		}
		if col < 0 {
			return 0, fmt.Errorf("row %q comes before a header with a %d-byte column", row, size)
		}
		rates := strings.Fields(after)
		if col >= len(rates) {
			return 0, fmt.Errorf("row %q has no column %d: %q", row, col, line)
		}
		s, ok := strings.CutSuffix(rates[col], "k")
		v, err := strconv.ParseFloat(s, 64)
		if !ok || err != nil || !(v > 0) {
			return 0, fmt.Errorf("row %q: bad rate %q", row, rates[col])
		}
		return float64(size) * 1e6 / v, nil // v thousand bytes per second
	}
	return 0, errors.New("no row " + strconv.Quote(row) + " in its output")
}
