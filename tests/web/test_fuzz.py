"""Property-based fuzzing of the night set-up, the hand forms and the import.

Whatever is posted: never a 500, and either the whole write happened (and the stored
caches agree with a fresh engine replay) or nothing changed at all.
"""

import json
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook import nightview, services
from scorebook.engine import registry
from scorebook.engine.replay import replay
from scorebook.engine.scoresheet import read_sheet
from scorebook.models import Hand, HandRevision, Night, Player, Seat
from tests import examples
from tests.factories import make_night
from tests.web.conftest import PLAYERS

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]

FUZZ = settings(
    max_examples=examples(250),
    deadline=None,
    database=None,  # no .hypothesis/ directory in the working tree
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)


@contextmanager
def rolled_back():
    """Each example starts from the same database: its writes are undone afterwards, so
    nights do not grow from one example to the next."""
    with transaction.atomic():
        yield
        transaction.set_rollback(True)


def snapshot():
    """Everything a form could write, in one query: row counts, and the hands' versions,
    deletions and records (any change to a hand raises its version)."""
    return (
        Night.objects.count(),
        Seat.objects.count(),
        Player.objects.count(),
        HandRevision.objects.count(),
        Hand.objects.aggregate(
            n=Count("pk"), v=Sum("version"), d=Count("pk", filter=Q(deleted=True))
        ),
    )


def assert_consistent(night):
    """The stored caches are what the engine computes from the stored records."""
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    result = replay(view.session, [r.record for r in view.live_rows])
    assert view.totals() == dict(result.totals)
    assert view.pots() == dict(result.pots)
    numbers = [r.number for r in view.live_rows if not r.is_event]
    assert numbers == list(range(1, len(numbers) + 1))


# --- value strategies -----------------------------------------------------------------------

any_text = st.text(max_size=40)
tricky = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "1e9",
        "NaN",
        "Infinity",
        "9" * 30,
        "1.5",
        "true",
        "null",
        "[]",
        "{}",
        "Anna",
        "Béla",
        "Dóra",
        "Ede",
        "\u00a0",
        "'; DROP TABLE",
        "<script>",
        "@0",
        "@9",
    ]
)
# What a hostile or broken client sends: control characters (NUL breaks a PostgreSQL JSON
# string), numbers past every bound, floats where whole numbers go, nesting, long text.
hostile = st.sampled_from(
    [
        "\x00",
        "An\x00na",
        "\x1b[31m",
        "a\nb",
        "\t",
        "\x7f",
        "\u0085",
        "\ufffd",
        "x" * 201,
        "x" * 20_000,
        "9" * 400,
        "1" + "0" * 26,
        "-" + "9" * 13,
        "1e400",
        "NaN",
        "-Infinity",
        "0.5",
        "[" * 3000,
        '{"a":' * 1500,
    ]
)
value = st.one_of(any_text, tricky, hostile, st.integers(-(10**12), 10**12).map(str))
values = st.lists(value, min_size=0, max_size=3)


# --- night set-up ---------------------------------------------------------------------------

SETUP_FIELDS = [
    "per_point",
    "currency",
    "date",
    "place",
    "first_dealer",
    "hr_double_wins",
    "hr_base",
    "hr_kitty_rule",
    "hr_cap",
    "pot_kitty",
]


@FUZZ
@given(
    fields=st.dictionaries(st.sampled_from(SETUP_FIELDS) | any_text, values, max_size=12),
    players=st.lists(st.one_of(value, st.sampled_from(PLAYERS)), max_size=8),
)
def test_night_setup_never_fails(client_in, fields, players):
    with rolled_back():
        before = snapshot()
        data = {k: v for k, v in fields.items() if k}
        data["players"] = players
        response = client_in.post(reverse("setup", args=["toy"]), data)
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
        else:
            night = Night.objects.latest("pk")
            assert Night.objects.count() == before[0] + 1
            assert nightview.seated_names(night) == [p.strip()[:60] for p in players if p.strip()]
            assert_consistent(night)


# --- hand forms -----------------------------------------------------------------------------

