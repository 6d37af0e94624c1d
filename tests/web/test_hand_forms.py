"""The per-variant hand templates over the one generic mechanism, and invalid input."""

import html
import json
import re

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorebook import services
from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.shape import leaf_at, leaves
from scorebook.forms import split_name
from scorebook.models import Hand
from tests import examples, factories
from tests.engine.generators import generated_keys
from tests.web.handforms import browser_data, make_night, new_hand_page

pytestmark = pytest.mark.django_db
KEYS = generated_keys()
needs = pytest.mark.skipif(
    not {"paskievics", "ultimo"} <= set(KEYS), reason="variants not landed yet"
)
PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def paskievics_night(user, players=PLAYERS, **rules):
    return factories.make_night(
        user, "paskievics", players, players[-1], per_point="2", house_rules=rules
    )


def input_names(html):
    return set(re.findall(r'name="([^"]+)"', html))


PLAIN = {
    "dealer": "Dóra",
    "outcome": "played",
    "bid.declarer": "Anna",
    "bid.level": "two",
    "called_card": "XX",
    "partner": "Csaba",
    "game_contra:int": "0",
    "result.declarer_card_points:int": "52",
}


@needs
def test_paskievics_form_has_the_record_fields(client_in, user):
    night = paskievics_night(user)
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    assert response.status_code == 200
    names = input_names(response.content.decode())
    assert {split_name(name)[0] for name in PLAIN} <= names  # named by path, no marker
    assert {
        "announcements[0].figure:fixed",
        "announcements[0].contra",
        "result.trull_side",
        "tarokk_counts[0].count",
        "irregularity.kind",
        "talon_honours[0].card",
    } <= names
    assert response.context["form"].values["dealer"] == [
        "Dóra"
    ]  # the first dealer chosen at set-up
    assert response.context["hand_template"] == "scorebook/hands/paskievics.html"


def full_form(html):
    """What a browser submits for the untouched form: every input with its shown value."""
    data = {}
    for name, value in re.findall(
        r'<input type="text"[^>]*name="([^"]+)"[^>]*value="([^"]*)"', html
    ):
        data[name] = value
    for select in re.findall(r'<select name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        name, body = select
        chosen = re.search(r'<option value="([^"]*)" selected', body) or re.search(
            r'<option value="([^"]*)"', body
        )
        data[name] = chosen.group(1) if chosen else ""
    for name, value in re.findall(
        r'<input type="radio" name="([^"]+)" value="([^"]*)" checked', html
    ):
        data[name] = value
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html):
        if name.endswith(":fixed") and "__i__" not in name:
            data[name] = value
    expected = re.search(r'name="_expected_number" value="(\d+)"', html)
    if expected:
        data["_expected_number"] = expected.group(1)
    return data


@needs
def test_paskievics_plain_hand_in_a_few_entries(client_in, user):
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    data = full_form(html) | {
        k: v for k, v in PLAIN.items() if k not in ("dealer", "outcome", "game_contra:int")
    }
    preview = client_in.post(reverse("preview", args=[night.pk]), data, HTTP_HX_REQUEST="true")
    assert preview.context["preview"]["payments"][0][:2] == ("Anna", "+2"), preview.context[
        "form"
    ].messages
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    record = Hand.objects.get().record
    assert record["bid"] == {"declarer": "Anna", "level": "two"}
    assert record["partner"] == "Csaba"
    assert record["announcements"] == []
    assert record["result"]["declarer_card_points"] == 52
    assert record["irregularity"] is None


@needs
def test_paskievics_contra_and_announced_figure(client_in, user):
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    data = (
        full_form(html)
        | PLAIN
        | {
            "announcements[0].figure": "trull",
            "announcements[0].by": "Anna",
            "announcements[0].contra:int": "1",
            "result.trull_side": "declarer",
            "game_contra:int": "1",
        }
    )
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    h = Hand.objects.get()
    assert h.record["announcements"] == [{"figure": "trull", "by": "Anna", "contra": 1}]
    assert h.entries[0]["deltas"]["Anna"] == 8  # kontra game 4 + kontra trull 4


