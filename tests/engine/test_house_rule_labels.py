"""Every house rule of kind "choice" names its choices for the set-up page in both languages:
one label per choice (scorebook/forms.py house_rule_field shows `choice_labels`)."""

import pytest

from scorebook.catalogues import say_in
from scorebook.engine import registry

# A label is a message (or a Text while variants convert, issue 11): rendered either way.
EN, HU = say_in("en"), say_in("hu")

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
    for label in rule.choice_labels:
        assert EN(label).strip(), f"{variant.key}.{rule.name}: {label!r}"
        assert HU(label).strip(), f"{variant.key}.{rule.name}: {label!r}"
    # Distinct labels, or a player cannot tell the choices apart.
    assert len({EN(label) for label in rule.choice_labels}) == len(rule.choices)
    assert len({HU(label) for label in rule.choice_labels}) == len(rule.choices)
