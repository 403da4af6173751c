"""A hand-written parser for Rollbook's dice notation.

Grammar (letters are case-insensitive; white space may stand between tokens,
never inside a number, so ``3d6 5`` is refused rather than read as ``3d65``)::

    expression := [sign] term (sign term)*
    sign       := "+" | "-"
    term       := number | dice
    dice       := [number] "d" (number | "%" | "F") ["!"] [keep]
    keep       := ("k" | "kh" | "kl" | "dh" | "dl") number
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_py.dice._ast import Constant, DiceTerm, DieKind, Expression, Keep, Term
from rules_py.dice._errors import DiceError

MAX_DICE = 100
"""At most this many dice in one term."""
MAX_SIDES = 1000
"""At most this many sides on one die."""
MAX_TERMS = 20
"""At most this many terms in one expression."""
MAX_CONSTANT = 1_000_000
"""No constant larger than this."""
MAX_LENGTH = 200
"""No expression longer than this many characters."""


@dataclass(slots=True)
class _Cursor:
    """The expression with its white space removed, remembering where each character stood."""

    source: str
    chars: str
    where: list[int]
    i: int = 0

    @classmethod
    def over(cls, source: str) -> _Cursor:
        kept = [(c, n) for n, c in enumerate(source) if not c.isspace()]
        return cls(source, "".join(c for c, _ in kept).lower(), [n for _, n in kept])

    def position(self, i: int | None = None) -> int:
        i = self.i if i is None else i
        return self.where[i] if i < len(self.where) else len(self.source.rstrip())

    def peek(self, n: int = 0) -> str:
        j = self.i + n
        return self.chars[j] if j < len(self.chars) else ""

    def error(self, message: str, at: int | None = None) -> DiceError:
        return DiceError(message, self.source, self.position(at))

    def number(self, what: str) -> tuple[int, int]:
        """Read a whole number; return it and where it started."""
        start = self.i
        while self.peek().isdigit():
            self.i += 1
        if start == self.i:
            found = f"'{self.peek()}'" if self.peek() else "the end"
            raise self.error(f"expected {what}, found {found}")
        for j in range(start, self.i - 1):
            if self.where[j + 1] != self.where[j] + 1:
                spelled = self.source[self.where[start] : self.where[self.i - 1] + 1]
                raise DiceError(
                    f"a space inside the number '{spelled}'", self.source, self.where[j] + 1
                )
        digits = self.chars[start : self.i]
        if len(digits) > 7 or int(digits) > MAX_CONSTANT:
            raise self.error(f"{what} {digits} is too large", start)
        return int(digits), start


def parse(source: str) -> Expression:
    """Parse dice notation such as ``3d10k2+2``, ``4dF``, ``d%`` or ``4d6dl1``.

    Raises :class:`DiceError` naming the problem and pointing at the character.
    """
    if not isinstance(source, str):
        raise DiceError("a dice expression must be text", str(source), None)
    if len(source) > MAX_LENGTH:
        raise DiceError(f"expression is longer than {MAX_LENGTH} characters", source[:40], None)
    cur = _Cursor.over(source)
    if not cur.chars:
        raise DiceError("empty dice expression", source, 0 if source else None)
    terms: list[Term] = []
    negative = False
    if cur.peek() in "+-":
        negative = cur.peek() == "-"
        cur.i += 1
    while True:
        if len(terms) == MAX_TERMS:
            raise cur.error(f"at most {MAX_TERMS} terms in one expression")
        terms.append(_term(cur, negative))
        if cur.i == len(cur.chars):
            return Expression(tuple(terms), source)
        sign = cur.peek()
        if sign not in "+-":
            raise cur.error(f"unexpected '{cur.source[cur.position()]}'")
        negative = sign == "-"
        cur.i += 1
        if cur.i == len(cur.chars):
            raise cur.error(f"expected a die or a number after '{sign}'")


def _term(cur: _Cursor, negative: bool) -> Term:
    if not cur.peek() or cur.peek() not in "0123456789d":
        found = f"'{cur.source[cur.position()]}'" if cur.peek() else "the end"
        raise cur.error(f"expected a die or a number, found {found}")
    count, count_at = cur.number("a number") if cur.peek().isdigit() else (1, cur.i)
    if cur.peek() != "d":
        value = -count if negative else count
        return Constant(value)
    cur.i += 1
    if count < 1:
        raise cur.error("roll at least 1 die", count_at)
    if count > MAX_DICE:
        raise cur.error(f"at most {MAX_DICE} dice in one term, not {count}", count_at)
    kind, sides = _die(cur)
    explode = False
    if cur.peek() == "!":
        if kind is DieKind.FUDGE:
            raise cur.error("Fudge dice cannot explode")
        explode = True
        cur.i += 1
    keep = _keep(cur, count)
    return DiceTerm(count, sides, kind, explode, keep, negative)


def _die(cur: _Cursor) -> tuple[DieKind, int]:
    if cur.peek() == "%":
        cur.i += 1
        return DieKind.PERCENT, 100
    if cur.peek() == "f":
        cur.i += 1
        return DieKind.FUDGE, 3
    sides, at = cur.number("the number of sides after 'd'")
    if sides < 2:
        raise cur.error(f"a die needs at least 2 sides, not {sides}", at)
    if sides > MAX_SIDES:
        raise cur.error(f"a die has at most {MAX_SIDES} sides, not {sides}", at)
    return DieKind.STANDARD, sides


_KEEP_WORDS = {"kh": (True, True), "kl": (False, True), "dh": (False, False), "dl": (True, False)}


def _keep(cur: _Cursor, count: int) -> Keep | None:
    start = cur.i
    word = cur.peek() + cur.peek(1)
    if word in _KEEP_WORDS:
        cur.i += 2
    elif cur.peek() == "k":
        word = "kh"
        cur.i += 1
    else:
        return None
    spelled = cur.chars[start : cur.i]
    highest, keeping = _KEEP_WORDS[word]
    n, at = cur.number(f"how many dice after '{spelled}'")
    if keeping:
        if n < 1:
            raise cur.error("keep at least 1 die", at)
        if n > count:
            raise cur.error(f"cannot keep {n} of {count} dice", at)
        kept = n
    else:
        if n >= count:
            raise cur.error(f"cannot drop {n} of {count} dice", at)
        kept = count - n
    return Keep(highest, kept, f"{spelled}{n}")
