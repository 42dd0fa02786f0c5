module github.com/carry-crypto/carry/internal/edwards25519/_gen

go 1.26
