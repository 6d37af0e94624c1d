"""The printable summary of a typical 30-hand night fits one A4 page (issue 3)."""

import json
import re
from pathlib import Path

from scorebook import nightview, services, sheets
from tests.browser import table

pytestmark = table.MARKS
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "paskievics.json"


def thirty_hands(user):
    """The example Paskievics night (23 hands, five players) and 7 more plain hands."""
    night = sheets.create_night_from_sheet(owner=user, data=json.loads(EXAMPLE.read_text()))
    for _ in range(30 - len(nightview.night_view(night).live_rows)):
        hint = nightview.night_view(night).hint()
        active = [p for p in night.seating if p not in hint.sitting_out]
        services.record_hand(
            night=night,
            record={
                "dealer": hint.next_dealer,
                "outcome": "played",
                "bid": {"declarer": active[0], "level": "three"},
                "called_card": "XX",
                "partner": active[1],
                "game_contra": 0,
                "announcements": [],
                "result": {"declarer_card_points": 52},
            },
        )
    assert nightview.night_view(night).next_number() == 31
    return night


def test_a_thirty_hand_night_prints_on_one_a4_page(browser, live_server, django_user_model):
    user = django_user_model.objects.create_user(table.USERNAME, password=table.PASSWORD)
    night = thirty_hands(user)
    context, page, errors = table.phone_page(browser, live_server)
    page.goto(f"{live_server.url}/nights/{night.pk}/print/")
    page.emulate_media(media="print")
    pdf = page.pdf(format="A4", print_background=True)
    (table.SCREENS / "print-30-hands.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    context.close()
    assert errors == []
    assert pages == 1
