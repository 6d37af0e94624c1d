"""Problems: what the engine refuses, each naming the field of the record it is about."""

from __future__ import annotations

from dataclasses import dataclass

from scorebook.engine.messages import Msg, msg
from scorebook.engine.types import ENGLISH_SAY, Say


@dataclass(frozen=True, slots=True)
class Problem:
    field: str  # dotted path inside the hand record, e.g. "result.declarer_card_points"
    message: Msg
    hand: int | None = None  # hand number; None for sheet-level problems

    def describe(self, say: Say = ENGLISH_SAY) -> str:
        """The problem on one line, in the language `say` renders: `hand 3:
        result.declarer_card_points: 97 is above 94`."""
        text = say(self.message)
        if self.hand is None:
            return say(msg("{field}: {message}", field=self.field, message=text))
        return say(
            msg("hand {hand}: {field}: {message}", hand=self.hand, field=self.field, message=text)
        )


class InvalidHand(Exception):
    """A hand (or session event) the rules refuse. Carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.describe() for p in problems))
        self.problems = problems

    @classmethod
    def one(cls, field: str, message: Msg) -> InvalidHand:
        return cls([Problem(field, message)])


class InvalidSheet(Exception):
    """A scoresheet refused as a whole; `problems` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.describe() for p in problems))
        self.problems = problems


class Problems:
    """Collects problems while a hand is validated, then raises them all at once."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, field: str, message: Msg) -> None:
        """Add a problem: `add("result.card_points", msg("{value} is above {hi}", …))`."""
        self.items.append(Problem(field, message))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidHand(list(self.items))
