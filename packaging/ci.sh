#!/usr/bin/env bash
# The .deb's step of .ci/run (issue 30): builds tavoliere's packages for arm64 and armhf
# (packaging/, nfpm) and checks them as a Pi would take them: the files, their modes and
# owners; the control fields, the maintainer scripts and the conffile; the unit, verified by
# systemd-analyze against a root made of the package and this machine's systemd units, and
# its ExecStart reading the config; each binary run on its own architecture under qemu
# (armhf as an ARMv6 Pi 1/Zero) with the package's config and board files. First the
# packaging module's tests: the maintainer scripts against stub commands, the kiosk
# launcher against a slow server, the udev rule on a fake sysfs.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
	echo "packaging: FAIL: $*" >&2
	exit 1
}

need=()
for tool in qemu-aarch64:qemu-user qemu-arm:qemu-user desktop-file-validate:desktop-file-utils shellcheck:shellcheck; do
	command -v "${tool%%:*}" >/dev/null 2>&1 || need+=("${tool##*:}")
done
if [ ${#need[@]} -gt 0 ]; then
	echo "installing Debian's ${need[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
	apt-get install -y -qq "${need[@]}" >/dev/null
fi

echo "-- the packaging module (its own go.mod): vet and tests"
go -C packaging vet ./...
go -C packaging test -count=1 ./...
shellcheck packaging/files/postinst packaging/files/prerm packaging/files/postrm packaging/files/tavoliere-kiosk \
	packaging/ci.sh packaging/chroot-test.sh
desktop-file-validate packaging/files/tavoliere-kiosk.desktop

work=$(mktemp -d)
serve=
cleanup() {
	[ -z "$serve" ] || kill "$serve" 2>/dev/null || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "-- building"
start=$SECONDS
go -C packaging run . -out "$work/dist"
echo "both packages in $((SECONDS - start)) s"

unit=/usr/lib/systemd/system/tavoliere.service
config=/etc/tavoliere/tavoliere.toml
# The package's files, mode, owner and path, as dpkg-deb --contents lists them.
expected() {
	printf '%s root/root ./%s\n' \
		-rwxr-xr-x usr/bin/tavoliere \
		-rwxr-xr-x usr/bin/tavoliere-kiosk \
		-rw-r--r-- "${config#/}" \
		-rw-r--r-- "${unit#/}" \
		-rw-r--r-- usr/lib/udev/rules.d/60-tavoliere.rules \
		-rw-r--r-- usr/share/tavoliere/kiosk/tavoliere-kiosk.desktop \
		-rw-r--r-- usr/share/doc/tavoliere/install.md \
		-rw-r--r-- usr/share/doc/tavoliere/boards.md \
		-rw-r--r-- usr/share/doc/tavoliere/tbp.md
	for board in firmware-config/*.toml; do
		printf -- '-rw-r--r-- root/root ./usr/share/tavoliere/boards/%s\n' "${board##*/}"
	done
}

for arch in arm64 armhf; do
	debs=("$work"/dist/tavoliere_*_"$arch".deb)
	if [ ${#debs[@]} != 1 ] || [ ! -f "${debs[0]}" ]; then fail "$arch: no package"; fi
	deb=${debs[0]}
	echo "-- $(basename "$deb"): $(stat -c %s "$deb") bytes"

	# Control: fields, conffiles, maintainer scripts.
	fields=$(dpkg-deb --field "$deb" Package Architecture Depends Section)
	[ "$fields" = "$(printf 'Package: tavoliere\nArchitecture: %s\nDepends: adduser\nSection: games' "$arch")" ] ||
		fail "$arch: control fields: $fields"
	[[ $(dpkg-deb --field "$deb" Version) =~ ^[0-9][0-9A-Za-z.+~]*$ ]] || fail "$arch: version $(dpkg-deb --field "$deb" Version)"
	[ "$(dpkg-deb --info "$deb" conffiles)" = "$config" ] || fail "$arch: conffiles: $(dpkg-deb --info "$deb" conffiles)"
	scripts=$(dpkg-deb --ctrl-tarfile "$deb" | tar -tvf - | awk '$6 ~ /(postinst|prerm|postrm)$/ {print $1, $6}' | sort)
	[ "$scripts" = "$(printf -- '-rwxr-xr-x ./postinst\n-rwxr-xr-x ./postrm\n-rwxr-xr-x ./prerm')" ] || fail "$arch: maintainer scripts: $scripts"
	for s in postinst prerm postrm; do
		cmp -s <(dpkg-deb --info "$deb" "$s") "packaging/files/$s" || fail "$arch: $s is not packaging/files/$s"
	done
	dpkg-deb --info "$deb" | sed -n 's/^ \(Package\|Version\|Architecture\|Installed-Size\|Depends\|Suggests\):/  &/p'

	# Contents: exactly the expected files (folders aside), each with its mode and owner.
	dpkg-deb --contents "$deb" | awk '$1 !~ /^d/ {print $1, $2, $6}' | sort >"$work/got"
	expected | sort >"$work/want"
	diff -u "$work/want" "$work/got" || fail "$arch: the package's files differ from the expected (above: - expected, + in the package)"
	echo "  $(wc -l <"$work/got") files, as expected"

	tree=$work/$arch
	dpkg-deb -x "$deb" "$tree"
	cmp -s "$tree$config" cmd/tavoliere/tavoliere.toml || fail "$arch: $config is not cmd/tavoliere/tavoliere.toml"
	cmp -s "$tree$unit" cmd/tavoliere/tavoliere.service || fail "$arch: the unit is not cmd/tavoliere/tavoliere.service"

	# The binary: an ELF for the architecture (e_machine 0xB7 AArch64, 0x28 ARM).
	machine=$(od -An -tx1 -j18 -N2 "$tree/usr/bin/tavoliere" | tr -d ' \n')
	case $arch in
	arm64) [ "$machine" = b700 ] || fail "arm64: the binary's e_machine is $machine" ;;
	armhf) [ "$machine" = 2800 ] || fail "armhf: the binary's e_machine is $machine" ;;
	esac

	# The unit: it runs the packaged binary on the packaged config, as its user.
	[ "$(grep -c '^ExecStart=' "$tree$unit")" = 1 ] || fail "$arch: the unit has not one ExecStart"
	grep -qx "ExecStart=/usr/bin/tavoliere serve -config $config" "$tree$unit" ||
		fail "$arch: the unit's command line: $(grep '^ExecStart=' "$tree$unit")"
	grep -qx 'User=tavoliere' "$tree$unit" || fail "$arch: the unit's user"
	grep -qx 'StateDirectory=tavoliere' "$tree$unit" || fail "$arch: the unit's state directory"
	board=$(sed -n 's/^board = "\(.*\)"$/\1/p' "$tree$config")
	if [ -z "$board" ] || [ ! -f "$tree$board" ]; then fail "$arch: the config's board \"$board\" is not in the package"; fi
	echo "  unit: $(grep '^ExecStart=' "$tree$unit"); the config's board: $board"
	if command -v systemd-analyze >/dev/null 2>&1; then
		# A root of the package and this machine's units (multi-user.target, …): the
		# binary the unit names is there, and any message at all (an unknown key, a bad
		# value, a missing command) fails.
		vroot=$work/vroot-$arch
		cp -a "$tree" "$vroot"
		cp -a /usr/lib/systemd/system/. "$vroot/usr/lib/systemd/system/"
		if ! verify=$(systemd-analyze verify --man=no --root="$vroot" "$unit" 2>&1) || [ -n "$verify" ]; then
			fail "$arch: systemd-analyze verify: $verify"
		fi
		echo "  systemd-analyze verify: clean"
	else
		echo "  systemd-analyze: not on this machine, the unit not verified"
	fi

	# The binary on its architecture: qemu's -L runs it with the package's tree as / for
	# the files it opens, so that /etc/tavoliere/tavoliere.toml and /usr/share/tavoliere/
	# are the package's. armhf runs on an ARM1176, the ARMv6 core of a Pi 1 and Zero.
	case $arch in
	arm64) qemu=(qemu-aarch64 -L "$tree") ;;
	armhf) qemu=(qemu-arm -cpu arm1176 -L "$tree") ;;
	esac
	for b in "$tree"/usr/share/tavoliere/boards/*.toml; do
		"${qemu[@]}" "$tree/usr/bin/tavoliere" check-config "/usr/share/tavoliere/boards/${b##*/}" >/dev/null ||
			fail "$arch: check-config ${b##*/}"
	done
	echo "  check-config: every board file the package ships is valid"
	# The shipped config as it is: this machine has no I2C bus, so the reference board it
	# names cannot be opened, and serve says which board file.
	if out=$(timeout 60 "${qemu[@]}" "$tree/usr/bin/tavoliere" serve -config "$config" -listen 127.0.0.1:0 -journal "$work/j-$arch/a.db" 2>&1); then
		fail "$arch: serve with the shipped config started on a machine without its board"
	fi
	[[ $out == *"serve: $board:"* ]] || fail "$arch: serve with the shipped config: $out"
	echo "  the shipped config here (no I2C): ${out##*serve: }"
	# The builder's choice of the simulated board: the kiosk page is served.
	"${qemu[@]}" "$tree/usr/bin/tavoliere" serve -config "$config" -board /usr/share/tavoliere/boards/sim.toml \
		-listen 127.0.0.1:0 -journal "$work/j-$arch/b.db" >"$work/serve.log" 2>&1 &
	serve=$!
	url=
	for _ in $(seq 150); do
		url=$(sed -n 's|^tavoliere: kiosk on \(http://[^ ]*\)$|\1/|p' "$work/serve.log")
		[ -n "$url" ] && break
		kill -0 "$serve" 2>/dev/null || break
		sleep 0.2
	done
	[ -n "$url" ] || fail "$arch: serve did not start: $(cat "$work/serve.log")"
	page=$(curl --silent --fail --max-time 20 "$url") || fail "$arch: the kiosk page at $url"
	[[ $page == *"<title>Tavoliere</title>"* ]] || fail "$arch: the kiosk page is not the kiosk's"
	kill "$serve"
	wait "$serve" || true
	serve=
	grep -q "stopped: LEDs dark, journal closed" "$work/serve.log" || fail "$arch: serve did not stop cleanly: $(cat "$work/serve.log")"
	echo "  serve -config with the simulated board: the kiosk page at $url, then a clean stop"
done
echo "packages: ok"
