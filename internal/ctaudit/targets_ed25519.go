package ctaudit

const e2 = module + "ed25519."

// Why texts of package ed25519's entries.
const (
	whyPointerCopy = "copy's test of whether source and destination are the same memory (addresses are public)"
	whyVariant     = "the signature variant and the context's length, both public"
	whyFIPS        = "crypto/fips140.Enabled(), the module's mode"
)

// ed25519Funcs are the functions of package ed25519 that handle the seed,
// the expanded key or the nonce (the signing path). The rest verify
// signatures, which are public, or only copy public values.
var ed25519Funcs = []Func{
	{Symbol: e2 + "(*privateKey).sign", AllowedLoopJumps: 2, AllowedBranches: 3,
		Why: "the loops clearing the digest and domain buffers and SHA-512's over its fixed block; " + whyVariant + "; " + whyPointerCopy},
	{Symbol: e2 + "(*privateKey).expand", AllowedBranches: 1, Why: whyPointerCopy},
	{Symbol: e2 + "(*privateKey).setSeed", AllowedBranches: 2, Why: whyPointerCopy + " (twice)"},
	{Symbol: e2 + "(*privateKey).publicKeyMatches", AllowedLoopJumps: 1, Why: whyCompare32},
	{Symbol: e2 + "(*privateKey).signWithOptions", AllowedBranches: 11,
		Why: "the options' type, hash and context length, the digest's length (all public) and the write barrier's flag"},
	{Symbol: e2 + "(*domBuffer).dom", AllowedBranches: 3, Why: whyVariant + ", and " + whyPointerCopy},
	{Symbol: e2 + "Sign"},
	{Symbol: e2 + "sign", AllowedBranches: 4,
		Why: whyFIPS + " (two tests), " + whyPointerCopy + " on the FIPS path, and whether the key's length was refused"},
	{Symbol: e2 + "expandedKey", AllowedLoopJumps: 2, AllowedBranches: 3,
		Why: "subtle.ConstantTimeCompare's loop over the 64 bytes and the test of its result (whether the key changed since its last use, laid out as a backward jump); " +
			"the key's length, whether the cache has an entry for its address, and the write barrier's flag"},
	{Symbol: e2 + "NewSigner", AllowedBranches: 3,
		Why: "whether the key's length was refused, whether its halves match (its result, an error the caller sees), and the write barrier's flag"},
	{Symbol: e2 + "(*Signer).Sign", AllowedBranches: 2, Why: whyFIPS + " (two tests)"},
	{Symbol: e2 + "(*Signer).Equal", AllowedLoopJumps: 1, AllowedBranches: 7,
		Why: "subtle.ConstantTimeCompare's loop over the 64 bytes; the dynamic type of x (five jumps), whether a *Signer is nil and a PrivateKey's length, all public"},
	{Symbol: e2 + "(*Signer).PrivateKey"},
	{Symbol: e2 + "NewKeyFromSeed"},
	{Symbol: e2 + "newKeyFromSeed", AllowedBranches: 4,
		Why: "the seed's length, " + whyFIPS + " (two tests), and " + whyPointerCopy + " on the FIPS path"},
	{Symbol: e2 + "GenerateKey", AllowedBranches: 5,
		Why: "whether random is nil, " + whyFIPS + " (two tests), whether reading failed, and " + whyPointerCopy + " in PrivateKey.Public"},
}

// ed25519Public are the functions of package ed25519 that handle no secret.
var ed25519Public = map[string]string{
	e2 + "(*Signer).Public":     "copies the public key",
	e2 + "Verify":               "verifies a signature: public key, message and signature are public",
	e2 + "VerifyWithOptions":    "verifies a signature (public inputs)",
	e2 + "VerifyCofactored":     "verifies a signature (public inputs)",
	e2 + "VerifyBatch":          "verifies signatures (public inputs), variable time",
	e2 + "VerifyBatchExact":     "verifies signatures (public inputs)",
	e2 + "verifyVarTime":        "verifies a signature (public inputs), variable time",
	e2 + "challenge":            "hashes R, A and the message, all public",
	e2 + "checkPublicKeyLength": "checks a public key's length",
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
