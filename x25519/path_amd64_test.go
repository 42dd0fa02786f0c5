//go:build !purego

package x25519

var haveADX = useADX

// setADX selects the assembly (true) or the portable path and returns a
// function that restores the previous choice.
func setADX(on bool) func() {
	old := useADX
	useADX = on && haveADX
	return func() { useADX = old }
}
