#!/bin/bash
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11 (and orca for orca.sh).
# Run from the repository: scripts/screen_reader/play.sh target/release/gamester
# Usage: run.sh BINARY KEYS  — starts Xvfb, a session bus with the accessibility bus, Gamester, and reads it.
set -u
BIN=$1; KEYS=${2:-}
. "$(dirname "$0")"/session.sh
start_session 78
H=$(mktemp -d)
HOME=$H $BIN >/tmp/a11y-gamester.log 2>&1 &
G=$!
sleep 5
/usr/bin/python3 "$(dirname "$0")"/read.py "$KEYS"
kill $G; sleep 1; end_session
