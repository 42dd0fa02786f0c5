//go:build !purego

package main

// puregoTag reports whether the tests were built with the purego tag.
const puregoTag = false
