package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
)

func TestCheckConfig(t *testing.T) {
	var out, errOut bytes.Buffer
	const good = "../../firmware-config/qw-7x7-mcp23017-ws2812.toml"
	if err := runCheckConfig(context.Background(), []string{good}, &out, &errOut); err != nil {
		t.Fatalf("check-config %s: %v\n%s", good, err, errOut.String())
	}
	for _, want := range []string{
		"7  c42/L42  c43/L43", // the picture, rank 7 at the top
		"1  c0/L0    c1/L1",
		"board qw-7x7-mcp23017-ws2812:",            // the summary
		"0x20: cells 0…13 on GPA0…GPA6, GPB0…GPB6", // 14 inputs a chip: GPA7 and GPB7 are output-only
		"    GPB0…GPB6: a2 b2 c2 d2 e2 f2 g2",
		"0x23: cells 42…48 on GPA0…GPA6\n",
		"GPIO2   I2C1 SDA",
		"GPIO10  SPI0 MOSI",
		good + ": ok",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if errOut.Len() > 0 {
		t.Errorf("stderr: %s", errOut.String())
	}
}

func TestCheckConfigBad(t *testing.T) {
	var out, errOut bytes.Buffer
	const bad = "boardfile/testdata/bad/many.toml"
	err := runCheckConfig(context.Background(), []string{bad}, &out, &errOut)
	if err == nil || err.Error() != "check-config: "+bad+": 6 problems" {
		t.Fatalf("check-config %s: %v", bad, err)
	}
	lines := strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("want one line per problem, got:\n%s", errOut.String())
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, bad+":") {
			t.Errorf("problem %q does not start with the file's name", l)
		}
	}
	if want := bad + `:13:9: key "sensors.matrix.cols[0]": pin "GPIO99"`; !strings.HasPrefix(lines[3], want) {
		t.Errorf("line 4 %q, want it to start with %q", lines[3], want)
	}
	if out.Len() > 0 {
		t.Errorf("stdout on failure: %s", out.String())
	}
}

func TestCheckConfigArgs(t *testing.T) {
	var out, errOut bytes.Buffer
	for _, args := range [][]string{nil, {"a.toml", "b.toml"}} {
		if err := runCheckConfig(context.Background(), args, &out, &errOut); err == nil || !strings.Contains(err.Error(), "want one board file") {
			t.Errorf("check-config %q: %v", args, err)
		}
	}
	if err := runCheckConfig(context.Background(), []string{"no-such-board.toml"}, &out, &errOut); err == nil || !strings.Contains(errOut.String(), "no-such-board.toml: ") {
		t.Errorf("check-config of a missing file: %v, stderr %q", err, errOut.String())
	}
	out.Reset()
	if err := runCheckConfig(context.Background(), []string{"-h"}, &out, &errOut); err != nil || !strings.Contains(out.String(), "usage: tavoliere check-config FILE") {
		t.Errorf("check-config -h: %v, %q", err, out.String())
	}
}

// TestCheckConfigNotAFile checks that check-config answers at once, with the path, for what
// is not a board file: a directory, and a device it would read for ever (issue 30).
func TestCheckConfigNotAFile(t *testing.T) {
	for path, want := range map[string]string{
		t.TempDir(): ": a directory, not a file",
		"/dev/zero": ": a device, not a file",
	} {
		if _, err := os.Stat(path); err != nil {
			t.Logf("skipping %s: %v", path, err)
			continue
		}
		var out, errOut bytes.Buffer
		err := runCheckConfig(context.Background(), []string{path}, &out, &errOut)
		if err == nil || !strings.HasPrefix(errOut.String(), path+want) {
			t.Errorf("check-config %s: %v, stderr %q", path, err, errOut.String())
		}
	}
}
