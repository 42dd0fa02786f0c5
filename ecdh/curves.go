package ecdh

import "crypto/ecdh"

// fromStdNIST returns carry's NIST curve of the same name as c, or nil.
func fromStdNIST(c ecdh.Curve) Curve {
	return nil
}
