//go:build !purego

package chacha20poly1305

import (
	"bytes"
	"crypto/cipher"
	"math/rand/v2"
	"testing"

	"github.com/carry-crypto/carry/chacha20poly1305/internal/chacha20"
	"github.com/carry-crypto/carry/chacha20poly1305/internal/poly1305"
	"github.com/carry-crypto/carry/internal/impl"
	"github.com/carry-crypto/carry/internal/testutil"
	xaead "golang.org/x/crypto/chacha20poly1305"
)

// TestChunksMatchComposed compares xorChunksMAC with the chacha20 and
// poly1305 packages' portable code: its output with the keystream XOR, and
// the tag of a MAC whose middle part it takes (between StartLanes and
// FinishLanes), for one to four chunks, with keys and data biased to the
// limits (all-ones keys, whose clamped r is the largest, and all-ones
// data, the largest blocks) as well as random ones. It checks that it
// writes nothing past the chunks, and the Seal arrangement, in which the
// MAC's input is the output, one chunk behind.
func TestChunksMatchComposed(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	testutil.SelectImplementation(t, "chacha20", "")
	testutil.SelectImplementation(t, "poly1305", "")
	rng := testutil.Rand(t)
	const canary = 0xc3
	fill := func(b []byte, kind int) []byte {
		switch kind {
		case 0:
			for i := range b {
				b[i] = 0xff
			}
		case 1:
			clear(b)
		default:
			copy(b, randBytes(rng, len(b)))
		}
		return b
	}
	for trial := range 60 {
		chunks := 1 + trial%4
		n := 1024 * chunks
		key := (*[KeySize]byte)(fill(make([]byte, KeySize), trial/4%3))
		nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
		polyKey := (*[poly1305.KeySize]byte)(fill(make([]byte, poly1305.KeySize), trial/12%3))
		src := fill(make([]byte, n), trial%3)
		macIn := fill(make([]byte, n+128*rng.IntN(3)+128), (trial+1)%3)
		ad := randBytes(rng, 16*rng.IntN(4))
		counter := uint32(1 + rng.IntN(100))

		var s chacha20.State
		s.Init(key, nonce, counter)
		wantOut := make([]byte, n)
		s.XORKeyStream(wantOut, src)
		var ref poly1305.MAC
		var wantTag, gotTag [poly1305.TagSize]byte
		ref.Init(polyKey)
		ref.WritePadded(ad)
		ref.Write(macIn)
		ref.Sum(&wantTag)

		func() {
			s.Init(key, nonce, counter)
			out := bytes.Repeat([]byte{canary}, n+64)
			var mac poly1305.MAC
			var lanes poly1305.Lanes
			mac.Init(polyKey)
			mac.WritePadded(ad)
			mac.StartLanes(&lanes)
			xorChunksMAC((*[16]uint32)(&s), out[:n], src, macIn[:n], &lanes.H, &lanes.R8)
			mac.FinishLanes(&lanes, macIn[n:])
			mac.Sum(&gotTag)
			if !bytes.Equal(out[:n], wantOut) || !allByte(out[n:], canary) {
				t.Fatalf("trial %d, %d chunks: wrong output", trial, chunks)
			}
			if s.Counter() != counter {
				t.Fatalf("trial %d: xorChunksMAC changed the counter", trial)
			}
			if gotTag != wantTag {
				t.Fatalf("trial %d, %d chunks: tag %x, want %x", trial, chunks, gotTag, wantTag)
			}
		}()

		// Seal's arrangement: the MAC reads the output, from 960 bytes
		// before the chunks, the last of its blocks in a chunk being the
		// chunk's first.
		func() {
			ct := make([]byte, 960+n)
			copy(ct, fill(make([]byte, 960), trial%3))
			s.Init(key, nonce, counter)
			var mac poly1305.MAC
			var lanes poly1305.Lanes
			mac.Init(polyKey)
			mac.StartLanes(&lanes)
			xorChunksMAC((*[16]uint32)(&s), ct[960:], src, ct[:n], &lanes.H, &lanes.R8)
			mac.FinishLanes(&lanes, ct[n:n+896])
			mac.Write(ct[n+896:])
			mac.Sum(&gotTag)
			if !bytes.Equal(ct[960:], wantOut) {
				t.Fatalf("trial %d, %d chunks: wrong output in Seal's arrangement", trial, chunks)
			}
			ref.Init(polyKey)
			ref.Write(ct)
			ref.Sum(&wantTag)
			if gotTag != wantTag {
				t.Fatalf("trial %d, %d chunks: tag in Seal's arrangement %x, want %x", trial, chunks, gotTag, wantTag)
			}
		}()
	}
}

