#!/usr/bin/env bash
# Install what the project needs and nothing that is already there: Debian packages, .venv, the
# project itself. Safe to run again: a second run checks and returns in about a second.
#   WITH_BROWSER=1  also install Chromium (for the browser tests)
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  python3-venv python3-dev build-essential pkg-config    # the virtualenv, and building pycairo
  libcairo2-dev libpango1.0-dev fonts-dejavu-core        # Manim's renderer, text and its font
  texlive-latex-base texlive-latex-recommended           # MathTex in the animations
  texlive-latex-extra texlive-fonts-recommended dvisvgm
  libjs-katex fonts-katex                                # the math renderer the site serves itself
  fonts-nanum                                            # the Hangul font the site serves (subset)
)
if [ "${WITH_BROWSER:-0}" = 1 ]; then packages+=(chromium); fi

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "setup: these system packages are needed but apt-get is not available:" >&2
    echo "  ${missing[*]}" >&2
    echo "setup: install them with your system's package manager, then run this again." >&2
    exit 1
  fi
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  echo "setup: installing Debian packages: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv with $($python --version)"
  "$python" -m venv .venv
fi

# Reinstall the project only when its declared dependencies change.
wanted="$(sha256sum pyproject.toml | cut -d' ' -f1)"
stamp=.venv/.project-installed
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
  echo "setup: installing the project and its dependencies into .venv"
  .venv/bin/python -m pip install --quiet --upgrade pip
  .venv/bin/python -m pip install --quiet -e ".[dev]"
  echo "$wanted" > "$stamp"
fi
