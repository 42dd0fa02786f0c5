package poly1305

var impls = []impl{{"portable", func() func() { return func() {} }}}
