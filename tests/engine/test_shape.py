"""The bounds of every input (scorebook/engine/shape.py) and the variants' record shapes."""

import glob
import json
import random
import sys

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.messages import NO_MSG, msg
from scorebook.engine.shape import (
    BOOL,
    INT,
    MAX_DEPTH,
    MAX_ITEMS,
    MAX_PROBLEMS,
    MAX_TEXT,
    PLAYER,
    PLAYERS,
    TEXT,
    ByPlayer,
    Choice,
    Leaf,
    Obj,
    Rows,
    When,
    by_player,
    check_input,
    check_rule,
    check_value,
    fields,
    leaf_at,
    leaves,
    players_named,
    renamed_players,
    rows,
    value_problem,
)
from scorebook.engine.types import MAX_NUMBER, HouseRule
from tests.engine.generators import generated_keys, random_night


class Game:
    title = msg("Test game")
    record = fields(
        dealer=PLAYER,
        points=INT,
        bid=fields(declarer=PLAYER, level=TEXT),
        announcements=rows(figure=TEXT, by=PLAYER, contra=INT),
        card_points=by_player(INT),
        void=BOOL,
        ignore=("deal_number",),
    )
    event_record = fields(event=TEXT, player=PLAYER)


def found(record, **kwargs):
    return [(p.field, str(p.message)) for p in check_input(Game(), record, **kwargs)]


def nested(depth):
    value = 1
    for _ in range(depth):
        value = [value]
    return value


def test_a_well_formed_record_passes():
    record = {
        "dealer": "Anna",
        "points": -3,
        "bid": {"declarer": "Béla", "level": "two"},
        "announcements": [{"figure": "trull", "by": "Anna", "contra": 1}],
        "card_points": {"Anna": 40, "Béla": 54},
        "void": None,
    }
    assert found(record) == []


def test_ignored_keys_pass_at_the_top_only():
    record = {
        "dealer": "A",
        "variant": "x",
        "hand_no": 3,
        "hand_number": 3,
        "seats": ["A"],
        "house_rules": {},
        "base": {"amount": 2},
        "computed": {"deltas": {"A": 1}},
        "deal_number": 7,
    }
    assert found(record) == []
    assert found({"bid": {"hand_no": 1}}) == [("bid.hand_no", "is not a field of a Test game hand")]


def test_unknown_fields_are_named_with_their_path():
    record = {
        "dealer": "A",
        "bogus": 1,
        "announcements": [{"figure": "trull"}, {"by": "A", "extra": True}],
        "card_points": {"Anna": {"deep": 1}},
    }
    assert found(record) == [
        ("bogus", "is not a field of a Test game hand"),
        ("announcements[1].extra", "is not a field of a Test game hand"),
    ]
    # The game's title is a message in its turn (here one no catalogue holds)
    assert say_in("hu")(check_input(Game(), {"bogus": 1})[0].message) == (
        "nem mezője egy Test game leosztásnak"
    )
    assert found(record, unknown_fields=False) == []


def test_events_have_their_own_fields():
    assert found({"event": "join", "player": "Ede"}) == []
    assert found({"event": "join", "player": "Ede", "seat": 2}) == [
        ("seat", "is not a field of this session event")
    ]


def test_a_variant_without_events_leaves_them_to_its_rules_but_bounds_them():
    class NoEvents(Game):
        event_record = None

    assert check_input(NoEvents(), {"event": "join", "anything": 1}) == []
    assert [p.field for p in check_input(NoEvents(), {"event": "x" * 500})] == ["event"]


