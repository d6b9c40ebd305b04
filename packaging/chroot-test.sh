#!/usr/bin/env bash
# shellcheck disable=SC2016 # dpkg-query formats and the stub browser are meant literally
# packaging/chroot-test.sh: installs tavoliere's package, built for this PC (amd64), in a
# Debian bookworm chroot, as dpkg would on a Pi, and checks what the package promises: the
# service user in its groups, the unit enabled for the next boot, the config as a conffile
# kept through an upgrade and removed only by a purge, the unit verified against a real
# root, the service run as its user from the installed config, the kiosk launcher. Not in
# CI: it fetches about 100 MB of Debian packages (debootstrap) and takes about two minutes.
# As root, from anywhere:
#   bash packaging/chroot-test.sh              # a new chroot in a temporary folder
#   CHROOT=/tmp/chroot bash packaging/chroot-test.sh   # reuse one (made by an earlier run)
set -euo pipefail
cd "$(dirname "$0")/.."


fail() { echo "FAIL: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }

[ "$(id -u)" = 0 ] || fail "needs root (chroot, debootstrap)"
work=$(mktemp -d)
serve=
cleanup() {
	[ -z "$serve" ] || kill "$serve" 2>/dev/null || true
	umount "$chroot/proc" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT
chroot=${CHROOT:-$work/chroot}
if [ ! -x "$chroot/usr/bin/dpkg" ]; then
	command -v debootstrap >/dev/null || fail "no debootstrap: apt-get install debootstrap"
	debootstrap --variant=minbase --include=adduser,systemd,udev,init-system-helpers,curl \
		bookworm "$chroot" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 ||
		{ tail "$work/debootstrap.log"; fail "debootstrap"; }
fi
mountpoint -q "$chroot/proc" || mount -t proc proc "$chroot/proc"
inside() { chroot "$chroot" "$@"; }
inside sh -c 'command -v curl' >/dev/null || inside apt-get install -y -qq curl >/dev/null

# Raspberry Pi OS has these groups; Debian has only dialout.
for g in gpio i2c spi; do inside getent group "$g" >/dev/null || inside addgroup --system --quiet "$g"; done
inside dpkg -P tavoliere >/dev/null 2>&1 || true
rm -rf "$chroot/var/lib/tavoliere" "$chroot/tmp/kiosk-page"

go -C packaging run . -arch amd64 -version 0.0~chroot1 -out "$work/v1" >/dev/null
go -C packaging run . -arch amd64 -version 0.0~chroot2 -out "$work/v2" >/dev/null
cp "$work"/v1/*.deb "$chroot/tmp/v1.deb"
cp "$work"/v2/*.deb "$chroot/tmp/v2.deb"

# The first install.
inside dpkg -i /tmp/v1.deb >"$work/install.log" 2>&1 || { cat "$work/install.log"; fail "dpkg -i"; }
grep -q "choose your board in /etc/tavoliere/tavoliere.toml" "$work/install.log" || fail "no advice to choose the board"
groups=$(inside id -nG tavoliere)
for g in tavoliere gpio i2c spi dialout; do
	[[ " $groups " == *" $g "* ]] || fail "tavoliere is not in $g: $groups"
done
[ "$(inside getent passwd tavoliere | cut -d: -f6,7)" = /var/lib/tavoliere:/usr/sbin/nologin ] || fail "the user's home or shell"
ok "the user tavoliere, in groups: $groups"
[ -L "$chroot/etc/systemd/system/multi-user.target.wants/tavoliere.service" ] || fail "the unit is not enabled"
ok "the unit enabled: $(readlink "$chroot/etc/systemd/system/multi-user.target.wants/tavoliere.service")"
[ "$(inside dpkg-query -W -f '${Conffiles}' tavoliere | awk 'NF {print $1}')" = /etc/tavoliere/tavoliere.toml ] || fail "conffiles"
ok "conffile /etc/tavoliere/tavoliere.toml"

# The unit against a root with systemd's own units and the user: no message at all.
verify=$(systemd-analyze verify --man=no --root="$chroot" /usr/lib/systemd/system/tavoliere.service 2>&1) || fail "systemd-analyze verify: $verify"
[ -z "$verify" ] || fail "systemd-analyze verify: $verify"
ok "systemd-analyze verify: clean"

# The service as the unit runs it (StateDirectory= makes its folder), from the installed
# config: as shipped it names the reference I2C board, which this PC has not got.
inside install -d -o tavoliere -g tavoliere /var/lib/tavoliere
run_service() { inside setpriv --reuid=tavoliere --regid=tavoliere --init-groups env XDG_DATA_HOME=/var/lib "$@"; }
if out=$(run_service timeout 10 /usr/bin/tavoliere serve -config /etc/tavoliere/tavoliere.toml -listen 127.0.0.1:0 2>&1); then
	fail "serve with the shipped board on a PC: $out"
fi
[[ $out == *"/usr/share/tavoliere/boards/qw-7x7-mcp23017-ws2812.toml: I²C I2C1"* ]] || fail "serve's error: $out"
ok "the shipped config on a PC without the board: ${out##*serve: }"
# A config without a board: serve refuses, naming the file and the key.
sed -i 's|^board = |# board = |' "$chroot/etc/tavoliere/tavoliere.toml"
out=$(run_service /usr/bin/tavoliere serve -config /etc/tavoliere/tavoliere.toml 2>&1) && fail "serve without a board started"
[[ $out == *'/etc/tavoliere/tavoliere.toml: key "board": missing'* ]] || fail "serve's error: $out"
ok "no board: ${out:0:90}…"
# The builder's choice: the simulated board, on a port of its own; the kiosk launcher waits
# for it and starts the browser (a stub that fetches the page).
sed -i 's|^# board = .*|board = "/usr/share/tavoliere/boards/sim.toml"|; s|^listen = .*|listen = "127.0.0.1:18321"|' "$chroot/etc/tavoliere/tavoliere.toml"
# (chroot, setpriv and env each exec the next: $! is the service's own pid.)
chroot "$chroot" setpriv --reuid=tavoliere --regid=tavoliere --init-groups env XDG_DATA_HOME=/var/lib \
	/usr/bin/tavoliere serve -config /etc/tavoliere/tavoliere.toml >"$work/serve.log" 2>&1 &
serve=$!
for _ in $(seq 50); do grep -q "kiosk on http://localhost:18321" "$work/serve.log" && break; sleep 0.2; done
grep -q "kiosk on http://localhost:18321" "$work/serve.log" || { cat "$work/serve.log"; fail "serve did not start"; }
printf '#!/bin/sh\nfor a; do url=$a; done\ncurl -s "$url" | grep -o "<title>[^<]*</title>" >/tmp/kiosk-page\n' >"$chroot/tmp/browser"
chmod 755 "$chroot/tmp/browser"
inside env TAVOLIERE_KIOSK_BROWSER=/tmp/browser TAVOLIERE_KIOSK_WAIT=30 /usr/bin/tavoliere-kiosk http://127.0.0.1:18321/
grep -q "<title>" "$chroot/tmp/kiosk-page" || { cat "$work/serve.log"; fail "the kiosk page"; }
[ -f "$chroot/var/lib/tavoliere/journal.db" ] || fail "no journal in /var/lib/tavoliere"
ok "serve from the edited config as tavoliere; tavoliere-kiosk opened $(cat "$chroot/tmp/kiosk-page"); journal in /var/lib/tavoliere"
# The desktop's autostart: Raspberry Pi OS's sessions (X11, wayfire, labwc) run XDG
# autostart entries with lxsession-xdg-autostart (Debian's lxsession; its one binary here).
rm -f "$chroot/tmp/kiosk-page"
if [ ! -x "$chroot/tmp/lxsession-xdg-autostart" ]; then
	inside apt-get install -y -qq libglib2.0-0 >/dev/null
	(cd "$work" && apt-get download -q lxsession >/dev/null && dpkg-deb -x lxsession_*.deb lxs)
	cp "$work/lxs/usr/bin/lxsession-xdg-autostart" "$chroot/tmp/"
fi
mkdir -p "$chroot/etc/xdg/autostart"
cp "$chroot/usr/share/tavoliere/kiosk/tavoliere-kiosk.desktop" "$chroot/etc/xdg/autostart/"
inside env TAVOLIERE_KIOSK_BROWSER=/tmp/browser TAVOLIERE_KIOSK_URL=http://127.0.0.1:18321/ /tmp/lxsession-xdg-autostart
for _ in $(seq 20); do [ -s "$chroot/tmp/kiosk-page" ] && break; sleep 0.5; done
rm "$chroot/etc/xdg/autostart/tavoliere-kiosk.desktop"
grep -q "<title>" "$chroot/tmp/kiosk-page" || fail "lxsession-xdg-autostart did not start tavoliere-kiosk"
ok "lxsession-xdg-autostart ran tavoliere-kiosk.desktop from /etc/xdg/autostart: $(cat "$chroot/tmp/kiosk-page")"
kill "$serve" || fail "the service had stopped"
wait "$serve" || true
serve=
grep -q "stopped: LEDs dark, journal closed" "$work/serve.log" || { cat "$work/serve.log"; fail "serve did not stop cleanly"; }

# An upgrade keeps the builder's config (the shipped one did not change: no question).
inside dpkg -i /tmp/v2.deb >"$work/upgrade.log" 2>&1 </dev/null || { cat "$work/upgrade.log"; fail "upgrade"; }
grep -q '^board = "/usr/share/tavoliere/boards/sim.toml"' "$chroot/etc/tavoliere/tavoliere.toml" || fail "the upgrade replaced the config"
grep -q "choose your board" "$work/upgrade.log" && fail "the upgrade repeats the first install's advice"
ok "upgrade to $(inside dpkg-query -W -f '${Version}' tavoliere): the builder's config kept"

# Removal keeps the config; a purge removes it; the user and the journal stay.
inside dpkg -r tavoliere >/dev/null
[ -f "$chroot/etc/tavoliere/tavoliere.toml" ] || fail "remove deleted the config"
[ ! -e "$chroot/usr/bin/tavoliere" ] || fail "remove left the binary"
inside dpkg -P tavoliere >/dev/null
[ ! -e "$chroot/etc/tavoliere/tavoliere.toml" ] || fail "purge left the config"
[ ! -e "$chroot/etc/systemd/system/multi-user.target.wants/tavoliere.service" ] || fail "purge left the unit enabled"
inside getent passwd tavoliere >/dev/null || fail "purge deleted the user"
[ -f "$chroot/var/lib/tavoliere/journal.db" ] || fail "purge deleted the journal"
ok "remove keeps the config; purge removes it and the unit's enablement, keeps the user and the journal"
echo "chroot test: all passed"
