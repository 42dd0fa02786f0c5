package ctaudit

const e2 = module + "ed25519."

// Why texts of package ed25519's entries.
const (
	whyPointerCopy = "copy's test of whether source and destination are the same memory (addresses are public)"
	whyVariant     = "the signature variant and the context's length, both public"
)

// ed25519Funcs are the functions of package ed25519 that handle the seed,
// the expanded key or the nonce (the signing path). The rest verify
// signatures, which are public, or only copy public values.
var ed25519Funcs = []Func{
	{Symbol: e2 + "(*PrivateKey).sign", AllowedLoopJumps: 2, AllowedBranches: 3,
		Why: "the loops clearing the digest and domain buffers and SHA-512's over its fixed block; " + whyVariant + "; " + whyPointerCopy},
	{Symbol: e2 + "(*PrivateKey).setSeed", AllowedBranches: 2, Why: whyPointerCopy + " (twice)"},
	{Symbol: e2 + "(*domBuffer).dom", AllowedBranches: 3, Why: whyVariant + ", and " + whyPointerCopy},
	{Symbol: e2 + "(*PrivateKey).Sign", AllowedBranches: 11, Why: "the options' hash and context, the digest's length (public) and the write barrier's flag"},
	{Symbol: e2 + "Sign"},
	{Symbol: e2 + "(*PrivateKey).Equal", AllowedLoopJumps: 1, AllowedBranches: 1,
		Why: "subtle.ConstantTimeCompare's loop over the 32 bytes, and the type of x"},
	{Symbol: e2 + "NewPrivateKey", AllowedLoopJumps: 1, AllowedBranches: 3,
		Why: "the key's length, the write barrier's flag, subtle.ConstantTimeCompare's loop, and whether the key's halves match (its result, an error the caller sees)"},
	{Symbol: e2 + "NewKeyFromSeed", AllowedBranches: 2, Why: "the seed's length and the write barrier's flag"},
	{Symbol: e2 + "GenerateKey", AllowedBranches: 2, Why: "whether rand is nil and whether reading it failed"},
	{Symbol: e2 + "(*PrivateKey).Seed"},
	{Symbol: e2 + "(*PrivateKey).Bytes"},
}

// ed25519Public are the functions of package ed25519 that handle no secret.
var ed25519Public = map[string]string{
	e2 + "(*PrivateKey).Public":    "copies the public key",
	e2 + "(*PrivateKey).PublicKey": "copies the public key",
	e2 + "Verify":                  "verifies a signature: public key, message and signature are public",
	e2 + "VerifyWithOptions":       "verifies a signature (public inputs)",
	e2 + "VerifyCofactored":        "verifies a signature (public inputs)",
	e2 + "VerifyBatch":             "verifies signatures (public inputs), variable time",
	e2 + "VerifyBatchExact":        "verifies signatures (public inputs)",
	e2 + "verifyVarTime":           "verifies a signature (public inputs), variable time",
	e2 + "challenge":               "hashes R, A and the message, all public",
	e2 + "checkPublicKeyLength":    "checks a public key's length",
}

func init() {
	for _, tags := range [][]string{nil, {"purego"}} {
		Targets = append(Targets, Target{
			Package: module + "ed25519",
			Tags:    tags,
			Funcs:   ed25519Funcs,
			Public:  ed25519Public,
		})
	}
}
