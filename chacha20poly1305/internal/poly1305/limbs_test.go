package poly1305

import (
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/internal/testutil"
)

// The accumulator's bounds between blocks, which blocks keeps and finish
// accepts (sum_generic.go).
const (
	maxH0 = 1<<44 - 1 + 5*(1<<48-1)
	maxH1 = 1<<44 - 1
	maxH2 = 1<<42 - 1
)

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(5))

// limbsValue returns h0 + 2^44 h1 + 2^88 h2.
func limbsValue(h [3]uint64) *big.Int { return radixValue(h, 44) }

// words64Value returns w0 + 2^64 w1 + 2^128 w2.
func words64Value(w [3]uint64) *big.Int { return radixValue(w, 64) }

// radixValue returns h0 + 2^k h1 + 2^(2k) h2.
func radixValue(h [3]uint64, k uint) *big.Int {
	v := new(big.Int).SetUint64(h[2])
	v.Lsh(v, k)
	v.Add(v, new(big.Int).SetUint64(h[1]))
	v.Lsh(v, k)
	return v.Add(v, new(big.Int).SetUint64(h[0]))
}

// edgeLimb returns a limb value up to max, biased to max, 0 and their
// neighbours.
func edgeLimb(rng *rand.Rand, max uint64) uint64 {
	switch rng.IntN(6) {
	case 0:
		return max
	case 1:
		return max - uint64(rng.IntN(8))
	case 2:
		return uint64(rng.IntN(8))
	case 3:
		return max &^ (1<<rng.IntN(44) - 1) // high bits only
	default:
		return rng.Uint64() % (max + 1)
	}
}

func edgeAccumulator(rng *rand.Rand) [3]uint64 {
	return [3]uint64{edgeLimb(rng, maxH0), edgeLimb(rng, maxH1), edgeLimb(rng, maxH2)}
}

// TestBlockBounds runs one block from accumulators at and near their bounds,
// with edge-biased keys and blocks, and checks the result against math/big
// and the bounds again.
func TestBlockBounds(t *testing.T) {
	testutil.EachImplementation(t, "poly1305", func(t *testing.T) {
		rng := testutil.Rand(t)
		for range 20000 {
			var m MAC
			key := edgeKey(rng)
			m.Init(key)
			m.h = edgeAccumulator(rng)
			block := edgeMessage(rng, BlockSize)
			hibit := uint64(rng.IntN(2))

			want := limbsValue(m.h)
			want.Add(want, leInt(block))
			if hibit == 1 {
				want.Add(want, new(big.Int).Lsh(big.NewInt(1), 128))
			}
			want.Mul(want, limbsValue(m.r))
			want.Mod(want, bigP)

			in := m.h
			blocks(&m, block, hibit)
			if m.h[0] > maxH0 || m.h[1] > maxH1 || m.h[2] > maxH2 {
				t.Fatalf("h %x, key %x, block %x: result %x out of bounds", in, key, block, m.h)
			}
			if got := new(big.Int).Mod(limbsValue(m.h), bigP); got.Cmp(want) != 0 {
				t.Fatalf("h %x, key %x, block %x, hibit %d: got %x, want %x", in, key, block, hibit, got, want)
			}
		}
	})
}

