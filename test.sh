#!/usr/bin/env bash
# test.sh runs every check of carry. It is the test command of the README and
# exactly what CI runs (.ci/run installs the tools, then runs this).
#
# Needs: Go; network access to the Go module proxy (the Wycheproof vectors are
# fetched at test time with "go mod download": without it those tests fail, by
# design); the openssl command line tool (differential tests and the OpenSSL
# column of "carry speed": without it those tests fail). Optional: qemu-user
# (qemu-aarch64 or qemu-aarch64-static) to run the tests as arm64 binaries;
# valgrind, for the instruction-count guard (required where
# CARRY_NEED_VALGRIND is set, as .ci/run sets it); the dynamic qemu-aarch64
# (Debian's qemu-user) and gcc, for the arm64 guard (required where
# CARRY_NEED_QEMU is set).
# A step this host cannot run (32-bit x86 binaries where the kernel lacks
# IA-32 support, arm64 without qemu) is found by running a tiny probe first,
# then skipped with a note, never failed.
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

# gotest ARGS...: go test with a parallelism suited to 2 cores, and a
# per-binary limit above go test's 10 minutes: cmd/carry's tests (the
# ct, count and audit commands end to end) took 10 on a host loaded
# with other work.
gotest() {
	go test -p 2 -timeout 25m "$@"
}

step gofmt gofmt_clean
step vet go vet ./...
step vet-purego go vet -tags purego ./...
step vet-asm-generators vet_asm_modules
step test gotest ./...
step test-purego gotest -tags purego ./...
# can_exec GOARCH [EXEC]: whether a tiny program built for GOARCH runs on
# this host (directly, or through EXEC such as qemu). Some hosts build 32-bit
# x86 binaries but cannot execute them (no IA-32 support in the kernel).
can_exec() {
	local arch=$1 exec=${2:-} dir out
	dir=$(mktemp -d)
	printf 'package main\n\nfunc main() { println("ok") }\n' >"$dir/main.go"
	if ! (cd "$dir" && GOARCH=$arch GOFLAGS= go build -o probe main.go 2>/dev/null); then
		rm -rf "$dir"
		return 1
	fi
	out=$($exec "$dir/probe" 2>&1 || true)
	rm -rf "$dir"
	[ "$out" = ok ]
}

skipped=()
# skip NAME WHY: say that a step cannot run on this host.
skip() {
	skipped+=("$1")
	echo
	echo "note: step $1 skipped: $2"
}

step build-386 env GOARCH=386 go build ./...
step vet-386 env GOARCH=386 go vet ./...
if can_exec 386; then
	step test-386-short env GOARCH=386 go test -p 2 -short ./...
else
	skip test-386-short "this host cannot execute 32-bit x86 binaries (a probe built with GOARCH=386 did not run)"
fi
step build-arm64 env GOARCH=arm64 go build ./...
step vet-arm64 env GOARCH=arm64 go vet ./...
step build-arm64-purego env GOARCH=arm64 go build -tags purego ./...
step vet-arm64-purego env GOARCH=arm64 go vet -tags purego ./...

if [ "$(go env GOARCH)" = arm64 ]; then
	skip test-arm64-qemu-short "the native test steps already ran as arm64"
else
	qemu=$(command -v qemu-aarch64 || command -v qemu-aarch64-static || true)
	if [ -z "$qemu" ]; then
		skip test-arm64-qemu-short "qemu-user is not installed (no qemu-aarch64 or qemu-aarch64-static); Debian: apt-get install qemu-user-static"
	elif ! can_exec arm64 "$qemu"; then
		skip test-arm64-qemu-short "$qemu did not run a probe built with GOARCH=arm64"
	else
		step test-arm64-qemu-short env GOARCH=arm64 go test -p 2 -short -exec "$qemu" ./...
	fi
fi

# The instruction-count guard: carry's instructions per operation under
# Valgrind against the committed table (see "go run ./cmd/carry help count",
# which also says how to re-record it).
need_valgrind() {
	echo "CARRY_NEED_VALGRIND is set but valgrind is not installed (Debian: apt-get install valgrind)"
	return 1
}
if [ "$(go env GOARCH)" != amd64 ]; then
	skip count-amd64 "the instruction-count table is amd64's"
elif ! command -v valgrind >/dev/null; then
	if [ -n "${CARRY_NEED_VALGRIND:-}" ]; then
		step count-amd64 need_valgrind
	fi
	skip count-amd64 "valgrind is not installed (Debian: apt-get install valgrind)"
else
	step count-amd64 go run ./cmd/carry count -check cmd/carry/testdata/counts-amd64.json
fi

# The arm64 guard: carry's arm64 instructions per operation under qemu with
# an instruction-counting plugin, against its table and against the standard
# library's code counted in the same run.
need_qemu() {
	echo "CARRY_NEED_QEMU is set but the dynamic qemu-aarch64 (with -plugin) or gcc is missing (Debian: apt-get install qemu-user gcc)"
	return 1
}
if command -v qemu-aarch64 >/dev/null && command -v gcc >/dev/null &&
	qemu-aarch64 -h 2>&1 | grep -q -- '^-plugin'; then
	step count-arm64 go run ./cmd/carry count -goarch arm64 -check cmd/carry/testdata/counts-arm64.json
else
	if [ -n "${CARRY_NEED_QEMU:-}" ]; then
		step count-arm64 need_qemu
	fi
	skip count-arm64 "no qemu-aarch64 that loads plugins, or no gcc (Debian: apt-get install qemu-user gcc)"
fi

echo
echo "test.sh: all ${#done_steps[@]} steps passed in $((SECONDS - start))s: ${done_steps[*]}"
if ((${#skipped[@]})); then
	echo "test.sh: skipped on this host: ${skipped[*]} (see the notes above)"
fi
