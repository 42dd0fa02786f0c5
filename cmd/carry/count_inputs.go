package main

import (
	"crypto"
	stdecdsa "crypto/ecdsa"
	stded25519 "crypto/ed25519"
	"crypto/elliptic"
	stdrsa "crypto/rsa"
	"crypto/sha3"
	"fmt"
	"math/big"
	"sync"

	"github.com/carry-crypto/carry/ecdsa"
)

// The inputs of "carry count": every key an op of countOps uses is fixed,
// so that two runs, and two machines, execute the same instructions. Only
// the driver installs them (fixCountInputs), in place of the random keys
// carry speed draws: a variable-time verification takes a different path for
// every key and signature, and a different count with it.

// countScalar returns a fixed private scalar of size bytes for label: SHAKE256
// of the label with its first byte cleared, which puts it below the order of
// each of the NIST curves.
func countScalar(label string, size int) []byte {
	d := sha3.SumSHAKE256([]byte("carry count: "+label), size)
	d[0] = 0
	return d
}

// countRSAPrimes holds the two primes of the fixed RSA key of each size, in
// hex. They were drawn once by crypto/rsa.GenerateKey; TestCountInputs
// checks that the keys they make are valid.
var countRSAPrimes = map[int][2]string{
	2048: {
		"c87aa6b9a6fd5541cb4aa74d765df48f95b4d2ea7267b9e08445cf406dcd415f" +
			"8068882dee7892b0383db8a8aa9fc9ca1174c4df6ce9ffbf16dce8864c852c8c" +
			"6b5667fa134297e6666b98620e982078e8eebf2034d1d1adf529d233447d1368" +
			"982a96b46cb3a5e63e3e8a9a25dc06f64993a84260623e28955b9d04c5dae179",
		"e4a8c5e10839f5d9c0d90c11e60999306cd13a1a8e429085d0a388051e9b4e5d" +
			"2fcd63f110e344586ace944f2a414011f263b184e44b9c32c976a04b58da678f" +
			"01d36fd55da40e65fb9424f7aa406386c3dae34ae26e78754fd664b7e2f10fe6" +
			"d023677a0dc562a44d4f5579e9118e48a6e9bd41cf2cf8edfdc8d0ebfb54cc6f",
	},
	3072: {
		"dcab016a27cc0bd738d5d0240fa4342c9c01299785bf9074c3351815d90aecfe" +
			"f59997fc161f6954666c19a5269d62d5b1b729f81170d923096f15289a3447e8" +
			"3f7f3b99b596b07c3e238d2470e9962bf0cf793a5b19241e867e9028b8d25c59" +
			"97936c1e590cebf2001a69de8471136f2c6220080764d1e49d5cd371ead0988f" +
			"0f8b8ced21bef5f87f0dcad4b63ba08b6907e1121f1fb0526e73dcdb6b0e0fbe" +
			"782af39d33924f448a027f6011644a1ccedecb2a58bdcd7b8fdf432ee4a34303",
		"ee78e48ab1fe619f6657363334d9a33f4d7d407ea7bbd23a3c9c52246162a349" +
			"14552481166334a76a948d3e2b92edb22ccb6efaa0e5978d9a92b285cfc6c496" +
			"a30754aaa6ef513a6d152f75ad83bc56c5285597e3c28c64908b510137ef3204" +
			"ff055d4215543d45957cd33727630b171d66ff6e5efb809f32fd716c60c0a8ad" +
			"a3b996be5de58cadd7820d9209df69d930f033acc5bf0fafae13d7e06c392a7f" +
			"442f7e964130f48a6afabed651f5475e1b158ce7d8fed08f18753b642bdade85",
	},
	4096: {
		"f13b6f14e21fa64d6d9a56feafb0f1596756fa15e84accf82f60bf78b18f4dc7" +
			"d7f201b0aedd8168105f0d74ba92d38d521254a002d2ed342a86c81aa2a2e6cd" +
			"debc12a94b77a7ac04175360d55e86c1924aa9da7fdfd3355e7fed73e72f3ab5" +
			"d64b543393a8156bd51696188bbf887a668184db7e53cf3468d937aa23bb371f" +
			"da8bbb43e2da24c73c23436cc7d2abbd6ebf689abc7704dbeac78f022c73a91f" +
			"554a2c8c0fb518a9c9f0298177fe184ebb6f51ecb1f41182c6ee114b1ac7b85a" +
			"2479e1fd6ff04497c239c189ca099598bbb6c903f593d45033d525d589154e80" +
			"93c9eed8533f2d6f26a07fc8c6bbb5016c3d0a2f7812f087867fa0280dffd039",
		"c1d78efd20ffc596e67c28e365919cb9143af7fa2e419c05f36bd833b2a7dbda" +
			"8bf3cd855961a1a0640461d61192af486f7970ee891e8c20c42d694d251b74fd" +
			"ce5bbdbe574dafe0e5409c022d5eb6afbd3033e847e76a212e552e6311062b64" +
			"f7cab3cbc860c5a03c6f4e1667f44569c887db43137ba54c690e4095f4d895a6" +
			"c8f734406f06d8029919e3c9430fe070e2426a421662644bed5e3a36613dac70" +
			"b6439d5309555d0d3983c2eb3b68462fc725593f14171560e268e9f9ffc1d441" +
			"9bbd03346b21e6f395ea4e4e7b2100ea08759758befec16a5db03f94ce51525b" +
			"0f76499876e64f6b2d916ac8a06c0ed91718e755999e67e873ac442a6b6d7f97",
	},
}

