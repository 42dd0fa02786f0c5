module github.com/carry-crypto/carry/chacha20poly1305/_gen

go 1.26
