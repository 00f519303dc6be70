#!/bin/bash
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11 (and orca for orca.sh).
# Run from the repository: scripts/screen_reader/play.sh target/release/gamester
# Runs Orca (with its debug log, which records every utterance) over Gamester under Xvfb, and
# presses keys as a blind player would.
BIN=$1; KEYS=$2
. "$(dirname "$0")"/session.sh
start_session 81
export HOME=$(mktemp -d); mkdir -p $HOME/.local/share/gamester
echo '(speed: fast, guide_offered: true)' > $HOME/.local/share/gamester/settings.ron
orca --debug-file="${OUT:-/tmp}"/orca.debug >/tmp/orca.out 2>&1 &
O=$!
sleep 4
$BIN >/tmp/orca-gamester.log 2>&1 &
G=$!
sleep 5
WID=$(xdotool search --name Gamester | head -1)
IFS=, ; for k in $KEYS; do
  case $k in sleep*) sleep ${k#sleep }; continue;; esac
  xdotool windowfocus $WID; xdotool key $k; sleep 1
done
sleep 3
kill $G $O; sleep 1; end_session
