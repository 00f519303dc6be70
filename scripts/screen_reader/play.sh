#!/bin/bash
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11 (and orca for orca.sh).
# Run from the repository: scripts/screen_reader/play.sh target/release/gamester
set -u
BIN=$1
. "$(dirname "$0")"/session.sh
start_session 79
H=$(mktemp -d); mkdir -p $H/.local/share/gamester
echo '(speed: fast, guide_offered: true)' > $H/.local/share/gamester/settings.ron
HOME=$H $BIN >/tmp/a11y-play.log 2>&1 &
G=$!
sleep 5
/usr/bin/python3 "$(dirname "$0")"/play.py
import -window root "${OUT:-/tmp}"/screen-reader-end.png
kill $G; sleep 1; end_session
