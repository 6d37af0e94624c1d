"""Hand forms built from each variant's record schema (issue 12).

The variant's `RECORD` labels every field its hand template shows and names every choice;
the template only lays the fields out (no inline label, choice list, range or default the
schema already gives), and the form renders in every language offered.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scorebook.catalogues import say_in
from scorebook.engine import registry
from scorebook.engine.messages import Msg
from scorebook.engine.shape import Leaf, leaf_at, leaves
from scorebook.engine.variants import (
    _hungarian,
    _tarokk54,
    magyar,
    negyes54,
    scopa,
    snapszer,
    strohmandli,
    stromann,
    tapper,
    trappola,
    trisak,
)
from scorebook.engine.variants.kiralyhivo import record as kiralyhivo_record
from scorebook.engine.variants.kiralyhivo import tariffs as kiralyhivo_tariffs
from tests.web.handforms import assert_renders, make_night

TEMPLATES = Path(settings.BASE_DIR) / "templates" / "scorebook" / "hands"
FIELD_TAG = re.compile(r"\{% field form \"([^\":]+)(?::\w+)?\"([^%]*)%\}")
LANGUAGES = {"en": "en-GB,en;q=0.9", "hu": "hu-HU,hu;q=0.9", "pl": "pl-PL,pl;q=0.9"}

# --- the two-player games, Strohmandli and Strómann ---------------------------------------

MATCH_GAMES = (
    "briscola",
    "durak",
    "ecarte",
    "feldiszno",
    "german_whist",
    "scopa",
    "snapszer",
    "sult_malac",
    "trappola",
    "zsirozas",
)
MATCH_GROUP = (*MATCH_GAMES, "strohmandli", "stromann")


def template_fields(key: str) -> list[tuple[str, str]]:
    """Each `{% field %}` of the template: its record path (a row as `[0]`, a player as
    `Anna`) and the rest of the tag."""
    text = (TEMPLATES / f"{key}.html").read_text()
    return [
        (name.replace("[#]", "[0]").replace("@#", "Anna"), rest)
        for name, rest in FIELD_TAG.findall(text)
    ]


def schema_leaf(key: str, path: str) -> Leaf | None:
    return leaf_at(registry.get(key).record, path)


@pytest.mark.parametrize("key", MATCH_GROUP)
def test_every_field_of_the_template_has_a_labelled_leaf(key):
    shown = template_fields(key)
    assert shown
    for path, _rest in shown:
        leaf = schema_leaf(key, path)
        assert leaf is not None, f"{key}: {path} is not in the record"
        assert leaf.label is not None, f"{key}: {path} has no label in the record"


@pytest.mark.parametrize("key", MATCH_GROUP)
def test_the_template_restates_nothing_the_schema_gives(key):
    for path, rest in template_fields(key):
        assert "choices=" not in rest, f"{key}: {path} lists its choices"
        assert "label=_(" not in rest, f"{key}: {path} restates its label"
        assert "help=" not in rest, f"{key}: {path} restates its help"
        assert "min=" not in rest, f"{key}: {path} restates its range"
        assert "max=" not in rest, f"{key}: {path} restates its range"
    text = (TEMPLATES / f"{key}.html").read_text()
    assert not re.search(r'choices="[^"]*=', text)


@pytest.mark.parametrize("key", MATCH_GROUP)
def test_every_choice_has_a_label_in_every_language(key):
    for lang in ("en", "hu", "pl"):
        say = say_in(lang)
        for path, leaf in leaves(registry.get(key).record):
            for choice in leaf.choices:
                assert say(choice.label).strip(), f"{key}: {path} = {choice.value!r} ({lang})"
            if leaf.label is not None:
                assert say(leaf.label).strip(), f"{key}: {path} ({lang})"


def choice_values(key: str, path: str) -> tuple[object, ...]:
    leaf = schema_leaf(key, path)
    assert leaf is not None
    return tuple(c.value for c in leaf.choices)


def test_the_choices_are_the_readers_own_values():
    assert choice_values("snapszer", "result.win_by") == snapszer.WIN_BY
    assert choice_values("snapszer", "result.loser_took_trick") == (False, True)
    assert choice_values("snapszer", "result.winner_had_trick_at_closing") == (True, False)
    assert choice_values("scopa", "result.primiera_best.Anna.cups") == tuple(scopa.PRIMIERA)
    assert choice_values("trappola", "result.declarations[0].rank") == trappola.RANKS
    assert choice_values("trappola", "result.declarations[0].count") == trappola.DECLARED_COUNTS
    assert choice_values("trappola", "result.final_two_run") == tuple(range(trappola.MAX_RUN + 1))
    assert choice_values("strohmandli", "announcements[0].type") == strohmandli.ANNOUNCEMENT_TYPES
    assert choice_values("strohmandli", "irregularities[0].kind") == strohmandli.IRREGULARITY_KINDS
    assert choice_values("stromann", "bid") == stromann.BIDS
    assert choice_values("stromann", "announcements[0].bonus") == stromann.BONUSES
    assert choice_values("stromann", "irregularity.type") == stromann.IRREGULARITIES
    assert choice_values("stromann", "contra") == tuple(range(len(stromann.CONTRA_NAMES)))


def test_the_fields_that_apply_only_to_some_outcomes_say_so():
    def when(key: str, path: str) -> tuple[str, tuple[object, ...]] | None:
        leaf = schema_leaf(key, path)
        assert leaf is not None
        return (leaf.when.path, leaf.when.values) if leaf.when else None

    assert when("snapszer", "result.loser_points") == ("result.win_by", snapszer.PLAYED_OUT)
    assert when("snapszer", "result.winner_had_trick_at_closing") == (
        "result.win_by",
        ("closer_failed",),
    )
    assert when("stromann", "declarer") == ("bid", ("jatek",))
    assert when("stromann", "non_dealer_points") == ("bid", ("mehet",))
    for key in MATCH_GROUP:  # a `when` names a record field that offers those values
        for path, leaf in leaves(registry.get(key).record):
            if leaf.when is not None:
                offered = choice_values(key, leaf.when.control(path))
                assert set(leaf.when.values) <= set(offered), f"{key}: {path}"


@pytest.mark.django_db
@pytest.mark.parametrize("key", MATCH_GROUP)
def test_the_new_hand_form_renders_in_every_language(client, django_user_model, key):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    client.force_login(user)
    night = make_night(user, key, ["Anna", "Béla"])
    for lang, accept in LANGUAGES.items():
        response = client.get(reverse("new_hand", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=accept)
        assert response.status_code == 200
        page = response.content.decode()
        say = say_in(lang)
        for path, rest in template_fields(key):
            leaf = schema_leaf(key, path)
            assert leaf is not None
            assert leaf.label is not None
            if "label=" not in rest:  # the schema's label is the one shown
                shown = say(leaf.label).replace("'", "&#x27;")
                assert shown in page, f"{key} ({lang}): {shown}"


@pytest.mark.django_db
def test_the_problem_list_names_a_group_of_fields_by_its_schema_label(client, django_user_model):
    user = django_user_model.objects.create_user("anna", password="pw-anna-123")
    client.force_login(user)
    night = make_night(user, "briscola", ["Anna", "Béla"])
    data = {
        "dealer": "Anna",
        "result.card_points.@0:int": "70",
        "result.card_points.@1:int": "60",
    }
    response = client.post(reverse("new_hand", args=[night.pk]), data, HTTP_ACCEPT_LANGUAGE="hu")
    assert response.status_code == 200
    texts = [text for _anchor, text in response.context["form"].messages]
    assert "Kártyapontok (összesen 120): a két szám összege 130, nem 120" in texts, texts


# --- the Hungarian tarokk games: magyar, tapper, királyhívó, trisák, négyes 54 -------------

# variant key → players of a test night
TAROKK_GAMES = {
    "kiralyhivo": ["Anna", "Béla", "Csaba", "Dóra"],
    "magyar": ["Anna", "Béla", "Csaba"],
    "negyes54": ["Anna", "Béla", "Csaba", "Dóra"],
    "tapper": ["Anna", "Béla", "Csaba"],
    "trisak": ["Anna", "Béla", "Csaba", "Dóra"],
}
# Partials a variant includes that may still name their labels and choices (none now: the
# shared announced-figures rows take theirs from the schema too).
SHARED: set[str] = set()
ANY_FIELD_TAG = re.compile(r'{%\s*field\s+form\s+"([^"]+)"([^%]*)%}')
INCLUDE = re.compile(r'{%\s*include\s+"scorebook/hands/([^"]+)"([^%]*)%}')
# what a template may no longer say for a field the schema describes (a player's name as
# the label of a player-map input is layout)
STATED = re.compile(r"\b(label|help)=_\(|\b(min|max|default|choices)=")
CHOICE_WIDGET = re.compile(r'widget="(select|radio)"')


def tarokk_templates(key: str) -> list[tuple[str, str]]:
    """(file name, text) of the variant's template and the partials it includes; a partial's
    `{% if flag %}` parts only where the include sets the flag (`with side=True`)."""
    own = (TEMPLATES / f"{key}.html").read_text()
    out = [(f"{key}.html", own)]
    for name, args in INCLUDE.findall(own):
        text = (TEMPLATES / name).read_text()
        for flag in re.findall(r"{%\s*if (\w+)\s*%}", text):
            if f"{flag}=True" not in args:
                text = re.sub(r"{%\s*if " + flag + r"\s*%}.*?{%\s*endif\s*%}", "", text, flags=re.S)
        out.append((name, text))
    return out


def tarokk_fields(key: str) -> list[tuple[str, str, str]]:
    """(template, record path, the tag's other arguments) of every `{% field %}`."""
    out = []
    for name, text in tarokk_templates(key):
        for field_name, rest in ANY_FIELD_TAG.findall(text):
            path = field_name.split(":")[0].replace("@#", "player").replace("#", "0")
            out.append((name, path, rest))
    return out


@pytest.mark.parametrize("key", sorted(TAROKK_GAMES))
def test_every_field_of_a_tarokk_form_has_a_labelled_leaf(key):
    record = registry.get(key).record
    unlabelled = [
        path
        for _name, path, _rest in tarokk_fields(key)
        if (leaf := leaf_at(record, path)) is None or leaf.label is None
    ]
    assert not unlabelled, unlabelled


@pytest.mark.parametrize("key", sorted(TAROKK_GAMES))
def test_every_choice_a_tarokk_form_offers_has_a_label(key):
    record = registry.get(key).record
    offered = {path for _name, path, rest in tarokk_fields(key) if CHOICE_WIDGET.search(rest)}
    for path in offered:
        leaf = leaf_at(record, path)
        assert leaf is not None, path
        assert leaf.choices, f"{path} offers no choices"
    for path, leaf in leaves(record):
        for choice in leaf.choices:
            assert isinstance(choice.label, Msg), (path, choice)
            assert choice.label.id, (path, choice)
        if leaf.default is not None and leaf.choices:
            assert leaf.default in [c.value for c in leaf.choices], path
        if leaf.lo is not None and leaf.hi is not None:
            assert leaf.lo <= leaf.hi, path
        if leaf.when is not None:
            assert leaf_at(record, leaf.when.control(path)) is not None, (path, leaf.when)


@pytest.mark.parametrize("key", sorted(TAROKK_GAMES))
def test_a_tarokk_template_keeps_only_the_layout(key):
    stated = [
        (name, path, rest.strip())
        for name, path, rest in tarokk_fields(key)
        if name not in SHARED and STATED.search(rest)
    ]
    assert not stated, stated
    own = tarokk_templates(key)[0][1]
    assert "choices=" not in own
    assert "figures=" not in own  # the shared partial's choices come from the schema too
    assert "label=_(" not in own


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(TAROKK_GAMES))
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_a_tarokk_new_hand_form_renders_in_every_language(client_in, user, key, lang):
    night = make_night(user, key, TAROKK_GAMES[key], first_dealer=TAROKK_GAMES[key][-1])
    response = client_in.get(reverse("new_hand", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert_renders(response, key)
    page = response.content.decode()
    assert f'<html lang="{lang}">' in page
    record = registry.get(key).record
    say = say_in(lang)
    for name, path, _rest in tarokk_fields(key):
        leaf = leaf_at(record, path)
        assert leaf is not None, path
        assert leaf.label is not None, path
        if leaf.rule is not None:  # asked only with its house rule, off on this night
            continue
        if name not in SHARED:  # the form shows the schema's label and choices, translated
            assert html.escape(say(leaf.label)) in page, (path, say(leaf.label))
            for choice in leaf.choices:
                assert html.escape(say(choice.label)) in page, (path, choice)


def test_the_tarokk_choices_and_ranges_are_the_readers_own():
    def values(key: str, path: str) -> tuple[object, ...]:
        leaf = schema_leaf(key, path)
        assert leaf is not None
        return tuple(c.value for c in leaf.choices)

    assert values("kiralyhivo", "contract") == kiralyhivo_tariffs.CONTRACTS
    assert values("kiralyhivo", "called_king_location") == kiralyhivo_tariffs.LOCATIONS
    assert values("kiralyhivo", "announcements[0].figure") == kiralyhivo_tariffs.FIGURES
    assert values("kiralyhivo", "game_contra") == kiralyhivo_record.LEVELS
    assert values("magyar", "outcome") == magyar.OUTCOMES
    assert values("magyar", "level") == magyar.LEVELS
    assert values("magyar", "announcements[0].figure") == magyar.ANNOUNCEABLE_WITH_DOUBLE
    assert values("magyar", "result.trull_side") == _hungarian.SIDES
    assert values("tapper", "contract") == tapper.CONTRACTS
    assert values("tapper", "hand_bonuses[0].bonus") == tapper.BONUS_KEYS
    assert values("tapper", "irregularity.type") == tapper.IRREGULARITIES
    assert set(values("trisak", "contract")) == set(trisak.CONTRACTS)
    assert values("trisak", "hand_bonuses[0].bonus") == trisak.BONUSES
    assert values("trisak", "called_tarokk") == _tarokk54.CALLED_TAROKKS
    assert set(values("negyes54", "contract")) == set(negyes54.CONTRACTS)
    assert values("negyes54", "contra") == negyes54.CONTRA_LEVELS
    assert values("negyes54", "irregularity.type") == negyes54.IRREGULARITIES
    leaf = schema_leaf("trisak", "result.trisak_points.Anna")
    assert leaf is not None
    assert leaf.hi == trisak.PACK_POINTS - trisak.TALON_LEAST
    for key in TAROKK_GAMES:  # a `when` names a record field that offers those values
        for path, leaf in leaves(registry.get(key).record):
            if leaf.when is not None:
                offered = values(key, leaf.when.control(path))
                assert set(leaf.when.values) <= set(offered), f"{key}: {path}"


# --- Paskievics and Ultimo (forms reworked for taps: chips, rows cloned from <template>) ---

TAP_GAMES = {
    "paskievics": ["Anna", "Béla", "Csaba", "Dóra", "Ede"],
    "ultimo": ["Anna", "Béla", "Csaba", "Dóra"],
}
# the templates each moved form is built from
TAP_TEMPLATES = {
    "paskievics": ("paskievics.html", "_paskievics_count.html", "_paskievics_honour.html"),
    "ultimo": ("ultimo.html", "_ultimo_declaration.html"),
}


def tap_fields(key: str) -> list[tuple[str, str]]:
    """(record path, the tag's other arguments) of every `{% field %}` of the moved form."""
    out = []
    for name in TAP_TEMPLATES[key]:
        for field_name, rest in ANY_FIELD_TAG.findall((TEMPLATES / name).read_text()):
            path = field_name.split(":")[0].replace("@#", "player").replace("#", "0")
            out.append((path, rest))
    return out


@pytest.mark.parametrize("key", sorted(TAP_GAMES))
def test_every_field_of_a_tap_form_has_a_labelled_leaf(key):
    record = registry.get(key).record
    unlabelled = [
        path
        for path, _rest in tap_fields(key)
        if (leaf := leaf_at(record, path)) is None or leaf.label is None
    ]
    assert not unlabelled, unlabelled


@pytest.mark.parametrize("key", sorted(TAP_GAMES))
def test_every_choice_a_tap_form_offers_has_a_label(key):
    record = registry.get(key).record
    for path, rest in tap_fields(key):
        if CHOICE_WIDGET.search(rest):
            leaf = leaf_at(record, path)
            assert leaf is not None, path
            assert leaf.choices, f"{path} offers no choices"
    for path, leaf in leaves(record):
        for choice in leaf.choices:
            assert isinstance(choice.label, Msg), (path, choice)
            assert choice.label.id, (path, choice)
        if leaf.default is not None and leaf.choices:
            assert leaf.default in [c.value for c in leaf.choices], path


@pytest.mark.parametrize("key", sorted(TAP_GAMES))
def test_a_tap_template_keeps_only_the_layout(key):
    # a player's name (`label=p`) and the figure grid's own label are layout
    stated = [(path, rest.strip()) for path, rest in tap_fields(key) if STATED.search(rest)]
    assert not stated, stated
    for name in TAP_TEMPLATES[key]:
        text = (TEMPLATES / name).read_text()
        assert "choices=" not in text, name
        assert "label=_(" not in re.sub(r"{%\s*problems [^%]*%}", "", text), name


EVERY_FIELD_RULES = {"paskievics": {"silent_ultimo_failure_penalty": True}}


@pytest.mark.django_db
@pytest.mark.parametrize("key", sorted(TAP_GAMES))
@pytest.mark.parametrize("lang", ["en", "hu", "pl"])
def test_a_tap_new_hand_form_renders_in_every_language(client_in, user, key, lang):
    # A field that pays only under a house rule is shown only on a night with that rule.
    night = make_night(user, key, TAP_GAMES[key], **EVERY_FIELD_RULES.get(key, {}))
    response = client_in.get(reverse("new_hand", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    assert_renders(response, key)
    page = response.content.decode()
    record = registry.get(key).record
    say = say_in(lang)
    for path, rest in tap_fields(key):
        leaf = leaf_at(record, path)
        assert leaf is not None, path
        assert leaf.label is not None, path
        if "label=" not in rest:  # the form shows the schema's label and choices, translated
            assert html.escape(say(leaf.label)) in page, (path, say(leaf.label))
        for choice in leaf.choices:
            assert html.escape(say(choice.label)) in page, (path, choice)


def test_the_tap_forms_choices_and_ranges_are_the_readers_own():
    from scorebook.engine.variants.paskievics import record as pk
    from scorebook.engine.variants.paskievics import tariffs as pt
    from scorebook.engine.variants.ultimo import record as ul
    from scorebook.engine.variants.ultimo import tariffs as ut

    def leaf(key: str, path: str) -> Leaf:
        found = schema_leaf(key, path)
        assert found is not None, path
        return found

    def values(key: str, path: str) -> tuple[object, ...]:
        return tuple(c.value for c in leaf(key, path).choices)

    assert values("paskievics", "outcome") == pt.OUTCOMES
    assert leaf("paskievics", "outcome").default == "played"
    assert values("paskievics", "bid.level") == pt.LEVELS
    assert values("paskievics", "called_card") == pt.CALLED_CARDS
    assert leaf("paskievics", "called_card").default == "XX"
    assert values("paskievics", "alone_reason") == pk.ALONE_REASONS
    assert values("paskievics", "irregularity.kind") == pk.IRREGULARITIES
    assert values("paskievics", "bidding_convention.kind") == pk.CONVENTIONS
    assert values("paskievics", "bidding_convention.honour") == pt.HONOURS
    assert values("paskievics", "talon_honours[0].card") == pt.HONOURS
    assert values("paskievics", "tarokk_counts[0].count") == pk.COUNTS == (8, 9)
    assert values("paskievics", "tarokk_counts[0].announced") == (True, False)
    assert leaf("paskievics", "tarokk_counts[0].announced").default is True
    assert values("paskievics", "game_contra") == (1, 2, 3, 4, 5)  # no contra: none tapped
    assert leaf("paskievics", "game_contra").hi == pt.MAX_CONTRA
    assert leaf("paskievics", "result.declarer_card_points").hi == pt.TOTAL_POINTS
    for side in pt.SIDE_FIELDS:
        assert values("paskievics", f"result.{side}") == pt.SIDES
    played = ("outcome", ("played",))
    for path in ("called_card", "game_contra", "partner", "tarokk_counts[0].count"):
        rule = leaf("paskievics", path).when
        assert rule is not None, path
        assert (rule.path, rule.values) == played, path
    rule = leaf("paskievics", "bid.level").when
    assert rule is not None
    assert "all_pass" not in rule.values
    assert values("ultimo", "penalties[0].reason") == ut.REASONS
    assert values("ultimo", "penalties[0].class") == ut.CLASSES
    assert leaf("ultimo", "penalties[0].trick").hi == ul.TRICKS == 25
    assert values("ultimo", "last_trick.winning_card") == ul.WINNING_CARDS
    assert values("ultimo", "in_play.pagat.result") == ul.PAGAT_RESULTS
    assert values("ultimo", "in_play.kings_lost.Anna") == (1, 2, 3, 4)
    assert leaf("ultimo", "card_points.Anna").hi == ut.CARD_POINTS_TOTAL


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_a_choice_that_needs_a_house_rule_names_a_yes_no_rule_of_its_variant(key):
    variant = registry.get(key)
    rules = {rule.name: rule for rule in variant.house_rules}
    for path, leaf in leaves(variant.record):
        for choice in leaf.choices:
            if choice.rule is not None:
                assert choice.rule in rules, (path, choice)
                assert rules[choice.rule].kind == "bool", (path, choice)


def test_magyar_offers_the_double_game_only_with_its_house_rule():
    leaf = schema_leaf("magyar", "announcements[0].figure")
    assert leaf is not None
    needs = {c.value: c.rule for c in leaf.choices}
    assert needs == dict.fromkeys(magyar.ANNOUNCEABLE) | {"double_game": "double_game"}
