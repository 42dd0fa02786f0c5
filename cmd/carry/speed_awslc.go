package main

import (
	"fmt"
	"strconv"
	"strings"
)

// The AWS-LC column of "carry speed" runs "bssl speed -json", the speed
// command of the bssl tool built from AWS-LC's source, at the path given by
// -awslc or $CARRY_AWSLC_BSSL. Its records, and what each op reads:
//
//   - x25519: "Curve25519 arbitrary point multiplication", X25519 of a
//     scalar and a point; x25519-base: "Curve25519 base-point
//     multiplication", the public key of a private key.
//   - ed25519-sign, ed25519-verify: "Ed25519 signing" and "Ed25519 verify",
//     of a 6-byte message, as carry's rows; ed25519-verify-batch64:
//     64 times "Ed25519 verify", as for OpenSSL. The filter "Curve25519"
//     prints these four and two more, in one run the four rows share.
//   - ecdh-pN: "ECDH P-N" generates a key, decodes the peer's point and
//     computes the affine shared point in each call; the time of "Generate
//     P-N with EC_KEY_generate_key" (a random scalar times the base point)
//     from the same run is subtracted, leaving the shared secret as carry's
//     rows time it.
//   - ecdsa-pN-sign, ecdsa-pN-verify: "ECDSA P-N signing" and "ECDSA P-N
//     verify", of a 20-byte digest.
//   - rsaN-sign, rsaN-verify: "RSA N signing" (PKCS #1 v1.5 of a SHA-256
//     digest) and "RSA N verify (same key)", which keeps the modulus's
//     Montgomery constants as carry keeps the latest public modulus's. The
//     filter "RSA 2048" prints every size, 16 records, in one run the six
//     rows share.
//   - chacha20poly1305-seal-N: "AEAD-ChaCha20-Poly1305 seal" with
//     bytesPerCall N, through EVP_AEAD with 13 bytes of additional data.
//     The open rows have no AWS-LC time: bssl speed opens ChaCha20-Poly1305
//     only through EVP_CIPHER, whose two passes (ChaCha20, then Poly1305)
//     are not the one-pass code EVP_AEAD and TLS run.
//
// Each record runs for -openssl-seconds, in the first -openssl-rounds
// rounds.

// awslcRows are the ops that AWS-LC measures under one description, by name.
var awslcRows = map[string]*bsslSpeed{
	"x25519":                 {filter: "Curve25519", desc: "Curve25519 arbitrary point multiplication"},
	"x25519-base":            {filter: "Curve25519", desc: "Curve25519 base-point multiplication"},
	"ed25519-sign":           {filter: "Curve25519", desc: "Ed25519 signing"},
	"ed25519-verify":         {filter: "Curve25519", desc: "Ed25519 verify"},
	"ed25519-verify-batch64": {filter: "Curve25519", desc: "Ed25519 verify", times: ed25519BatchSize},
}

func init() {
	for _, bits := range []int{256, 384, 521} {
		p := fmt.Sprintf("P-%d", bits)
		awslcRows[fmt.Sprintf("ecdh-p%d", bits)] = &bsslSpeed{
			filter: "ECDH " + p + ",Generate " + p, desc: "ECDH " + p, less: "Generate " + p + " with EC_KEY_generate_key",
		}
		awslcRows[fmt.Sprintf("ecdsa-p%d-sign", bits)] = &bsslSpeed{filter: "ECDSA " + p, desc: "ECDSA " + p + " signing"}
		awslcRows[fmt.Sprintf("ecdsa-p%d-verify", bits)] = &bsslSpeed{filter: "ECDSA " + p, desc: "ECDSA " + p + " verify"}
	}
	for _, bits := range []int{2048, 3072, 4096} {
		awslcRows[fmt.Sprintf("rsa%d-sign", bits)] = &bsslSpeed{filter: "RSA 2048", desc: fmt.Sprintf("RSA %d signing", bits)}
		awslcRows[fmt.Sprintf("rsa%d-verify", bits)] = &bsslSpeed{filter: "RSA 2048", desc: fmt.Sprintf("RSA %d verify (same key)", bits)}
	}
}

// awslcSpeed returns how AWS-LC's bssl speed measures o, or nil if it has no
// measurement of it.
func awslcSpeed(o *op) *bsslSpeed {
	if s, ok := awslcRows[o.name]; ok {
		return s
	}
	if n, ok := strings.CutPrefix(o.name, "chacha20poly1305-seal-"); ok {
		if size, err := strconv.Atoi(n); err == nil && size > 0 {
			return &bsslSpeed{filter: "AEAD-ChaCha20-Poly1305", chunk: size, desc: "AEAD-ChaCha20-Poly1305 seal", bytes: size}
		}
	}
	return nil
}
