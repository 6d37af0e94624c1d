"""A two-player game's match is named in whole sentences (`_match.Words`), one per game and
sentence, so each language writes the noun in the form its sentence needs (issue 22 item 6)."""

import json
from pathlib import Path

import pytest

from scorebook.catalogues import say_in
from scorebook.engine.scoresheet import score_sheet

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def scored(variant: str, lang: str | None) -> dict:
    sheet = json.loads((EXAMPLES / f"{variant}.json").read_text(encoding="utf-8"))
    return score_sheet(sheet, say_in(lang)) if lang else score_sheet(sheet)


def lines(variant: str, lang: str | None) -> list[str]:
    return [line for entry in scored(variant, lang)["entries"] for line in entry["breakdown"]]


@pytest.mark.parametrize(
    ("lang", "ended", "unfinished"),
    [
        (
            None,
            "Kati wins Bummerl 1; won so far Kati 1 – Laci 0; the next deal starts Bummerl 2",
            "the unfinished Bummerl 5 is not settled",
        ),
        (
            "hu",
            "1. Bummerl: Kati nyer; eddig nyert: Kati 1 – Laci 0; a következő leosztással "
            "kezdődik: 2. Bummerl",
            "5. Bummerl: befejezetlen, nem számít",
        ),
        (
            "pl",
            "Bummerla 1 wygrywa Kati; dotąd wygrane: Kati 1 – Laci 0; następne rozdanie "
            "zaczyna Bummerla 2",
            "Bummerl 5 – niedokończony, bez rozliczenia",
        ),
    ],
)
def test_a_bummerl_is_named_in_whole_sentences(lang, ended, unfinished):
    assert ended in lines("snapszer", lang)
    assert unfinished in scored("snapszer", lang)["end_of_session"]["breakdown"]


def test_a_series_is_named_in_its_own_sentences():
    assert "series 1, deal 1 of 5: deals won Pietro 0 – Vera 1, card points 39 – 81" in lines(
        "briscola", None
    )
    polish = lines("briscola", "pl")
    assert any(line.startswith("seria 1, rozdanie 1 z 5: wygrane rozdania") for line in polish)
