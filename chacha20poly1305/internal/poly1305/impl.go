package poly1305

import "github.com/carry-crypto/carry/internal/impl"

// implMULX and implIFMA are the assembly of sum_amd64.s, as internal/impl
// lists it: the block loop on 64-bit words with MULX, and the vector loop
// (blocksIFMA) for runs of at least ifmaMin bytes, with the MULX loop for
// the rest; the vector loop is also the lanes' (StartLanes, WriteGroups),
// which need its features whichever is on.
var (
	implMULX = impl.Implementation{
		Package: "poly1305", Name: "mulx", Needs: []string{"BMI2"},
		Choice: "blocks", For: "Poly1305 blocks", Kernel: "BMI2 (MULX)",
	}
	implIFMA = impl.Implementation{
		Package: "poly1305", Name: "ifma", Needs: []string{"BMI2", "AVX512F", "AVX512VL", "AVX512IFMA"},
		Choice: "long", For: "Poly1305 of 256 bytes and more", Kernel: "AVX-512 IFMA", Else: "Poly1305 blocks",
	}
)
