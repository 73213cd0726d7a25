"""Matrices of symbolic size as sums of words: the re-checker's own non-commutative arithmetic.

A claim about matrices whose size is a symbol has no entries to expand, so a matrix expression
is read here as ``{word: coefficient}``, multiplied, transposed and rewritten by rules, and a side
is evaluated, all without SymPy's closed forms: a power with a symbolic exponent stays a power
(``Aⁿ⁺¹ = Aⁿ·A``, the definition of a power), and an inverse is a letter of its own, cancelled
only by a rule a fact ``det B ≠ 0`` gives.
"""

from __future__ import annotations

from collections.abc import Iterable

import sympy


def _words(side: sympy.Basic) -> dict[tuple, sympy.Basic] | None:
    """A matrix expression as {word: coefficient}, a word being the tuple of its matrix
    factors (the identity is the empty word; the inverse of a matrix symbol is a letter of
    its own, and a scalar function of matrices in a coefficient an opaque number); None for
    what is not a polynomial in such letters."""
    if isinstance(side, sympy.MatAdd):
        total: dict[tuple, sympy.Basic] = {}
        for term in side.args:
            found = _words(term)
            if found is None:
                return None
            for word, coefficient in found.items():
                total[word] = total.get(word, 0) + coefficient
        return total
    if isinstance(side, sympy.ZeroMatrix):
        return {}
    if isinstance(side, sympy.Identity):
        return {(): sympy.Integer(1)}
    if isinstance(side, sympy.MatMul):
        product: dict[tuple, sympy.Basic] = {(): sympy.Integer(1)}
        for factor in _powers_merged(side.args):
            found = {(): factor} if not isinstance(factor, sympy.MatrixExpr) else _words(factor)
            if found is None:
                return None
            product = _times(product, found)
        return product
    if isinstance(side, sympy.Inverse | sympy.MatPow) and side.exp == -1 \
            and isinstance(side.base, sympy.MatrixSymbol):
        return {(sympy.Inverse(side.base),): sympy.Integer(1)}  # a letter of its own
    if isinstance(side, sympy.MatPow) and side.exp.is_Integer and side.exp >= 0:
        return _words(sympy.MatMul(*([side.base] * int(side.exp)))) if side.exp else \
            {(): sympy.Integer(1)}
    if isinstance(side, sympy.MatPow):
        return _symbolic_power(side)
    if isinstance(side, sympy.MatrixBase) and side.shape == (1, 1):
        return {(): side[0, 0]}  # a 1×1 matrix multiplies as the number it holds
    if isinstance(side, sympy.Transpose | sympy.Adjoint) and isinstance(side.arg, sympy.MatPow) \
            and not isinstance(side.arg, sympy.Inverse) and side.arg.exp.is_nonnegative:
        # (Aᵗ)ᵀ = (Aᵀ)ᵗ: a power's transpose is the transpose's power, by definition
        return _words(sympy.MatPow(type(side)(side.arg.base).doit(), side.arg.exp))
    if _is_letter(side) or (isinstance(side, sympy.Transpose | sympy.Adjoint)
                            and _is_letter(side.arg)) or (
            isinstance(side, sympy.Adjoint) and isinstance(side.arg, sympy.Transpose)
            and _is_letter(side.arg.arg)):  # (Aᵀ)* = Ā, the entrywise conjugate: a letter
        return {(side,): sympy.Integer(1)}
    return None


def _is_letter(side: sympy.Basic) -> bool:
    """A matrix symbol, an explicit matrix, or a matrix the project names and nothing here
    evaluates (chapter 3's Jacobian across l steps): compared as written."""
    return isinstance(side, sympy.MatrixSymbol | sympy.MatrixBase) or (
        isinstance(side, sympy.MatrixExpr)
        and type(side).__module__.startswith("derivations."))


def _powers_merged(factors: tuple) -> list:
    """Neighbouring factors of one base as one power (``B·Bᵗ`` is ``Bᵗ⁺¹``, the definition
    of a power; never an inverse, which needs a fact), before a base that is a sum is
    multiplied out into words."""
    merged: list = []
    for factor in factors:
        if merged and isinstance(factor, sympy.MatrixExpr) \
                and isinstance(merged[-1], sympy.MatrixExpr) \
                and _base(factor) == _base(merged[-1]) \
                and (isinstance(factor, sympy.MatPow) or isinstance(merged[-1], sympy.MatPow)) \
                and all(_exponent(f).is_integer and _exponent(f).is_nonnegative
                        for f in (factor, merged[-1])):
            merged[-1] = sympy.MatPow(_base(factor), _exponent(merged[-1]) + _exponent(factor))
        else:
            merged.append(factor)
    return merged


def _exponent(factor: sympy.Basic) -> sympy.Basic:
    return factor.exp if isinstance(factor, sympy.MatPow) else sympy.Integer(1)


