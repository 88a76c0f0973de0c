#!/bin/sh
# The real game window under a virtual X server: click through to a game, play a
# turn with the mouse and one with the keyboard, F11 twice, resize, open the menu.
# Saves a PNG of each step in OUT (default build/xvfb-shots) and checks the window
# geometry with xwininfo; look at the PNGs afterwards.
#
#   apt-get install -y xvfb xdotool x11-apps imagemagick openbox
#   sh build/xvfb_smoke.sh [OUT]
#
# A window manager (openbox) runs, as on any desktop: without one X11 has nobody
# to honour a full-screen request, so F11 cannot be judged on a bare Xvfb.
set -u
OUT=${1:-build/xvfb-shots}
DPY=${XVFB_DISPLAY:-:99}
# seconds to let a full-screen switch or a resize settle (a 4K relayout on a
# busy machine needs a few)
WAIT=${SMOKE_WAIT:-5}
mkdir -p "$OUT"
HOME_DIR=$(mktemp -d)
# SDL names the X11 window class after this, so xdotool can find the window.
export DISPLAY="$DPY" SOLEMIO_HOME="$HOME_DIR" SDL_AUDIODRIVER=dummy SDL_VIDEO_X11_WMCLASS=solemio-smoke
FAILS=0

Xvfb "$DPY" -screen 0 3840x2160x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
sleep 1
openbox >/dev/null 2>&1 &
WM=$!
sleep 1
python3 -m solemio >"$OUT/game.log" 2>&1 &
GAME=$!
cleanup() { kill "$GAME" "$WM" "$XVFB" 2>/dev/null; rm -rf "$HOME_DIR"; }
trap cleanup EXIT
trap "exit 130" INT TERM

sleep 2
W=$(xdotool search --sync --onlyvisible --class solemio-smoke | head -1)
geom() { xwininfo -id "$W" | awk '/Width:/{w=$2} /Height:/{h=$2} END{print w "x" h}'; }
shot() { sleep "${2:-1}"; import -window "$W" "$OUT/$1.png"; echo "$1: window $(geom)"; }
root() { sleep "${2:-1}"; import -window root "$OUT/$1.png"; echo "$1: window $(geom)"; }
click() { xdotool mousemove --window "$W" "$1" "$2" click 1; }
key() { xdotool key --window "$W" "$1"; }
expect() {
    if [ "$(geom)" = "$1" ]; then echo "ok   $2 ($1)"; else echo "FAIL $2: $(geom), expected $1"; FAILS=$((FAILS + 1)); fi
}

xdotool windowmove "$W" 0 0
shot 01-welcome 2
click 640 493; shot 01-title                          # "Not now" to the guided first game
click 640 403; shot 02-newgame                       # New game
click 780 629; shot 03-table 2                        # Start the game (1 person, 3 computers)
shot 04-my-turn 8                                     # computers play at 1 s each
click 515 620; shot 05-selected                       # the third hand card
click 1170 634; shot 06-played 2                      # Play (or its explanation)
key Return; shot 07-drew-with-keyboard 2              # the focused draw button
expect 1280x720 "windowed"
key F11; root 08-fullscreen "$WAIT"
expect 3840x2160 "F11: full screen"
key F11; shot 09-windowed-again "$WAIT"
expect 1280x720 "F11 again: back to the previous size"
xdotool windowsize "$W" 1024 640; shot 10-1024x640 "$WAIT"
expect 1024x640 "resized small"
xdotool windowsize "$W" 3000 1800; shot 11-3000x1800 "$WAIT"
expect 3000x1800 "resized large"
xdotool windowsize "$W" 1280 720; sleep 2
key Escape; shot 12-menu
if kill -0 "$GAME" 2>/dev/null; then echo "ok   still running"; else echo "FAIL the game exited"; FAILS=$((FAILS + 1)); fi
echo "screenshots in $OUT; $FAILS failure(s)"
exit "$FAILS"
