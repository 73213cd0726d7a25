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
# # Chapter 4 — AntisymmetricRNN
#
# This notebook goes with chapter 4 of *Why orthogonal initialisation works*. It re-runs the
# chapter's machine-checked derivations, redraws its figures from the companion's own library,
# and leaves you cells to change the numbers. Run it from the project's root folder.

# %%
import matplotlib.pyplot as plt
import numpy as np

from derivations import dynamics
from derivations.engine import get, verify
from derivations.engine.registry import chapter_of, slugs

CHAPTER = 4

# %% [markdown]
# ## Every derivation of the chapter, checked again

# %%
results = [verify(get(slug)) for slug in slugs() if chapter_of(slug) == CHAPTER]
for result in results:
    print("PASS" if result.passed else "FAIL", result.derivation.slug, "—", result.scope.text)
assert all(result.passed for result in results)

# %% [markdown]
# ## Phase portraits: the vanilla update and the feedback update
#
# Trajectories of $h_t = \tanh(W h_{t-1})$ and of $h_t = h_{t-1} + \varepsilon\tanh(W h_{t-1})$
# from the same start points, for the chapter's rotation matrix.

# %%
rotation = dynamics.vanilla_matrices()["rotation"]
figure, axes = plt.subplots(1, 2, figsize=(8, 4))
for axis, kind in zip(axes, ("vanilla", "feedback"), strict=True):
    for path in dynamics.trajectories(kind, rotation):
        axis.plot(path[:, 0], path[:, 1])
    axis.set_title(kind)
    axis.set_aspect("equal")
plt.show()

# %% [markdown]
# ## Forward Euler and the diffusion that stabilises it
#
# The smallest diffusion $\gamma$ that keeps $|1 + \varepsilon(-\gamma \pm i\omega)| \leq 1$.

# %%
omegas = np.linspace(0.0, 9.9, 100)
plt.plot(omegas, [dynamics.smallest_stable_gamma(0.1, w) for w in omegas])
plt.xlabel("omega")
plt.ylabel("smallest stable gamma at epsilon = 0.1")
plt.show()

# %% [markdown]
# ## Your turn
#
# Change $\varepsilon$ and $\omega$: the amplification $|1 + \varepsilon\lambda|$ per step must
# stay at most 1.

# %%
epsilon, omega, gamma = 0.05, 3.0, 0.3
eigenvalues = np.array([-gamma + 1j * omega, -gamma - 1j * omega])
print("amplification per step:", dynamics.euler_amplification(eigenvalues, epsilon))
print("smallest stable gamma:", dynamics.smallest_stable_gamma(epsilon, omega))
