package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The maintainer scripts run here against stubs of the commands they call (adduser,
// usermod, deb-systemd-helper, systemctl, udevadm, …), each of which logs its arguments,
// in a mount namespace whose /run and /etc/systemd/system are empty tmpfs: the test sets
// up what a Pi with systemd, a chroot without it, or an old install by hand would have,
// and nothing on this machine changes. It needs root (CI and the developers' machines).

// stubs are the commands the scripts call. getent answers from $STUB_GROUPS and
// $STUB_USERS; deb-systemd-helper was-enabled from $STUB_WAS_ENABLED.
var stubs = map[string]string{
	"getent": `case $1 in
group) for g in $STUB_GROUPS; do [ "$g" = "$2" ] && { echo "$2:x:1:"; exit 0; }; done; exit 2;;
passwd) for u in $STUB_USERS; do [ "$u" = "$2" ] && { echo "$2:x:1:1::/:/bin/false"; exit 0; }; done; exit 2;;
esac; exit 2`,
	"deb-systemd-helper": `[ "$1" = --quiet ] && shift; [ "$1" = was-enabled ] && [ "$STUB_WAS_ENABLED" = no ] && exit 1; exit 0`,
}

func init() {
	for _, cmd := range []string{"addgroup", "adduser", "usermod", "systemctl", "deb-systemd-invoke", "udevadm"} {
		stubs[cmd] = "" // logs its call, succeeds
	}
}

type scriptRun struct {
	calls  []string // each stub's call: "name arg arg…"
	stdout string
	stderr string
}

// runScript runs packaging/files/NAME with args; env adds STUB_ variables; setup is shell
// run first inside the namespace (after /run and /etc/systemd/system are emptied).
func runScript(t *testing.T, name, setup string, env []string, args ...string) scriptRun {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root: the scripts run in a mount namespace")
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		t.Skip("no unshare")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "calls")
	for cmd, body := range stubs {
		text := "#!/bin/sh\necho \"" + cmd + " $*\" >>" + log + "\n" + body + "\n"
		if err := os.WriteFile(filepath.Join(bin, cmd), []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	script, err := filepath.Abs(filepath.Join("files", name))
	if err != nil {
		t.Fatal(err)
	}
	inner := "set -e; mount -t tmpfs tmpfs /run; mkdir -p /etc/systemd/system; mount -t tmpfs tmpfs /etc/systemd/system; " +
		setup + "\nexec sh \"$0\" \"$@\""
	cmd := exec.Command("unshare", append([]string{"--mount", "--propagation", "private", "sh", "-c", inner, script}, args...)...)
	cmd.Env = append([]string{"PATH=" + bin + ":/usr/sbin:/usr/bin:/sbin:/bin"}, env...)
	var out, errOut strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, errOut.String())
	}
	calls, _ := os.ReadFile(log)
	r := scriptRun{stdout: out.String(), stderr: errOut.String()}
	for _, l := range strings.Split(strings.TrimSpace(string(calls)), "\n") {
		if l != "" {
			r.calls = append(r.calls, l)
		}
	}
	return r
}

// onPi is a Raspberry Pi OS with systemd and udev running.
const onPi = "mkdir -p /run/systemd/system /run/udev"

var piGroups = "STUB_GROUPS=gpio i2c spi dialout"

func (r scriptRun) has(t *testing.T, want ...string) {
	t.Helper()
	for _, w := range want {
		found := false
		for _, c := range r.calls {
			if c == w {
				found = true
			}
		}
		if !found {
			t.Errorf("no call %q; the calls:\n%s", w, strings.Join(r.calls, "\n"))
		}
	}
}

func (r scriptRun) hasNo(t *testing.T, prefixes ...string) {
	t.Helper()
	for _, p := range prefixes {
		for _, c := range r.calls {
			if strings.HasPrefix(c, p) {
				t.Errorf("call %q, want none starting %q", c, p)
			}
		}
	}
}

