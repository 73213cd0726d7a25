"""A lecture's words outside the typeset slides, as plain readable text.

Speaker notes, a PowerPoint slide's text and the handout's text are plain text:
:func:`plain_text` turns the Markdown of a derivation (``$…$`` math, ``*emphasis*``,
links) into readable text, its math spelt in Unicode by :func:`unicode_math`
(``\\lVert Qx\\rVert^{2}`` → ``‖Qx‖²``).
"""

from __future__ import annotations

import re
import unicodedata

# Words for speaker notes, slide text and the handout's text: readable without a TeX engine.
# A deck's notes are read aloud or from a presenter's screen, and a PowerPoint slide's words
# are edited and translated there, so their math is spelt in Unicode (‖Qx‖² = ‖x‖²), not
# left as LaTeX source; a formula too large for a line (a matrix, an aligned sum) is also
# typeset as a picture where a slide shows it.

_SYMBOLS = {
    "lVert": "‖", "rVert": "‖", "Vert": "‖", "|": "‖", "lvert": "|", "rvert": "|",
    "neq": "≠", "ne": "≠", "leq": "≤", "le": "≤", "geq": "≥", "ge": "≥", "approx": "≈",
    "to": "→", "rightarrow": "→", "Rightarrow": "⇒", "mapsto": "↦", "times": "×",
    "cdot": "·", "cdots": "⋯", "ldots": "…", "dots": "…", "pm": "±", "mp": "∓",
    "infty": "∞", "in": "∈", "sum": "∑", "prod": "∏", "nabla": "∇", "circ": "∘",
    "partial": "∂", "top": "ᵀ", "mid": "|", "sim": "∼", "equiv": "≡", "langle": "⟨",
    "rangle": "⟩", "ell": "ℓ", "{": "{", "}": "}", "%": "%", "&": "&", "#": "#", "_": "_",
    "$": "$", "lbrace": "{", "rbrace": "}", "prime": "′", "emptyset": "∅", "cap": "∩",
    "cup": "∪", "subset": "⊂", "forall": "∀", "exists": "∃", "neg": "¬", "perp": "⊥",
}
_SPACES = {",": " ", ";": " ", ":": " ", "!": "", " ": " ", "\\": " ", "quad": "  ",
           "qquad": "    "}
_FUNCTIONS = {"sin", "cos", "tan", "tanh", "cosh", "sinh", "log", "ln", "exp", "det", "min",
              "max", "lim", "sup", "inf", "arg", "dim", "ker", "diag", "tr", "rank"}
_RELATIONS = set("=<>≠≤≥≈→⇒↦∈∼≡⊂")
_ACCENTS = {"bar": "\u0304", "overline": "\u0304", "dot": "\u0307", "ddot": "\u0308",
            "hat": "\u0302", "widehat": "\u0302", "tilde": "\u0303", "widetilde": "\u0303",
            "vec": "\u20d7"}
_GREEK_VARIANTS = {"varepsilon": "ε", "epsilon": "ϵ", "varphi": "φ", "phi": "ϕ",
                   "vartheta": "ϑ", "varrho": "ϱ", "varsigma": "ς", "varpi": "ϖ",
                   "lambda": "λ", "Lambda": "Λ"}
_SUPERSCRIPTS = dict(zip("0123456789+−=()abcdefghijklmnoprstuvwxyzT*′ᵀ",
                         "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᵀ*′ᵀ", strict=True))
_SUBSCRIPTS = dict(zip("0123456789+−=()aehijklmnoprstuvx",
                       "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ", strict=True))
_SMALL = set(_SUPERSCRIPTS.values()) | set(_SUBSCRIPTS.values())
_TOKEN = re.compile(r"\\(?:[A-Za-z]+|.)|\s+|.", re.DOTALL)


def _greek(name: str) -> str | None:
    if name in _GREEK_VARIANTS:
        return _GREEK_VARIANTS[name]
    case = "CAPITAL" if name[0].isupper() else "SMALL"
    try:
        return unicodedata.lookup(f"GREEK {case} LETTER {name.upper()}")
    except KeyError:
        return None


def _letters(style: str, text: str) -> str:
    """``\\mathbb{R}`` as ℝ, ``\\mathcal{L}`` as ℒ: the letter itself where Unicode has none."""
    names = {"mathbb": "DOUBLE-STRUCK", "mathcal": "SCRIPT", "mathfrak": "FRAKTUR"}
    if style not in names:
        return text  # \mathrm, \mathbf, \mathit, \boldsymbol: the letters as they are
    shown = []
    for letter in text:
        case = "CAPITAL" if letter.isupper() else "SMALL"
        found = letter
        for prefix in ("", "MATHEMATICAL "):
            try:
                found = unicodedata.lookup(f"{prefix}{names[style]} {case} {letter.upper()}")
                break
            except KeyError:
                continue
        shown.append(found)
    return "".join(shown)