@needs
def test_paskievics_form_records_a_pagat_beaten_by_its_own_partner(client_in, user):
    # Seed 004 §54: Csaba's tarokk beat Anna's announced pagát in the ninth trick; their side
    # still captured all three honours. Game 2 + silent trull 1 − lost ultimó 10 = −7 each.
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    data = (
        full_form(html)
        | PLAIN
        | {
            "announcements[0].figure": "pagat_ultimo",
            "announcements[0].by": "Anna",
            "result.trull_side": "declarer",
            "result.pagat_lost_last_trick_side": "declarer",
        }
    )
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    h = Hand.objects.get()
    assert h.record["result"]["trull_side"] == "declarer"
    assert h.record["result"]["pagat_lost_last_trick_side"] == "declarer"
    assert h.entries[0]["deltas"] == {"Anna": -7, "Béla": 7, "Csaba": -7, "Dóra": 7}


@needs
def test_paskievics_problem_is_shown_next_to_its_input(client_in, user):
    night = paskievics_night(user)
    data = PLAIN | {"result.declarer_card_points:int": "97", "announcements[2].figure": "volat"}
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 200
    form = response.context["form"]
    assert "result.declarer_card_points" in form.errors
    assert "announcements[2].by" in form.errors  # the row the user typed in, not the compacted one
    html = response.content.decode()
    block = html[html.index('data-path="result.declarer_card_points"') :][:900]
    assert 'class="error"' in block
    assert 'value="97"' in block


