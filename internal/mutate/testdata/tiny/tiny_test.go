package tiny

import (
	"runtime"
	"testing"
)

func TestAdd128(t *testing.T) {
	hi, lo := Add128(1, 1<<63, 2, 1<<63)
	if hi != 4 || lo != 0 {
		t.Errorf("Add128 = %d, %d", hi, lo)
	}
}

func TestSub(t *testing.T) {
	if Sub(5, 3) != 2 {
		t.Error("Sub")
	}
}

func TestSelect(t *testing.T) {
	if Select(7, 9, 1) != 7 || Select(7, 9, 0) != 9 {
		t.Error("Select")
	}
}

func TestFold(t *testing.T) {
	if Fold(&[4]uint64{1, 2, 4, 8}) != 30 {
		t.Error("Fold")
	}
}

func TestSecond(t *testing.T) {
	if Second(&[4]uint64{1, 2, 3, 4}) != 2 {
		t.Error("Second")
	}
}

func TestClamp(t *testing.T) {
	if Clamp(2) != 2 {
		t.Error("Clamp")
	}
}

func TestDouble(t *testing.T) {
	if Double(3) != 6 {
		t.Error("Double")
	}
}

func TestMagic(t *testing.T) {
	if Magic != 42 || Extra != 5 {
		t.Error("Magic")
	}
}

func TestLast(t *testing.T) {
	if Last(&[4]uint64{1, 2, 3, 4}) != 4 {
		t.Error("Last")
	}
}

func TestSteps(t *testing.T) {
	if Steps(5) != 2 {
		t.Error("Steps")
	}
}

func TestArch(t *testing.T) {
	want := 0
	if runtime.GOARCH == "arm64" {
		want = 64
	}
	if Arch() != want {
		t.Error("Arch")
	}
}

func TestBump(t *testing.T) {
	if got, want := Bump(1), 1+Arch()/64; got != want {
		t.Errorf("Bump(1) = %d, want %d", got, want)
	}
}

func TestIdent(t *testing.T) {
	if Ident(5) != 5 {
		t.Error("Ident")
	}
}