// TestPostinstFirstInstall: the user, its group and the device groups; udev's rules
// reloaded; the unit enabled and started; the builder told to choose the board.
func TestPostinstFirstInstall(t *testing.T) {
	r := runScript(t, "postinst", onPi, []string{piGroups}, "configure", "")
	r.has(t,
		"addgroup --system --quiet tavoliere",
		"adduser --system --quiet --ingroup tavoliere --home /var/lib/tavoliere --no-create-home --shell /usr/sbin/nologin tavoliere",
		"usermod -a -G gpio tavoliere", "usermod -a -G i2c tavoliere", "usermod -a -G spi tavoliere", "usermod -a -G dialout tavoliere",
		"udevadm control --reload-rules", "udevadm trigger --subsystem-match=tty --action=add",
		"deb-systemd-helper unmask tavoliere.service", "deb-systemd-helper enable tavoliere.service",
		"systemctl --system daemon-reload", "deb-systemd-invoke start tavoliere.service")
	if !strings.Contains(r.stdout, "choose your board in /etc/tavoliere/tavoliere.toml (key board)") {
		t.Errorf("stdout %q: the builder is not told to choose the board", r.stdout)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q", r.stderr)
	}
}

// TestPostinstUpgrade: an existing user is kept; the service restarts; a unit the admin
// disabled stays disabled.
func TestPostinstUpgrade(t *testing.T) {
	r := runScript(t, "postinst", onPi, []string{piGroups + " tavoliere", "STUB_USERS=tavoliere", "STUB_WAS_ENABLED=no"}, "configure", "0.0~git20260101000000.abcdef0")
	r.has(t, "deb-systemd-invoke restart tavoliere.service", "deb-systemd-helper update-state tavoliere.service", "usermod -a -G gpio tavoliere")
	r.hasNo(t, "addgroup", "adduser", "deb-systemd-helper enable", "deb-systemd-invoke start")
	if strings.Contains(r.stdout, "choose your board") {
		t.Errorf("an upgrade repeats the first install's advice: %q", r.stdout)
	}
}

// TestPostinstChroot: in an image being built (no systemd or udev running) the unit is
// enabled for the first boot and nothing is started.
func TestPostinstChroot(t *testing.T) {
	r := runScript(t, "postinst", "", []string{piGroups}, "configure", "")
	r.has(t, "deb-systemd-helper enable tavoliere.service")
	r.hasNo(t, "systemctl", "deb-systemd-invoke", "udevadm")
}

// TestPostinstMissingGroup: a system without a device group says so and carries on; the
// install by hand that README described before the .deb is pointed out.
func TestPostinstMissingGroup(t *testing.T) {
	r := runScript(t, "postinst", onPi+"; touch /etc/systemd/system/tavoliere.service", []string{"STUB_GROUPS=gpio dialout"}, "configure", "")
	r.has(t, "usermod -a -G gpio tavoliere", "usermod -a -G dialout tavoliere")
	r.hasNo(t, "usermod -a -G i2c", "usermod -a -G spi")
	for _, w := range []string{"no group i2c on this system", "no group spi on this system",
		"/etc/systemd/system/tavoliere.service overrides the package's unit"} {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr does not say %q:\n%s", w, r.stderr)
		}
	}
}

// TestPrermPostrm: removal stops the service, masks and then forgets the unit; an upgrade
// does not stop it (the postinst restarts it); a purge keeps the user and the journal.
func TestPrermPostrm(t *testing.T) {
	r := runScript(t, "prerm", onPi, nil, "remove")
	r.has(t, "deb-systemd-invoke stop tavoliere.service")
	r = runScript(t, "prerm", onPi, nil, "upgrade", "0.0~new")
	r.hasNo(t, "deb-systemd-invoke")
	r = runScript(t, "postrm", onPi, nil, "remove")
	r.has(t, "deb-systemd-helper mask tavoliere.service", "systemctl --system daemon-reload", "udevadm control --reload-rules")
	r = runScript(t, "postrm", onPi, nil, "purge")
	r.has(t, "deb-systemd-helper purge tavoliere.service", "deb-systemd-helper unmask tavoliere.service")
	r.hasNo(t, "deluser", "rm ")
}
