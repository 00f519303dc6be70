#!/bin/bash
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11 (and orca for orca.sh).
# Run from the repository: scripts/screen_reader/play.sh target/release/gamester
# Usage: run.sh BINARY KEYS  — starts Xvfb, a session bus with the accessibility bus, Gamester, and reads it.
set -u
BIN=$1; KEYS=${2:-}
export DISPLAY=:78
Xvfb :78 -screen 0 1400x900x24 >/dev/null 2>&1 &
XV=$!
sleep 1
eval $(dbus-launch --sh-syntax)
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
sleep 1
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:IsEnabled variant:boolean:true >/dev/null
dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:ScreenReaderEnabled variant:boolean:true >/dev/null
H=$(mktemp -d)
HOME=$H $BIN >/tmp/a11y-gamester.log 2>&1 &
G=$!
sleep 5
/usr/bin/python3 "$(dirname "$0")"/read.py "$KEYS"
kill $G; sleep 1; kill $XV $DBUS_SESSION_BUS_PID 2>/dev/null
pkill -f at-spi-bus-launcher; pkill -f at-spi2-registryd
