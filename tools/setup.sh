#!/usr/bin/env bash
# Install what the project needs and nothing that is already there: Debian packages, .venv, the
# project itself. Safe to run again: a second run checks and returns in about a second.
#   WITH_BROWSER=1  also install Chromium (for the browser tests)
#   WITH_TORCH=1    also make .venv-torch: Debian's CPU PyTorch, for the torch backend's tests
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
if [ "${WITH_TORCH:-0}" = 1 ]; then packages+=(python3-torch); fi

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

# The torch backend's tests (tests/experiments/test_torch_backend.py) need PyTorch, whose Linux
# wheel on PyPI pulls about 4 GB of CUDA libraries; Debian's python3-torch is a CPU build of
# 1.13 for Debian's own Python. .venv-torch is that Python with its system packages visible and
# the project installed over them, NumPy held below 2 (the ABI Debian's torch was built for).
if [ "${WITH_TORCH:-0}" = 1 ]; then
  if [ ! -x .venv-torch/bin/python ]; then
    echo "setup: creating .venv-torch with Debian's $(/usr/bin/python3 --version) and PyTorch"
    /usr/bin/python3 -m venv --system-site-packages .venv-torch
  fi
  stamp=.venv-torch/.project-installed
  if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    echo "setup: installing the project into .venv-torch"
    .venv-torch/bin/python -m pip install --quiet --upgrade pip
    .venv-torch/bin/python -m pip install --quiet -e ".[data]" "numpy>=1.26,<2" \
      "pytest>=8,<10" "pytest-xdist>=3.5" "hypothesis>=6.100"
    echo "$wanted" > "$stamp"
  fi
fi
