package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestStageBoards: every reference board file is shipped; a board on USB is renamed to
// the udev rule's port, one on the header's UART is left as it is.
func TestStageBoards(t *testing.T) {
	stage := t.TempDir()
	staged, err := stageBoards(filepath.Join("..", "firmware-config"), stage)
	if err != nil {
		t.Fatal(err)
	}
	sources, _ := filepath.Glob(filepath.Join("..", "firmware-config", "*.toml"))
	if len(staged) != len(sources) || len(staged) < 5 {
		t.Fatalf("staged %d board files of %d", len(staged), len(sources))
	}
	usb := 0
	for _, path := range staged {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data)
		if strings.Contains(text, "/dev/ttyACM0\"") {
			t.Errorf("%s: still on /dev/ttyACM0", filepath.Base(path))
		}
		if strings.Contains(text, `port = "/dev/tavoliere-board"`) {
			usb++
		}
		if filepath.Base(path) == "tbp-6x6.toml" && !strings.Contains(text, `port = "/dev/serial0"`) {
			t.Errorf("tbp-6x6.toml: the UART board's port changed")
		}
	}
	if usb == 0 {
		t.Error("no board file names /dev/tavoliere-board")
	}
}

// TestPack: a package built around a stand-in binary has the layout docs/install.md
// describes, its config as a conffile, and is the same when built twice (the files' time
// is the commit's). The real packages are checked by packaging/ci.sh.
func TestPack(t *testing.T) {
	if _, err := exec.LookPath("dpkg-deb"); err != nil {
		t.Skip("no dpkg-deb")
	}
	root, _ := filepath.Abs("..")
	bin := filepath.Join(t.TempDir(), "tavoliere")
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	spec := packageSpec{root: root, arch: "armhf", version: "0.0~test", binary: bin, maintainer: "test <test@example.com>",
		mtime: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}
	var paths []string
	for range 2 {
		out := t.TempDir()
		path, err := pack(spec, out)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	if filepath.Base(paths[0]) != "tavoliere_0.0~test_armhf.deb" {
		t.Errorf("the package is called %s", filepath.Base(paths[0]))
	}
	a, _ := os.ReadFile(paths[0])
	b, _ := os.ReadFile(paths[1])
	if string(a) != string(b) {
		t.Error("two builds of one commit differ")
	}
	out, err := exec.Command("dpkg-deb", "--contents", paths[0]).Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"-rwxr-xr-x root/root 10 2026-01-02 03:04 ./usr/bin/tavoliere",
		"./usr/bin/tavoliere-kiosk", "./usr/lib/systemd/system/tavoliere.service", "./etc/tavoliere/tavoliere.toml",
		"./usr/lib/udev/rules.d/60-tavoliere.rules", "./usr/share/tavoliere/kiosk/tavoliere-kiosk.desktop",
		"./usr/share/tavoliere/boards/sim.toml", "./usr/share/tavoliere/boards/qw-7x7-mcp23017-ws2812.toml",
		"./usr/share/doc/tavoliere/install.md",
	} {
		if !strings.Contains(strings.Join(strings.Fields(string(out)), " "), want) {
			t.Errorf("no %s in\n%s", want, out)
		}
	}
	conffiles, err := exec.Command("dpkg-deb", "--info", paths[0], "conffiles").Output()
	if err != nil || strings.TrimSpace(string(conffiles)) != configDst {
		t.Errorf("conffiles %q (%v), want %s", conffiles, err, configDst)
	}
	control, err := exec.Command("dpkg-deb", "--field", paths[0], "Package", "Architecture", "Version", "Depends").Output()
	if err != nil {
		t.Fatal(err)
	}
	if want := "Package: tavoliere\nArchitecture: armhf\nVersion: 0.0~test\nDepends: adduser\n"; string(control) != want {
		t.Errorf("control fields:\n%s\nwant\n%s", control, want)
	}
}
