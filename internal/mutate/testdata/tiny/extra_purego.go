//go:build purego

package tiny

const Extra = 5
