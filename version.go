package carry

// Version is carry's version, a semantic version with a leading v as the
// module's release tags spell it. A -dev suffix marks the code after the
// last release and before the named one.
const Version = "v0.1.0-dev"
