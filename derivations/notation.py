"""The one notation of the companion: symbol, SymPy assumptions, meaning and colour.

Derivations build their statements from these symbols, animations colour them
with these colours, and the site's notation page is generated from this
table, so a symbol cannot mean one thing in a proof and another in a video.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

# Colour language (hex): warm for growth, cool for decay, green for norm-preserving.
EXPLODING = "#E4572E"
VANISHING = "#2E86AB"
PRESERVING = "#3BB273"
ACCENT = "#F3A712"
NEUTRAL = "#8A8A8A"
INK = "#222222"


@dataclass(frozen=True)
class Notation:
    """One symbol: its SymPy object (with assumptions), what it means, its colour, its chapter."""

    key: str
    symbol: sympy.Basic
    meaning: str
    colour: str
    chapter: int

    @property
    def latex(self) -> str:
        """The LaTeX SymPy prints for the symbol: one spelling for pages and videos."""
        return sympy.latex(self.symbol)


NOTATION: tuple[Notation, ...] = (
    Notation("n", sympy.Symbol("n", integer=True, nonnegative=True),
             "number of repeated multiplications (a power); an integer n ≥ 0", INK, 1),
    Notation("k", sympy.Symbol("k", integer=True),
             "an integer index", INK, 1),
    Notation("F", sympy.MatrixSymbol("F", 2, 2),
             "the Fibonacci matrix [[0, 1], [1, 1]] (Merity's convention)", ACCENT, 1),
    Notation("F'", sympy.MatrixSymbol("F'", 2, 2),
             "the other common Fibonacci matrix [[1, 1], [1, 0]]", NEUTRAL, 1),
    Notation("fib", sympy.Function("F"),
             "the Fibonacci numbers F(0) = 0, F(1) = 1, F(k+2) = F(k+1) + F(k)", ACCENT, 1),
    Notation("phi", sympy.Symbol("varphi", positive=True),
             "the golden ratio (1 + √5)/2, the dominant eigenvalue of F", EXPLODING, 1),
    Notation("psi", sympy.Symbol("psi", negative=True),
             "the conjugate (1 − √5)/2, the eigenvalue of F inside the unit circle", VANISHING, 1),
    Notation("lambda", sympy.Symbol("lambda"),
             "an eigenvalue", ACCENT, 1),
    Notation("Q", sympy.MatrixSymbol("Q", 2, 2),
             "a matrix whose columns are eigenvectors of F", NEUTRAL, 1),
    Notation("Lambda", sympy.MatrixSymbol("Lambda", 2, 2),
             "the diagonal matrix of eigenvalues, F = QΛQ⁻¹", NEUTRAL, 1),
    Notation("R", sympy.MatrixSymbol("R", 2, 2),
             "the 90° rotation [[0, 1], [−1, 0]] of Merity's article", PRESERVING, 1),
    Notation("J", sympy.MatrixSymbol("J", 2, 2),
             "the Jordan block [[1, 1], [0, 1]]: eigenvalues 1, powers unbounded", EXPLODING, 1),
    Notation("A", sympy.MatrixSymbol("A", 2, 2),
             "a generic square matrix", INK, 1),
    Notation("rho", sympy.Symbol("rho", nonnegative=True),
             "spectral radius ρ(A) = max |λ| over the eigenvalues of A", ACCENT, 1),
    Notation("W", sympy.MatrixSymbol("W", 5, 5),
             "the recurrent (hidden-to-hidden) weight matrix", ACCENT, 1),
    Notation("t", sympy.Symbol("t", integer=True, nonnegative=True),
             "a time step of the recurrent network", INK, 1),
    # Chapter 3: backpropagation through time (Pascanu, Mikolov & Bengio 2013).
    Notation("x_t", sympy.Symbol("x_t"),
             "hidden state at time t, x_t = W σ(x_{t−1}) + W_in u_t + b", INK, 3),
    Notation("u_t", sympy.Symbol("u_t"), "input at time t", INK, 3),
    Notation("W_in", sympy.Symbol("W_in"), "input-to-hidden weight matrix", NEUTRAL, 3),
    Notation("b", sympy.Symbol("b"), "bias vector of the recurrent layer", NEUTRAL, 3),
    Notation("sigma", sympy.Function("sigma"),
             "the nonlinearity, applied entrywise (tanh, the logistic sigmoid, or the identity)",
             INK, 3),
    Notation("gamma_sigma", sympy.Symbol("gamma_sigma", positive=True),
             "a bound on the nonlinearity's slope: |σ′(x)| ≤ γ for all x (1 for tanh, 1/4 for "
             "the sigmoid)", ACCENT, 3),
    Notation("lambda_1", sympy.Symbol("lambda_1", nonnegative=True),
             "largest singular value of W, λ₁ = ‖W‖₂ (Pascanu's notation; not an eigenvalue)",
             ACCENT, 3),
    Notation("eta", sympy.Symbol("eta", nonnegative=True),
             "per-step Jacobian bound η = γλ₁ with ‖∂x_{k+1}/∂x_k‖₂ ≤ η", VANISHING, 3),
    Notation("l", sympy.Symbol("l", integer=True, nonnegative=True),
             "how far back in time a gradient travels, l = t − k", INK, 3),
    Notation("loss", sympy.Symbol("varepsilon"),
             "the training loss ε = Σ_t ε_t, summed over time steps", EXPLODING, 3),
    Notation("theta", sympy.Symbol("theta"), "a parameter of the network (W, W_in or b)", INK, 3),
    Notation("clip_threshold", sympy.Symbol("tau", positive=True),
             "gradient-norm clipping threshold", PRESERVING, 3),
    Notation("gamma_diffusion", sympy.Symbol("gamma", positive=True),
             "diffusion constant γ > 0 of the AntisymmetricRNN, subtracted from the diagonal",
             VANISHING, 4),
    Notation("epsilon_step", sympy.Symbol("epsilon", positive=True),
             "forward Euler step size ε > 0", ACCENT, 4),
    Notation("omega_frequency", sympy.Symbol("omega", positive=True),
             "angular frequency ω: M has eigenvalues ±iω", PRESERVING, 4),
    Notation("t_continuous", sympy.Symbol("t", real=True),
             "continuous time of the ODE h′(t) = f(h(t))", INK, 4),
    Notation("M_antisymmetric", sympy.MatrixSymbol("M", 2, 2),
             "an antisymmetric matrix, Mᵀ = −M (in the cell, M = W − Wᵀ)", PRESERVING, 4),
    Notation("J_ode", sympy.MatrixSymbol("J", 2, 2),
             "the Jacobian ∂f/∂h of the ODE's right-hand side f", ACCENT, 4),
    Notation("A_sensitivity", sympy.MatrixSymbol("A(t)", 2, 2),
             "sensitivity A(t) = ∂h(t)/∂h(0) of the ODE's solution to its initial state",
             ACCENT, 4),
    Notation("D_slope", sympy.MatrixSymbol("D", 2, 2),
             "diagonal matrix of activation slopes, e.g. diag(1 − tanh²(a))", NEUTRAL, 4),
    Notation("H_conserved", sympy.Symbol("H"),
             "a quantity conserved along the ODE's trajectories", PRESERVING, 4),
    Notation("Q_orth", sympy.MatrixSymbol("Q", 3, 3),
             "a real orthogonal matrix, QᵀQ = I (written with general 3×3 entries in proofs)",
             PRESERVING, 2),
    Notation("W_orth", sympy.MatrixSymbol("W", 3, 3),
             "an orthogonal recurrent weight matrix (general 3×3 entries in proofs)",
             PRESERVING, 2),
    Notation("x_vec", sympy.MatrixSymbol("x", 3, 1),
             "a real vector the matrix acts on", INK, 2),
    Notation("h", sympy.MatrixSymbol("h", 3, 1),
             "the hidden state of the recurrent network", INK, 2),
    Notation("g", sympy.Symbol("g", positive=True),
             "the gain of an orthogonal initialiser: W = gQ", ACCENT, 2),
    Notation("theta_angle", sympy.Symbol("theta", real=True),
             "a rotation angle", PRESERVING, 2),
    Notation("sigma_singular", sympy.Symbol("sigma", real=True),
             "a singular value (σ² is an eigenvalue of WᵀW)", ACCENT, 2),
)

_BY_KEY = {entry.key: entry for entry in NOTATION}


def entry(key: str) -> Notation:
    """The notation entry called ``key``; a KeyError lists the keys that exist."""
    try:
        return _BY_KEY[key]
    except KeyError:
        raise KeyError(f"no notation {key!r}; known: {', '.join(_BY_KEY)}") from None


def symbol(key: str) -> sympy.Basic:
    """The SymPy symbol of notation entry ``key``."""
    return entry(key).symbol


def colour(key: str) -> str:
    """The hex colour of notation entry ``key``."""
    return entry(key).colour