// TestMACGroupsMatchPortable compares macGroups with the portable Poly1305
// over the AEAD's MAC input, for every length of additional data from 0 to
// 130 (over macGroups' limit of 128) and ciphertext lengths around its
// lower limit (it must take every one from 240 bytes on, whatever the
// number of zero blocks it puts first) and beyond, with edge-biased keys
// and data (all-ones keys and blocks are the largest).
func TestMACGroupsMatchPortable(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	rng := testutil.Rand(t)
	ctLens := []int{0, 15, 100, 200, 225, 239, 240, 241, 255, 256, 257, 300, 352, 383, 384, 400, 959, 960, 1350, 2047}
	for adLen := range 131 {
		for i, ctLen := range ctLens {
			kind := (adLen + i) % 3
			key := (*[poly1305.KeySize]byte)(edgeBytes(rng, poly1305.KeySize, kind))
			ad := edgeBytes(rng, adLen, kind)
			ct := edgeBytes(rng, ctLen, (kind+1)%3)
			lengths := lengthsBlock(adLen, ctLen)

			var want, got [poly1305.TagSize]byte
			func() {
				defer impl.Select("poly1305", "")()
				var ref poly1305.MAC
				ref.Init(key)
				ref.WritePadded(ad)
				ref.WritePadded(ct)
				ref.WritePadded(lengths[:])
				ref.Sum(&want)
			}()
			var mac poly1305.MAC
			mac.Init(key)
			ok := macGroups(&mac, ad, ct, &lengths)
			switch {
			case adLen > 128 && ok:
				t.Fatalf("ad %d, ciphertext %d bytes: macGroups took additional data over 128 bytes", adLen, ctLen)
			case adLen <= 128 && ctLen >= 240 && !ok:
				t.Fatalf("ad %d, ciphertext %d bytes: macGroups did not take it", adLen, ctLen)
			case !ok:
				continue
			}
			mac.Sum(&got)
			if got != want {
				t.Fatalf("ad %d, ciphertext %d bytes: tag %x, want %x", adLen, ctLen, got, want)
			}
		}
	}
}

// edgeBytes returns n bytes: all ones (kind 0), all zeros (1) or random.
func edgeBytes(rng *rand.Rand, n, kind int) []byte {
	b := make([]byte, n)
	switch kind {
	case 0:
		for i := range b {
			b[i] = 0xff
		}
	case 2:
		copy(b, randBytes(rng, n))
	}
	return b
}

// TestTailMACMatchesComposed compares xorTailMAC with the chacha20 and
// poly1305 packages' portable code: its output, for every length from 1 to
// 256 bytes (its limit), with the keystream XOR and nothing written past
// it; and the tag of a MAC whose middle part it takes, zero to nine groups
// (its limit), with keys and data biased to the limits.
func TestTailMACMatchesComposed(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	testutil.SelectImplementation(t, "chacha20", "")
	testutil.SelectImplementation(t, "poly1305", "")
	rng := testutil.Rand(t)
	const canary = 0x5a
	for n := 1; n <= 256; n++ {
		kind := n % 3
		groups := n % 10
		key := (*[KeySize]byte)(edgeBytes(rng, KeySize, kind))
		nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
		polyKey := (*[poly1305.KeySize]byte)(edgeBytes(rng, poly1305.KeySize, (kind+1)%3))
		src := edgeBytes(rng, n, (kind+2)%3)
		macIn := edgeBytes(rng, 128*groups+128, kind)
		c := lanesCase{key: key, nonce: nonce, polyKey: polyKey, src: src, mac: macIn, split: 128 * groups,
			ad:      randBytes(rng, 16*rng.IntN(3)),
			counter: uint32(rng.IntN(1000)),
		}
		c.check(t, "xorTailMAC", xorTailMAC, n+256, canary)
	}
}

