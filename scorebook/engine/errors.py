"""Validation errors: each problem names its hand and field, in English and Hungarian."""

from __future__ import annotations

from dataclasses import dataclass

from scorebook.engine.types import Text


@dataclass(frozen=True, slots=True)
class Problem:
    field: str  # dotted path inside the hand record, e.g. "result.declarer_card_points"
    message: Text
    hand: int | None = None  # hand number; None for sheet-level problems

    def describe(self, lang: str = "en") -> str:
        where = f"hand {self.hand}: " if self.hand is not None else ""
        if lang == "hu" and self.hand is not None:
            where = f"{self.hand}. leosztás: "
        return f"{where}{self.field}: {self.message.get(lang)}"


class InvalidHand(Exception):
    """A hand (or session event) the rules refuse. Carries every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.describe() for p in problems))
        self.problems = problems

    @classmethod
    def one(cls, field: str, en: str, hu: str) -> InvalidHand:
        return cls([Problem(field, Text(en, hu))])


class InvalidSheet(Exception):
    """A scoresheet refused as a whole; `problems` lists every problem found."""

    def __init__(self, problems: list[Problem]) -> None:
        super().__init__("; ".join(p.describe() for p in problems))
        self.problems = problems


class Problems:
    """Collects problems while a hand is validated, then raises them all at once."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, field: str, en: str, hu: str) -> None:
        self.items.append(Problem(field, Text(en, hu)))

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self) -> None:
        if self.items:
            raise InvalidHand(list(self.items))