// countRSAKey returns the fixed RSA key of bits bits, precomputed.
func countRSAKey(bits int) (*stdrsa.PrivateKey, error) {
	hex, ok := countRSAPrimes[bits]
	if !ok {
		return nil, fmt.Errorf("no fixed RSA key of %d bits", bits)
	}
	var primes []*big.Int
	for _, h := range hex {
		p, ok := new(big.Int).SetString(h, 16)
		if !ok {
			return nil, fmt.Errorf("RSA-%d: bad prime %q", bits, h)
		}
		primes = append(primes, p)
	}
	one := big.NewInt(1)
	p1 := new(big.Int).Sub(primes[0], one)
	q1 := new(big.Int).Sub(primes[1], one)
	gcd := new(big.Int).GCD(nil, nil, p1, q1)
	lambda := new(big.Int).Div(new(big.Int).Mul(p1, q1), gcd)
	const e = 65537
	d := new(big.Int).ModInverse(big.NewInt(e), lambda)
	if d == nil {
		return nil, fmt.Errorf("RSA-%d: e is not invertible", bits)
	}
	k := &stdrsa.PrivateKey{
		PublicKey: stdrsa.PublicKey{N: new(big.Int).Mul(primes[0], primes[1]), E: e},
		D:         d,
		Primes:    primes,
	}
	k.Precompute()
	return k, nil
}

// fixCountInputs replaces the keys of carry speed's ops by the fixed ones.
// Each key is made when an op first asks for it.
func fixCountInputs() {
	ed25519Key = sync.OnceValues(func() (stded25519.PrivateKey, error) {
		return stded25519.NewKeyFromSeed(countScalar("ed25519", stded25519.SeedSize)), nil
	})
	for _, c := range ecCurves {
		size := (c.bits + 7) / 8
		name := fmt.Sprintf("P-%d", c.bits)
		ecdsaKeys.Store(c.curve, sync.OnceValues(func() (*stdecdsa.PrivateKey, error) {
			return stdecdsa.ParseRawPrivateKey(c.curve, countScalar("ecdsa "+name, size))
		}))
		ecdhPairs.Store(c.ecdh, sync.OnceValues(func() (ecdhKeys, error) {
			priv, err := c.ecdh.NewPrivateKey(countScalar("ecdh "+name, size))
			if err != nil {
				return ecdhKeys{}, err
			}
			peer, err := c.ecdh.NewPrivateKey(countScalar("ecdh peer "+name, size))
			if err != nil {
				return ecdhKeys{}, err
			}
			return ecdhKeys{priv, peer.PublicKey()}, nil
		}))
	}
	for bits := range countRSAPrimes {
		rsaKeys.Store(bits, sync.OnceValues(func() (*stdrsa.PrivateKey, error) { return countRSAKey(bits) }))
	}
}

// countECDSAVerify is ecdsa-pN-verify with a fixed signature, carry's side
// or with std the standard library's: the deterministic signature (RFC
// 6979) of the fixed key, where carry speed verifies a fresh random one.
func countECDSAVerify(c elliptic.Curve, std bool) (func(), error) {
	k, err := ecdsaKey(c)
	if err != nil {
		return nil, err
	}
	sig, err := k.Sign(nil, ecdsaDigest[:], crypto.SHA256)
	if err != nil {
		return nil, err
	}
	if !ecdsa.VerifyASN1(&k.PublicKey, ecdsaDigest[:], sig) {
		return nil, fmt.Errorf("ecdsa-verify on %s: carry refuses a signature the standard library made", c.Params().Name)
	}
	verify := ecdsa.VerifyASN1
	if std {
		verify = stdecdsa.VerifyASN1
	}
	return func() {
		if !verify(&k.PublicKey, ecdsaDigest[:], sig) {
			panic("carry count: ecdsa refused a valid signature")
		}
		sink++
	}, nil
}
