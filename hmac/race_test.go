//go:build race

package hmac

const raceEnabled = true
