#!/bin/sh
# The Steam Deck's screen (1280x800) under a virtual X server with a window manager, and
# the game played full screen from controller events (build/deck_smoke.py).
#
#   apt-get install -y xvfb openbox x11-apps
#   sh build/xvfb_deck.sh [OUT] [TEXT_SIZE]     (TEXT_SIZE in per cent: 80 to 200)
set -u
OUT=${1:-build/deck-shots}
export DECK_TEXT="${2:-${DECK_TEXT:-100}}"
DPY=${XVFB_DISPLAY:-:98}
HOME_DIR=$(mktemp -d)
export DISPLAY="$DPY" SOLEMIO_HOME="$HOME_DIR" SDL_AUDIODRIVER=dummy
# the game of this checkout (build/ is first on the smoke's path, not the checkout)
PYTHONPATH="$(cd "$(dirname "$0")/.." && pwd)${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONPATH
Xvfb "$DPY" -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
sleep 1
openbox >/dev/null 2>&1 &
WM=$!
sleep 1
cleanup() { kill "$WM" "$XVFB" 2>/dev/null; rm -rf "$HOME_DIR"; }
trap cleanup EXIT
trap "exit 130" INT TERM
${PYTHON:-python3} build/deck_smoke.py "$OUT"
