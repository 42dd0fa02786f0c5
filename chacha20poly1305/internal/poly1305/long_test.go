package poly1305

import "flag"

// long runs the randomized tests longer (go test
// ./chacha20poly1305/internal/poly1305 -long), as the -long flag of the
// other packages does.
var long = flag.Bool("long", false, "run the randomized tests 20 times longer")

// trials returns n, or 20 n with -long.
func trials(n int) int {
	if *long {
		return 20 * n
	}
	return n
}
