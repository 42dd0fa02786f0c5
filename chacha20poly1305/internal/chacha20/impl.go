package chacha20

import "github.com/carry-crypto/carry/internal/impl"

// implAVX512 and implAVX2 are the kernels of chacha20_amd64.s, as
// internal/impl lists them: AVX-512 where the CPU has it, AVX2 otherwise.
var (
	implAVX512 = impl.Implementation{
		Package: "chacha20", Name: "avx512", Needs: []string{"AVX512F", "AVX512BW", "BMI2"},
		Choice: "xor", For: "ChaCha20 keystream", Kernel: "AVX-512",
	}
	implAVX2 = impl.Implementation{
		Package: "chacha20", Name: "avx2", Needs: []string{"AVX2"},
		Choice: "xor", For: "ChaCha20 keystream", Kernel: "AVX2",
	}
)
