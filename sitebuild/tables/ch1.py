"""Chapter 1's generated tables: what Binet's formula costs in bits."""

from __future__ import annotations

from derivations.fibonacci import binet_precision_table


def binet_precision() -> str:
    """n, digits of F(n), predicted bits n·log₂φ, and the measured minimal precision."""
    rows = [
        "| $n$ | digits of $F_n$ | $n\\log_2\\varphi$ | fewest bits that round to $F_n$ |",
        "|---:|---:|---:|---:|",
    ]
    for row in binet_precision_table():
        rows.append(
            f"| {row.n} | {row.digits_of_fib} | {row.predicted_bits:.1f} | {row.minimal_bits} |"
        )
    return "\n".join(rows) + "\n"


TABLES = {"ch1-binet-precision": binet_precision}
