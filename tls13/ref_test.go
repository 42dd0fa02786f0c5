package tls13

import (
	"crypto/hkdf"
	"crypto/hmac"
	"hash"
)

// This file writes the RFC 8446 §7.1 key schedule again with the standard
// library's crypto/hkdf and crypto/hmac, the way its internal tls13 package
// does it: the reference of the differential tests and the baseline of the
// benchmarks.

// refHkdfLabel is the HkdfLabel structure of RFC 8446 §7.1.
func refHkdfLabel(label string, context []byte, length int) []byte {
	info := make([]byte, 0, 2+1+len("tls13 ")+len(label)+1+len(context))
	info = append(info, byte(length>>8), byte(length))
	info = append(info, byte(len("tls13 ")+len(label)))
	info = append(info, "tls13 "...)
	info = append(info, label...)
	info = append(info, byte(len(context)))
	info = append(info, context...)
	return info
}

// refExpandLabel is HKDF-Expand-Label on crypto/hkdf.Expand.
func refExpandLabel(h func() hash.Hash, secret []byte, label string, context []byte, length int) []byte {
	info := refHkdfLabel(label, context, length)
	out, err := hkdf.Expand(h, secret, string(info), length)
	if err != nil {
		panic(err)
	}
	return out
}

// refExtract is HKDF-Extract on crypto/hkdf, with a nil input standing for
// Hash.length zeros.
func refExtract(h func() hash.Hash, ikm, salt []byte) []byte {
	if ikm == nil {
		ikm = make([]byte, h().Size())
	}
	prk, err := hkdf.Extract(h, ikm, salt)
	if err != nil {
		panic(err)
	}
	return prk
}

// refDeriveSecret is Derive-Secret with the transcript hash given as bytes
// (nil for the hash of no messages).
func refDeriveSecret(h func() hash.Hash, secret []byte, label string, transcriptHash []byte) []byte {
	if transcriptHash == nil {
		transcriptHash = h().Sum(nil)
	}
	return refExpandLabel(h, secret, label, transcriptHash, len(transcriptHash))
}

// refFinished is the Finished verify_data of RFC 8446 §4.4.4:
// HMAC(finished_key, transcript hash), finished_key =
// HKDF-Expand-Label(BaseKey, "finished", "", Hash.length).
func refFinished(h func() hash.Hash, baseKey, transcriptHash []byte) (finishedKey, verifyData []byte) {
	finishedKey = refExpandLabel(h, baseKey, "finished", nil, h().Size())
	m := hmac.New(h, finishedKey)
	m.Write(transcriptHash)
	return finishedKey, m.Sum(nil)
}

// refSchedule holds every secret of a full handshake's key schedule,
// computed by refKeySchedule.
type refSchedule struct {
	early, binderKey, clientEarly, earlyExporter     []byte
	handshake, clientHS, serverHS                    []byte
	master, clientAP, serverAP, exporter, resumption []byte
}

// refKeySchedule runs the whole schedule on crypto/hkdf, with transcript
// hashes given as bytes: th[0] up to the ClientHello, th[1] up to the
// ServerHello, th[2] up to the server Finished, th[3] up to the client
// Finished.
func refKeySchedule(h func() hash.Hash, psk, shared []byte, th [4][]byte) *refSchedule {
	r := new(refSchedule)
	r.early = refExtract(h, psk, nil)
	r.binderKey = refDeriveSecret(h, r.early, "res binder", nil)
	r.clientEarly = refDeriveSecret(h, r.early, "c e traffic", th[0])
	r.earlyExporter = refDeriveSecret(h, r.early, "e exp master", th[0])
	r.handshake = refExtract(h, shared, refDeriveSecret(h, r.early, "derived", nil))
	r.clientHS = refDeriveSecret(h, r.handshake, "c hs traffic", th[1])
	r.serverHS = refDeriveSecret(h, r.handshake, "s hs traffic", th[1])
	r.master = refExtract(h, nil, refDeriveSecret(h, r.handshake, "derived", nil))
	r.clientAP = refDeriveSecret(h, r.master, "c ap traffic", th[2])
	r.serverAP = refDeriveSecret(h, r.master, "s ap traffic", th[2])
	r.exporter = refDeriveSecret(h, r.master, "exp master", th[2])
	r.resumption = refDeriveSecret(h, r.master, "res master", th[3])
	return r
}

// hmacRef is crypto/hmac's MAC of msg under key.
func hmacRef(h func() hash.Hash, key, msg []byte) []byte {
	m := hmac.New(h, key)
	m.Write(msg)
	return m.Sum(nil)
}
