module github.com/carry-crypto/carry

go 1.26.0

require (
	golang.org/x/crypto v0.54.0
	golang.org/x/sys v0.50.0
)
