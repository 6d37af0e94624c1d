"""Every house rule of kind "choice" names its choices for the set-up page in both languages:
one label per choice (scorebook/forms.py house_rule_field shows `choice_labels`)."""

import re

import pytest

from scorebook.catalogues import catalogue, say_in
from scorebook.engine import registry
from scorebook.engine.messages import Msg
from scorebook.engine.shape import check_rule

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


# Issue 12: every house rule of every variant carries a label as the players name it, with
# its help, in Hungarian and Polish, and neither shows an identifier or cites a "seed".
LABELLED_VARIANTS = list(registry.VARIANT_KEYS)

LABELLED_RULES = [
    pytest.param(variant, rule, id=f"{variant.key}.{rule.name}")
    for variant in map(registry.get, LABELLED_VARIANTS)
    for rule in variant.house_rules
]

SNAKE_CASE = re.compile(r"\b[a-z0-9]+(?:_[a-z0-9]+)+\b", re.IGNORECASE)


def _translated(message, lang: str) -> bool:
    """The message in `lang` differs from the English, or its id is in the catalogue (a
    term the language keeps as it is, e.g. "Ultimókassza")."""
    if say_in(lang)(message) != say_in("en")(message):
        return True
    key = f"{message.context}\x04{message.id}" if message.context else message.id
    return key in catalogue(lang)._catalog


@pytest.mark.parametrize(("variant", "rule"), LABELLED_RULES)
def test_house_rule_has_label_and_help_in_every_language(variant, rule):
    where = f"{variant.key}.{rule.name}"
    assert isinstance(rule.label, Msg), f"{where} has no label"
    english = say_in("en")(rule.label)
    assert english.strip(), where
    assert not SNAKE_CASE.search(english), f"{where}: label {english!r} shows an identifier"
    assert not SNAKE_CASE.search(say_in("en")(rule.help)), f"{where}: help shows an identifier"
    assert "seed" not in say_in("en")(rule.help).lower(), f"{where}: help cites a seed"
    for lang in ("hu", "pl"):
        assert _translated(rule.label, lang), f"{where}: label not translated into {lang}"
        assert _translated(rule.help, lang), f"{where}: help not translated into {lang}"


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_every_house_rule_refuses_in_a_message_not_english_words(key):
    """A refused house-rule value is said through the catalogues (a Msg), like every other
    problem: no checker answers with a plain English string."""
    wrong = ("nonsense", {"min_tarokks": 0, "value": 1}, [{"min_tarokks": 9}], [], 3.5, {"x": 1})
    for rule in registry.get(key).house_rules:
        for value in wrong:
            problem = check_rule(rule, value)
            assert problem is None or isinstance(problem, Msg), (rule.name, value, problem)


def test_the_tarokk_count_bonus_problems_in_words():
    tapper = {r.name: r for r in registry.get("tapper").house_rules}["tarokk_count_bonus"]
    twice = [{"min_tarokks": 9, "value": 1}, {"min_tarokks": 9, "value": 2}]
    assert str(check_rule(tapper, twice)) == "the bonus for 9 tarokks is given twice"
    low = [{"min_tarokks": 0, "value": 1}]
    assert str(check_rule(tapper, low)) == "the least number of tarokks: 0 is not 1–22"
