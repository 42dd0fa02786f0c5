package chacha20

func xorKeyStream(s *State, dst, src []byte) { xorKeyStreamGeneric(s, dst, src) }
