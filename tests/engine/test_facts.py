"""The statistics' facts of the variants the generic reading does not cover, each from a
worked example of tests/engine/cases/<key>.json; every expected fact below was read off the
hand record by hand (roles, bid, figures announced/made, contras: level, sayers, who won)."""

import json
import random
from pathlib import Path

import pytest

from scorebook.engine.facts import FIGURE_NAMES, hand_facts
from scorebook.engine.scoresheet import resolve_house_rules
from tests.engine.generators import generated_keys, random_night

CASES = Path(__file__).parent / "cases"


def facts_of(variant, case_id):
    cases = json.loads((CASES / f"{variant}.json").read_text(encoding="utf-8"))["cases"]
    sheet = next(c["sheet"] for c in cases if c["id"] == case_id)
    rules, problems = resolve_house_rules(variant, sheet.get("house_rules", {}))
    assert problems == []
    (hand,) = sheet["hands"]
    found = hand_facts(variant, tuple(sheet["players"]), hand, rules)
    figures = [(f.key, f.side, f.announced, f.made) for f in found.figures]
    contras = [(c.key, c.level, c.sayers, c.receivers, c.sayers_won) for c in found.contras]
    return dict(found.roles), found.level, figures, contras


D, P, OPP, OWN = "declarer", "partner", "opponent", "own"


def test_magyar_announced_volat_failed_under_kontra():
    """A's egyes with 70 card points and no volát: the volát he announced failed, so the
    kontra of B and C went their way; 70 < 71 is no double game."""
    assert facts_of("magyar", "11.1-MS2-failed") == (
        {"A": D, "B": OPP, "C": OPP},
        "one",
        [("volat", ("A",), True, False)],
        [("volat", 1, ("B", "C"), ("A",), True)],
    )


def test_magyar_silent_four_kings_of_the_opponents():
    _roles, level, figures, contras = facts_of("magyar", "11.2-M4-variant")
    assert (level, contras) == ("solo", [])
    assert figures == [
        ("four_kings", ("A",), True, False),
        ("four_kings", ("B", "C"), False, True),
    ]


def test_tapper_hand_bonus_and_an_individual_contra():
    assert facts_of("tapper", "11.2-T2") == (
        {"A": OPP, "B": D, "C": OPP},
        "felso_harmas",
        [("trull", ("C",), True, True)],
        [],
    )
    # only B said kontra (individual contras); A's hármas won with 40 ≥ 36
    assert facts_of("tapper", "H4")[3] == [("game", 1, ("B",), ("A",), False)]


def test_trisak_ultimo_and_bonus_under_a_penalty():
    """The opponents' announced ultimó failed; a revoke settles the hand, so the kontras
    on the game and the ultimó end neither way."""
    assert facts_of("trisak", "H5") == (
        {"A": D, "B": P, "C": OPP, "D": OPP},
        "jatek",
        [("pagat_ultimo", ("C", "D"), True, False), ("four_kings", ("A",), True, True)],
        [],
    )


def test_trisak_trisakolas_is_each_for_himself():
    roles, level, _figures, _contras = facts_of("trisak", "Tr1")
    assert (set(roles.values()), level) == ({OWN}, "trisakolas")


def test_negyes54_ultimohivas_lost_under_rekontra():
    """A calls the XIX (C holds it), rekontra by A's side; the ultimó is lost."""
    assert facts_of("negyes54", "H6") == (
        {"A": D, "B": OPP, "C": P, "D": OPP},
        "ultimohivas",
        [("pagat_ultimo", ("A", "C"), True, False)],
        [("game", 2, ("A", "C"), ("B", "D"), False)],
    )


def test_negyes54_all_pass():
    roles, level, figures, contras = facts_of("negyes54", "11.1")
    assert (set(roles.values()), level, figures, contras) == (
        {"all_pass"},
        "trisakolas_all_pass",
        [],
        [],
    )


def test_stromann_jatek_rekontra_won():
    """B's játék with 38 ≥ 36 card points: A's kontra, B's rekontra went B's way."""
    assert facts_of("stromann", "S5") == (
        {"A": OPP, "B": D},
        "jatek",
        [("trull", ("A",), True, True)],
        [("game", 2, ("B",), ("A",), True)],
    )


def test_strohmandli_point_figures_and_captures():
    """A 61 card points: játék (48) and kassza (60); his XXI-fogás and four kings in his
    tricks, B's uhu, all silent."""
    assert facts_of("strohmandli", "11.5") == (
        {"A": OWN, "B": OWN},
        "",
        [
            ("game", ("A",), False, True),
            ("kassza", ("A",), False, True),
            ("xxi_catch", ("A",), False, True),
            ("four_kings_captured", ("A",), False, True),
            ("uhu", ("B",), False, True),
        ],
        [],
    )


@pytest.mark.parametrize(
    "variant",
    [
        "magyar",
        "tapper",
        "trisak",
        "negyes54",
        "stromann",
        "strohmandli",
        "paskievics",
        "kiralyhivo",
        "ultimo",
        "snapszer",
    ],
)
def test_every_worked_example_reads(variant):
    """Every hand of the variant's worked examples gives facts naming only its players."""
    cases = json.loads((CASES / f"{variant}.json").read_text(encoding="utf-8"))["cases"]
    for case in cases:
        sheet = case["sheet"]
        rules, _problems = resolve_house_rules(variant, sheet.get("house_rules", {}))
        for hand in sheet["hands"]:
            found = hand_facts(variant, tuple(sheet["players"]), hand, rules)
            assert set(found.roles) == set(sheet["players"])
            assert all(set(f.side) <= set(sheet["players"]) for f in found.figures)
            named = [f.key for f in found.figures] + [c.key for c in found.contras]
            assert set(named) <= set(FIGURE_NAMES)  # the page names every figure


def test_tarokk_counts_are_the_announcers_own():
    """A tarokk count (tarokkszám, scored under the house rule) is said and so counted."""
    record = {
        "dealer": "C",
        "outcome": "played",
        "declarer": "A",
        "level": "three",
        "talon_step": 1,
        "game_contra": 0,
        "announcements": [],
        "tarokk_counts": [{"seat": "B", "count": 9}],
        "result": {"declarer_card_points": 50},
    }
    found = hand_facts("magyar", ("A", "B", "C"), record)
    assert [(f.key, f.side, f.announced, f.made) for f in found.figures] == [
        ("tarokk_count", ("B",), True, True)
    ]


@pytest.mark.parametrize("key", generated_keys())
def test_generated_nights_read(key):
    """Random valid nights of every variant (tests/engine/generators): every hand's facts
    name only the seated players, and every figure and contra has its name."""
    rng = random.Random(21)
    for _ in range(5):
        session, hands = random_night(key, rng, 30)
        for hand in (h for h in hands if "event" not in h):
            found = hand_facts(key, session.players, hand, session.house_rules)
            assert set(found.roles) <= set(session.players)
            named = [f.key for f in found.figures] + [c.key for c in found.contras]
            assert set(named) <= set(FIGURE_NAMES)