def test_deep_nesting_is_refused_without_recursion():
    deep = nested(100_000)  # json.loads would give up long before; the walk does not recurse
    assert found({"dealer": "A", "bid": {"level": deep}}) == [
        (
            "bid.level" + "[0]" * (MAX_DEPTH - 2),
            f"is nested too deeply (at most {MAX_DEPTH} levels)",
        )
    ]
    deep_object = {}
    node = deep_object
    for _ in range(5000):
        node["a"] = {}
        node = node["a"]
    assert len(check_value(deep_object)) == 1
    assert sys.getrecursionlimit() < 5000  # the depth above would overflow a recursive walk


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("An\x00na", "contains a control character (such as NUL or a line break)"),
        ("Anna\n", "contains a control character (such as NUL or a line break)"),
        ("\x1b[31m", "contains a control character (such as NUL or a line break)"),
        ("\x85", "contains a control character (such as NUL or a line break)"),
        ("\ud800", "contains an invalid character (a lone surrogate)"),
        ("x" * (MAX_TEXT + 1), f"is longer than {MAX_TEXT} characters"),
    ],
)
def test_strings_are_plain_text_of_a_sane_length(text, why):
    assert found({"dealer": text}) == [("dealer", why)]
    assert found({"card_points": {text: 1}})[0][1] == why  # keys too


@pytest.mark.parametrize(
    "text", ["Dóra", "Ödön Győző", "x" * MAX_TEXT, "ünnepi 🎉", "", "a\u200db"]
)
def test_ordinary_text_passes(text):
    assert found({"dealer": text}) == []


@pytest.mark.parametrize(
    ("number", "why"),
    [
        (MAX_NUMBER + 1, "is too large (at most 1,000,000,000,000 either way)"),
        (-(10**26), "is too large (at most 1,000,000,000,000 either way)"),
        (1.0, "is not a whole number"),
        (float("nan"), "is not a whole number"),
        (float("inf"), "is not a whole number"),
        (-float("inf"), "is not a whole number"),
    ],
)
def test_numbers_are_bounded_whole_numbers(number, why):
    assert found({"points": number}) == [("points", why)]
    assert found({"announcements": [{"contra": number}]}) == [("announcements[0].contra", why)]


@pytest.mark.parametrize("number", [0, MAX_NUMBER, -MAX_NUMBER, True, False, None])
def test_numbers_within_the_bound_pass(number):
    assert found({"points": number}) == []


def test_long_lists_and_objects_are_refused():
    assert found({"announcements": [{}] * (MAX_ITEMS + 1)}) == [
        ("announcements", f"has more than {MAX_ITEMS} items")
    ]
    many = {f"p{i}": 1 for i in range(MAX_ITEMS + 1)}
    assert found({"card_points": many}) == [("card_points", f"has more than {MAX_ITEMS} items")]
    assert found({"announcements": [{}] * MAX_ITEMS}) == []


def test_a_flood_of_problems_is_cut_short():
    record = {"announcements": [{"contra": 0.5} for _ in range(MAX_ITEMS)]}
    assert len(found(record)) == MAX_PROBLEMS


def test_a_huge_key_is_shortened_in_the_path():
    problems = found({"k" * 1000: 1})
    assert problems == [("k" * 40 + "…", f"is longer than {MAX_TEXT} characters")]
    problems = found({"k" * 100: 1})
    assert problems == [("k" * 40 + "…", "is not a field of a Test game hand")]


def test_not_an_object():
    assert found([1, 2]) == [("hand", "must be a JSON object")]
    assert found("x") == [("hand", "must be a JSON object")]


def test_values_that_are_not_json_are_refused():
    assert found({"points": object()}) == [("points", "is not a JSON value")]
    assert found({"points": b"x"}) == [("points", "is not a JSON value")]


def test_value_problem_says_where():
    assert str(value_problem({"min_tarokks": 8, "value": 10**26})) == (
        "value: is too large (at most 1,000,000,000,000 either way)"
    )
    assert str(value_problem(3.5)) == "is not a whole number"
    assert value_problem([{"a": 1}]) is None


# --- house rules ---------------------------------------------------------------------------


