package rsa

import (
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"flag"
	"os"
	"strconv"
	"sync"
	"testing"
)

var long = flag.Bool("long", false, "run the slow tests (more keys and messages)")

// testKeys are the keys of testdata/keys.pem (PKCS #8, made with
// crypto/rsa.GenerateKey), by bit length: 1024, 1025, 1030, 1536, 2047,
// 2048, 2049, 2050, 3072 and 4096 bits, two primes each (1025 and 2049 bits
// give PSS an encoded message one byte shorter than the modulus).
var testKeys = sync.OnceValues(func() (map[int]*rsa.PrivateKey, error) {
	data, err := os.ReadFile("testdata/keys.pem")
	if err != nil {
		return nil, err
	}
	keys := make(map[int]*rsa.PrivateKey)
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			return keys, nil
		}
		k, err := x509.ParsePKCS8PrivateKey(b.Bytes)
		if err != nil {
			return nil, err
		}
		bits, err := strconv.Atoi(b.Headers["Bits"])
		if err != nil {
			return nil, err
		}
		keys[bits] = k.(*rsa.PrivateKey)
	}
})

var testSizes = []int{1024, 1025, 1030, 1536, 2047, 2048, 2049, 2050, 3072, 4096}

// stdKey returns the crypto/rsa key of bits bits from testdata.
func stdKey(t testing.TB, bits int) *rsa.PrivateKey {
	t.Helper()
	keys, err := testKeys()
	if err != nil {
		t.Fatal(err)
	}
	k, ok := keys[bits]
	if !ok || k.N.BitLen() != bits {
		t.Fatalf("no %d-bit test key", bits)
	}
	return k
}

// carryKey returns stdKey(bits) as a PrivateKey.
func carryKey(t testing.TB, bits int) (*rsa.PrivateKey, *PrivateKey) {
	t.Helper()
	sk := stdKey(t, bits)
	k, err := NewPrivateKey(sk)
	if err != nil {
		t.Fatalf("NewPrivateKey(%d bits): %v", bits, err)
	}
	return sk, k
}
