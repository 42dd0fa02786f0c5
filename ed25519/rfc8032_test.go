package ed25519

import (
	"bytes"
	"crypto"
	"crypto/ed25519"
	"crypto/sha512"
	"testing"
)

// TestRFC8032 checks the test vectors of RFC 8032, Section 7.1 (Ed25519),
// 7.2 (Ed25519ctx) and 7.3 (Ed25519ph): the public key of each seed, the
// signature, its verification, and the rejection of the signature under a
// changed message, a changed context and another variant.
func TestRFC8032(t *testing.T) {
	vs := loadRFC8032(t)
	count := map[string]int{}
	for _, v := range vs {
		count[v.variant]++
		t.Run(v.name, func(t *testing.T) {
			k := NewKeyFromSeed(v.seed)
			if got := k.Public().(ed25519.PublicKey); !bytes.Equal(got, v.pub) {
				t.Errorf("public key %x, want %x", got, v.pub)
			}
			opts := &ed25519.Options{Context: v.context}
			msg := v.message
			switch v.variant {
			case "Ed25519":
			case "Ed25519ctx":
			case "Ed25519ph":
				d := sha512.Sum512(v.message)
				msg = d[:]
				opts.Hash = crypto.SHA512
			default:
				t.Fatalf("unknown variant %q", v.variant)
			}
			sig, err := mustSigner(t, k).Sign(nil, msg, opts)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(sig, v.sig) {
				t.Errorf("signature %x, want %x", sig, v.sig)
			}
			if err := VerifyWithOptions(v.pub, msg, v.sig, opts); err != nil {
				t.Errorf("VerifyWithOptions: %v", err)
			}
			if v.variant == "Ed25519" {
				if got := Sign(k, msg); !bytes.Equal(got, v.sig) {
					t.Errorf("Sign: %x, want %x", got, v.sig)
				}
				if !Verify(v.pub, msg, v.sig) {
					t.Errorf("Verify rejects the vector")
				}
				if !VerifyCofactored(v.pub, msg, v.sig) {
					t.Errorf("VerifyCofactored rejects the vector")
				}
			}

			other := bytes.Clone(msg)
			if len(other) == 0 {
				other = []byte{0}
			} else {
				other[len(other)-1] ^= 1
			}
			if VerifyWithOptions(v.pub, other, v.sig, opts) == nil {
				t.Errorf("accepted under a changed message")
			}
			wrongCtx := &ed25519.Options{Hash: opts.Hash, Context: v.context + "x"}
			if VerifyWithOptions(v.pub, msg, v.sig, wrongCtx) == nil {
				t.Errorf("accepted under another context")
			}
			// Ed25519ph and Ed25519ctx with the same context, or Ed25519
			// for an empty one: another domain.
			swapped := &ed25519.Options{Context: v.context}
			if opts.Hash == 0 {
				swapped.Hash = crypto.SHA512
			}
			if len(msg) == sha512.Size || swapped.Hash == 0 {
				if VerifyWithOptions(v.pub, msg, v.sig, swapped) == nil {
					t.Errorf("accepted in another variant")
				}
			}
		})
	}
	if count["Ed25519"] != 5 || count["Ed25519ctx"] != 4 || count["Ed25519ph"] != 1 {
		t.Errorf("vector counts %v, want 5 Ed25519, 4 Ed25519ctx, 1 Ed25519ph", count)
	}
}
