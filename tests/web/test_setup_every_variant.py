"""The night set-up offers every registered variant and every kind of house rule."""

import json
import re

import pytest
from django.urls import reverse

from scorebook.engine import registry
from scorebook.models import Night

pytestmark = pytest.mark.django_db
NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Ede", "Feri"]


def default_post(variant) -> dict:
    """What a browser sends when the set-up page is saved as it opens (every default kept)."""
    data = {
        "players": NAMES[: variant.min_players],
        "first_dealer": "0",
        "per_point": "1",
        "currency": "HUF",
        "date": "2026-11-22",
    }
    for rule in variant.house_rules:
        name, value = f"hr_{rule.name}", rule.default
        if rule.kind == "bool":
            if value:
                data[name] = "on"
        elif rule.kind == "json":
            data[name] = json.dumps(value)
        elif rule.kind == "choice":
            data[name] = {True: "true", False: "false", None: "—"}.get(value, str(value))
        else:
            data[name] = "" if value is None else str(value)
    return data


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_the_set_up_page_opens_and_saves_with_the_defaults(client_in, key):
    variant = registry.get(key)
    page = client_in.get(reverse("setup", args=[key]))
    assert page.status_code == 200
    response = client_in.post(reverse("setup", args=[key]), default_post(variant))
    assert response.status_code == 302, response.context["form"].errors
    night = Night.objects.get()
    assert night.house_rules == {rule.name: rule.default for rule in variant.house_rules}


def test_a_list_or_object_rule_is_typed_as_json_and_checked(client_in):
    variant = registry.get("magyar")
    url = reverse("setup", args=["magyar"])
    page = client_in.get(url).content.decode()
    (field,) = re.findall(r'<input[^>]*name="hr_tarokk_count_bonus"[^>]*>', page)
    assert "null" not in field  # the default "none" is the blank field
    bad = default_post(variant) | {"hr_tarokk_count_bonus": '{"min_tarokks": '}
    response = client_in.post(url, bad)
    assert response.status_code == 200
    assert "not valid JSON" in str(response.context["form"].errors["hr_tarokk_count_bonus"])
    assert "{&quot;min_tarokks&quot;: " in response.content.decode()  # what was typed stays
    wrong = default_post(variant) | {"hr_tarokk_count_bonus": "[1, 2]"}
    response = client_in.post(url, wrong)
    assert response.context["form"].errors["hr_tarokk_count_bonus"]
    assert not Night.objects.exists()
    blank = default_post(variant) | {"hr_tarokk_count_bonus": ""}  # blank keeps the default
    assert client_in.post(url, blank).status_code == 302
    assert Night.objects.get().house_rules["tarokk_count_bonus"] is None
    Night.objects.all().delete()
    good = default_post(variant) | {"hr_tarokk_count_bonus": '{"min_tarokks": 9, "value": 2}'}
    assert client_in.post(url, good).status_code == 302
    assert Night.objects.get().house_rules["tarokk_count_bonus"] == {"min_tarokks": 9, "value": 2}
