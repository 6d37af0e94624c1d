"""Every house rule of kind "choice" names its choices for the set-up page in both languages:
one label per choice (scorebook/forms.py house_rule_field shows `choice_labels`)."""

import re

import pytest

from scorebook.catalogues import catalogue, say_in
from scorebook.engine import registry
from scorebook.engine.messages import Msg

CHOICE_RULES = [
    pytest.param(variant, rule, id=f"{variant.key}.{rule.name}")
    for variant in registry.all_variants()
    for rule in variant.house_rules
    if rule.kind == "choice"
]


def test_there_are_choice_rules():
    assert len(CHOICE_RULES) > 20


@pytest.mark.parametrize(("variant", "rule"), CHOICE_RULES)
def test_choice_rule_has_one_label_per_choice(variant, rule):
    assert rule.choices, f"{variant.key}.{rule.name} has no choices"
    assert len(rule.choice_labels) == len(rule.choices), (
        f"{variant.key}.{rule.name}: {len(rule.choice_labels)} labels for "
        f"{len(rule.choices)} choices {rule.choices!r}"
    )
    assert rule.default in rule.choices
    # Rendered as the set-up page shows them: a Text pair or a message through the catalogue.
    en, hu = say_in("en"), say_in("hu")
    for label in rule.choice_labels:
        assert en(label).strip(), f"{variant.key}.{rule.name}: {label!r}"
        assert hu(label).strip(), f"{variant.key}.{rule.name}: {label!r}"
    # Distinct labels, or a player cannot tell the choices apart.
    assert len({en(label) for label in rule.choice_labels}) == len(rule.choices)
    assert len({hu(label) for label in rule.choice_labels}) == len(rule.choices)


# --- issue 12: Strohmandli and the two-player games name every house rule -------------------

TWO_PLAYER_AND_STROHMANDLI = [
    "strohmandli",
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
]
SNAKE_CASE = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b")


def _translated(lang: str, message: Msg) -> bool:
    """Rendered differently from the English, or its id has an entry in `lang`'s catalogue
    (a word that stays the same, e.g. "Primiera")."""
    if say_in(lang)(message) != str(message):
        return True
    key = f"{message.context}\x04{message.id}" if message.context else message.id
    return bool(getattr(catalogue(lang), "_catalog", {}).get(key))


@pytest.mark.parametrize("key", TWO_PLAYER_AND_STROHMANDLI)
def test_two_player_and_strohmandli_rules_have_labels_in_every_language(key):
    variant = registry.get(key)
    assert variant.house_rules, key
    for rule in variant.house_rules:
        where = f"{key}.{rule.name}"
        assert rule.label is not None, f"{where} has no label"
        english = str(rule.label)
        assert english.strip(), where
        assert not SNAKE_CASE.search(english), f"{where}: {english!r}"
        assert not SNAKE_CASE.search(str(rule.help)), f"{where}: {rule.help!r}"
        assert "seed" not in str(rule.help), f"{where}: {rule.help!r}"
        for lang in ("hu", "pl"):
            for message in (rule.label, rule.help):
                assert _translated(lang, message), f"{where} ({lang}): {message!r}"
