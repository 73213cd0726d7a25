"""What re-checking a certificate concludes: an :class:`Outcome`, or :class:`Rejected`.

Kept below every other module of the re-checker, so that each can raise :class:`Rejected`
without importing the package that re-exports it.
"""

from __future__ import annotations

from dataclasses import dataclass


class Rejected(Exception):
    """A certificate that does not re-check: the message says which obligation and why."""


@dataclass(frozen=True)
class Outcome:
    """How one step's certificate fared: ``rechecked`` (every obligation re-checked here),
    ``kernel`` (valid, but some obligation only the kernel can vouch for)."""

    label: str
    rechecked: bool
    kernel_only: tuple[str, ...]