def _symbolic_power(power: sympy.MatPow) -> dict[tuple, sympy.Basic] | None:
    """``A^(t + k)``, ``t`` a non-negative integer symbol and ``k`` a whole number, as the
    word ``A^t·A·…·A``: the definition of a power."""
    constant, rest = _shift(power.exp)
    if not (constant.is_Integer and constant >= 0 and rest.is_integer and rest.is_nonnegative):
        return None
    scalar, matrix = sympy.Integer(1), power.base
    if isinstance(matrix, sympy.MatMul):  # (cA)^t = c^t·A^t: a number commutes with A
        scalars = [f for f in matrix.args if not isinstance(f, sympy.MatrixExpr)]
        matrices = [f for f in matrix.args if isinstance(f, sympy.MatrixExpr)]
        if len(matrices) == 1:
            scalar, matrix = sympy.Mul(*scalars), matrices[0]
    base = _words(matrix)
    if base is None:
        return None
    word = {(sympy.MatPow(matrix, rest),): scalar ** power.exp}
    for _ in range(int(constant)):
        word = _times(word, base)
    return word


def _shift(expression: sympy.Basic) -> tuple[sympy.Basic, sympy.Basic]:
    """``m + k`` as ``(k, m)``, ``k`` its number part, whether or not it was written
    evaluated (a claim is read as written: ``l + 1`` may be stored ``Add(l, 1)``)."""
    return sympy.Add(*sympy.Add.make_args(expression)).as_coeff_Add()


def _times(left: dict[tuple, sympy.Basic], right: dict[tuple, sympy.Basic]
           ) -> dict[tuple, sympy.Basic]:
    """The product of two sums of words, words concatenated in order."""
    return _collected((w1 + w2, c1 * c2) for w1, c1 in left.items() for w2, c2 in right.items())


def _collected(pairs: Iterable[tuple[tuple, sympy.Basic]]) -> dict[tuple, sympy.Basic]:
    """Words in their canonical form, summed by word."""
    total: dict[tuple, sympy.Basic] = {}
    for word, coefficient in pairs:
        word, number = _canonical(word)
        total[word] = total.get(word, 0) + coefficient * number
    return total


def _canonical(word: tuple) -> tuple[tuple, sympy.Basic]:
    """``word`` with each run of letters of one base written powers first (``A·Aᵗ`` is
    ``Aᵗ·A``: both are ``Aᵗ⁺¹`` by the definition of a power) and neighbouring explicit
    matrices multiplied out, a 1×1 product leaving as a number: equal products, equal words.
    Returns the word and that number."""
    result: list = []
    run: list = []
    for letter in (*word, None):
        if run and (letter is None or _base(letter) != _base(run[0])):
            result += sorted(run, key=lambda item: (not isinstance(item, sympy.MatPow),
                                                    sympy.srepr(item)))
            run = []
        if letter is not None:
            run.append(letter)
    merged: list = []
    number = sympy.Integer(1)
    for letter in result:
        if merged and isinstance(letter, sympy.MatrixBase) \
                and isinstance(merged[-1], sympy.MatrixBase):
            letter = sympy.ImmutableMatrix(merged.pop() * letter)
        if isinstance(letter, sympy.MatrixBase) and letter.shape == (1, 1):
            number *= letter[0, 0]
            continue
        merged.append(letter)
    return tuple(merged), number


def _base(letter: sympy.Basic) -> sympy.Basic:
    """What a letter is a power of (an inverse is a letter of its own: it needs a fact)."""
    if isinstance(letter, sympy.MatPow) and not isinstance(letter, sympy.Inverse) \
            and letter.exp.is_nonnegative:
        return letter.base
    return letter


def _plus(left: dict, right: dict, sign: int = 1) -> dict:
    total = dict(left)
    for word, coefficient in right.items():
        total[word] = total.get(word, 0) + sign * coefficient
    return total


def _transposed(words: dict, conjugate: bool) -> dict | None:
    """The (conjugate) transpose of a sum of words: each word reversed, each letter
    transposed, and for the conjugate transpose each coefficient conjugated."""
    operation = sympy.Adjoint if conjugate else sympy.Transpose
    result = {}
    for word, coefficient in words.items():
        letters = tuple(operation(letter).doit() for letter in reversed(word))
        if any(_words(letter) is None for letter in letters):
            return None
        result[letters] = sympy.conjugate(coefficient) if conjugate else coefficient
    return result


def _written(words: dict[tuple, sympy.Basic], like: sympy.MatrixExpr) -> sympy.MatrixExpr:
    """A sum of words as one matrix expression, words in a fixed order."""
    terms = []
    for word, coefficient in sorted(words.items(), key=lambda item: sympy.srepr(item[0])):
        product = sympy.MatMul(*word) if len(word) > 1 else (
            word[0] if word else sympy.Identity(like.shape[0]))
        terms.append(product if coefficient == 1 else sympy.expand(coefficient) * product)
    if not terms:
        return sympy.ZeroMatrix(*like.shape)
    return terms[0] if len(terms) == 1 else sympy.MatAdd(*terms)


