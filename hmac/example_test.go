package hmac_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/carry-crypto/carry/hmac"
)

// A key that authenticates many messages is prepared once; each MAC then
// costs two compressions instead of four, and no allocation.
func ExampleNewKey() {
	key := []byte("a 32-byte key, from a good source")
	k := hmac.NewKey(sha256.New, key)
	defer k.Clear() // overwrite the prepared states when done

	var buf [sha256.Size]byte
	for _, msg := range []string{"first message", "second message"} {
		mac := k.Sum(buf[:0], []byte(msg))
		fmt.Println(len(mac))
	}
	// Output:
	// 32
	// 32
}

// ValidMAC reports whether messageMAC is a valid HMAC tag for message, as
// in crypto/hmac's documentation.
func Example() {
	ValidMAC := func(message, messageMAC, key []byte) bool {
		mac := hmac.New(sha256.New, key)
		mac.Write(message)
		expectedMAC := mac.Sum(nil)
		return hmac.Equal(messageMAC, expectedMAC)
	}
	key := []byte("key")
	tag := hmac.Sum(nil, sha256.New, key, []byte("message"))
	fmt.Println(ValidMAC([]byte("message"), tag, key), ValidMAC([]byte("massage"), tag, key))
	// Output: true false
}
