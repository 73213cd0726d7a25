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
# # Chapter 2 — Orthogonal matrices and initialisation
#
# This notebook goes with chapter 2 of *Why orthogonal initialisation works*. It re-runs the
# chapter's machine-checked derivations, redraws its figures from the companion's own library,
# and leaves you cells to change the numbers. Run it from the project's root folder.

# %%
import matplotlib.pyplot as plt
import numpy as np

from derivations import hidden_state, init
from derivations.engine import get, verify
from derivations.engine.registry import chapter_of, slugs

CHAPTER = 2

# %% [markdown]
# ## Every derivation of the chapter, checked again

# %%
results = [verify(get(slug)) for slug in slugs() if chapter_of(slug) == CHAPTER]
for result in results:
    print("PASS" if result.passed else "FAIL", result.derivation.slug, "—", result.scope.text)
assert all(result.passed for result in results)

# %% [markdown]
# ## An orthogonal matrix keeps the hidden state's length
#
# The linear recurrence $h_t = W h_{t-1}$ with a Gaussian $W$ and with an orthogonal one of the
# same size: the orthogonal one keeps $\lVert h_t\rVert$ exactly.

# %%
matrices = hidden_state.weight_matrices()
for name, matrix in matrices.items():
    plt.semilogy(hidden_state.hidden_state_norms(matrix, 100), label=name)
plt.xlabel("t")
plt.ylabel(r"$\lVert h_t\rVert$")
plt.legend()
plt.show()

# %% [markdown]
# ## Its eigenvalues lie on the unit circle

# %%
Q = init.orthogonal((64, 64), rng=2016)
eigenvalues = np.linalg.eigvals(Q)
angle = np.linspace(0, 2 * np.pi, 200)
plt.plot(np.cos(angle), np.sin(angle), color="grey", linewidth=0.5)
plt.scatter(eigenvalues.real, eigenvalues.imag, s=10)
plt.gca().set_aspect("equal")
plt.title("eigenvalues of a random orthogonal 64 × 64 matrix")
plt.show()
print("largest |Q^T Q - I|:", np.abs(Q.T @ Q - np.eye(64)).max())

# %% [markdown]
# ## Your turn
#
# A gain $g$ scales every step by exactly $g$: change it and watch $\lVert (gQ)^t h\rVert$.

# %%
g = 1.01
W = init.orthogonal((64, 64), gain=g, rng=7)
plt.semilogy(hidden_state.hidden_state_norms(W, 200))
plt.xlabel("t")
plt.ylabel(r"$\lVert h_t\rVert$")
plt.show()
