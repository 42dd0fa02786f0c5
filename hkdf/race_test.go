//go:build race

package hkdf

const raceEnabled = true
