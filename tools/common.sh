# shellcheck shell=bash
# Shared by tools/run and tools/test; sourced, not executed.

# Top of the source tree, whatever the caller's working directory.
KESSEL_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# configure_build DIR [MESON-OPTION...]
# Configure DIR (relative to the source tree or absolute) as a Meson build
# directory of Kessel. A configured directory keeps its state and only gets the
# given options applied again, so repeated runs are cheap; a directory left
# half-configured by an interrupted run is set up again.
configure_build() {
  local dir=$1
  shift
  case "$dir" in
    /*) ;;
    *) dir="$KESSEL_ROOT/$dir" ;;
  esac
  if [[ -f "$dir/meson-private/coredata.dat" && -f "$dir/build.ninja" ]]; then
    if [[ $# -gt 0 ]]; then
      meson configure "$dir" "$@"
    fi
  elif [[ -f "$dir/meson-private/coredata.dat" ]]; then
    meson setup --reconfigure "$dir" "$KESSEL_ROOT" "$@"
  else
    meson setup "$dir" "$KESSEL_ROOT" "$@"
  fi
}