def test_an_int_rule_without_a_maximum_is_bounded():
    rule = HouseRule("kassza_stake", 0, "int", NO_MSG, minimum=0)
    assert rule.check(MAX_NUMBER) is None
    assert str(rule.check(MAX_NUMBER + 1)) == f"{MAX_NUMBER + 1} is above {MAX_NUMBER}"
    free = HouseRule("x", None, "optional_int", NO_MSG)
    assert str(free.check(-(10**26))) == f"{-(10**26)} is below {-MAX_NUMBER}"
    assert free.check(None) is None
    bounded = HouseRule("y", 1, "int", NO_MSG, minimum=1, maximum=10)
    assert str(bounded.check(11)) == "11 is above 10"


def test_a_json_rule_goes_through_the_bounds_before_its_checker():
    calls = []

    def checker(value):
        calls.append(value)
        return None

    rule = HouseRule("bonus", None, "json", NO_MSG, checker=checker)
    assert str(check_rule(rule, nested(50))).startswith("[0]")
    assert str(check_rule(rule, {"value": 10**26})) == (
        "value: is too large (at most 1,000,000,000,000 either way)"
    )
    assert str(check_rule(rule, {"value": "a\x00"})) == (
        "value: contains a control character (such as NUL or a line break)"
    )
    assert calls == []
    assert check_rule(rule, {"value": 3}) is None
    assert calls == [{"value": 3}]


# --- every variant's record ----------------------------------------------------------------


def _sheets():
    for path in sorted(glob.glob("examples/*.json")):
        with open(path, encoding="utf-8") as f:
            yield path, json.load(f)
    for path in sorted(glob.glob("tests/engine/cases/*.json")):
        with open(path, encoding="utf-8") as f:
            for case in json.load(f)["cases"]:
                if "sheet" in case:
                    yield f"{path} {case.get('id')}", case["sheet"]


def _leaf_fits(kind, value):
    if value is None:
        return True
    if kind == "int":
        return type(value) is int
    if kind in ("text", "player"):
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind in ("players", "texts"):
        return isinstance(value, list) and all(isinstance(v, str) for v in value)
    if kind == "ints":
        return isinstance(value, list) and all(type(v) is int for v in value)
    raise AssertionError(kind)


def _kinds_fit(node, value, path, out):
    """Every value of a real record has the JSON type its declared leaf kind says."""
    if value is None:
        return
    if isinstance(node, Leaf):
        if not _leaf_fits(node.kind, value):
            out.append(f"{path}: {value!r} is not {node.kind}")
    elif isinstance(node, Obj):
        for key, item in value.items():
            if key in node.fields:
                _kinds_fit(node.fields[key], item, f"{path}.{key}", out)
    elif isinstance(node, Rows):
        for i, item in enumerate(value):
            _kinds_fit(node.item, item, f"{path}[{i}]", out)
    elif isinstance(node, ByPlayer):
        for key, item in value.items():
            _kinds_fit(node.value, item, f"{path}.{key}", out)


def _check_records(key, records, where):
    variant = registry.get(key)
    bad = []
    for record in records:
        if not isinstance(record, dict):
            continue
        bad += [f"{where}: {p.field}: {p.message}" for p in check_input(variant, record)]
        node = variant.event_record if "event" in record else variant.record
        if node is not None:
            _kinds_fit(node, record, where, bad)
    return bad


def test_every_example_and_worked_example_fits_its_variants_record():
    bad = []
    seen = set()
    for where, sheet in _sheets():
        seen.add(sheet["variant"])
        bad += _check_records(sheet["variant"], sheet["hands"], where)
    assert bad == []
    assert seen == set(registry.VARIANT_KEYS)


@pytest.mark.parametrize("key", generated_keys())
def test_every_generated_night_fits_its_variants_record(key):
    _session, records = random_night(key, random.Random(11), 400)
    assert _check_records(key, records, key) == []


