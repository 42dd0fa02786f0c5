//go:build !purego

package testutil

// puregoBuild reports whether the package was built with the purego tag.
const puregoBuild = false
