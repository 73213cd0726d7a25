"""Child processes started as a terminal starts its foreground job, for tests that press
Ctrl-C: a test run started in the background of a script (``make test &``, or CI's own
wrapper) inherits SIGINT *ignored*, as POSIX has a non-interactive shell do for ``&``, and
would pass that on to the command under test, which then never sees the Ctrl-C."""

from __future__ import annotations

import signal


def as_in_a_terminal() -> None:
    """``preexec_fn`` for :class:`subprocess.Popen`: Ctrl-C's default action restored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
