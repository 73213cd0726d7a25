# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Chapter 1 — Fibonacci and repeated matrix powers
#
# This notebook goes with chapter 1 of *Why orthogonal initialisation works*. It re-runs the
# chapter's machine-checked derivations, redraws its figures from the companion's own library,
# and leaves you cells to change the numbers. Run it from the project's root folder, where
# `derivations` can be imported (`make setup` installs everything).

# %%
import matplotlib.pyplot as plt
import numpy as np

from derivations import fibonacci, matrix_powers
from derivations.engine import get, verify
from derivations.engine.registry import chapter_of, slugs

CHAPTER = 1

# %% [markdown]
# ## Every derivation of the chapter, checked again
#
# Each line is one theorem of the chapter: whether every step passed, and what the check
# proves (for every size, at a fixed size, at instances, or numerically).

# %%
results = [verify(get(slug)) for slug in slugs() if chapter_of(slug) == CHAPTER]
for result in results:
    print("PASS" if result.passed else "FAIL", result.derivation.slug, "—", result.scope.text)
assert all(result.passed for result in results)

# %% [markdown]
# ## The ratio of consecutive Fibonacci numbers settles on φ
#
# The error of $F_{n+1}/F_n$ alternates in sign and shrinks like $\varphi^{-2n}$.

# %%
phi = (1 + 5**0.5) / 2
n = np.arange(1, 30)
errors = np.array([fibonacci.fib(k + 1) / fibonacci.fib(k) - phi for k in n])
plt.semilogy(n, np.abs(errors), "o-", label=r"$|F_{n+1}/F_n - \varphi|$")
plt.semilogy(n, 5**0.5 * phi ** (-2.0 * n), "--", label=r"$\sqrt{5}\,\varphi^{-2n}$")
plt.xlabel("n")
plt.legend()
plt.show()

# %% [markdown]
# ## Powers of a matrix vanish, explode or keep their size
#
# The spectral norm $\lVert W^t\rVert_2$ of the chapter's three $5 \times 5$ matrices over 64
# multiplications, on a logarithmic axis.

# %%
for kind in ("vanishing", "exploding", "orthogonal"):
    stack = matrix_powers.powers(matrix_powers.example_matrix(kind))
    plt.semilogy(matrix_powers.spectral_norms(stack), label=kind)
plt.xlabel("t")
plt.ylabel(r"$\lVert W^t\rVert_2$")
plt.legend()
plt.show()

# %% [markdown]
# ## Your turn
#
# Change the matrix below: its spectral radius decides the slope of the line. Try a Jordan
# block such as `[[1, 1], [0, 1]]`: both eigenvalues are 1, yet the norm grows.

# %%
W = np.array([[0.9, 0.3], [0.0, 0.8]])
stack = matrix_powers.powers(W)
print("spectral radius:", matrix_powers.spectral_radius(W))
plt.semilogy(matrix_powers.spectral_norms(stack))
plt.xlabel("t")
plt.ylabel(r"$\lVert W^t\rVert_2$")
plt.show()
