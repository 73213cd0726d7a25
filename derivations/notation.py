"""The one notation of the companion: symbol, SymPy assumptions, meaning, colour, and where the
sources write it differently.

Derivations build their statements from these symbols, animations colour them
with these colours, and the site's notation page is generated from this table,
so a symbol cannot mean one thing in a proof and another in a video. Every entry
prints as a different formula and has one meaning (tests check both). Where the sources give
one letter two jobs (R for the quarter turn beside the rotations R_θ; σ for any nonlinearity
in the notes and for the sigmoid in the slides), an entry keeps one and ``sources`` says what
is written for the other.
Entries are grouped by the chapter that introduces them; a chapter adds its own
symbols in its own group.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy

from derivations.engine.latex import textbook_latex
from derivations.engine.text import check_prose
from foundation import palette
from foundation.palette import Hue

# Colour language: warm for growth, cool for decay, green for norm-preserving. Each is a hue of
# the one palette, which gives it a shade per scheme; a hex code of its own here would drift
# from the shades the videos, figures and this page's swatches draw.
EXPLODING = palette.EXPLODING
VANISHING = palette.VANISHING
PRESERVING = palette.PRESERVING
ACCENT = palette.ACCENT
NEUTRAL = palette.NEUTRAL
INK = palette.INK

# The size of a square matrix in a proof for every size: d×d, with d ≥ 1.
DIMENSION = sympy.Symbol("d", integer=True, positive=True)


@dataclass(frozen=True)
class Notation:
    """One symbol: its SymPy object (with assumptions), meaning, colour and chapter.

    ``meaning`` and ``sources`` are Markdown with ``$…$`` math; ``sources`` says
    how a source writes the same thing when it uses another letter. ``colour`` is
    one of the colour language's palette hues above.
    """

    key: str
    symbol: sympy.Basic
    meaning: str
    colour: Hue
    chapter: int
    sources: str = ""

    def __post_init__(self) -> None:
        check_prose(self.meaning, f"meaning of notation {self.key!r}")
        if self.sources:
            check_prose(self.sources, f"sources of notation {self.key!r}")

    @property
    def latex(self) -> str:
        """The LaTeX printed for the symbol: one spelling for pages and videos."""
        return textbook_latex(self.symbol)


def _square(name: str) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(name, DIMENSION, DIMENSION)


def _vector(name: str) -> sympy.MatrixSymbol:
    return sympy.MatrixSymbol(name, DIMENSION, 1)


# --- Chapter 1: Fibonacci and repeated powers ------------------------------------------------
CHAPTER_1 = (
    Notation("n", sympy.Symbol("n", integer=True, nonnegative=True),
             "a number of repeated multiplications (a power), an integer $n \\geq 0$", INK, 1),
    Notation("k", sympy.Symbol("k", integer=True), "an integer index", INK, 1),
    Notation("d", DIMENSION, "the size of a square matrix ($d \\times d$), $d \\geq 1$", INK, 1),
    Notation("F", sympy.MatrixSymbol("F", 2, 2),
             "the Fibonacci matrix $\\begin{bmatrix}0 & 1\\\\ 1 & 1\\end{bmatrix}$", ACCENT, 1),
    Notation("F'", sympy.MatrixSymbol("F'", 2, 2),
             "the other common Fibonacci matrix $\\begin{bmatrix}1 & 1\\\\ 1 & 0\\end{bmatrix}$",
             NEUTRAL, 1),
    Notation("P", sympy.MatrixSymbol("P", 2, 2),
             "the swap $\\begin{bmatrix}0 & 1\\\\ 1 & 0\\end{bmatrix}$, which exchanges the two "
             "coordinates", NEUTRAL, 1),
    Notation("fib", sympy.fibonacci(sympy.Symbol("n", integer=True, nonnegative=True)),
             "the Fibonacci numbers: $F_0 = 0$, $F_1 = 1$, $F_{k+2} = F_{k+1} + F_k$",
             ACCENT, 1),
    Notation("phi", sympy.Symbol("varphi", positive=True),
             "the golden ratio $(1 + \\sqrt5)/2$, the eigenvalue of $F$ outside the unit circle",
             EXPLODING, 1),
    Notation("psi", sympy.Symbol("psi", negative=True),
             "the conjugate $(1 - \\sqrt5)/2$, the eigenvalue of $F$ inside the unit circle",
             VANISHING, 1),
    Notation("lambda", sympy.Symbol("lambda"), "an eigenvalue (always; never a singular value)",
             ACCENT, 1),
    Notation("V", _square("V"),
             "a matrix whose columns are eigenvectors, $A = V\\Lambda V^{-1}$", NEUTRAL, 1,
             sources="Merity and the Korean summary write $Q$; here $Q$ is always orthogonal"),
    Notation("Lambda", _square("Lambda"),
             "the diagonal matrix of eigenvalues", NEUTRAL, 1),
    Notation("R_quarter", sympy.MatrixSymbol(r"R_{-\pi/2}", 2, 2),
             "the quarter turn clockwise, $\\begin{bmatrix}0 & 1\\\\ -1 & 0\\end{bmatrix}$: "
             "the rotation $R_\\theta$ at $\\theta = -\\pi/2$", PRESERVING, 1,
             sources="Merity writes $R$ (“the rotation matrix $R$ below (which performs a 90 "
                     "degree rotation)”) and the Korean summary prints that matrix as $R$; here "
                     "$R$ without an angle is never a rotation"),
    Notation("B", sympy.MatrixSymbol("B", 2, 2),
             "the shear $\\begin{bmatrix}1 & 1\\\\ 0 & 1\\end{bmatrix}$: both eigenvalues 1, "
             "powers unbounded", EXPLODING, 1),
    Notation("B_lambda", sympy.MatrixSymbol("B_lambda", 2, 2),
             "a $2 \\times 2$ Jordan block $\\begin{bmatrix}\\lambda & 1\\\\ 0 & \\lambda"
             "\\end{bmatrix}$", EXPLODING, 1,
             sources="textbooks often write $J$; here $J$ is always a Jacobian"),
    Notation("A", _square("A"), "a square matrix", INK, 1),
    Notation("v", _vector("v"), "an eigenvector: $Av = \\lambda v$, $v \\neq 0$ (complex in "
             "general)", ACCENT, 1),
    Notation("r", sympy.Symbol("r", positive=True),
             "the modulus $r = |\\lambda|$ of an eigenvalue", INK, 1),
    Notation("e_2", sympy.MatrixSymbol("e_2", 2, 1),
             "the second standard basis vector $(0, 1)^\\top$ of the plane", INK, 1),
    Notation("rho", sympy.Symbol("rho", nonnegative=True),
             "the spectral radius $\\rho(A)$, the largest $|\\lambda|$ over the eigenvalues of "
             "$A$", ACCENT, 1),
    Notation("W", _square("W"), "the recurrent (hidden-to-hidden) weight matrix", ACCENT, 1),
    Notation("t", sympy.Symbol("t", integer=True, nonnegative=True),
             "time: counted in steps of the recurrent network ($h_t$, $t$ an integer), and "
             "flowing continuously in the ODE of chapter 4 ($h(t)$, $t$ a real number)", INK, 1),
)

# --- Chapter 2: orthogonal matrices and initialisation ---------------------------------------
CHAPTER_2 = (
    Notation("Q", _square("Q"), "a matrix with orthonormal columns, $Q^\\top Q = I$: "
             "orthogonal ($d \\times d$) except in the section on tall matrices ($m \\times d$)",
             PRESERVING, 2),
    Notation("Q_1", _square("Q_1"), "the first of two orthogonal matrices multiplied together",
             PRESERVING, 2),
    Notation("Q_2", _square("Q_2"), "the second of two orthogonal matrices multiplied together",
             PRESERVING, 2),
    Notation("m", sympy.Symbol("m", integer=True, positive=True),
             "the number of rows of a tall matrix, $m > d$", INK, 2),
    Notation("x", _vector("x"), "a real vector the matrix acts on", INK, 2),
    Notation("y", sympy.MatrixSymbol("y", sympy.Symbol("m", integer=True, positive=True), 1),
             "a non-zero vector that a wide matrix sends to zero", INK, 2),
    Notation("h", _vector("h"),
             "the hidden state of the recurrent network ($h_t$ at time $t$)", INK, 2,
             sources="Pascanu, Mikolov and Bengio (and the notes on their paper) write $x_t$"),
    Notation("g", sympy.Symbol("g", positive=True),
             "the gain of an orthogonal initialiser: $W = gQ$", ACCENT, 2),
    Notation("theta", sympy.Symbol("theta", real=True), "a rotation angle", PRESERVING, 2),
    Notation("R_theta", sympy.MatrixSymbol("R_theta", 2, 2), "the rotation by the angle "
             "$\\theta$ anticlockwise, $\\begin{bmatrix}\\cos\\theta & -\\sin\\theta\\\\ "
             "\\sin\\theta & \\cos\\theta\\end{bmatrix}$", PRESERVING, 2),
    Notation("S_theta", sympy.MatrixSymbol("S_theta", 2, 2), "the reflection across the line at "
             "the angle $\\theta/2$", NEUTRAL, 2),
    Notation("s", sympy.Symbol("s", nonnegative=True),
             "a singular value ($s^2$ is an eigenvalue of $W^\\top W$)", ACCENT, 2,
             sources="many texts write $\\sigma$; here $\\sigma$ is the nonlinearity"),
    Notation("H", _square("H"), "a Householder reflector $I - 2uu^\\top/u^\\top u$", NEUTRAL, 2),
    Notation("u", _vector("u"), "the non-zero vector a Householder reflector reflects along",
             NEUTRAL, 2),
    Notation("e_1", _vector("e_1"), "the first standard basis vector $(1, 0, \\dots, 0)$", INK,
             2),
)

# --- Chapter 3: backpropagation through time (Pascanu, Mikolov & Bengio 2013) ----------------
CHAPTER_3 = (
    Notation("u_t", sympy.Symbol("u_t"), "the input at time $t$, one vector per step (always "
             "with its time index: the Householder vector $u$ has none)", INK, 3,
             sources="the notes write $i_t$"),
    Notation("W_in", sympy.Symbol(r"W_{\mathrm{in}}"), "the input-to-hidden weight matrix",
             NEUTRAL, 3, sources="the notes write $w_{in}$"),
    Notation("b", _vector("b"), "the bias vector of the recurrent layer", NEUTRAL, 3),
    Notation("sigma", sympy.Function("sigma"),
             "the nonlinearity of the recurrent network, applied entrywise: whichever function "
             "the network uses ($\\tanh$, $\\operatorname{sigm}$ and the identity here)",
             INK, 3),
    Notation("sigm", sympy.Function("sigm"),
             "the logistic sigmoid, applied entrywise: an entry $a$ becomes $1/(1 + e^{-a})$",
             INK, 3,
             sources="the slides write $\\sigma$ (“$\\sigma$ : SIGMOID FUNCTION”); here "
                     "$\\sigma$ is the nonlinearity, as in the notes on Pascanu et al."),
    Notation("T", sympy.Symbol("T", integer=True, positive=True),
             "the number of time steps the loss is summed over", INK, 3),
    Notation("beta", sympy.Symbol("beta", positive=True),
             "a bound on the nonlinearity's slope, $\\lvert\\sigma'\\rvert \\leq \\beta$ "
             "everywhere (1 for $\\tanh$, $1/4$ for $\\operatorname{sigm}$)", ACCENT, 3,
             sources="the notes on the paper write $\\gamma$; here $\\gamma$ is the diffusion "
                     "of chapter 4"),
    Notation("s_1", sympy.Symbol("s_1", nonnegative=True),
             "the largest singular value of $W$, $s_1 = \\lVert W\\rVert_2$", ACCENT, 3,
             sources="the notes write $\\lambda_1$, a letter they also use for eigenvalues"),
    Notation("eta", sympy.Symbol("eta", nonnegative=True),
             "the per-step bound on the norm of one Jacobian factor: $\\eta = \\beta s_1$ for "
             "the network of chapter 3",
             VANISHING, 3),
    Notation("l", sympy.Symbol("l", integer=True, nonnegative=True),
             "how far back in time a gradient travels, $l = t - k$", INK, 3,
             sources="the notes write $l = k - t$ (see the erratum)"),
    Notation("loss", sympy.Symbol(r"\mathcal{L}"),
             "the training loss $\\mathcal{L} = \\sum_t \\mathcal{L}_t$, summed over time steps",
             EXPLODING, 3, sources="the notes write $\\varepsilon$; here $\\varepsilon$ is the "
                                   "Euler step of chapter 4"),
    Notation("w", sympy.Symbol("w"), "one parameter of the network (an entry of $W$, "
             "$W_{\\mathrm{in}}$ or $b$)", INK, 3, sources="the notes write $\\theta$; here "
                                                        "$\\theta$ is an angle"),
    Notation("J", _square("J"), "a Jacobian: $J_t = \\partial h_t/\\partial h_{t-1}$ in chapter "
             "3, $\\partial f/\\partial h$ of the ODE in chapter 4", ACCENT, 3),
    Notation("D", _square("D"), "the diagonal matrix of activation slopes "
             "$\\operatorname{diag}(\\sigma'(\\cdot))$; $D_t = \\operatorname{diag}"
             "(\\sigma'(h_t))$", NEUTRAL, 3),
    Notation("p", _vector("p"), "a left eigenvector of $W$: $p^\\top W = \\lambda p^\\top$",
             ACCENT, 3),
    Notation("q", _vector("q"), "a right eigenvector of $W$: $Wq = \\lambda q$", NEUTRAL, 3,
             sources="the notes write $q_i$ and use it as if it were a left eigenvector"),
    Notation("G", _vector("G"), "the gradient vector that clipping rescales", EXPLODING, 3),
    Notation("tau", sympy.Symbol("tau", positive=True), "the gradient-norm clipping threshold",
             PRESERVING, 3),
)

# --- Chapter 4: AntisymmetricRNN (Chang, Chen, Haber & Chi 2019) ------------------------------
CHAPTER_4 = (
    Notation("gamma", sympy.Symbol("gamma", positive=True),
             "the diffusion $\\gamma > 0$ of the AntisymmetricRNN, subtracted from the diagonal",
             VANISHING, 4),
    Notation("epsilon", sympy.Symbol("varepsilon", positive=True),
             "the forward Euler step size $\\varepsilon > 0$", ACCENT, 4,
             sources="the slides' pseudocode writes $h$ for the step; here $h$ is the hidden "
                     "state"),
    Notation("omega", sympy.Symbol("omega", positive=True),
             "an angular frequency: $M$ has eigenvalues $\\pm i\\omega$", PRESERVING, 4),
    Notation("M", _square("M"), "an antisymmetric matrix, $M^\\top = -M$ (in the cell, "
             "$M = W - W^\\top$)", PRESERVING, 4),
    Notation("M_gamma", _square("M_gamma"),
             "the transition matrix with diffusion, $M_\\gamma = M - \\gamma I$", VANISHING, 4),
    Notation("Phi", _square("Phi"),
             "the sensitivity $\\Phi(t) = \\partial h(t)/\\partial h(0)$ of the ODE's solution to "
             "its initial state", ACCENT, 4,
             sources="the slides write $A(t)$; here $A$ is any square matrix"),
    Notation("gamma_-", sympy.Symbol("gamma_-", positive=True),
             "the least diffusion that makes a forward Euler step stable", PRESERVING, 4),
    Notation("gamma_+", sympy.Symbol("gamma_+", positive=True),
             "the largest diffusion that keeps a forward Euler step stable", VANISHING, 4),
    Notation("z", sympy.Symbol("z_i", real=True),
             "the input gate of the gated cell, always with its index: $z_t = "
             "\\operatorname{sigm}(\\cdot)$ at step $t$, $z_i$ one entry (a bare $z$ is a "
             "scaled eigenvalue)", ACCENT, 4),
    Notation("z_euler", sympy.Symbol("z"),
             "a scaled eigenvalue $z = \\varepsilon\\lambda$ in the complex plane: a forward "
             "Euler step multiplies by $1 + z$, stable when $|1 + z| \\leq 1$", NEUTRAL, 4),
    Notation("C", sympy.Symbol("C"), "a quantity conserved along the ODE's trajectories",
             PRESERVING, 4),
)

NOTATION: tuple[Notation, ...] = CHAPTER_1 + CHAPTER_2 + CHAPTER_3 + CHAPTER_4

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


def colour(key: str) -> Hue:
    """The palette hue of notation entry ``key``."""
    return entry(key).colour