TOY_FIELDS = [
    "dealer",
    "winner",
    "points:int",
    "to_kitty:bool",
    "bonuses[0].who",
    "bonuses[0].amount:int",
    "bonuses[1].who",
    "bonuses[1].amount:int",
    "tricks.@0:int",
    "tricks.@3:int",
    "tricks.@7:int",
    "event",
    "player",
    "a.b",
    "a.b.c",
    "a[0]",
    "[0]",
    "x:ints",
    "y:list",
    "_expected_number",
]
PLAUSIBLE = {
    "dealer": st.sampled_from([*PLAYERS, "Zoli", ""]),
    "winner": st.sampled_from([*PLAYERS, "Zoli", ""]),
    "points:int": st.integers(-3, 25).map(str),
}


@st.composite
def hand_posts(draw):
    data = {}
    for name in draw(st.lists(st.sampled_from(TOY_FIELDS) | any_text, max_size=10)):
        if name in PLAUSIBLE and draw(st.booleans()):
            data[name] = [draw(PLAUSIBLE[name])]
        else:
            data[name] = draw(values)
    return {k: v for k, v in data.items() if k}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**6), 10**6) | st.sampled_from(PLAYERS) | any_text,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(any_text, inner, max_size=4),
    max_leaves=12,
)


@settings(FUZZ, max_examples=examples(180))
@given(posts=st.lists(hand_posts(), min_size=1, max_size=3))
def test_hand_entry_never_fails(client_in, night, posts):
    with rolled_back():
        for data in posts:
            before = snapshot()
            response = client_in.post(reverse("new_hand", args=[night.pk]), data)
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert snapshot() == before
            else:
                assert Hand.objects.count() == before[4]["n"] + 1
            assert_consistent(night)


@pytest.fixture
def two_hands(night):
    services.record_hand(night=night, record={"dealer": "Dóra", "winner": "Anna", "points": 2})
    services.record_hand(night=night, record={"dealer": "Anna", "winner": "Béla", "points": 1})
    return night


@settings(FUZZ, max_examples=examples(120))
@given(data=hand_posts())
def test_hand_edit_and_preview_never_fail(client_in, two_hands, data):
    night = two_hands
    with rolled_back():
        hand = Hand.objects.get(night=night, number=1)
        before = snapshot()
        preview = client_in.post(reverse("preview_edit", args=[night.pk, hand.pk]), data)
        assert preview.status_code == 200
        assert snapshot() == before
        data = {**data, "_version": [str(hand.version)]}
        response = client_in.post(reverse("edit_hand", args=[night.pk, hand.pk]), data)
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
        else:
            assert Hand.objects.get(pk=hand.pk).version == hand.version + 1
        assert_consistent(night)


def record_fields(record, prefix=""):
    """A stored hand record as the generic form posts it (field path + type marker)."""
    out = {}
    if isinstance(record, dict):
        for key, item in record.items():
            out.update(record_fields(item, f"{prefix}.{key}" if prefix else key))
    elif isinstance(record, list) and record and all(isinstance(i, dict) for i in record):
        for i, item in enumerate(record):
            out.update(record_fields(item, f"{prefix}[{i}]"))
    elif isinstance(record, bool):
        out[f"{prefix}:bool"] = ["1"] if record else []
    elif isinstance(record, int):
        out[f"{prefix}:int"] = [str(record)]
    elif isinstance(record, list):
        out[f"{prefix}:list"] = [str(v) for v in record]
    elif record is not None:
        out[prefix] = [str(record)]
    return out


PASKIEVICS = json.loads((ROOT / "examples/paskievics.json").read_text(encoding="utf-8"))
PASKIEVICS_POSTS = [record_fields(h) for h in PASKIEVICS["hands"] if "event" not in h]


@pytest.fixture
def paskievics_night(user):
    from scorebook import sheets

    doc = {**PASKIEVICS, "hands": []}
    return sheets.create_night_from_sheet(owner=user, data=doc)


@settings(FUZZ, max_examples=examples(200))
@given(
    base=st.sampled_from(PASKIEVICS_POSTS),
    changes=st.lists(st.tuples(st.integers(0, 200), values), max_size=4),
    drop=st.lists(st.integers(0, 200), max_size=2),
)
def test_real_hand_form_with_mangled_fields(client_in, paskievics_night, base, changes, drop):
    with rolled_back():
        data = dict(base)
        names = sorted(data)
        for index in drop:
            data.pop(names[index % len(names)], None)
        for index, new in changes:
            data[names[index % len(names)]] = new
        before = snapshot()
        response = client_in.post(reverse("new_hand", args=[paskievics_night.pk]), data)
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
        assert_consistent(paskievics_night)


# --- import ---------------------------------------------------------------------------------


