"""The payments of the hand being entered stay in view: one line beside the Save button,
refreshed with every preview, never stale; the edit page opens with the hand's payments."""

import html as html_lib
import re

import pytest
from django.urls import reverse

from scorebook import services
from tests.web.test_hand_forms import PLAIN, paskievics_night

pytestmark = pytest.mark.django_db


def preview_line(html):
    match = re.search(r'<a id="preview-line"[^>]*>(.*?)</a>', html, re.S)
    assert match, html
    return " ".join(html_lib.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def test_the_htmx_preview_refreshes_the_line_beside_save(client_in, user):
    night = paskievics_night(user)
    url = reverse("preview", args=[night.pk])
    response = client_in.post(url, PLAIN, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.template_name == "scorebook/hand.html#preview"
    assert 'hx-swap-oob="true"' in html
    # two (kettős) won by Anna and Csaba: 2 units each, S = 2 (pair vs pair)
    assert preview_line(html) == "Anna +2 Béla −2 Csaba +2 Dóra −2"  # no ultimókassza tonight


def test_a_word_in_a_number_field_says_so_at_once_and_shows_no_stale_result(client_in, user):
    night = paskievics_night(user)
    url = reverse("preview", args=[night.pk])
    data = PLAIN | {"result.declarer_card_points:int": "5x2"}
    html = client_in.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    line = preview_line(html)
    assert line.startswith("Cannot compute:")
    assert "'5x2' is not a whole number" in line
    assert "+2" not in html  # no payments from an earlier preview or a guess


def test_the_full_page_has_the_line_in_the_save_bar_and_no_browser_validation(client_in, user):
    night = paskievics_night(user)
    html = client_in.get(reverse("new_hand", args=[night.pk])).content.decode()
    bar = html[html.index('class="form-actions"') :]
    assert bar.index('id="preview-line"') < bar.index("Save hand")
    assert "Payments appear here as you fill in the hand." in preview_line(html)
    assert re.search(r'<form[^>]*id="hand-form"[^>]*novalidate', html, re.S)


def test_the_edit_page_opens_with_the_hands_current_payments(client_in, user):
    night = paskievics_night(user)
    record = {k.split(":")[0]: v for k, v in PLAIN.items()}
    record |= {
        "game_contra": 0,
        "result": {"declarer_card_points": 52},
        "bid": {"declarer": "Anna", "level": "two"},
    }
    for key in ("bid.declarer", "bid.level", "result.declarer_card_points"):
        record.pop(key)
    hand = services.record_hand(night=night, record=record, author=user)
    html = client_in.get(reverse("edit_hand", args=[night.pk, hand.pk])).content.decode()
    assert preview_line(html) == "Anna +2 Béla −2 Csaba +2 Dóra −2"  # no ultimókassza tonight
    assert "two (kettős)" in html
