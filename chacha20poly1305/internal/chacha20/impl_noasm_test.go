package chacha20

var impls = []impl{{"portable", func() func() { return func() {} }}}