class _Reader:
    """A recursive reader of the LaTeX math a derivation writes."""

    def __init__(self, latex: str) -> None:
        self.tokens = _TOKEN.findall(latex)
        self.at = 0

    def next(self) -> str | None:
        while self.at < len(self.tokens) and self.tokens[self.at].isspace():
            self.at += 1
        if self.at == len(self.tokens):
            return None
        self.at += 1
        return self.tokens[self.at - 1]

    def peek(self) -> str | None:
        at = self.at
        token = self.next()
        self.at = at
        return token

    def raw_group(self) -> str:
        """The source of the next ``{…}`` group (or of one token), unconverted."""
        token = self.next()
        if token != "{":
            return token or ""
        depth, parts = 1, []
        while self.at < len(self.tokens):
            token = self.tokens[self.at]
            self.at += 1
            depth += token == "{"
            depth -= token == "}"
            if depth == 0:
                break
            parts.append(token)
        return "".join(parts)

    def argument(self) -> str:
        """The next argument, converted."""
        return unicode_math(self.raw_group())

    def read(self, until: tuple[str, ...] = ()) -> str:
        out: list[str] = []
        while (token := self.peek()) is not None and token not in until:
            self.next()
            out.append(self.token(token, out))
        return "".join(out)

    def token(self, token: str, out: list[str]) -> str:
        if token == "{":
            self.at -= 1
            return self.argument()
        if token in "^_":
            return self.script(token, out)
        if token == "-":
            return "−"
        if token == "'":
            return "′"
        if token == "~":
            return " "
        if not token.startswith("\\"):
            return token
        name = token[1:]
        if name in _SPACES:
            return _SPACES[name]
        if name in ("left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big"):
            delimiter = self.next() or ""
            return "" if delimiter == "." else self.token(delimiter, out)
        if name in ("frac", "tfrac", "dfrac"):
            top, bottom = self.argument(), self.argument()
            return f"{_wrapped(top)}/{_wrapped(bottom)}{_FRACTION}"
        if name == "sqrt":
            return "√" + _wrapped(self.argument())
        if name in ("textit", "emph", "textbf"):
            return self.raw_group()
        if name in ("operatorname", "mathrm", "mathbf", "mathit", "boldsymbol", "mathbb",
                    "mathcal", "mathfrak"):
            argument = self.argument()
            if name == "operatorname":
                return f"{_FUNCTION}{argument}{_END}"
            return _letters(name, argument)
        if name in _ACCENTS:
            argument = self.argument()
            return argument + _ACCENTS[name] if len(argument) == 1 else \
                f"{_wrapped(argument)}{_ACCENTS[name]}"
        if name == "begin":
            return self.environment(self.raw_group())
        if name in _FUNCTIONS:
            return f"{_FUNCTION}{name}{_END}"
        if name in _SYMBOLS:
            return _SYMBOLS[name]
        greek = _greek(name)
        if greek is not None:
            return greek
        return name  # an unknown command: its name, never a backslash

    def script(self, kind: str, out: list[str]) -> str:
        """A superscript or subscript: Unicode's small characters where it has them all."""
        shown = self.argument().strip()
        ending = ""
        if out and out[-1].endswith(_END):  # lim_{n → ∞}, tanh^2: the script hangs on the name
            out[-1], ending = out[-1][:-1], _END
        return self._script(kind, shown) + ending

    @staticmethod
    def _script(kind: str, shown: str) -> str:
        table = _SUPERSCRIPTS if kind == "^" else _SUBSCRIPTS
        compact = shown.replace(" ", "")
        if compact and all(character in table for character in compact):
            return "".join(table[character] for character in compact)
        return f"{kind}{_wrapped(shown, script=True)}"

    def environment(self, name: str) -> str:
        """A matrix as ``[a, b; c, d]``; an ``aligned`` block as its rows, one after another."""
        body = []
        while (token := self.peek()) is not None:
            if token == "\\end":
                self.next()
                self.raw_group()
                break
            self.next()
            body.append(self.token(token, body) if token not in ("&", "\\\\") else token)
        rows = [row.split("&") for row in "".join(body).split("\\\\")]
        if name.endswith("matrix"):
            open_, close = {"pmatrix": "()", "vmatrix": "||"}.get(name, "[]")
            return open_ + "; ".join(", ".join(c.strip() for c in row) for row in rows) + close
        return " ".join("".join(c.strip() for c in row) for row in rows)


_FUNCTION, _END, _FRACTION = "\x01", "\x02", "\x03"  # where spaces are decided later
_OPERATORS = " +−±∓/=·,<>≠≤≥≈→⇒∈×∘"
_OPENING, _CLOSING = "([{⟨", ")]}⟩"


def _enclosed(text: str) -> bool:
    """Whether ``text`` is one bracketed or barred whole: ``(a + b)``, ``‖Qx‖²``."""
    text = text.rstrip("ᵀ*′⁰¹²³⁴⁵⁶⁷⁸⁹₀₁₂₃₄₅₆₇₈₉ⁿᵗˡᵏ")
    if len(text) < 2 or not (text[0] in _OPENING + "‖|" and text[-1] in _CLOSING + "‖|"):
        return False
    depth = 0
    for index, character in enumerate(text):
        if character in _OPENING or (character in "‖|" and index == 0):
            depth += 1
        elif character in _CLOSING or (character in "‖|" and index == len(text) - 1):
            depth -= 1
        if depth == 0 and index < len(text) - 1:
            return False
    return True