def case_sheets():
    docs = []
    for path in sorted((ROOT / "tests/engine/cases").glob("*.json")):
        docs += [c["sheet"] for c in json.loads(path.read_text(encoding="utf-8"))["cases"]]
    return docs


SHEETS = case_sheets()


def paths(doc, prefix=()):
    yield prefix
    if isinstance(doc, dict):
        for key, item in doc.items():
            yield from paths(item, (*prefix, key))
    elif isinstance(doc, list):
        for i, item in enumerate(doc):
            yield from paths(item, (*prefix, i))


def mutate(doc, path, new, mode):
    if not path:
        return new
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if mode == "delete":
        del parent[key]
    elif mode == "add" and isinstance(parent, dict):
        parent[f"{key}_extra"] = new
    else:
        parent[key] = new
    return doc


@FUZZ
@given(
    index=st.integers(0, len(SHEETS) - 1),
    mutations=st.lists(
        st.tuples(st.integers(0, 10**6), json_values, st.sampled_from(["set", "delete", "add"])),
        max_size=3,
    ),
)
def test_import_of_mangled_sheets(client_in, index, mutations):
    with rolled_back():
        doc = json.loads(json.dumps(SHEETS[index]))
        for pick, new, mode in mutations:
            candidates = list(paths(doc))
            doc = mutate(doc, candidates[pick % len(candidates)], new, mode)
        before = snapshot()
        response = client_in.post(reverse("import_night"), {"text": json.dumps(doc)})
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
            assert response.context["problems"] or response.context["form"].errors
        else:
            night = Night.objects.latest("pk")
            assert Night.objects.count() == before[0] + 1
            sheet = read_sheet(doc)
            expected = replay(
                sheet.session,
                [{k: v for k, v in r.items() if k != "computed"} for r in sheet.records],
            )
            assert nightview.night_view(night).totals() == dict(expected.totals)
            assert_consistent(night)


@FUZZ
@given(
    doc=st.one_of(
        json_values,
        st.fixed_dictionaries(
            {
                "format": st.just("scorebook/1"),
                "variant": st.sampled_from(["toy", "paskievics", "x"]),
            },
            optional={
                "players": json_values,
                "hands": json_values,
                "stake": json_values,
                "house_rules": json_values,
                "pots": json_values,
            },
        ),
    )
)
def test_import_of_arbitrary_json(client_in, doc):
    with rolled_back():
        before = snapshot()
        response = client_in.post(reverse("import_night"), {"text": json.dumps(doc) or "x"})
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
        else:
            assert_consistent(Night.objects.latest("pk"))


@settings(FUZZ, max_examples=examples(150))
@given(raw=st.binary(max_size=300))
def test_import_of_arbitrary_bytes(client_in, raw):
    with rolled_back():
        import io

        before = snapshot()
        upload = io.BytesIO(raw)
        upload.name = "sheet.json"
        response = client_in.post(reverse("import_night"), {"file": upload})
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before


def test_mutation_helper_reaches_every_field():
    doc = {"a": [1, {"b": 2}]}
    assert list(paths(doc)) == [(), ("a",), ("a", 0), ("a", 1), ("a", 1, "b")]
    assert mutate(json.loads(json.dumps(doc)), ("a", 1, "b"), 3, "set") == {"a": [1, {"b": 3}]}


# --- hostile input on every variant's hand form, the set-up and the import --------------------
# Modest example counts: each test stays within a few seconds, and CI runs them twice
# (SQLite and PostgreSQL).

HOSTILE = settings(FUZZ, max_examples=examples(12))


def every_input_name(key, players):
    """The path-named inputs of the variant's hand record, as the generic form names them."""
    from scorebook.forms import HandForm

    form = HandForm(players=players, active=players, shape=registry.get(key).record)
    return [i.name for i in form.generic_inputs]


def variant_night(user, key):
    variant = registry.get(key)
    players = ["Anna", "Béla", "Csaba", "Dóra", "Ede"][: max(variant.min_players, 2)]
    players = players[: variant.max_players]
    return make_night(user, key, players), players


