package tls13_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/carry-crypto/carry/tls13"
)

// The key schedule of a full handshake without a PSK, as a server runs it
// for TLS_AES_128_GCM_SHA256. The transcript is the running SHA-256 of the
// handshake messages; each secret is cleared once what it derives is
// derived.
func Example() {
	sharedSecret := make([]byte, 32) // from the (EC)DHE key exchange
	transcript := sha256.New()
	transcript.Write([]byte("ClientHello, ServerHello"))

	early := tls13.NewEarlySecret(sha256.New, nil)
	handshake := early.HandshakeSecret(sharedSecret)
	early.Clear()
	serverHS := handshake.ServerHandshakeTrafficSecret(transcript)
	key, iv := tls13.TrafficKey(sha256.New, serverHS, 16)
	fmt.Println(len(serverHS), len(key), len(iv))

	transcript.Write([]byte("EncryptedExtensions ... server Finished"))
	master := handshake.MasterSecret()
	handshake.Clear()
	serverAP := master.ServerApplicationTrafficSecret(transcript)
	exporter := master.ExporterMasterSecret(transcript)
	master.Clear()
	ekm := exporter.Exporter("EXPORTER-example", nil, 32)
	exporter.Clear()
	fmt.Println(len(serverAP), len(ekm))
	// Output:
	// 32 16 12
	// 32 32
}
