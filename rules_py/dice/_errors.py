"""The one error type of the dice notation."""

from __future__ import annotations


class DiceError(ValueError):
    """A dice expression that cannot be parsed, rolled or computed.

    ``position`` is the 0-based index of the offending character in ``expression``
    (``None`` when the problem is the expression as a whole).
    """

    def __init__(self, message: str, expression: str = "", position: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.expression = expression
        self.position = position

    def __str__(self) -> str:
        if self.position is None:
            return self.message
        return f"{self.message} (at position {self.position + 1})"

    def pointer(self) -> str:
        """The expression with a caret under the offending character, for a terminal."""
        if self.position is None:
            return self.expression
        return f"{self.expression}\n{' ' * self.position}^"
