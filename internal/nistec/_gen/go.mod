module github.com/carry-crypto/carry/internal/nistec/_gen

go 1.26