@pytest.mark.parametrize("key", ["magyar", "tapper"])
def test_a_count_bonus_rule_of_its_own_is_bounded_too(key):
    rule = next(r for r in registry.get(key).house_rules if r.name == "tarokk_count_bonus")
    item = {"min_tarokks": 8, "value": 10**26}
    value = item if key == "magyar" else [item]
    where = "value" if key == "magyar" else "[0].value"
    assert (
        str(check_rule(rule, value))
        == f"{where}: is too large (at most 1,000,000,000,000 either way)"
    )
    ok = {"min_tarokks": 8, "value": 10**12}
    assert check_rule(rule, ok if key == "magyar" else [ok]) is None


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_every_variant_declares_its_record(key):
    variant = registry.get(key)
    assert isinstance(variant.record, Obj)
    assert "dealer" in variant.record.fields
    assert variant.event_record is None or "event" in variant.event_record.fields
    unknown = check_input(variant, {"dealer": "A", "no_such_field": 1})
    assert [p.field for p in unknown] == ["no_such_field"]
    assert str(unknown[0].message) == f"is not a field of a {variant.title} hand"


# --- the schema a hand form is built from ----------------------------------------------------

SCHEMA = fields(
    outcome=TEXT.but(
        label=msg("outcome"),
        choices=(Choice("played", msg("played")), Choice("all_pass", msg("all pass"))),
        default="played",
    ),
    points=INT.but(label=msg("card points"), lo=0, hi=94, when=When("outcome", ("played",))),
    announcements=rows(figure=TEXT.but(label=msg("figure")), contra=INT),
    card_points=by_player(INT.but(label=msg("card points"))),
)


def test_a_leaf_carries_its_schema_and_stays_its_kind():
    points = leaf_at(SCHEMA, "points")
    assert points is not None
    assert (points.kind, points.lo, points.hi, str(points.label)) == ("int", 0, 94, "card points")
    assert points.when == When("outcome", ("played",))
    assert INT.kind == "int"
    assert INT.label is None  # the bare kinds are unchanged by `but`


def test_leaf_at_finds_rows_and_player_maps():
    assert str(leaf_at(SCHEMA, "announcements[2].figure").label) == "figure"
    assert leaf_at(SCHEMA, "announcements[0].contra") is INT
    assert str(leaf_at(SCHEMA, "card_points.Anna").label) == "card points"
    assert leaf_at(SCHEMA, "nothing.here") is None
    assert leaf_at(SCHEMA, "announcements") is None


def test_leaves_lists_every_field_with_its_path():
    assert [p for p, _leaf in leaves(SCHEMA)] == [
        "outcome",
        "points",
        "announcements[].figure",
        "announcements[].contra",
        "card_points.*",
    ]


class _Game:
    """A record with every kind of player field, and values that look like names."""

    title = msg("Test game")
    record = fields(
        dealer=PLAYER,
        level=TEXT,
        contra_by=PLAYERS,
        bids=rows(player=PLAYER, card=TEXT),
        points=by_player(fields(best=TEXT)),
    )
    event_record = fields(event=TEXT, player=PLAYER, seat_index=INT)


def test_renaming_changes_only_player_fields():
    record = {
        "dealer": "two",
        "level": "three",
        "contra_by": ["three", "XX"],
        "bids": [{"player": "XX", "card": "XX"}, {"player": "three", "card": "two"}],
        "points": {"two": {"best": "three"}, "three": {"best": "two"}},
        "hand_no": "two",  # a field the schema does not know stays as it is
    }
    swap = {"two": "three", "three": "two", "XX": "Xavér"}
    assert renamed_players(_Game, record, swap) == {
        "dealer": "three",
        "level": "three",
        "contra_by": ["two", "Xavér"],
        "bids": [{"player": "Xavér", "card": "XX"}, {"player": "two", "card": "two"}],
        "points": {"three": {"best": "three"}, "two": {"best": "two"}},
        "hand_no": "two",
    }
    assert players_named(_Game, record) == {"two", "three", "XX"}
    event = {"event": "join", "player": "two", "seat_index": 1}
    assert renamed_players(_Game, event, swap) == {
        "event": "join",
        "player": "three",
        "seat_index": 1,
    }
