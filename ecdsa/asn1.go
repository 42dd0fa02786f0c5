package ecdsa

// The ASN.1 DER form of a signature (SEC 1, Version 2.0, Section C.8):
//
//	Ecdsa-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER }
//
// encoded as strictly as golang.org/x/crypto/cryptobyte reads it for
// crypto/ecdsa: single-octet tags, definite minimal lengths, minimal
// non-negative integers, nothing after the sequence.

const (
	tagInteger  = 0x02
	tagSequence = 0x30
)

// encodeSignature returns the DER encoding of the positive integers r and s,
// big-endian with any number of leading zeros.
func encodeSignature(r, s []byte) []byte {
	r, s = trimZeros(r), trimZeros(s)
	n := integerLen(r) + integerLen(s)
	out := make([]byte, 0, 3+n)
	out = append(out, tagSequence)
	out = appendLength(out, n)
	out = appendInteger(out, r)
	return appendInteger(out, s)
}

func trimZeros(b []byte) []byte {
	for len(b) > 0 && b[0] == 0 {
		b = b[1:]
	}
	return b
}

// integerLen returns the length of the DER INTEGER of the positive value v,
// given without leading zeros, header included.
func integerLen(v []byte) int {
	n := len(v)
	if n == 0 || v[0]&0x80 != 0 {
		n++ // the zero value's octet, or the sign octet
	}
	return n + 1 + lengthLen(n)
}

func lengthLen(n int) int {
	if n < 0x80 {
		return 1
	}
	return 2 // our lengths are below 256
}

func appendLength(b []byte, n int) []byte {
	if n >= 0x80 {
		b = append(b, 0x81)
	}
	return append(b, byte(n))
}

func appendInteger(b, v []byte) []byte {
	b = append(b, tagInteger)
	if len(v) == 0 || v[0]&0x80 != 0 {
		b = appendLength(b, len(v)+1)
		b = append(b, 0)
	} else {
		b = appendLength(b, len(v))
	}
	return append(b, v...)
}

// parseSignature returns r and s, big-endian without leading zeros (zero is
// one zero octet), from a DER signature, or false if sig is not exactly one
// such encoding.
func parseSignature(sig []byte) (r, s []byte, ok bool) {
	inner, rest, ok := readElement(sig, tagSequence)
	if !ok || len(rest) != 0 {
		return nil, nil, false
	}
	if r, inner, ok = readInteger(inner); !ok {
		return nil, nil, false
	}
	if s, inner, ok = readInteger(inner); !ok || len(inner) != 0 {
		return nil, nil, false
	}
	return r, s, true
}

// readElement reads an element of tag tag from the start of b and returns
// its contents and what follows it.
func readElement(b []byte, tag byte) (contents, rest []byte, ok bool) {
	if len(b) < 2 || b[0] != tag {
		return nil, nil, false
	}
	n, header := uint64(b[1]), 2
	if n&0x80 != 0 {
		// Long form: 1 to 4 length octets, minimal, for lengths of 128
		// and more. n is a uint64, so that four octets cannot overflow
		// it on 32-bit platforms.
		k := int(n & 0x7f)
		if k == 0 || k > 4 || len(b) < 2+k || b[2] == 0 {
			return nil, nil, false
		}
		n = 0
		for _, c := range b[2 : 2+k] {
			n = n<<8 | uint64(c)
		}
		if n < 0x80 {
			return nil, nil, false
		}
		header += k
	}
	if n > uint64(len(b)-header) {
		return nil, nil, false
	}
	return b[header : header+int(n)], b[header+int(n):], true
}

// readInteger reads a minimal non-negative INTEGER from the start of b.
func readInteger(b []byte) (v, rest []byte, ok bool) {
	v, rest, ok = readElement(b, tagInteger)
	if !ok || len(v) == 0 || v[0]&0x80 != 0 {
		return nil, nil, false
	}
	if len(v) > 1 && v[0] == 0 && v[1]&0x80 == 0 {
		return nil, nil, false // not minimal
	}
	if len(v) > 1 && v[0] == 0 {
		v = v[1:]
	}
	return v, rest, true
}