// lanesCase is an input of a kernel that runs the cipher with some of the
// MAC's groups beside it (xorTailMAC, xorChunkPartMAC): src from the block
// counter of key and nonce, and mac[:split] to the Poly1305 lanes of a
// MAC under polyKey that has taken ad (padded) before them and takes
// mac[split:] after.
type lanesCase struct {
	key     *[KeySize]byte
	nonce   *[NonceSize]byte
	counter uint32
	polyKey *[poly1305.KeySize]byte
	ad, src []byte
	mac     []byte
	split   int
}

// check runs kernel (called name) on c into the start of a buffer of
// outLen bytes of canary, and compares it with the chacha20 and poly1305
// packages' code in use: the keystream XOR and nothing written past it,
// the counter left as it was, and the tag.
func (c *lanesCase) check(t *testing.T, name string, kernel func(s *[16]uint32, dst, src, mac []byte, h *[24]uint64, r8 *[5]uint64), outLen int, canary byte) {
	t.Helper()
	n := len(c.src)
	var s chacha20.State
	s.Init(c.key, c.nonce, c.counter)
	want := make([]byte, n)
	s.XORKeyStream(want, c.src)
	var ref poly1305.MAC
	var wantTag, gotTag [poly1305.TagSize]byte
	ref.Init(c.polyKey)
	ref.WritePadded(c.ad)
	ref.Write(c.mac)
	ref.Sum(&wantTag)

	s.Init(c.key, c.nonce, c.counter)
	out := bytes.Repeat([]byte{canary}, outLen)
	var mac poly1305.MAC
	var lanes poly1305.Lanes
	mac.Init(c.polyKey)
	mac.WritePadded(c.ad)
	mac.StartLanes(&lanes)
	kernel((*[16]uint32)(&s), out[:n], c.src, c.mac[:c.split], &lanes.H, &lanes.R8)
	mac.FinishLanes(&lanes, c.mac[c.split:])
	mac.Sum(&gotTag)
	if !bytes.Equal(out[:n], want) || !allByte(out[n:], canary) {
		t.Fatalf("%s, %d bytes: wrong output", name, n)
	}
	if s.Counter() != c.counter {
		t.Fatalf("%s, %d bytes: changed the counter", name, n)
	}
	if gotTag != wantTag {
		t.Fatalf("%s, %d bytes, MAC split at %d: tag %x, want %x", name, n, c.split, gotTag, wantTag)
	}
}

// TestTail8MACMatchesComposed compares xorTail8MAC with the chacha20 and
// poly1305 packages' portable code: its output, for every length from 1 to
// 512 bytes (its limit), with the keystream XOR and nothing written past
// it; and the tag of a MAC whose start it takes: the head group with every
// number of skipped zero blocks, then zero to eight groups (its limit),
// with keys and data biased to the limits.
func TestTail8MACMatchesComposed(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	testutil.SelectImplementation(t, "chacha20", "")
	testutil.SelectImplementation(t, "poly1305", "")
	rng := testutil.Rand(t)
	const canary = 0x3c
	for n := 1; n <= 512; n++ {
		kind := n % 3
		groups := n % 9
		skip := n % 8
		key := (*[KeySize]byte)(edgeBytes(rng, KeySize, kind))
		nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
		polyKey := (*[poly1305.KeySize]byte)(edgeBytes(rng, poly1305.KeySize, (kind+1)%3))
		src := edgeBytes(rng, n, (kind+2)%3)
		head := (*[128]byte)(edgeBytes(rng, 128, kind))
		clear(head[:16*skip])
		macIn := edgeBytes(rng, 128*groups+128, (kind+1)%3)
		counter := uint32(rng.IntN(1000))

		var s chacha20.State
		s.Init(key, nonce, counter)
		want := make([]byte, n)
		s.XORKeyStream(want, src)
		var ref poly1305.MAC
		var wantTag, gotTag [poly1305.TagSize]byte
		ref.Init(polyKey)
		ref.Write(head[16*skip:])
		ref.Write(macIn)
		ref.Sum(&wantTag)

		s.Init(key, nonce, counter)
		out := bytes.Repeat([]byte{canary}, n+512)
		var mac poly1305.MAC
		var lanes poly1305.Lanes
		mac.Init(polyKey)
		mac.StartLanes(&lanes)
		xorTail8MAC((*[16]uint32)(&s), out[:n], src, head, skip, macIn[:128*groups], &lanes.H, &lanes.R8)
		mac.FinishLanes(&lanes, macIn[128*groups:])
		mac.Sum(&gotTag)
		if !bytes.Equal(out[:n], want) || !allByte(out[n:], canary) {
			t.Fatalf("%d bytes: wrong output", n)
		}
		if s.Counter() != counter {
			t.Fatalf("%d bytes: xorTail8MAC changed the counter", n)
		}
		if gotTag != wantTag {
			t.Fatalf("%d bytes, skip %d, %d groups: tag %x, want %x", n, skip, groups, gotTag, wantTag)
		}
	}
}

