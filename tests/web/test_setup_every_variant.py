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


def inputs(page: str, rule: str) -> dict[str, str]:
    """The number inputs of a list or object rule, by their place in the value."""
    found = re.findall(rf'name="hr_{rule}\.([\w.]+)" value="([^"]*)"', page)
    return dict(found)


def test_an_object_rule_gets_a_number_input_per_key(client_in):
    variant = registry.get("magyar")
    url = reverse("setup", args=["magyar"])
    page = client_in.get(url).content.decode()
    assert inputs(page, "tarokk_count_bonus") == {"min_tarokks": "", "value": ""}  # none
    assert "<textarea" not in page
    assert "at least this many tarokks" in page
    base = default_post(variant)
    del base["hr_tarokk_count_bonus"]
    blank = base | {"hr_tarokk_count_bonus.min_tarokks": "", "hr_tarokk_count_bonus.value": ""}
    assert client_in.post(url, blank).status_code == 302  # blank keeps the default: none
    assert Night.objects.get().house_rules["tarokk_count_bonus"] is None
    Night.objects.all().delete()
    for typed, error in (
        ({"min_tarokks": "9", "value": ""}, "fill in this number too"),
        ({"min_tarokks": "9", "value": "x"}, "x is not a whole number"),
        ({"min_tarokks": "30", "value": "2"}, "30"),  # the engine's own check
    ):
        data = base | {f"hr_tarokk_count_bonus.{k}": v for k, v in typed.items()}
        response = client_in.post(url, data)
        assert response.status_code == 200
        assert error in str(response.context["form"].errors["hr_tarokk_count_bonus"])
        assert inputs(response.content.decode(), "tarokk_count_bonus") == typed  # kept
    assert not Night.objects.exists()
    good = base | {"hr_tarokk_count_bonus.min_tarokks": "9", "hr_tarokk_count_bonus.value": "2"}
    assert client_in.post(url, good).status_code == 302
    night = Night.objects.get()
    assert night.house_rules["tarokk_count_bonus"] == {"min_tarokks": 9, "value": 2}
    rules = client_in.get(reverse("house_rules", args=[night.pk])).content.decode()
    assert inputs(rules, "tarokk_count_bonus") == {"min_tarokks": "9", "value": "2"}


def test_a_list_rule_gets_a_number_input_per_item_and_rows_per_object(client_in):
    url = reverse("setup", args=["snapszer"])
    page = client_in.get(url).content.decode()
    assert inputs(page, "snapszer_game_points") == {"0": "1", "1": "2", "2": "3"}
    data = default_post(registry.get("snapszer"))
    del data["hr_snapszer_game_points"]
    points = {"hr_snapszer_game_points.0": "1", "hr_snapszer_game_points.1": "2"}
    response = client_in.post(url, data | points | {"hr_snapszer_game_points.2": ""})
    assert "fill in this number too" in str(response.context["form"].errors)
    assert (
        client_in.post(url, data | points | {"hr_snapszer_game_points.2": "4"}).status_code == 302
    )
    assert Night.objects.get().house_rules["snapszer_game_points"] == [1, 2, 4]
    # Tapper: none, or rows of (tarokks, value); blank rows are left out.
    url = reverse("setup", args=["tapper"])
    page = client_in.get(url).content.decode()
    assert set(inputs(page, "tarokk_count_bonus")) == {
        "0.min_tarokks",
        "0.value",
        "1.min_tarokks",
        "1.value",
    }
    data = default_post(registry.get("tapper"))
    del data["hr_tarokk_count_bonus"]
    rows = {
        "hr_tarokk_count_bonus.0.min_tarokks": "8",
        "hr_tarokk_count_bonus.0.value": "1",
        "hr_tarokk_count_bonus.1.min_tarokks": "",
        "hr_tarokk_count_bonus.1.value": "",
        "hr_tarokk_count_bonus.2.min_tarokks": "9",
        "hr_tarokk_count_bonus.2.value": "2",
    }
    assert client_in.post(url, data | rows).status_code == 302
    night = Night.objects.get(variant="tapper")
    assert night.house_rules["tarokk_count_bonus"] == [
        {"min_tarokks": 8, "value": 1},
        {"min_tarokks": 9, "value": 2},
    ]
    rules = client_in.get(reverse("house_rules", args=[night.pk])).content.decode()
    assert len(inputs(rules, "tarokk_count_bonus")) == 8  # both rows and two spare ones


def test_a_mapping_rule_gets_labelled_inputs_and_blank_keys_keep_the_book(client_in):
    url = reverse("setup", args=["trappola"])
    page = client_in.get(url).content.decode()
    shown = inputs(page, "trappola_values")
    assert shown["card.ace"] == "6"
    assert shown["four_factor"] == "2"
    assert "four of a kind: factor" in page
    data = default_post(registry.get("trappola"))
    del data["hr_trappola_values"]
    typed = {f"hr_trappola_values.{k}": v for k, v in shown.items()}
    typed |= {"hr_trappola_values.card.ace": "7", "hr_trappola_values.last_trick": ""}
    assert client_in.post(url, data | typed).status_code == 302
    values = Night.objects.get().house_rules["trappola_values"]
    assert values["card"]["ace"] == 7
    assert "last_trick" not in values  # left blank: the recovered value applies


def test_a_list_or_object_rule_still_reads_a_value_posted_as_json(client_in):
    """A script (or an old page) may post the whole value as JSON: checked the same way."""
    variant = registry.get("magyar")
    url = reverse("setup", args=["magyar"])
    bad = default_post(variant) | {"hr_tarokk_count_bonus": '{"min_tarokks": '}
    response = client_in.post(url, bad)
    assert response.status_code == 200
    assert "not valid JSON" in str(response.context["form"].errors["hr_tarokk_count_bonus"])
    wrong = default_post(variant) | {"hr_tarokk_count_bonus": "[1, 2]"}
    response = client_in.post(url, wrong)
    assert response.context["form"].errors["hr_tarokk_count_bonus"]
    assert not Night.objects.exists()
    good = default_post(variant) | {"hr_tarokk_count_bonus": '{"min_tarokks": 9, "value": 2}'}
    assert client_in.post(url, good).status_code == 302
    assert Night.objects.get().house_rules["tarokk_count_bonus"] == {"min_tarokks": 9, "value": 2}
