"""Shape checks for changing a night after it started: its details and names, its house
rules, its co-scorers. (Apart from forms.py so the set-up form stays as it is.)"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from scorebook.engine.types import HouseRule, Variant
from scorebook.forms import NightForm, house_rule_field
from scorebook.models import Night
from scorebook.nights import show_value
from scorebook.speech import say

NAME_FIELD = "name_{}"


class NightDetailsForm(forms.Form):
    """Date, place, stake, currency (as at set-up) and one name field per seat."""

    per_point = NightForm.base_fields["per_point"]
    currency = NightForm.base_fields["currency"]
    date = NightForm.base_fields["date"]
    place = NightForm.base_fields["place"]

    def __init__(self, *args: Any, night: Night, **kwargs: Any) -> None:
        kwargs.setdefault(
            "initial",
            {
                # 10, not 1E+1 (normalize alone) nor 10.0000
                "per_point": format(night.stake_per_point.normalize(), "f"),
                "currency": night.currency,
                "date": night.date,
                "place": night.place,
            }
            | {NAME_FIELD.format(i): name for i, name in enumerate(night.seating)},
        )
        super().__init__(*args, **kwargs)
        self.seat_count = len(night.seating)
        for i, name in enumerate(night.seating):
            self.fields[NAME_FIELD.format(i)] = forms.CharField(
                label=_("Seat %(n)s (now %(name)s)") % {"n": i + 1, "name": name},
                max_length=60,
            )

    def clean_currency(self) -> str:
        return str(self.cleaned_data["currency"]).upper()

    def name_fields(self) -> list[forms.BoundField]:
        return [self[NAME_FIELD.format(i)] for i in range(self.seat_count)]

    def names(self) -> list[str]:
        return [self.cleaned_data[NAME_FIELD.format(i)].strip() for i in range(self.seat_count)]


class HouseRulesForm(forms.Form):
    """The variant's house rules, filled with the night's; `confirm` saves after a preview."""

    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, variant: Variant, rules: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.variant = variant
        for rule in variant.house_rules:
            field = house_rule_field(rule)
            value = rules.get(rule.name, rule.default)
            # a choice's option is the value as the pages write it (5 → "5", none → "—")
            field.initial = show_value(value) if rule.kind == "choice" else value
            self.fields[f"hr_{rule.name}"] = field

    def rule_groups(self) -> list[tuple[str, list[tuple[HouseRule, forms.BoundField]]]]:
        groups: dict[str, list[tuple[HouseRule, forms.BoundField]]] = {}
        for rule in self.variant.house_rules:
            groups.setdefault(say(rule.group), []).append((rule, self[f"hr_{rule.name}"]))
        return list(groups.items())

    def house_rules(self) -> dict[str, Any]:
        return {
            rule.name: self.cleaned_data[f"hr_{rule.name}"] for rule in self.variant.house_rules
        }


class ScorerForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
