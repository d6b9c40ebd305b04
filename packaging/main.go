// Command packaging builds tavoliere's Debian packages for the Raspberry Pi (issue 30): the
// binary cross-built without cgo, its systemd unit, the config the unit reads, the
// reference board files, a udev rule for a board on USB, the kiosk screen's launcher, and
// the maintainer scripts that make the service user. docs/install.md says what is in a
// package and why. From the repository's root:
//
//	go -C packaging run . -out ../dist               # tavoliere_VERSION_arm64.deb and _armhf.deb
//	go -C packaging run . -arch amd64 -out ../dist   # a PC's, to try an install in a chroot
//
// It is a module of its own (packaging/go.mod): nfpm brings some forty modules (go-git,
// crypto, compression) that the product's go.mod has no use for.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/goreleaser/nfpm/v2"
	"github.com/goreleaser/nfpm/v2/deb"
	"github.com/goreleaser/nfpm/v2/files"
)

// A target is a Debian architecture and the Go build that runs on it.
type target struct {
	goarch, goarm string
	note          string
}

// targets: Raspberry Pi OS's armhf is ARMv6 with hard float (Raspbian's, not Debian's
// ARMv7 armhf), so the armhf package is built with GOARM=6 and runs on every Pi that runs
// the 32-bit OS, the Zero and the Pi 1 included.
var targets = map[string]target{
	"arm64": {goarch: "arm64", note: "Pi 3, 4, 5 and Zero 2 with the 64-bit OS"},
	"armhf": {goarch: "arm", goarm: "6", note: "every Pi with the 32-bit OS, the Zero and Pi 1 included"},
	"amd64": {goarch: "amd64", note: "a PC: to try the package in a chroot, not for a board"},
}

// Where things go in the package, from the repository's root.
const (
	binDst     = "/usr/bin/tavoliere"
	kioskDst   = "/usr/bin/tavoliere-kiosk"
	unitDst    = "/usr/lib/systemd/system/tavoliere.service"
	configDst  = "/etc/tavoliere/tavoliere.toml"
	boardsDst  = "/usr/share/tavoliere/boards/"
	udevDst    = "/usr/lib/udev/rules.d/60-tavoliere.rules"
	desktopDst = "/usr/share/tavoliere/kiosk/tavoliere-kiosk.desktop"
	docDst     = "/usr/share/doc/tavoliere/"
	boardPort  = "/dev/tavoliere-board" // the udev rule's name for a board on USB
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "packaging:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("packaging", flag.ContinueOnError)
	root := fs.String("root", "..", "the repository's root")
	out := fs.String("out", "../dist", "the folder the packages are written to")
	arches := fs.String("arch", "arm64,armhf", "Debian architectures, comma-separated: arm64, armhf, amd64")
	version := fs.String("version", "", "the package's version (default: from git: a tag vX.Y.Z, or 0.0~gitDATETIME.HASH)")
	binary := fs.String("binary", "", "a tavoliere binary built already, instead of building one (one -arch only)")
	maintainer := fs.String("maintainer", "tavoliere maintainers <https://github.com/tavoliere/tavoliere/issues>", "the package's Maintainer field")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	list := strings.Split(*arches, ",")
	if *binary != "" && len(list) != 1 {
		return errors.New("-binary goes with one -arch")
	}
	for _, a := range list {
		if _, ok := targets[a]; !ok {
			return fmt.Errorf("-arch %q: want arm64, armhf or amd64", a)
		}
	}
	rootAbs, err := filepath.Abs(*root)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(rootAbs, "cmd", "tavoliere", "tavoliere.service")); err != nil {
		return fmt.Errorf("-root %s is not tavoliere's repository: %w", *root, err)
	}
	if *version == "" {
		*version = gitVersion(rootAbs)
	}
	mtime := sourceTime(rootAbs)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	for _, arch := range list {
		start := time.Now()
		bin := *binary
		if bin == "" {
			tmp, err := os.MkdirTemp("", "tavoliere-deb-")
			if err != nil {
				return err
			}
			defer os.RemoveAll(tmp)
			bin = filepath.Join(tmp, "tavoliere")
			if err := build(rootAbs, targets[arch], bin); err != nil {
				return err
			}
		}
		built := time.Since(start)
		path, err := pack(packageSpec{root: rootAbs, arch: arch, version: *version, binary: bin,
			maintainer: *maintainer, mtime: mtime}, *out)
		if err != nil {
			return fmt.Errorf("%s: %w", arch, err)
		}
		st, err := os.Stat(path)
		if err != nil {
			return err
		}
		fmt.Printf("%s: %.1f MB (built in %.1f s, packed in %.1f s; %s)\n", path, float64(st.Size())/1e6,
			built.Seconds(), (time.Since(start) - built).Seconds(), targets[arch].note)
	}
	return nil
}