// TestChunkPartMACMatchesComposed compares xorChunkPartMAC with the
// chacha20 and poly1305 packages' portable code: its output, for every
// length from 1 to 1024 bytes (the masked blocks at every offset, and the
// blocks past the data skipped), with the keystream XOR and nothing
// written past it, the counter left as it was; and the tag of a MAC whose
// middle chunk it takes, with keys and data biased to the limits.
func TestChunkPartMACMatchesComposed(t *testing.T) {
	testutil.RequireImplementation(t, "chacha20poly1305", "chunks")
	testutil.SelectImplementation(t, "chacha20", "")
	testutil.SelectImplementation(t, "poly1305", "")
	rng := testutil.Rand(t)
	const canary = 0xa5
	for n := 1; n <= 1024; n++ {
		kind := n % 3
		key := (*[KeySize]byte)(edgeBytes(rng, KeySize, kind))
		nonce := (*[NonceSize]byte)(randBytes(rng, NonceSize))
		polyKey := (*[poly1305.KeySize]byte)(edgeBytes(rng, poly1305.KeySize, (kind+1)%3))
		src := edgeBytes(rng, n, (kind+2)%3)
		macIn := edgeBytes(rng, 1024+128*(1+n%3), kind)
		c := lanesCase{key: key, nonce: nonce, polyKey: polyKey, src: src, mac: macIn, split: 1024,
			ad:      randBytes(rng, 16*rng.IntN(3)),
			counter: uint32(rng.IntN(1000)),
		}
		if n%5 == 0 {
			c.counter = 1<<32 - 16 // the chunk's blocks are the keystream's last
		}
		c.check(t, "xorChunkPartMAC", xorChunkPartMAC, 1024+64, canary)
	}
}

// TestHeadWideLengths compares Seal and Open with x/crypto at the lengths
// around the bounds of the set kernels and of the wide head's passes (the
// masked head to 960 bytes, one woven set to 1216, two to 1472, two and
// the rest on XORKeyStream to 1983, the chunks from 1984) and in between,
// with every length of additional data from 0 to 130 (one or two head
// groups in groups.plan, and over its limit).
func TestHeadWideLengths(t *testing.T) {
	checkLengthsAD(t, []int{sets3Max, sets3Max + 1, shortHead - blockSize, shortHead - blockSize + 1, 512, 640, 896, 959, 960, 961, 1024, 1216, 1217, 1350, 1472, 1473, 1536, 1983, 1984})
}

