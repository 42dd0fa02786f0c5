package carry

import (
	"crypto/tls"
	"crypto/x509"
	"net"
	"runtime"
	"testing"
	"time"
)

// BenchmarkServerHandshake runs full TLS 1.3 handshakes over loopback TCP
// between a crypto/tls client and server in this process, the server's key
// loaded by tls.X509KeyPair (std) or by X509KeyPair (carry), from the same
// PEM. Besides ns/op, which counts both ends, it reports the server's CPU
// time per handshake as server-ns/op where the thread clock can be read
// (Linux): the server runs on a goroutine locked to its thread and reads
// that thread's clock around each handshake, so the client, other
// goroutines and the garbage collector's background work are left out
// (what the collector makes the server itself do is counted). carry
// handshake measures whole server processes instead.
func BenchmarkServerHandshake(b *testing.B) {
	keys := carryKeys(b)
	for _, name := range []string{"rsa2048", "p256", "p384", "ed25519"} {
		certPEM, keyPEM, pool := testCert(b, keys[name])
		std, err := tls.X509KeyPair(certPEM, keyPEM)
		if err != nil {
			b.Fatal(err)
		}
		carry, err := X509KeyPair(certPEM, keyPEM)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/std", func(b *testing.B) { benchServerHandshake(b, std, pool) })
		b.Run(name+"/carry", func(b *testing.B) { benchServerHandshake(b, carry, pool) })
	}
}

// benchServerHandshake makes b.N TLS 1.3 handshakes with a server of cert;
// see BenchmarkServerHandshake.
func benchServerHandshake(b *testing.B, cert tls.Certificate, pool *x509.CertPool) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	serverConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS13}
	clientConfig := &tls.Config{RootCAs: pool, ServerName: "carry.test", MinVersion: tls.VersionTLS13}

	// The server sends each handshake's thread CPU time, or -1 if the
	// clock cannot be read, and an error if the handshake failed.
	type result struct {
		cpu time.Duration
		err error
	}
	results := make(chan result)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		for {
			c, err := l.Accept()
			if err != nil {
				return // the listener is closed
			}
			c.SetDeadline(time.Now().Add(time.Minute))
			t0, ok0 := threadCPUTime()
			err = tls.Server(c, serverConfig).Handshake()
			t1, ok1 := threadCPUTime()
			c.Close()
			cpu := t1 - t0
			if !ok0 || !ok1 {
				cpu = -1
			}
			results <- result{cpu, err}
		}
	}()

	var server time.Duration
	measured := true
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		c, err := net.Dial("tcp", l.Addr().String())
		if err != nil {
			b.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(time.Minute))
		clientErr := tls.Client(c, clientConfig).Handshake()
		c.Close()
		r := <-results
		if clientErr != nil || r.err != nil {
			b.Fatalf("client: %v, server: %v", clientErr, r.err)
		}
		server += r.cpu
		measured = measured && r.cpu >= 0
	}
	b.StopTimer()
	if measured {
		b.ReportMetric(float64(server.Nanoseconds())/float64(b.N), "server-ns/op")
	}
}
