package chacha20poly1305

import "github.com/carry-crypto/carry/internal/impl"

// implFused, implAVX2Fused and implChunks are the amd64 kernels, as
// internal/impl lists them (ChaCha20 and Poly1305 in one assembly function,
// with no buffer, copy or call between them; see choosePath): the AVX-512
// ones of fused_amd64.s and sets_amd64.s; the AVX2 ones, ChaCha20 on AVX2
// and Poly1305 on MULX, for CPUs without AVX-512 (fused_avx2_amd64.s:
// sealAVX2 and openAVX2 and their one-, three- and four-set variants x1, x3
// and x4; chunks_avx2_amd64.s: sealAVX2Chunks and openAVX2Chunks); and, on
// top of the AVX-512 ones, the long-message kernels of chunks_amd64.s,
// which run poly1305's lanes beside them and so need its vector loop's
// features (AVX-512 IFMA) too. implNEON is the arm64 kernels of
// aead_arm64.s, ChaCha20 on NEON and Poly1305 on MUL and UMULH, in two
// passes (sealNEON, openNEON).
var (
	implFused = impl.Implementation{
		Package: "chacha20poly1305", Name: "fused", Needs: []string{"AVX512F", "AVX512BW", "AVX512VL", "BMI2"},
		Choice: "short", For: "fused Seal and Open, short messages", Kernel: "AVX-512", Else: "ChaCha20, then Poly1305",
	}
	implAVX2Fused = impl.Implementation{
		Package: "chacha20poly1305", Name: "avx2fused", Needs: []string{"AVX2", "BMI2"},
		Choice: "short", For: "fused Seal and Open, short messages", Kernel: "AVX2", Else: "ChaCha20, then Poly1305",
	}
	implNEON = impl.Implementation{
		Package: "chacha20poly1305", Name: "neon", Needs: []string{"ASIMD"},
		Choice: "arm64", For: "Seal and Open on arm64", Kernel: "NEON, MUL/UMULH", Else: "ChaCha20, then Poly1305",
	}
	implChunks = impl.Implementation{
		Package: "chacha20poly1305", Name: "chunks", Needs: []string{"AVX512F", "AVX512BW", "AVX512VL", "BMI2", "AVX512IFMA"},
		Choice: "long", For: "fused Seal and Open, long messages", Kernel: "AVX-512 IFMA", Else: "ChaCha20, then Poly1305",
	}
)