def _rewritten(words: dict, rules: list[tuple[tuple, dict]], rounds: int = 25) -> dict | None:
    """``words`` with each occurrence of a rule's word, as a run of consecutive letters,
    replaced by what it equals, until none is left (None if that does not settle)."""
    for _ in range(rounds):
        changed, result = False, {}
        for word, coefficient in words.items():
            replaced = _replace_once(word, rules)
            if replaced is None:
                result = _plus(result, {word: coefficient})
                continue
            changed = True
            result = _plus(result, {w: coefficient * c for w, c in replaced.items()})
        words = {w: c for w, c in result.items() if sympy.expand(c) != 0}
        if not changed:
            return words
    return None


def _replace_once(word: tuple, rules: list[tuple[tuple, dict]]) -> dict | None:
    for pattern, value in rules:
        inside = _inside_power(word, pattern, value)
        if inside is not None:
            return inside
        size = len(pattern)
        for start in range(len(word) - size + 1):
            if word[start:start + size] == pattern:
                before, after = word[:start], word[start + size:]
                return _collected((before + w + after, c) for w, c in value.items())
    return None


def _inside_power(word: tuple, pattern: tuple, value: dict) -> dict | None:
    """A rule ``X = c·Y`` between single letters applied to a power's base: ``Xᵗ = cᵗ·Yᵗ``."""
    if len(pattern) != 1 or len(value) != 1 or len(next(iter(value))) != 1:
        return None
    (letter,), ((replacement,), scalar) = pattern, next(iter(value.items()))
    for index, found in enumerate(word):
        if isinstance(found, sympy.MatPow) and found.base == letter:
            powered = (sympy.MatPow(replacement, found.exp),)
            return _collected([(word[:index] + powered + word[index + 1:], scalar ** found.exp)])
    return None


def _evaluated(side: sympy.Basic) -> sympy.Basic:
    """``side`` evaluated, except that a power of a matrix with a symbolic exponent stays a
    power: ``Aⁿ⁺¹`` is ``Aⁿ·A`` by the definition of a power, not SymPy's closed form of it
    (a diagonal matrix's power is evaluated: its entries' powers, also by definition); the
    determinant of such a power is the power of the determinant."""
    if not isinstance(side, sympy.Basic):
        return side
    side = side.replace(  # det(Bⁿ) = (det B)ⁿ: the determinant is multiplicative
        lambda node: isinstance(node, sympy.Determinant) and isinstance(node.args[0], sympy.MatPow)
        and _held(node.args[0]) and not node.args[0].exp.is_Integer,
        lambda node: sympy.Determinant(node.args[0].base) ** node.args[0].exp)
    held = {node: sympy.MatrixSymbol(sympy.Dummy("power"), *node.shape)
            for node in sympy.preorder_traversal(side)
            if isinstance(node, sympy.MatPow) and _held(node)}
    if not held:
        return side.doit()
    restored = {placeholder: type(power)(_evaluated(power.base), *power.args[1:])
                for power, placeholder in held.items()}
    return side.xreplace(held).doit().xreplace(restored)


def _held(power: sympy.MatPow) -> bool:
    """Whether evaluation must leave ``power`` as written: a symbolic exponent (unless the
    base is an explicit diagonal matrix), or the inverse of a matrix that is not explicit
    (``B⁻¹B`` is ``I`` only with a fact that ``B`` is invertible)."""
    if isinstance(power.base, sympy.MatrixBase):
        return not power.exp.is_Integer and not power.base.is_diagonal()
    return not power.exp.is_Integer or power.exp < 0


def _explicit(side: sympy.Basic) -> sympy.Basic:
    """A matrix expression of whole-number shape as an explicit matrix, where it evaluates
    without a power of symbolic exponent (which stays a word: ``Fⁿ⁺¹`` is ``Fⁿ·F`` by the
    definition of a power, not by SymPy's closed form)."""
    if isinstance(side, sympy.MatrixExpr) and not isinstance(side, sympy.MatrixBase) \
            and all(sympy.sympify(d).is_Integer for d in side.shape) \
            and not any(isinstance(node, sympy.MatPow) and not node.exp.is_Integer
                        for node in sympy.preorder_traversal(side)) \
            and all(sympy.sympify(d).is_Integer for symbol in side.atoms(sympy.MatrixSymbol)
                    for d in symbol.shape):  # xᵀx of a d-vector stays a word, not a sum
        try:
            return sympy.ImmutableMatrix(side.as_explicit())
        except (ValueError, TypeError, NotImplementedError, AttributeError):
            return side
    return side


def _one_by_one_as_scalar(side: sympy.Basic) -> sympy.Basic:
    """An explicit 1×1 matrix is the number it holds (``xᵀx`` compares with ``r²``)."""
    return side[0, 0] if isinstance(side, sympy.MatrixBase) and side.shape == (1, 1) else side
