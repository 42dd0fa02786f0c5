module github.com/carry-crypto/carry/internal/bigmod/_gen

go 1.26
