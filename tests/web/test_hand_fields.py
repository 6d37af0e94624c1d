"""The hand form is built with Django form fields made from each variant's record schema:
every input a player can fill in is a field of the page's `HandFields` form, labelled and
ranged as the schema says, and rendered by the chip, number-pad or select widget."""

from __future__ import annotations

import html
import re

import pytest
from django import forms
from django.urls import reverse

from scorebook.engine import registry
from scorebook.engine.shape import leaf_at
from scorebook.forms import FIXED, OBJECT, split_name
from scorebook.handfields import Chips, Dropdown, HandFields, NumberPad, hand_field
from scorebook.speech import say
from tests.web.handforms import make_night

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
# Inputs of the page that are not answers: the form's bookkeeping, an object kept when blank
# (`{% keep_object %}`), a row's player riding along (Ultimo's declarations, added by hand.js
# from a <template>), and the announcing side hand.js fills in from the declarer (tapper).
BOOKKEEPING = re.compile(
    rf"^(csrfmiddlewaretoken|_.*|.*:{OBJECT}|.*\.player:{FIXED}|.*\.side:{FIXED})$"
)


def _form_inputs(page: str) -> set[str]:
    start = page.index('id="hand-form"')
    form = page[start : page.index("</form>", start)]
    form = re.sub(r"<template\b.*?</template>", "", form, flags=re.S)  # rows hand.js clones
    return {html.unescape(n) for n in re.findall(r'<(?:input|select)\b[^>]*\bname="([^"]+)"', form)}


@pytest.mark.parametrize("key", registry.VARIANT_KEYS)
def test_every_input_of_every_form_is_a_django_field_from_the_schema(client_in, user, key):
    variant = registry.get(key)
    night = make_night(user, key, PLAYERS[: variant.min_players], first_dealer=PLAYERS[0])
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    form = response.context["form"]
    fields = form.fields.fields
    inputs = {n for n in _form_inputs(response.content.decode()) if not BOOKKEEPING.match(n)}
    assert inputs, key
    assert inputs <= set(fields), sorted(inputs - set(fields))
    for name in inputs:
        field = fields[name]
        assert isinstance(field, forms.Field)
        path = re.sub(r"@\d+", "player", split_name(name)[0])
        leaf = leaf_at(variant.record, path)
        if leaf is None or not leaf.choices or not isinstance(field, forms.ChoiceField):
            continue  # a number, a word, a figure riding along, who tapped a grid chip
        # A choice field offers the schema's choices (those the night's house rules allow)
        offered = {str(v) for v, _text in field.choices if v != ""}
        schema = {str(int(c.value) if isinstance(c.value, bool) else c.value) for c in leaf.choices}
        assert offered <= schema | {"0"}, (name, offered - schema)


def test_a_number_field_takes_its_range_and_label_from_the_schema(client_in, user):
    night = make_night(user, "paskievics", PLAYERS[:4], first_dealer="Anna")
    response = client_in.get(reverse("new_hand", args=[night.pk]))
    field = response.context["form"].fields.fields["result.declarer_card_points"]
    leaf = leaf_at(registry.get("paskievics").record, "result.declarer_card_points")
    assert isinstance(field, forms.IntegerField)
    assert isinstance(field.widget, NumberPad)
    assert (field.min_value, field.max_value) == (leaf.lo, leaf.hi) == (0, 94)
    assert field.label == say(leaf.label)
    html_page = response.content.decode()
    assert 'id="f-result-declarer-card-points" value="" data-min="0" data-max="94"' in html_page


def test_paskievics_figures_come_from_its_record_as_one_grid_line_each(client_in, user):
    night = make_night(user, "paskievics", PLAYERS[:4], first_dealer="Anna")
    page = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    lines = re.findall(r'<div class="figure" data-figure="([^"]+)">', page)
    assert lines == ["double_game", "volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch"]
    assert "<h3>XXI-catch (huszonegyfogás)</h3>" in page
    # each cell: the player's chip, the figure riding along, the contra chips under it
    assert (
        '<label class="chip small"><input type="checkbox" name="announcements[20].by" '
        'value="Anna"><span>Anna</span></label>'
        '<input type="hidden" name="announcements[20].figure:fixed" value="trull">'
    ) in page
    contras = re.findall(r'name="announcements\[20\]\.contra" value="(\d)"', page)
    assert contras == ["1", "2", "3", "4", "5"]


def test_chips_show_what_is_chosen_and_a_repeated_choice_is_offered_as_often():
    chips = hand_field("radio", [("1", "one"), ("2", "two")], label="How many", blank="—")
    assert isinstance(chips.widget, Chips)
    shown = chips.widget.render("n:int", ["2"], {"id": "f-n"})
    assert shown == (
        '<label class="chip"><input type="radio" name="n:int" value=""><span>—</span></label>'
        '<label class="chip"><input type="radio" name="n:int" value="1"><span>one</span></label>'
        '<label class="chip"><input type="radio" name="n:int" value="2" checked>'
        "<span>two</span></label>"
    )
    cards = hand_field("checks", [("K", "king"), ("K", "king"), ("Q", "queen")], label="Cards")
    shown = cards.widget.render("cards:list", ["K"], {})
    assert shown.startswith('<input type="hidden" name="cards:list" value="">')
    assert shown.count(" checked") == 1  # one king of the two the pack holds
    assert 'value="K" checked' in shown
    both = cards.widget.render("cards:list", ["K", "K"], {})
    assert both.count('value="K" checked') == 2


def test_a_select_and_the_form_that_holds_the_fields():
    dealer = hand_field("player", [("Anna", "Anna"), ("Béla", "Béla")], label="Dealer")
    assert isinstance(dealer.widget, Dropdown)
    fields = HandFields()
    bound = fields.add("dealer", dealer, ["Béla"])
    assert bound.label == "Dealer"
    assert bound.as_widget(attrs={"id": "f-dealer"}) == (
        '<select name="dealer" id="f-dealer"><option value="Anna">Anna</option>'
        '<option value="Béla" selected>Béla</option></select>'
    )
    assert list(fields.fields) == ["dealer"]
