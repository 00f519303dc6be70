#!/bin/bash
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11.
# Run from the repository: scripts/screen_reader/mouse.sh target/release/gamester
# A whole game of Irish against the computer by the mouse alone: AT-SPI only says where each
# place is; every act is a real pointer click (xdotool). Prints each move; the last screen is
# left in $OUT (default /tmp).
set -u
BIN=$1
. "$(dirname "$0")"/session.sh
start_session 81
H=$(mktemp -d); mkdir -p $H/.local/share/gamester
echo '(speed: fast, guide_offered: true)' > $H/.local/share/gamester/settings.ron
HOME=$H $BIN --seed 12 >/tmp/mouse-play.log 2>&1 &
G=$!
sleep 5
/usr/bin/python3 "$(dirname "$0")"/mouse.py
import -window root "${OUT:-/tmp}"/mouse-end.png
HOME=$H $BIN check $H/.local/share/gamester/autosave.ron
kill $G; sleep 1; end_session
