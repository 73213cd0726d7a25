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
# # Chapter 3 — Backpropagation through time
#
# This notebook goes with chapter 3 of *Why orthogonal initialisation works*. It re-runs the
# chapter's machine-checked derivations, redraws its figures from the companion's own library,
# and leaves you cells to change the numbers. Run it from the project's root folder.

# %%
import matplotlib.pyplot as plt
import numpy as np

from derivations import bptt
from derivations.engine import get, verify
from derivations.engine.registry import chapter_of, slugs

CHAPTER = 3

# %% [markdown]
# ## Every derivation of the chapter, checked again

# %%
results = [verify(get(slug)) for slug in slugs() if chapter_of(slug) == CHAPTER]
for result in results:
    print("PASS" if result.passed else "FAIL", result.derivation.slug, "—", result.scope.text)
assert all(result.passed for result in results)

# %% [markdown]
# ## How the Jacobian product's norm changes with the distance back in time
#
# $\lVert \partial h_t/\partial h_k\rVert_2$ against $l = t - k$ for the chapter's cases; where
# the per-step bound $\eta$ is below 1 the dashed line $\eta^l$ lies above the curve.

# %%
lags = np.arange(bptt.HORIZON + 1)
for case in bptt.CASES[:3] + bptt.CASES[5:7]:
    norms = case.norms()
    line, = plt.semilogy(lags, norms, label=case.label)
    if case.eta() < 1:
        plt.semilogy(lags, case.eta() ** lags, "--", color=line.get_color())
plt.xlabel("l = t − k")
plt.ylabel("norm of the Jacobian product")
plt.legend(fontsize=8)
plt.show()

# %% [markdown]
# ## Your turn
#
# Choose a kind of weight matrix, a scale and a nonlinearity; the per-step bound is printed.

# %%
weights = bptt.recurrent_matrix("gaussian", scale=0.8)
activation = "tanh"
print("per-step bound eta =", bptt.per_step_bound(weights, activation))
plt.semilogy(bptt.jacobian_norms(weights, activation, 100))
plt.xlabel("l")
plt.show()
