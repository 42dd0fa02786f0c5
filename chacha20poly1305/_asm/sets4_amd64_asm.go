package main

// The four-set kernels (sealSets4 and openSets4, in sets_amd64.s beside
// the two- and three-set ones) are Seal and Open for messages of 705 to
// 960 bytes (twelve to fifteen ChaCha20 blocks): the three-set kernels'
// staggered schedule (setsNKernel, setsStaggered) one set wider. Set 0
// runs five double rounds alone, then sets 0 and 1 five, sets 1 and 2
// five, sets 2 and 3 five, and set 3 its last five alone; each set
// finishes in turn, and the MAC takes the blocks ready beside the rounds
// after set 0's (Seal: those whose ciphertext is written; Open: any, all
// being on the stack from the start).
//
// The five-set kernels (sealSets5 and openSets5) are the same one set
// wider again, for 961 to 1216 bytes. Both skip the last set's blocks that
// hold no byte of the message (setsPlan's skip): under empty masks, their
// loads and stores reaching past the buffers cost Seal and Open of 961 to
// 1000 bytes 740 ns rather than 450 in the benchmarks' allocation.
//
// Measured (session 7, Seal and Open through the API, 13 bytes of
// additional data, min of 6 alternating runs of the fastest of 200 batches
// of 100, ns, before (sealLong and openLong) and after): Seal 406/355 at
// 705 bytes, 420/365 at 768, 421/406 at 960, 469/445 at 961, 485/453 at
// 1024, 503/494 at 1216; Open (with its own stages: see sets4Plan)
// 422/346, 439/359, 439/400, 488/434, 504/450, 521/486. The time is about that of the vector and the scalar µops
// issued together (some 2.8 a cycle): with these kernels the MAC's blocks
// after the rounds (21 at 960 bytes, 22 at 1216) add about 9 cycles each.
//
// Every branch tests a public length or, in Open, whether the tag was right.

// sets4Plan is the four-set kernels' schedule (see setsPlan): the MAC's
// blocks beside sets 1 and 2's double rounds, sets 2 and 3's and set 3's,
// after the column and the diagonal round. Seal has 11, 27 and 43 ready
// when those stages start; Open 45, of which the loop after the rounds
// needs one. Seal's stages are 5 double rounds each (40 blocks beside
// them; with 4, 6, 4, 6, 4 and 42 blocks no faster). Open's are 3, 7, 3,
// 7 and 3 (42 blocks): set 0 spends more of its rounds beside set 1, and
// Open took 346, 371 and 400 ns at 705, 832 and 960 bytes, from 360, 381
// and 410 with Seal's stages and 40 blocks (348, 373, 401 with 4, 6, 4, 6,
// 4; 349, 372, 404 with 2, 8, 2, 8, 2; the same 40 blocks four a double
// round beside the two-set stages and none beside the last no faster).
var sets4Plan = setsPlan{sets: 4, stitch: 5,
	seal: [][2]int{{1, 1}, {2, 1}, {2, 1}},
	open: [][2]int{{2, 1}, {2, 1}, {2, 2}}, skip: true, openStitch: 3}

// sets5Plan is the five-set kernels' schedule (sealSets5 and openSets5,
// 961 to 1216 bytes), sets4Plan's one set wider: Seal has 11, 27, 43 and
// 59 blocks ready when its stitched stages start (55 stitched); Open 61,
// of which the loop after the rounds needs one (60 stitched). Open took
// 434, 463 and 486 ns at 961, 1088 and 1216 bytes, from 453, 471 and 500
// with Seal's stages.
var sets5Plan = setsPlan{sets: 5, stitch: 5,
	seal: [][2]int{{1, 1}, {2, 1}, {2, 1}, {2, 1}},
	open: [][2]int{{2, 1}, {2, 1}, {2, 1}, {2, 1}}, skip: true, openStitch: 3}