// build cross-builds the binary without cgo, with no symbol table or DWARF (a panic's
// stack trace keeps its function names and lines): 13 MB instead of 19 for arm64. No
// -trimpath: the build then reuses what .ci/run's cross-builds have compiled.
func build(root string, t target, out string) error {
	cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", out, "./cmd/tavoliere")
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS=linux", "GOARCH="+t.goarch, "GOARM="+t.goarm)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build for linux/%s%s: %w", t.goarch, t.goarm, err)
	}
	return nil
}

type packageSpec struct {
	root, arch, version, binary, maintainer string
	mtime                                   time.Time
}

// pack writes the package of spec into the folder out and returns its path.
func pack(spec packageSpec, out string) (string, error) {
	stage, err := os.MkdirTemp("", "tavoliere-stage-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(stage)
	contents, err := contents(spec.root, spec.binary, stage)
	if err != nil {
		return "", err
	}
	pkgFiles := filepath.Join(spec.root, "packaging", "files")
	info := &nfpm.Info{
		Name:          "tavoliere",
		Arch:          spec.arch,
		Platform:      "linux",
		Version:       spec.version,
		VersionSchema: "none",
		Section:       "games",
		Priority:      "optional",
		Maintainer:    spec.maintainer,
		Homepage:      "https://github.com/tavoliere/tavoliere",
		Description: "referee for physical abstract board games on a Raspberry Pi\n" +
			"A Raspberry Pi under a real board reads the sensors under its squares, turns\n" +
			"what hands do into moves, checks them against the rules and lights LEDs: legal\n" +
			"moves, the AI's reply, what to fix. A kiosk page shows the game. This package\n" +
			"holds the service, its systemd unit and config (/etc/tavoliere/tavoliere.toml,\n" +
			"which names the board file), the reference board files, a udev rule for a\n" +
			"board on USB and the kiosk screen's launcher (tavoliere-kiosk).",
		MTime: spec.mtime,
		Overridables: nfpm.Overridables{
			Depends:  []string{"adduser"},
			Suggests: []string{"chromium-browser | chromium"},
			Contents: contents,
			Umask:    0o022,
			Scripts: nfpm.Scripts{
				PostInstall: filepath.Join(pkgFiles, "postinst"),
				PreRemove:   filepath.Join(pkgFiles, "prerm"),
				PostRemove:  filepath.Join(pkgFiles, "postrm"),
			},
			Deb: nfpm.Deb{Compression: "xz"},
		},
	}
	info = nfpm.WithDefaults(info)
	if err := nfpm.PrepareForPackager(info, "deb"); err != nil {
		return "", err
	}
	packager := deb.Default
	path := filepath.Join(out, packager.ConventionalFileName(info))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	if err := packager.Package(info, f); err != nil {
		f.Close()
		os.Remove(path)
		return "", err
	}
	return path, f.Close()
}

// contents lists the package's files; stage is a folder for the ones made here (the board
// files with their serial port renamed).
func contents(root, binary, stage string) (files.Contents, error) {
	file := func(src, dst string, mode os.FileMode) *files.Content {
		return &files.Content{Source: src, Destination: dst, FileInfo: &files.ContentFileInfo{Mode: mode, Owner: "root", Group: "root"}}
	}
	in := func(parts ...string) string { return filepath.Join(append([]string{root}, parts...)...) }
	c := files.Contents{
		file(binary, binDst, 0o755),
		file(in("packaging", "files", "tavoliere-kiosk"), kioskDst, 0o755),
		file(in("cmd", "tavoliere", "tavoliere.service"), unitDst, 0o644),
		file(in("packaging", "files", "60-tavoliere.rules"), udevDst, 0o644),
		file(in("packaging", "files", "tavoliere-kiosk.desktop"), desktopDst, 0o644),
		file(in("docs", "install.md"), docDst+"install.md", 0o644),
		file(in("firmware-config", "README.md"), docDst+"boards.md", 0o644),
		file(in("firmware-config", "tbp.md"), docDst+"tbp.md", 0o644),
	}
	conf := file(in("cmd", "tavoliere", "tavoliere.toml"), configDst, 0o644)
	conf.Type = files.TypeConfigNoReplace // a conffile: dpkg asks before replacing the builder's
	c = append(c, conf)
	boards, err := stageBoards(in("firmware-config"), stage)
	if err != nil {
		return nil, err
	}
	for _, b := range boards {
		c = append(c, file(b, boardsDst+filepath.Base(b), 0o644))
	}
	for _, x := range c {
		if _, err := os.Stat(x.Source); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// serialPort is a board file's USB port line, with its comment if any.
var serialPort = regexp.MustCompile(`(?m)^port = "/dev/ttyACM0"( *).*$`)

// stageBoards copies the reference board files (firmware-config/*.toml) into stage, a
// microcontroller's port on USB renamed to the udev rule's /dev/tavoliere-board, so that a
// board on a CH340 (ttyUSB0) works as well as an Arduino's own USB (ttyACM0). It returns
// the staged files.
func stageBoards(dir, stage string) ([]string, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.toml"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no board files in %s", dir)
	}
	var staged []string
	renamed := 0
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		if usb := serialPort.ReplaceAll(data, []byte(`port = "`+boardPort+`"${1}# USB, named by the package's udev rule (ttyACM0 or ttyUSB0); "/dev/serial0": the header's UART`)); !bytes.Equal(usb, data) {
			data = usb
			renamed++
		}
		dst := filepath.Join(stage, filepath.Base(name))
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			return nil, err
		}
		staged = append(staged, dst)
	}
	if renamed == 0 {
		return nil, fmt.Errorf("no board file in %s has the line %s to rename: the udev rule's name is used by none", dir, serialPort)
	}
	slices.Sort(staged)
	return staged, nil
}

// gitVersion is the version of the commit checked out: its tag vX.Y.Z as X.Y.Z, else
// 0.0~gitYYYYMMDDhhmmss.HASH ("~": before any release 0.0), else 0.0~dev.
func gitVersion(root string) string {
	if tag, err := git(root, "describe", "--tags", "--exact-match", "--match", "v[0-9]*"); err == nil {
		return strings.TrimPrefix(tag, "v")
	}
	stamp, err := git(root, "log", "-1", "--format=%cd.%h", "--date=format-local:%Y%m%d%H%M%S")
	if err != nil || stamp == "" {
		return "0.0~dev"
	}
	return "0.0~git" + stamp
}

// sourceTime is the files' time in the package: $SOURCE_DATE_EPOCH, else the commit's,
// so that a package built twice from one commit is the same.
func sourceTime(root string) time.Time {
	if s := os.Getenv("SOURCE_DATE_EPOCH"); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	if s, err := git(root, "log", "-1", "--format=%ct"); err == nil {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0).UTC()
		}
	}
	return time.Unix(0, 0).UTC()
}

func git(root string, args ...string) (string, error) {
	cmd := exec.Command("git", append([]string{"-C", root}, args...)...)
	cmd.Env = append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}
