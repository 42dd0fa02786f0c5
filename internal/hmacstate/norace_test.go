//go:build !race

package hmacstate

const raceEnabled = false