@needs
def test_editing_shows_the_stored_record_in_the_same_form(client_in, user):
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    client_in.post(reverse("new_hand", args=[night.pk]), full_form(html) | PLAIN)
    h = Hand.objects.get()
    page = client_in.get(reverse("edit_hand", args=[night.pk, h.pk]))
    html = page.content.decode()
    assert (
        'name="result.declarer_card_points" id="f-result-declarer-card-points" value="52"' in html
    )
    data = full_form(html) | {"_version": "1", "result.declarer_card_points:int": "30"}
    response = client_in.post(reverse("edit_hand", args=[night.pk, h.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    h.refresh_from_db()
    assert h.version == 2
    assert h.entries[0]["deltas"]["Anna"] == -2


@needs
def test_ultimo_form_saves_a_hand(client_in, user):
    night = factories.make_night(user, "ultimo", ["A", "B", "C"], "A", currency="DKK")
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    names = input_names(response.content.decode())
    assert {
        "card_points.@0",
        "in_play.kings_lost.@2",
        "last_trick.king_przydupek",
        "declarations[100].type",
        "declarations[140].player:fixed",
        "penalties[0].refund_declarations",
    } <= names
    data = full_form(response.content.decode()) | {
        "dealer": "A",
        "declarations[0].player": "B",
        "declarations[0].type": "trumps",
        "declarations[0].count:int": "11",
        "declarations[0].with_pagat:bool": "1",
        "in_play.kings_lost.@2:int": "1",
        "in_play.pagat.player": "B",
        "in_play.pagat.result": "won",
        "last_trick.winner": "A",
        "last_trick.winning_card": "other",
        "card_points.@0:int": "30",
        "card_points.@1:int": "27",
        "card_points.@2:int": "21",
    }
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    record = Hand.objects.get().record
    assert record["card_points"] == {"A": 30, "B": 27, "C": 21}
    assert record["declarations"] == [
        {
            "player": "B",
            "type": "trumps",
            "count": 11,
            "with_pagat": True,  # level, suit, missing: chips left untapped are not sent
        }
    ]
    assert record["penalties"] == []
    # Tout and Nolo are chips (issue 23): untapped, they send nothing; the export writes
    # them as null (queries.complete_records)
    assert "tout" not in record
    assert "nolo" not in record
    page = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    assert re.search(r'<input type="radio" name="tout" value="B"', page)
    assert not re.search(r'<select[^>]*name="(tout|nolo)"', page)


def test_ultimo_refund_is_tapped_on_the_declaration(client_in, user):
    """Issue 23 item 12: the declarations a penalty refunds are chips, one per declaration
    row, named by what the row holds; tapped, a chip posts its row's number and the record
    holds the declaration's index (the format's value). Editing shows the same chip chosen."""
    night = factories.make_night(user, "ultimo", ["A", "B", "C"], "A", currency="DKK")
    page = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    chip = r'name="penalties\[0\]\.refund_declarations" value="(\d+)"[^>]*><span>([^<]*)<'
    assert re.findall(chip, page) == [
        ("100", "A: new declaration"),
        ("140", "B: new declaration"),
        ("180", "C: new declaration"),
    ]
    data = browser_data(page) | {
        "declarations[100].type": "matadors",
        "declarations[100].count": "3",
        "declarations[140].type": "trumps",
        "declarations[140].count": "11",
        "penalties[0].player": "B",
        "penalties[0].reason": "declaration_error",
        "penalties[0].class": "irreparable",
        "penalties[0].refund_declarations": "140",  # B's chip: the second declaration
    }
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 302, response.context["form"].messages
    hand = Hand.objects.get()
    assert hand.record["penalties"][0]["refund_declarations"] == [1]
    edit = client_in.get(reverse("edit_hand", args=[night.pk, hand.pk])).content.decode()
    assert re.findall(chip.replace(r"[^>]*>", r" checked>"), edit) == [("1", "B: trumps")]


def test_ultimo_third_card_point_count_follows_from_the_other_two(client_in, user):
    """Issue 23: the counts add up to 78, so the last one left blank is 78 minus the others;
    two left blank are named where they are missing."""
    night, other = (
        services.create_night(
            owner=user,
            variant_key="ultimo",
            house_rules={},
            per_point="1",
            currency="DKK",
            players=["A", "B", "C"],
            first_dealer="A",
        )
        for _ in range(2)
    )
    page = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    hand = full_form(page) | {
        "dealer": "A",
        "declarations[0].player": "B",
        "declarations[0].type": "trumps",
        "declarations[0].count:int": "11",
        "in_play.pagat.player": "B",
        "in_play.pagat.result": "won",
        "last_trick.winner": "A",
        "last_trick.winning_card": "other",
    }
    two_typed = hand | {"card_points.@0:int": "30", "card_points.@1:int": "27"}
    one_typed = hand | {"card_points.@0:int": "30"}
    refused = client_in.post(reverse("new_hand", args=[night.pk]), one_typed)
    assert refused.status_code == 200
    assert "card_points.C" in {p.field for p in refused.context["form"].problems}
    response = client_in.post(reverse("new_hand", args=[night.pk]), two_typed)
    assert response.status_code == 302, response.context["form"].messages
    typed = hand | {
        "card_points.@0:int": "30",
        "card_points.@1:int": "27",
        "card_points.@2:int": "21",
    }
    response = client_in.post(reverse("new_hand", args=[other.pk]), typed)
    assert response.status_code == 302, response.context["form"].messages
    inferred, explicit = (Hand.objects.get(night=n) for n in (night, other))
    assert inferred.record["card_points"] == {"A": 30, "B": 27, "C": 21}  # C's stored
    # Before saving, the breakdown names the count it fills in, and hand.js finds it there
    # to show it in C's field (tests/browser/test_form_heights.py).
    shown = client_in.post(reverse("preview", args=[other.pk]), two_typed).content.decode()
    assert 'data-inferred="card_points.@2" data-value="21">' in shown
    assert "Filled in from what you tapped:" in shown
    assert 'data-value="21">Card points (sum 78) · C: 21</span>' in shown
    assert inferred.entries == explicit.entries  # scored as with C's 21 typed
    assert inferred.entries[0]["deltas"] == {"A": 15, "B": 20, "C": -45}
    # An edit stores what follows as well: A 31 and B 26 typed, C's 21 left blank.
    url = reverse("edit_hand", args=[other.pk, explicit.pk])
    edit = browser_data(client_in.get(url).content.decode()) | {
        "card_points.@0:int": "31",
        "card_points.@1:int": "26",
        "card_points.@2:int": "",
    }
    assert client_in.post(url, edit).status_code == 302
    explicit.refresh_from_db()
    assert explicit.record["card_points"] == {"A": 31, "B": 26, "C": 21}


FIELD_NAMES = [
    *PLAIN,
    "announcements[0].figure:fixed",
    "announcements[0].contra:int",
    "announcements[9].by",
    "result.trull_side",
    "tarokk_counts[0].count:int",
    "tarokk_counts[0].announced:bool",
    "irregularity.kind",
    "irregularity",
    "bid",
    "result",
    "hand_json",
    "a.b[1].c",
    "x:ints",
    "card_points.@0:int",
    "card_points.@99:int",
    "bid.declarer.deeper",
    "result:object",
    "bid.declarer:object",
    "announcements[0]:object",
    "irregularity.kind:object",
]


@needs
@settings(max_examples=examples(60), deadline=None, suppress_health_check=list(HealthCheck))
@given(
    data=st.dictionaries(
        st.sampled_from(FIELD_NAMES) | st.text(max_size=12),
        st.lists(
            st.text(max_size=8)
            | st.sampled_from(["0", "-1", "99999999999", "Anna", "null", "{}", "[]", "true"]),
            min_size=1,
            max_size=3,
        ),
        max_size=12,
    )
)
def test_arbitrary_input_never_500s(data, client_in, user):
    Hand.objects.all().delete()
    night = paskievics_night(user)
    for url in (reverse("preview", args=[night.pk]), reverse("new_hand", args=[night.pk])):
        response = client_in.post(url, data)
        assert response.status_code in (200, 302)
    h = services.record_hand(
        night=night, record={"dealer": "Dóra", "outcome": "all_pass", "bid": None}
    )
    response = client_in.post(
        reverse("edit_hand", args=[night.pk, h.pk]), {**data, "_version": "1"}
    )
    assert response.status_code in (200, 302)


# --- objects kept when left blank (`path:object`) -------------------------------------------


def parse(data, players=("Anna", "Béla")):
    from scorebook.forms import parse_hand

    return parse_hand({k: v if isinstance(v, list) else [v] for k, v in data.items()}, players)


BLANK_CAPTURES = {"captures.uhu": "", "captures.pagatfogas": "", "dealer": "Anna"}


def test_an_object_left_blank_is_null_unless_the_form_keeps_it():
    assert parse(BLANK_CAPTURES).record == {"dealer": "Anna", "captures": None}
    kept = parse(BLANK_CAPTURES | {"captures:object": ""}).record
    assert kept == {"dealer": "Anna", "captures": {"uhu": None, "pagatfogas": None}}
    filled = parse(BLANK_CAPTURES | {"captures:object": "", "captures.uhu": "Béla"}).record
    assert filled["captures"] == {"uhu": "Béla", "pagatfogas": None}


def test_a_kept_object_without_inputs_and_the_objects_around_it():
    assert parse({"captures:object": ""}).record == {"captures": {}}
    nested = parse({"a.b:object": "", "a.b.c": "", "a.d:int": ""}).record
    assert nested == {"a": {"b": {"c": None}, "d": None}}  # keeping a.b keeps a
    assert type(nested["a"]["b"]) is dict  # the marker class does not leak into the record
    players = parse({"card_points.@1:object": "", "card_points.@1.x": ""}).record
    assert players == {"card_points": {"Béla": {"x": None}}}


def test_a_kept_object_does_not_keep_a_spare_list_row():
    data = {
        "rows[0].who": "Anna",
        "rows[0].detail:object": "",
        "rows[0].detail.n:int": "",
        "rows[1].who": "",
        "rows[1].detail:object": "",
        "rows[1].detail.n:int": "",
    }
    parsed = parse(data)
    assert parsed.record == {"rows": [{"who": "Anna", "detail": {"n": None}}]}
    assert parsed.rows == {"rows": [0]}


def test_a_kept_object_that_clashes_with_a_value_is_ignored():
    # the marker after a plain value at its path, and before: neither raises, the value wins
    assert parse({"captures": "x", "captures:object": ""}).record == {"captures": "x"}
    assert parse({"captures:object": "", "captures": "x"}).record == {"captures": "x"}
    assert parse({"a:object": "", "a.b": "1", "a.b.c:object": ""}).record == {"a": {"b": "1"}}
    assert parse({"[0]:object": "", "a..b:object": ""}).record == {}


def test_keep_object_writes_the_hidden_marker():
    from django.template import Context, Template

    html = Template('{% load handform %}{% keep_object "rows[#].detail" row=2 %}').render(Context())
    assert html == '<input type="hidden" name="rows[2].detail:object" value="">'


@needs
def test_the_problem_list_names_fields_by_their_labels_in_the_ui_language(client_in, user):
    night = paskievics_night(user)
    data = {k: v for k, v in PLAIN.items() if k != "called_card"}
    response = client_in.post(reverse("new_hand", args=[night.pk]), data)
    assert response.status_code == 200
    page = response.content.decode()
    assert '<a href="#at-called-card">Called card: ' in page
    client_in.cookies["django_language"] = "hu"
    page = client_in.post(reverse("new_hand", args=[night.pk]), data).content.decode()
    assert '<a href="#at-called-card">Hívott lap: ' in page


# --- bounds of the form itself ---------------------------------------------------------------


def test_a_value_longer_than_any_field_is_refused_before_parsing():
    parsed = parse({"dealer": "Anna", "bid.declarer": "x" * 201})
    assert parsed.record == {}
    assert [(p.field, str(p.message)) for p in parsed.problems] == [
        ("bid.declarer", "is longer than 200 characters")
    ]
    assert parse({"dealer": "x" * 200}).problems == []


def test_more_inputs_than_any_form_has_are_refused():
    from scorebook.forms import MAX_INPUTS

    data = {f"f{i}": "" for i in range(MAX_INPUTS + 1)}
    parsed = parse(data)
    assert [(p.field, say_in("hu")(p.message)) for p in parsed.problems] == [
        ("hand", f"túl sok beviteli mező (legfeljebb {MAX_INPUTS})")
    ]


def test_the_setup_forms_json_house_rule_goes_through_the_engine_bounds(client_in):
    data = {
        "per_point": "1",
        "currency": "HUF",
        "date": "2026-11-25",
        "players": ["Anna", "Béla", "Csaba"],
    }
    for text, message in (
        ("[" * 1000 + "]" * 1000, "[0][0][0][0][0][0][0][0]: is nested too deeply (at most 8"),
        ('{"min_tarokks": 8, "value": 1e26}', "value: is not a whole number"),
        (
            '{"min_tarokks": 8, "value": 100000000000000000000000000}',
            "value: is too large (at most 1,000,000,000,000 either way)",
        ),
        ('{"min_tarokks": "\\u0000", "value": 2}', "min_tarokks: contains a control character"),
    ):
        response = client_in.post(
            reverse("setup", args=["magyar"]), {**data, "hr_tarokk_count_bonus": text}
        )
        assert response.status_code == 200
        errors = response.context["form"].errors["hr_tarokk_count_bonus"]
        assert errors[0].startswith(message), errors


def test_a_field_takes_label_choices_range_and_default_from_the_record_schema():
    from django.template import Context, Template

    from scorebook.engine.messages import msg
    from scorebook.engine.shape import INT, TEXT, Choice, by_player, fields
    from scorebook.forms import HandForm

    shape = fields(
        win_by=TEXT.but(
            label=msg("How"),
            choices=(Choice("reached_66", msg("reached 66")), Choice("forfeit", msg("forfeit"))),
            default="reached_66",
        ),
        points=by_player(INT.but(label=msg("Points"), lo=0, hi=65)),
    )
    form = HandForm(players=["Anna", "Béla"], active=["Anna", "Béla"], fresh=True, shape=shape)
    html = Template(
        '{% load handform %}{% field form "win_by" widget="radio" %}'
        '{% field form "points.@0:int" widget="number" %}'
    ).render(Context({"form": form}))
    assert "<legend>How</legend>" in html
    assert 'value="reached_66" checked' in html
    assert "<span>reached 66</span>" in html
    assert 'data-min="0" data-max="65"' in html
    assert ">Points</label>" in html
    assert form.schema_label("points.Anna") == "Points"  # the problem list names it so


def test_a_fixed_value_alone_does_not_make_a_list_row():
    """The Paskievics figure grid sends every line's figure (`:fixed`); only a tapped player
    makes it an announcement, and the list keeps the grid's order."""
    data = {
        "announcements[2].figure:fixed": "trull",
        "announcements[2].by": "",
        "announcements[2].contra:int": "",
        "announcements[11].figure:fixed": "volat",
        "announcements[11].by": "Béla",
        "announcements[11].contra:int": "1",
        "announcements[20].figure:fixed": "four_kings",
        "announcements[20].by": "Anna",
    }
    parsed = parse(data)
    assert parsed.record["announcements"] == [
        {"figure": "volat", "by": "Béla", "contra": 1},
        {"figure": "four_kings", "by": "Anna"},
    ]
    assert type(parsed.record["announcements"][0]["figure"]) is str
    assert parsed.rows["announcements"] == [11, 20]
    assert parse({"announcements[0].figure:fixed": "trull"}).record == {"announcements": []}


# --- problems next to their fields, named by the fields' labels -----------------------------


def _labels_and_placement(response):
    """Each problem's label (before ': ') and whether its block holds the message."""
    page = response.content.decode()
    out = []
    for anchor, message in response.context["form"].messages:
        label = message.split(": ", 1)[0]
        start = page.find(f'id="{anchor}"')
        block = page[start : start + 4000] if start >= 0 else ""
        out.append((label, start >= 0 and "error" in block))
    return out


def _no_path_words(label):
    return not re.search(r"[a-z]_[a-z]|\[\d+\]|\w\.\w| · ", label)


@needs
def test_paskievics_problems_sit_next_to_their_fields_in_players_words(client_in, user):
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    empty = client_in.post(reverse("new_hand", args=[night.pk]), full_form(html))
    impossible = client_in.post(
        reverse("new_hand", args=[night.pk]),
        full_form(html)
        | {
            "bid.declarer": "Anna",
            "bid.level": "two",
            "partner": "Csaba",
            "result.declarer_card_points:int": "97",
            "announcements[20].by": "Anna",  # trull × Anna (the grid's row)
            "result.all_tricks_side": "declarer",
            "result.trull_side": "opponents",
            "tarokk_counts[0].count:int": "8",
        },
    )
    for response in (empty, impossible):
        found = _labels_and_placement(response)
        assert found
        for label, placed in found:
            assert placed, label
            assert _no_path_words(label), label
    preview = client_in.post(
        reverse("preview", args=[night.pk]),
        full_form(html) | {"result.declarer_card_points:int": "97"},
        HTTP_HX_REQUEST="true",
    )
    listed = re.findall(r'<li class="error"><a [^>]*>([^<:]*):', preview.content.decode())
    assert "Declarer side&#x27;s card points (0–94, with the declarer&#x27;s discard)" in listed
    assert all(_no_path_words(label) for label in listed), listed


@needs
def test_ultimo_problems_sit_next_to_their_fields_in_players_words(client_in, user):
    night = factories.make_night(user, "ultimo", ["A", "B", "C"], "A", currency="DKK")
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    empty = client_in.post(reverse("new_hand", args=[night.pk]), full_form(html))
    wrong = client_in.post(
        reverse("new_hand", args=[night.pk]),
        full_form(html)
        | {"declarations[100].type": "cavalry", "last_trick.winner": "A"}
        | {f"card_points.@{i}:int": "30" for i in range(3)},
    )
    for response in (empty, wrong):
        found = _labels_and_placement(response)
        assert found
        for label, placed in found:
            assert placed, label
            assert _no_path_words(label), label


def test_a_field_applies_as_its_schema_says_and_hand_js_reads_it():
    from django.template import Context, Template

    from scorebook.engine.messages import msg
    from scorebook.engine.shape import BOOL, INT, TEXT, When, fields
    from scorebook.forms import HandForm

    shape = fields(
        win_by=TEXT,
        loser_points=INT.but(label=msg("points"), when=When("win_by", ("reached_66", "last"))),
        extra=INT.but(label=msg("extra"), when=When("closed", (False,))),
        closed=BOOL,
    )
    form = HandForm(players=["Anna", "Béla"], active=["Anna", "Béla"], fresh=True, shape=shape)
    html = Template(
        '{% load handform %}{% field form "loser_points:int" widget="number" %}'
        '{% field form "extra:int" widget="number" %}'
    ).render(Context({"form": form}))
    assert 'data-when="win_by:reached_66 last"' in html
    # A yes/no control's "no" is "0", after its input's name (the field's path, no marker).
    assert 'data-when="closed:0"' in html
    assert 'name="extra"' in html


def test_a_choice_that_needs_a_house_rule_is_offered_only_with_it():
    from django.template import Context, Template

    from scorebook.engine.messages import msg
    from scorebook.engine.shape import TEXT, choices, fields, rows
    from scorebook.forms import HandForm

    figures = choices(
        ("volat", "double"),
        {"volat": msg("volát"), "double": msg("double")},
        {"double": "double_game"},
    )
    shape = fields(
        kind=TEXT.but(choices=figures), announcements=rows(figure=TEXT.but(choices=figures))
    )
    page = Template(
        '{% load handform %}{% field form "kind" widget="radio" %}'
        "{% announcement_grid form as grid %}{% for line in grid %}|{{ line.figure }}{% endfor %}"
    )

    def shown(rules, values=None):
        form = HandForm(["Anna", "Béla"], ["Anna", "Béla"], values or {}, shape=shape, rules=rules)
        return page.render(Context({"form": form}))

    assert 'value="double"' not in shown({"double_game": False})
    assert shown({"double_game": False}).endswith("|volat")
    assert 'value="double"' in shown({"double_game": True})
    assert shown({"double_game": True}).endswith("|volat|double")
    # A stored hand that holds it (the rule since switched off) shows it, for the reader to judge.
    held = {"kind": ["double"], "announcements[3].figure": ["double"]}
    assert 'value="double" checked' in shown({"double_game": False}, held)
    assert shown({"double_game": False}, held).endswith("|volat|double")


def _hand_js_rule(spec, names):
    """A data-when as hand.js reads it: the watched input (the longest part before a colon
    that names an input) and the wanted values (None: any)."""
    if spec in names:
        return spec, None
    for cut in reversed([i for i, c in enumerate(spec) if c == ":"]):
        if spec[:cut] in names:
            rest = spec[cut + 1 :]
            return spec[:cut], json.loads(rest) if rest.startswith("[") else rest.split()
    raise AssertionError(f"{spec} names no input of the form")


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_no_field_starts_hidden_by_a_rule_on_a_yes_no_field(client_in, user, key):
    """A rule on a yes/no field (Királyhívó's and Tapper's "all pass") holds on a new form as
    it opens: the played hand's fields are shown until the user says all passed."""
    variant = registry.get(key)
    night = make_night(user, key, PLAYERS[: variant.min_players], first_dealer=PLAYERS[0])
    page = new_hand_page(client_in, night).content.decode()
    form = page[page.index('id="hand-form"') : page.index("</form>", page.index('id="hand-form"'))]
    sent = browser_data(page)
    names = {html.unescape(n) for n in re.findall(r'name="([^"]+)"', form)}
    checked = 0
    for spec in {html.unescape(s) for s in re.findall(r'data-when="([^"]*)"', form)}:
        name, wanted = _hand_js_rule(spec, names)
        control = leaf_at(variant.record, re.sub(r"\[\d+\]", "[0]", name))
        if control is None or control.kind != "bool":
            continue
        checked += 1
        have = sent.get(name)
        if have is None and re.search(rf'type="checkbox" name="{re.escape(name)}"', form):
            have = "0"  # an unticked box says no
        assert wanted is not None, spec
        assert have in wanted, (key, spec, have)
    record = variant.record
    on_yes_no = any(
        (control := leaf_at(record, leaf.when.control(path.replace("[]", "[0]")))) is not None
        and control.kind == "bool"
        for path, leaf in leaves(record)
        if leaf.when is not None
    )
    assert bool(checked) == on_yes_no, key  # the schema's rules reach the form
