package poly1305

func blocks(m *MAC, p []byte, hibit uint64) { blocksGeneric(m, p, hibit) }
