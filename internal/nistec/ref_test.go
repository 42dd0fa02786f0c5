package nistec

import "crypto/elliptic"

// newP256Generator, newP384Generator and newP521Generator return new points
// set to the generator, decoded from the standard library's parameters.
func newP256Generator() *P256Point { return stdGenerator(NewP256Point(), elliptic.P256()) }
func newP384Generator() *P384Point { return stdGenerator(NewP384Point(), elliptic.P384()) }
func newP521Generator() *P521Point { return stdGenerator(NewP521Point(), elliptic.P521()) }

// stdGenerator sets p to the generator of c, and returns p.
func stdGenerator[T any, P pointPtr[T]](p P, c elliptic.Curve) P {
	params := c.Params()
	size := (params.BitSize + 7) / 8
	b := append([]byte{4}, fixedBytes(params.Gx, size)...)
	b = append(b, fixedBytes(params.Gy, size)...)
	if _, err := p.SetBytes(b); err != nil {
		panic("carry/nistec: the standard library's generator does not decode: " + err.Error())
	}
	return p
}

// compressed returns the compressed encoding (SEC 1, Version 2.0, Section
// 2.3.3) of the point whose uncompressed encoding, or {0} for the
// identity, is u.
func compressed(u []byte) []byte {
	if len(u) == 1 {
		return u
	}
	size := (len(u) - 1) / 2
	return append([]byte{2 | u[len(u)-1]&1}, u[1:1+size]...)
}

// Bytes returns the big-endian encoding of e.
func (e *p256Element) Bytes() []byte { return e.bytes(new([p256ElementLength]byte)) }

// Bytes returns the big-endian encoding of e.
func (e *p384Element) Bytes() []byte { return e.bytes(new([p384ElementLength]byte)) }

// Bytes returns the big-endian encoding of e.
func (e *p521Element) Bytes() []byte { return e.bytes(new([p521ElementLength]byte)) }
