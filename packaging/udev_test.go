package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// fakeSysfs builds, inside a mount namespace, a sysfs with one USB serial device whose
// vendor and product ids are $1 and $2 and whose tty is $3, with only the rule $4 in
// udev's rules folders, and runs udevadm test on the tty. /dev and /run are tmpfs there
// too, so udevadm's links and database stay in the namespace.
// SYSTEMD_DEVICE_VERIFY_SYSFS=0 lets udev take a tmpfs for sysfs.
const fakeSysfs = `set -e
vendor=$1 product=$2 tty=$3 rules=$4
for d in /sys /dev /run; do mount -t tmpfs tmpfs $d; done
for d in /usr/lib/udev/rules.d /etc/udev/rules.d; do [ -d $d ] && mount -t tmpfs tmpfs $d; done
mkdir -p /sys/bus/usb /sys/class/tty /run/udev/rules.d /usr/lib/udev/rules.d
usb=/sys/devices/platform/usb1/1-1
mkdir -p "$usb/1-1:1.0/tty/$tty"
echo "$vendor" >"$usb/idVendor"; echo "$product" >"$usb/idProduct"
echo DEVTYPE=usb_device >"$usb/uevent"; ln -s ../../../../bus/usb "$usb/subsystem"
echo DEVTYPE=usb_interface >"$usb/1-1:1.0/uevent"; ln -s ../../../../../bus/usb "$usb/1-1:1.0/subsystem"
dev="$usb/1-1:1.0/tty/$tty"
printf 'MAJOR=166\nMINOR=0\nDEVNAME=%s\n' "$tty" >"$dev/uevent"; echo 166:0 >"$dev/dev"
ln -s ../../../../../../../class/tty "$dev/subsystem"
cp "$rules" /usr/lib/udev/rules.d/
SYSTEMD_DEVICE_VERIFY_SYSFS=0 udevadm test --action=add "$dev" 2>&1
`

// TestUdevRule: udev gives a board on an Arduino's, a CH340's or an FTDI's USB the name
// /dev/tavoliere-board, in group dialout, and leaves other USB-serial devices alone. Needs
// root and udevadm (CI has both).
func TestUdevRule(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: udev runs on a fake sysfs in a mount namespace")
	}
	for _, tool := range []string{"unshare", "udevadm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("no %s", tool)
		}
	}
	rules, err := filepath.Abs(filepath.Join("files", "60-tavoliere.rules"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		vendor, product, tty string
		named                bool
	}{
		{"2341", "0043", "ttyACM0", true}, // Arduino Uno R3
		{"2341", "8036", "ttyACM1", true}, // Arduino Leonardo
		{"2a03", "0043", "ttyACM0", true},
		{"1a86", "7523", "ttyUSB0", true}, // CH340
		{"0403", "6001", "ttyUSB0", true}, // FTDI FT232R
		{"1a86", "55d4", "ttyACM0", false},
		{"0403", "6015", "ttyUSB0", false},
		{"10c4", "ea60", "ttyUSB0", false}, // CP2102
	} {
		out, err := exec.Command("unshare", "--mount", "--propagation", "private", "sh", "-c", fakeSysfs, "sh",
			c.vendor, c.product, c.tty, rules).CombinedOutput()
		text := string(out)
		if err != nil {
			t.Fatalf("%s:%s: %v\n%s", c.vendor, c.product, err, text)
		}
		if !strings.Contains(text, "Reading rules file: /usr/lib/udev/rules.d/60-tavoliere.rules") {
			t.Fatalf("udevadm did not read the rule:\n%s", text)
		}
		for _, bad := range []string{"Invalid", "invalid", "Unknown", "error"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s:%s: udevadm says %q:\n%s", c.vendor, c.product, bad, text)
			}
		}
		linked := strings.Contains(text, "DEVLINKS=/dev/tavoliere-board")
		grouped := strings.Contains(text, "GROUP 20") && strings.Contains(text, "MODE 0660") // dialout is group 20 on Debian
		if linked != c.named || grouped != c.named {
			t.Errorf("%s:%s (%s): named %v, group dialout %v; want %v\n%s", c.vendor, c.product, c.tty, linked, grouped, c.named, text)
		}
	}
	// The test itself: nothing leaked out of the namespace.
	if _, err := os.Lstat("/dev/tavoliere-board"); err == nil {
		t.Error(fmt.Errorf("/dev/tavoliere-board exists on this machine: the namespace leaked"))
	}
}
