package main

// The four-set kernels (sealSets4 and openSets4, in sets_amd64.s beside
// the two- and three-set ones) are Seal and Open for messages of 705 to
// 960 bytes (twelve to fifteen ChaCha20 blocks): the three-set kernels'
// staggered schedule (setsNKernel, setsStaggered) one set wider. Set 0
// runs five double rounds alone, then sets 0 and 1 five, sets 1 and 2
// five, sets 2 and 3 five, and set 3 its last five alone; each set
// finishes in turn, and the MAC takes the blocks ready beside the rounds
// after set 0's (Seal: those whose ciphertext is written; Open: any, all
// being on the stack from the start). They skip the last set's blocks
// that hold no byte of the message (setsPlan's skip; see skipEmpty).
//
// Every branch tests a public length or, in Open, whether the tag was right.

// sets4Plan is the four-set kernels' schedule (see setsPlan): the MAC's
// blocks beside sets 1 and 2's double rounds, sets 2 and 3's and set 3's,
// after the column and the diagonal round. Seal has 11, 27 and 43 ready
// when those stages start; Open 45, of which the loop after the rounds
// needs one. Seal's stages are 5 double rounds each (40 blocks beside
// them). Open's are 3, 7, 3, 7 and 3 (42 blocks): set 0 spends more of its
// rounds beside set 1.
var sets4Plan = setsPlan{sets: 4, stitch: 5,
	seal: [][2]int{{1, 1}, {2, 1}, {2, 1}},
	open: [][2]int{{2, 1}, {2, 1}, {2, 2}}, skip: true, openStitch: 3}
