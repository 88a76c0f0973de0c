#!/bin/sh
# Two real game windows under a virtual X server play a networked table: one hosts it
# (New game > Play with friends, in French), the other joins it by address and code
# (Join a table, in Dutch) and sends a set phrase (from its lobby, then from the table);
# both play a round, each person's decisions made by clicks (build/net_window.py).  Each
# window has a per-user folder of its own, as two players' computers would.  Saves each
# window's screens in OUT (default build/xvfb-net-shots) and one of the whole X screen
# with both windows; look at them.
#
#   apt-get install -y xvfb openbox x11-apps imagemagick
#   sh build/xvfb_net_smoke.sh [OUT]      (PYTHON=/path/to/python to choose one)
set -u
OUT=${1:-build/xvfb-net-shots}
DPY=${XVFB_DISPLAY:-:98}
mkdir -p "$OUT"
rm -f "$OUT/table.txt"
HOST_HOME=$(mktemp -d)
GUEST_HOME=$(mktemp -d)
export DISPLAY="$DPY" SDL_AUDIODRIVER=dummy PYTHONPATH=.
PY=${PYTHON:-python3}

Xvfb "$DPY" -screen 0 2600x800x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
sleep 1
openbox >/dev/null 2>&1 &
WM=$!
sleep 1
cleanup() { kill "$WM" "$XVFB" 2>/dev/null; rm -rf "$HOST_HOME" "$GUEST_HOME"; }
trap cleanup EXIT

SOLEMIO_HOME="$HOST_HOME" SDL_VIDEO_WINDOW_POS=0,0 \
    "$PY" build/net_window.py host "$OUT" fr >"$OUT/host.log" 2>&1 &
HOST=$!
SOLEMIO_HOME="$GUEST_HOME" SDL_VIDEO_WINDOW_POS=1300,0 \
    "$PY" build/net_window.py join "$OUT" nl >"$OUT/join.log" 2>&1 &
GUEST=$!
# the whole screen once both windows are at the table
sleep 25
xwd -root -silent | convert xwd:- "$OUT/both-windows.png" || true
wait "$GUEST"; G=$?
wait "$HOST"; H=$?
cat "$OUT/host.log" "$OUT/join.log" | grep -v "^ALSA"
echo "host exit $H, guest exit $G; screenshots in $OUT"
[ "$H" = 0 ] && [ "$G" = 0 ]