// TestTailLengths compares Seal and Open with x/crypto at the lengths
// around the bounds of the kernels of the data after chunked's chunks
// (none; xorTailMAC for 1 to 256 bytes, with six of the MAC's groups
// beside it below 64 and seven from 64; xorTail8MAC for 257 to 512) after
// one, two and fifteen chunks (16384 bytes is 64 after fifteen), with
// additional data of 0, 13 and 129 bytes.
func TestTailLengths(t *testing.T) {
	rng := testutil.Rand(t)
	_, nonce, a, x := randomPair(t, rng)
	for _, chunks := range []int{1, 2, 15} {
		for _, r := range []int{0, 1, 2, 63, 64, 65, 128, 255, 256, 257, 320, 511, 512} {
			for _, adLen := range []int{0, 13, 129} {
				n := 960 + 1024*chunks + r
				pt := randBytes(rng, n)
				ad := randBytes(rng, adLen)
				got := a.Seal(nil, nonce, pt, ad)
				if want := x.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
					t.Fatalf("length %d, ad %d: Seal differs from x/crypto", n, adLen)
				}
				opened, err := a.Open(nil, nonce, got, ad)
				if err != nil || !bytes.Equal(opened, pt) {
					t.Fatalf("length %d, ad %d: Open: %v", n, adLen, err)
				}
				got[n/2] ^= 1
				if _, err := a.Open(nil, nonce, got, ad); err == nil {
					t.Fatalf("length %d, ad %d: Open took a changed ciphertext", n, adLen)
				}
			}
		}
	}
}

// TestChunkPartLengths compares Seal and Open with x/crypto around
// partMin after one to three whole chunks (the rest on xorChunkPartMAC or
// not), and at the longest rest, with every length of additional data
// from 0 to 130.
func TestChunkPartLengths(t *testing.T) {
	var ls []int
	for k := 1; k <= 3; k++ {
		for _, r := range []int{partMin - 1, partMin, partMin + 63, 1023} {
			ls = append(ls, chacha20.HeadSize+1024*k+r)
		}
	}
	checkLengthsAD(t, ls)
}

// randomPair returns a random key and nonce, and this package's AEAD and
// x/crypto's under the key.
func randomPair(t *testing.T, rng *rand.Rand) (key, nonce []byte, a, x cipher.AEAD) {
	t.Helper()
	key = randBytes(rng, KeySize)
	nonce = randBytes(rng, NonceSize)
	a, err := New(key)
	if err != nil {
		t.Fatal(err)
	}
	x, err = xaead.New(key)
	if err != nil {
		t.Fatal(err)
	}
	return key, nonce, a, x
}

// checkLengthsAD compares Seal and Open (into a fresh slice and in place)
// with x/crypto for each length, with every length of additional data from
// 0 to 130, and checks that Open refuses a changed ciphertext, in place
// zeroing its output.
func checkLengthsAD(t *testing.T, lengths []int) {
	t.Helper()
	rng := testutil.Rand(t)
	_, nonce, a, x := randomPair(t, rng)
	for _, n := range lengths {
		for adLen := range 131 {
			pt := randBytes(rng, n)
			ad := randBytes(rng, adLen)
			got := a.Seal(nil, nonce, pt, ad)
			if want := x.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
				t.Fatalf("length %d, ad %d: Seal differs from x/crypto", n, adLen)
			}
			opened, err := a.Open(nil, nonce, got, ad)
			if err != nil || !bytes.Equal(opened, pt) {
				t.Fatalf("length %d, ad %d: Open: %v", n, adLen, err)
			}
			inPlace := bytes.Clone(got)
			opened, err = a.Open(inPlace[:0], nonce, inPlace, ad)
			if err != nil || !bytes.Equal(opened, pt) || &opened[0] != &inPlace[0] {
				t.Fatalf("length %d, ad %d: Open in place: %v", n, adLen, err)
			}
			got[rng.IntN(len(got))] ^= 1
			if _, err := a.Open(nil, nonce, got, ad); err == nil {
				t.Fatalf("length %d, ad %d: Open took a changed ciphertext", n, adLen)
			}
			if _, err := a.Open(got[:0], nonce, got, ad); err == nil || !allByte(got[:n], 0) {
				t.Fatalf("length %d, ad %d: Open in place took a changed ciphertext or left its output", n, adLen)
			}
		}
	}
}