def _wrapped(text: str, script: bool = False) -> str:
    """``text`` as a fraction's part or a script: bracketed unless it is one symbol (a script)
    or one term without an operator (a fraction's part)."""
    text = text.strip()
    bare = text.replace(_FUNCTION, "").replace(_END, "").replace(_FRACTION, "")
    if len(bare) <= 1 or _enclosed(bare):
        return text
    if not script and not any(character in _OPERATORS for character in bare):
        return text
    return f"({text})"


def _spaced(text: str) -> str:
    """Spaces as a reader expects them: around relations and binary operators, after a
    comma, around a function's name unless a bracket or script follows, none elsewhere."""
    out: list[str] = []
    bars = 0  # ‖ seen so far: odd while inside a norm
    for index, character in enumerate(text):
        before = next((c for c in reversed(out) if c != " "), "")
        if character in _RELATIONS or character in "×∘" or (
                character in "+−±∓" and before and before not in "([{,;_^" + "".join(
                    _RELATIONS) + "±∓−+×∘" and not (before == "‖" and bars % 2)):
            while out and out[-1] == " ":
                out.pop()
            out += [" ", character, " "]
        elif character == ",":
            out += [",", " "]
        elif character in (" ", _FRACTION):
            following = text[index + 1:index + 2]
            if out and out[-1] != " " and (character == " " or following.isalnum()
                                           or following in "∂√" + _FUNCTION):
                out.append(" ")
        elif character == _FUNCTION:
            if before and before not in _OPENING + " " and not (before == "‖" and bars % 2):
                out.append(" ")
        elif character == _END:
            following = text[index + 1:index + 2]
            if following and ((following.isalnum() and following not in _SMALL)
                              or following in "√∂‖|" + _FUNCTION):
                out.append(" ")
        else:
            if character == "‖":
                bars += 1
            if out and out[-1] == " " and (character in _CLOSING or (len(out) >= 2
                                           and out[-2] in _OPENING)):
                out.pop()
            out.append(character)
    return re.sub(r" +", " ", "".join(out)).strip()


def unicode_math(latex: str) -> str:
    """The LaTeX of one formula as readable Unicode: ``\\lVert Q x\\rVert^{2}`` → ``‖Qx‖²``."""
    return _spaced(_convert(latex))


def _convert(latex: str) -> str:
    """:func:`unicode_math` before spacing; ``\\text{…}`` keeps its own spaces."""
    parts = _split_text(latex)
    return "".join(part.replace(" ", "\xa0") if index % 2 else _Reader(part).read()
                   for index, part in enumerate(parts)).replace("\xa0", " ")


_TEXT_SPANS = re.compile(r"\\(?:text|textrm|mbox)\{")


def _split_text(latex: str) -> list[str]:
    """``latex`` as math, text, math, …: the words of each ``\\text{…}`` with a space on
    either side."""
    parts, at = [], 0
    for found in _TEXT_SPANS.finditer(latex):
        if found.start() < at:
            continue
        reader = _Reader(latex[found.end() - 1:])
        words = reader.raw_group()
        parts += [latex[at:found.start()], f" {words.strip()} "]
        at = found.end() - 1 + len("".join(reader.tokens[:reader.at]))
    return [*parts, latex[at:]]


LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")  # Markdown's [words](target)
EMPHASIS = re.compile(r"(\*\*|\*|__)(?=\S)(.+?)(?<=\S)\1")  # *words*, **words**, __words__
_CODE = re.compile(r"`([^`]*)`")
_MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$([^$]+)\$", re.DOTALL)


def markdown_runs(markdown: str) -> list[tuple[str, bool]]:
    """Markdown with ``$…$`` math as runs of plain text, each with whether it is emphasised:
    math in Unicode, links as their words, ``*…*`` as emphasis without its asterisks."""
    runs: list[tuple[str, bool]] = []
    at = 0
    text = LINK.sub(r"\1", markdown)
    for found in _MATH_SPAN.finditer(text):
        runs += _emphasis_runs(text[at:found.start()])
        runs.append((unicode_math(found.group(1) or found.group(2)), False))
        at = found.end()
    runs += _emphasis_runs(text[at:])
    merged: list[tuple[str, bool]] = []
    for words, emphasised in runs:
        if merged and merged[-1][1] == emphasised:
            merged[-1] = (merged[-1][0] + words, emphasised)
        elif words:
            merged.append((words, emphasised))
    return merged


def _emphasis_runs(text: str) -> list[tuple[str, bool]]:
    text = _CODE.sub(r"\1", text)
    runs, at = [], 0
    for found in EMPHASIS.finditer(text):
        runs += [(text[at:found.start()], False), (found.group(2), True)]
        at = found.end()
    return [*runs, (text[at:], False)]


def plain_text(markdown: str) -> str:
    """Markdown with ``$…$`` math as plain readable text (:func:`markdown_runs`, joined)."""
    return "".join(words for words, _ in markdown_runs(markdown))
