//go:build race

package tls13

const raceEnabled = true