// headWideModes runs f with the dispatch as shipped (the fused functions
// on, with the long-message kernels where the CPU has them), then with the
// AVX-512 kernels alone (pathHead from 1984 bytes), then as shipped with
// chacha20's portable code under the wide head (XORKeyStreamHeadWide's
// generic two passes).
func headWideModes(t *testing.T, f func(t *testing.T)) {
	testutil.RequireImplementation(t, "chacha20poly1305", "fused")
	t.Run("shipped", f)
	t.Run("nochunks", func(t *testing.T) {
		testutil.SelectImplementation(t, "chacha20poly1305", "fused")
		f(t)
	})
	t.Run("shipped+portable", func(t *testing.T) {
		testutil.SelectImplementation(t, "chacha20", "")
		f(t)
	})
}

// longThresholds returns the lengths at and around each bound of the
// wide path's dispatch: the two-set kernels' end (448/449) and 496/497,
// the masked head's end (960/961), the woven sets' (1216/1217,
// 1472/1473), the chunks' start (1983/1984), and after one to three whole
// chunks 1024k + 960 +- 64 and the bounds of the kernels after them:
// xorTailMAC's six and seven groups (1 to 63, 64 to 256 bytes), xorTail8MAC
// (257 to 512) and xorChunkPartMAC (partMin, 513, to 1023).
func longThresholds() []int {
	ls := []int{449, 450, 495, 496, 497, 498, 511, 512, 513, 895, 896, 897, 958, 959, 960, 961, 962,
		1023, 1024, 1025, 1215, 1216, 1217, 1279, 1280, 1281, 1471, 1472, 1473, 1474, 1982, 1983, 1984, 1985}
	for k := 1; k <= 3; k++ {
		for _, d := range []int{-65, -64, -63, -1, 0, 1, 2, 62, 63, 64, 65, 127, 128, 129, 255, 256, 257, 384, 511, 512, 513, 514, 575, 576, 577, 1022, 1023} {
			ls = append(ls, chacha20.HeadSize+1024*k+d)
		}
	}
	return ls
}

// TestHeadWideEveryLength runs checkSealOpen (Seal
// fresh, appended and in place, Open fresh, appended, in place and over the
// tag, against x/crypto, and a forgery refused with its output zeroed) at
// every length from 449 to 2100 bytes in each of the twelve combinations
// of its arrangements, additional data of 0 to 40 bytes in turn (with
// -long, every one of them at every length), every fifth length as
// XChaCha20-Poly1305, in each of headWideModes.
func TestHeadWideEveryLength(t *testing.T) {
	headWideModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		top := 2100
		if testing.Short() {
			top = 1100
		}
		for n := 449; n <= top; n++ {
			v, a, x := randomVariant(rng, n)
			for mode := range 12 {
				adLens := []int{(n + 7*mode) % 41}
				if *long {
					adLens = nil
					for adLen := mode; adLen <= 40; adLen += 12 {
						adLens = append(adLens, adLen)
					}
				}
				for _, adLen := range adLens {
					checkSealOpen(t, rng, a, x, randBytes(rng, v.nonceSize), randBytes(rng, n), randBytes(rng, adLen), mode)
				}
			}
		}
	})
}

// TestLongThresholds runs checkSealOpen at each length of
// longThresholds with every length of additional data from 0 to 40 and
// 127, 128, 129, 255, 1000 and 4097 (past groups.plan's 128 bytes, and
// longer than the message), each arrangement in turn, in each of
// headWideModes.
func TestLongThresholds(t *testing.T) {
	headWideModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		adLens := []int{127, 128, 129, 255, 1000, 4097}
		for adLen := range 41 {
			adLens = append(adLens, adLen)
		}
		i := 0
		for _, n := range longThresholds() {
			for _, adLen := range adLens {
				i++
				checkSealOpen(t, rng, a, x, randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, adLen), i)
			}
		}
	})
}