def assert_pages_answer(client, night):
    """Whatever was (or was not) saved, every page of the night still answers."""
    for name in ("night", "sheet", "settle", "print", "sheet_csv", "new_hand"):
        assert client.get(reverse(name, args=[night.pk])).status_code == 200, name
    for hand in Hand.objects.filter(night=night):
        assert client.get(reverse("edit_hand", args=[night.pk, hand.pk])).status_code == 200


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_every_variant_hand_form_refuses_hostile_values(client_in, user, key):
    night, players = variant_night(user, key)
    names = every_input_name(key, players)

    @HOSTILE
    @given(
        picked=st.lists(
            st.tuples(st.sampled_from(names), st.lists(hostile | value, min_size=1, max_size=2)),
            min_size=1,
            max_size=6,
        )
    )
    def check(picked):
        with rolled_back():
            data = {"dealer": players[0], **dict(picked)}
            before = snapshot()
            for url in (reverse("preview", args=[night.pk]), reverse("new_hand", args=[night.pk])):
                response = client_in.post(url, data)
                assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert snapshot() == before
            else:
                assert_pages_answer(client_in, night)
            assert_consistent(night)

    check()


JSON_RULES = [
    ("magyar", "tarokk_count_bonus"),
    ("tapper", "tarokk_count_bonus"),
    ("snapszer", "snapszer_game_points"),
    ("trappola", "trappola_values"),
]
hostile_json = st.sampled_from(
    [
        "[" * 1000 + "]" * 1000,
        "[" * 30 + "]" * 30,
        '{"min_tarokks": 8, "value": 100000000000000000000000000}',
        '[{"min_tarokks": 8, "value": 1e26}]',
        '{"min_tarokks": 8, "value": NaN}',
        '{"min_tarokks": 8, "value": Infinity}',
        '{"min_tarokks": "\\u0000", "value": 2}',
        '{"min_tarokks": "\\ud800", "value": 2}',
        '"' + "x" * 1990 + '"',
        "[1, 2, 3e400]",
        '{"ace": 1e26}',
        "[" + ", ".join(["1"] * 600) + "]",
    ]
) | json_values.map(json.dumps)


@pytest.mark.parametrize(("key", "rule"), JSON_RULES)
def test_setup_refuses_hostile_json_house_rules(client_in, key, rule):
    assert any(r.name == rule and r.kind == "json" for r in registry.get(key).house_rules)

    @HOSTILE
    @given(text=hostile_json)
    def check(text):
        with rolled_back():
            before = snapshot()
            data = {
                "per_point": "1",
                "currency": "HUF",
                "date": "2026-11-25",
                "players": ["Anna", "Béla", "Csaba", "Dóra"][: registry.get(key).max_players],
                f"hr_{rule}": text,
            }
            response = client_in.post(reverse("setup", args=[key]), data)
            assert response.status_code in (200, 302)
            if response.status_code == 200:
                assert snapshot() == before
            else:
                assert_pages_answer(client_in, Night.objects.latest("pk"))

    check()


def hostile_sheets():
    """A valid case sheet with one hostile value put somewhere a user's file could hold it."""
    deep = 1
    for _ in range(40):
        deep = [deep]
    nasty = st.sampled_from(
        [deep, "\x00", "A\x00", "\ud800", "x" * 5000, 10**26, -(10**13), 0.5, 1e308, True]
    )
    return st.tuples(st.integers(0, len(SHEETS) - 1), st.integers(0, 10**6), nasty)


@settings(FUZZ, max_examples=examples(40))
@given(picked=hostile_sheets(), mode=st.sampled_from(["set", "add"]))
def test_import_refuses_hostile_values(client_in, picked, mode):
    index, pick, new = picked
    with rolled_back():
        doc = json.loads(json.dumps(SHEETS[index]))
        candidates = [p for p in paths(doc) if p]
        doc = mutate(doc, candidates[pick % len(candidates)], new, mode)
        before = snapshot()
        text = json.dumps(doc)  # ASCII: a lone surrogate travels as its escape, as in a file
        response = client_in.post(reverse("import_night"), {"text": text})
        assert response.status_code in (200, 302)
        if response.status_code == 200:
            assert snapshot() == before
        else:
            assert_pages_answer(client_in, Night.objects.latest("pk"))


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"format": "scorebook/1", "hands": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"format": "scorebook/1", "pots": {"ultimokassza": NaN}}',
        '{"format": "scorebook/1", "variant": "paskievics", "players": ["\\u0000"]}',
    ],
)
def test_import_of_json_past_the_parsers_limits(client_in, text):
    before = snapshot()
    response = client_in.post(reverse("import_night"), {"text": text})
    assert response.status_code == 200
    assert snapshot() == before
    assert response.context["problems"] or response.context["form"].errors
