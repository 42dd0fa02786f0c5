//go:build !race

package hmac

const raceEnabled = false