// TestLongOpenOverTag opens into an output that starts k = 0 to 16 bytes
// into the tag (out overlaps the tag, not the ciphertext), at the wide
// path's thresholds, with the tag right and then with a bit of it flipped:
// the plaintext must be x/crypto's, and the forgery refused with the
// output zeroed (the tag must be read before the output is written).
func TestLongOpenOverTag(t *testing.T) {
	headWideModes(t, func(t *testing.T) {
		rng := testutil.Rand(t)
		key := randBytes(rng, KeySize)
		a, _ := New(key)
		x, _ := xaead.New(key)
		for i, n := range longThresholds() {
			nonce, pt, ad := randBytes(rng, NonceSize), randBytes(rng, n), randBytes(rng, i%41)
			sealed := x.Seal(nil, nonce, pt, ad)
			for k := 0; k <= Overhead; k++ {
				buf := make([]byte, 2*n+2*Overhead)
				copy(buf, sealed)
				got, err := a.Open(buf[n+k:n+k], nonce, buf[:n+Overhead], ad)
				if err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("length %d, output %d bytes into the tag: %v", n, k, err)
				}
				copy(buf, sealed)
				buf[n+rng.IntN(Overhead)] ^= 1 << rng.IntN(8)
				for j := n + Overhead; j < len(buf); j++ {
					buf[j] = 0xa5
				}
				got, err = a.Open(buf[n+k:n+k], nonce, buf[:n+Overhead], ad)
				if err == nil || got != nil {
					t.Fatalf("length %d, output %d bytes into the tag: took a forged tag", n, k)
				}
				if !allZero(buf[n+k : 2*n+k]) {
					t.Fatalf("length %d, output %d bytes into the tag: a refused Open left its output unzeroed", n, k)
				}
			}
		}
	})
}

// TestLongLargestRest runs Seal and Open against x/crypto on the
// largest Poly1305 blocks through the MAC beside each kernel after
// chunked's whole chunks (xorTailMAC's six or seven groups, xorTail8MAC's
// seven, xorChunkPartMAC's eight): a large r (largestRNonce), all-ones
// additional data, and a plaintext chosen so that the ciphertext is all
// ones, at rests of 0 to 1023 bytes around each kernel's bounds after one
// to three whole chunks (where TestLongLargestR, which stops at 2600
// bytes, does not reach for the longer ones), with additional data that
// puts the chunks' MAC at each offset in its groups.
func TestLongLargestRest(t *testing.T) {
	key := (*[KeySize]byte)(bytes.Repeat([]byte{0xff}, KeySize))
	nonce := largestRNonce(t, key)
	a, _ := New(key[:])
	x, _ := xaead.New(key[:])
	for k := 1; k <= 3; k++ {
		for _, r := range []int{0, 1, 2, 15, 16, 17, 62, 63, 64, 65, 128, 255, 256, 257, 258, 300, 383, 384, 385, 511, 512, 513, 514, 527, 528, 529, 575, 576, 577, 640, 767, 768, 769, 895, 896, 897, 959, 960, 961, 1007, 1008, 1009, 1022, 1023} {
			n := chacha20.HeadSize + 1024*k + r
			ones := bytes.Repeat([]byte{0xff}, n)
			pt := x.Seal(nil, nonce, ones, nil)[:n]
			for _, adLen := range []int{0, 1, 16, 113, 128, 129} {
				ad := bytes.Repeat([]byte{0xff}, adLen)
				want := x.Seal(nil, nonce, pt, ad)
				if got := a.Seal(nil, nonce, pt, ad); !bytes.Equal(got, want) {
					t.Fatalf("length %d, ad %d: Seal with the largest r and blocks differs from x/crypto", n, adLen)
				}
				if got, err := a.Open(nil, nonce, want, ad); err != nil || !bytes.Equal(got, pt) {
					t.Fatalf("length %d, ad %d: Open with the largest r and blocks: %v", n, adLen, err)
				}
			}
		}
	}
}

// longPath returns the path sealLong and openLong take a message of n
// bytes on where the AVX-512 kernels run (see choosePath): pathWide below
// 1984 bytes (in tests, from 0), then pathChunks, or pathHead without
// poly1305's vector loop.
func longPath(n int) path {
	switch {
	case n < chacha20.HeadSize+1024:
		return pathWide
	case useChunks:
		return pathChunks
	}
	return pathHead
}