// TestFinishEdges checks finish on accumulators at the reduction's
// boundaries (p - 1, p, p + 1, ..., 2^130 - 1, and non-canonical limbs up to
// the bounds) with s = 0, 2^128 - 1 and random, against math/big.
func TestFinishEdges(t *testing.T) {
	rng := testutil.Rand(t)
	var hs [][3]uint64
	split := func(v *big.Int) [3]uint64 {
		m44 := new(big.Int).SetUint64(1<<44 - 1)
		h0 := new(big.Int).And(v, m44).Uint64()
		h1 := new(big.Int).And(new(big.Int).Rsh(v, 44), m44).Uint64()
		h2 := new(big.Int).Rsh(v, 88).Uint64()
		return [3]uint64{h0, h1, h2}
	}
	for d := int64(-10); d <= 10; d++ {
		hs = append(hs, split(new(big.Int).Add(bigP, big.NewInt(d))))
	}
	for d := int64(1); d <= 10; d++ {
		hs = append(hs, split(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 130), big.NewInt(d))))
	}
	hs = append(hs, [3]uint64{}, [3]uint64{maxH0, maxH1, maxH2}, [3]uint64{0, maxH1, maxH2},
		[3]uint64{maxH0, maxH1, 0}, [3]uint64{4, maxH1, maxH2}, [3]uint64{1<<44 - 5, maxH1, maxH2},
		[3]uint64{1<<44 - 1, maxH1, maxH2})
	for range 20000 {
		hs = append(hs, edgeAccumulator(rng))
	}
	for i, h := range hs {
		var s [2]uint64
		switch i % 3 {
		case 0:
			s = [2]uint64{^uint64(0), ^uint64(0)}
		case 1:
		default:
			s = [2]uint64{rng.Uint64(), rng.Uint64()}
		}
		want := new(big.Int).Mod(limbsValue(h), bigP)
		want.Add(want, new(big.Int).Lsh(new(big.Int).SetUint64(s[1]), 64))
		want.Add(want, new(big.Int).SetUint64(s[0]))
		mod128 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 128), big.NewInt(1))
		want.And(want, mod128)

		var out [TagSize]byte
		hh := h
		finish(&out, &hh, &s)
		got := new(big.Int).Lsh(new(big.Int).SetUint64(binary.LittleEndian.Uint64(out[8:])), 64)
		got.Add(got, new(big.Int).SetUint64(binary.LittleEndian.Uint64(out[:8])))
		if got.Cmp(want) != 0 {
			t.Fatalf("finish(h = %x, s = %x) = %x, want %x", h, s, got, want)
		}
	}
}

// checkBlocks64 runs a block loop on 64-bit words (blocksGeneric's
// contract) on one to eight blocks from accumulators at the edges of its
// bounds (words of all ones, h2 up to 4), with edge-biased keys and blocks,
// and checks the result against math/big and h2 <= 4.
func checkBlocks64(t *testing.T, blocks64 func(h *[3]uint64, r *[5]uint64, p []byte, hibit uint64)) {
	rng := testutil.Rand(t)
	word := func() uint64 {
		switch rng.IntN(4) {
		case 0:
			return ^uint64(0)
		case 1:
			return ^uint64(0) - uint64(rng.IntN(8))
		case 2:
			return uint64(rng.IntN(8))
		default:
			return rng.Uint64()
		}
	}
	for range trials(20000) {
		var m MAC
		m.Init(edgeKey(rng))
		w := [3]uint64{word(), word(), uint64(rng.IntN(5))}
		block := edgeMessage(rng, BlockSize*(1+rng.IntN(8)))
		hibit := uint64(rng.IntN(2))

		want := words64Value(w)
		for b := range len(block) / BlockSize {
			want.Add(want, leInt(block[BlockSize*b:BlockSize*(b+1)]))
			if hibit == 1 {
				want.Add(want, new(big.Int).Lsh(big.NewInt(1), 128))
			}
			want.Mul(want, limbsValue(m.r))
			want.Mod(want, bigP)
		}

		in := w
		blocks64(&w, &m.r64, block, hibit)
		if w[2] > 4 {
			t.Fatalf("h %x, block %x: result %x has h2 > 4", in, block, w)
		}
		if got := new(big.Int).Mod(words64Value(w), bigP); got.Cmp(want) != 0 {
			t.Fatalf("h %x, r %x, block %x, hibit %d: got %x, want %x", in, m.r64, block, hibit, got, want)
		}
	}
}

// TestGenericBounds runs blocksGeneric as checkBlocks64 says, and on no
// block, which leaves h as it is.
func TestGenericBounds(t *testing.T) {
	checkBlocks64(t, blocksGeneric)
	h := [3]uint64{^uint64(0), 1, 4}
	var m MAC
	m.Init(&[KeySize]byte{1})
	blocksGeneric(&h, &m.r64, nil, 1)
	if h != [3]uint64{^uint64(0), 1, 4} {
		t.Fatalf("no block changed h to %x", h)
	}
}
