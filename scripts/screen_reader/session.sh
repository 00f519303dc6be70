# Sourced by the scripts here: a display (Xvfb on $1), a session bus and the accessibility bus
# switched on, as a desktop with a screen reader has them; `end_session` takes them down.
# Needs (from apt): xvfb xdotool imagemagick at-spi2-core python3-pyatspi dbus-x11.
start_session() {
  export DISPLAY=:$1
  Xvfb :$1 -screen 0 1400x900x24 >/dev/null 2>&1 &
  XV=$!
  sleep 1
  eval $(dbus-launch --sh-syntax)
  # In a session of its own, so that the accessibility bus and the registry it starts can be
  # ended together, and nobody else's.
  setsid /usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
  AT=$!
  sleep 1
  for p in IsEnabled ScreenReaderEnabled; do
    dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
      org.freedesktop.DBus.Properties.Set string:org.a11y.Status string:$p variant:boolean:true >/dev/null
  done
}
end_session() {
  # Only what start_session started: the display, the session bus, and the accessibility
  # bus's session (the launcher, its bus and the registry), by their ids.
  kill $XV $DBUS_SESSION_BUS_PID 2>/dev/null
  # (setsid made the launcher the leader of its own process group: the group's id is its id.)
  kill -- -"$AT" 2>/dev/null
}
