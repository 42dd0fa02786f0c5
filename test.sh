#!/usr/bin/env bash
# test.sh runs every check of carry. It is the test command of the README and
# exactly what CI runs (.ci/run installs the tools, then runs this).
#
# Needs: Go; network access to the Go module proxy (the Wycheproof vectors are
# fetched at test time with "go mod download": without it those tests fail, by
# design); the openssl command line tool (differential tests and the OpenSSL
# column of "carry speed": without it those tests fail). Optional: qemu-user
# (qemu-aarch64 or qemu-aarch64-static) to run the tests as arm64 binaries;
# without it that step is skipped with a note.
set -euo pipefail
cd "$(dirname "$0")"

start=$SECONDS
done_steps=()

# step NAME CMD...: run one check, stop everything if it fails.
step() {
	local name=$1
	shift
	echo
	echo "=== $name: $*"
	local t0=$SECONDS
	if ! "$@"; then
		echo
		echo "test.sh: FAILED at step \"$name\" (passed before it: ${done_steps[*]:-none})"
		exit 1
	fi
	done_steps+=("$name")
	echo "--- $name: ok ($((SECONDS - t0))s)"
}

gofmt_clean() {
	local files
	files=$(gofmt -l .)
	if [ -n "$files" ]; then
		echo "not gofmt'ed:"
		echo "$files"
		return 1
	fi
}

# The avo generators under _asm are modules of their own; "./..." of the main
# module does not reach them.
vet_asm_modules() {
	local mod
	while IFS= read -r mod; do
		echo "go vet in $(dirname "$mod")"
		(cd "$(dirname "$mod")" && go vet ./...) || return 1
	done < <(find . -path ./.git -prune -o -path '*/_asm/go.mod' -print | sort)
}

# gotest ARGS...: go test with a parallelism suited to 2 cores.
gotest() {
	go test -p 2 "$@"
}

step gofmt gofmt_clean
step vet go vet ./...
step vet-purego go vet -tags purego ./...
step vet-asm-generators vet_asm_modules
step test gotest ./...
step test-purego gotest -tags purego ./...
step build-386 env GOARCH=386 go build ./...
step vet-386 env GOARCH=386 go vet ./...
step test-386-short env GOARCH=386 go test -p 2 -short ./...
step build-arm64 env GOARCH=arm64 go build ./...
step vet-arm64 env GOARCH=arm64 go vet ./...

qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
if [ -n "$qemu" ]; then
	step test-arm64-qemu-short env GOARCH=arm64 go test -p 2 -short -exec "$qemu" ./...
else
	echo
	echo "note: qemu-user is not installed (no qemu-aarch64 or qemu-aarch64-static):"
	echo "      the arm64 tests under emulation are skipped. Debian: apt-get install qemu-user-static"
fi

echo
echo "test.sh: all ${#done_steps[@]} steps passed in $((SECONDS - start))s: ${done_steps[*]}"
