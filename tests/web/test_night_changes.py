"""Changing a night after it started: details and names, house rules (preview numbers
worked out by hand), soft delete with undo, duplicate imports, co-scorers and authors."""

import datetime
import io
from dataclasses import replace
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.http import Http404
from django.urls import reverse
from django.utils import timezone

from scorebook import (
    access,
    history,
    ledger,
    money,
    nightview,
    previews,
    services,
    sheets,
    summaries,
)
from scorebook.engine.errors import InvalidHand
from scorebook.engine.replay import replay
from scorebook.models import (
    Hand,
    HandRevision,
    Night,
    NightRevision,
    NightScorer,
    PaidTransfer,
    Player,
    Seat,
)
from tests.factories import make_night
from tests.web.conftest import hand

pytestmark = pytest.mark.django_db

# A magyar night of three. By the tariff (seed §§ as the engine cites them), G = 1 for a
# hármas at talon step 1:
#   hand 1: Anna wins the game (+1) and silent four kings (+1): S = 2 from each opponent
#           → Anna +4, Béla −2, Csaba −2
#   hand 2: Béla wins a kontra game: 1 × 2 = 2 from each → Béla +4, Anna −2, Csaba −2
#   hand 3: Csaba loses a szubkontra game: 1 × 8 = 8 to each → Csaba −16, Anna +8, Béla +8
# Totals: Anna 10, Béla 10, Csaba −20. With tariff_per_opponent off each S is split
# between the two opponents instead (2 → 1 each, 8 → 4 each): Anna 5, Béla 5, Csaba −10.
# With max_contra_level 2 (rekontra) hand 3's szubkontra (level 3) is not allowed.
H1 = {
    "dealer": "Csaba",
    "outcome": "played",
    "declarer": "Anna",
    "level": "three",
    "talon_step": 1,
    "game_contra": 0,
    "announcements": [],
    "result": {"declarer_card_points": 51, "four_kings_side": "declarer"},
}
H2 = {
    "dealer": "Anna",
    "outcome": "played",
    "declarer": "Béla",
    "level": "three",
    "talon_step": 1,
    "game_contra": 1,
    "announcements": [],
    "result": {"declarer_card_points": 48},
}
H3 = {
    "dealer": "Béla",
    "outcome": "played",
    "declarer": "Csaba",
    "level": "three",
    "talon_step": 1,
    "game_contra": 3,
    "announcements": [],
    "result": {"declarer_card_points": 40},
}


@pytest.fixture
def magyar(user):
    return magyar_night(user)


def magyar_night(user):
    """The magyar night above, its three hands recorded by `user`."""
    night = make_night(user, "magyar", ["Anna", "Béla", "Csaba"], "Csaba", per_point=Decimal(2))
    for record in (H1, H2, H3):
        services.record_hand(night=night, record=record, author=user)
    return Night.objects.get(pk=night.pk)


def totals(night):
    return nightview.night_view(Night.objects.get(pk=night.pk)).totals()


def test_magyar_night_scores_as_worked_out_by_hand(magyar):
    assert totals(magyar) == {"Anna": 10, "Béla": 10, "Csaba": -20}


def test_rules_preview_shows_every_total_before_and_after(magyar):
    view = nightview.night_view(magyar)
    rules = {**magyar.house_rules, "tariff_per_opponent": False}
    preview = previews.rules_preview(view, rules)
    assert preview.problems == []
    assert preview.changed == [("Full tariff from each opponent", "yes", "no")]
    assert preview.players == [
        ("Anna", "+10", "+5"),
        ("Béla", "+10", "+5"),
        ("Csaba", "−20", "−10"),
    ]
    assert preview.pots == []  # the night keeps no ultimókassza, before or after
    rules["ultimo_kassza"] = True  # the three hands played would each have paid into it
    [(pot, before, after)] = previews.rules_preview(view, rules).pots
    assert (pot, before) == ("ultimokassza", "0")
    assert after == money.units(
        sum(
            e.pots["ultimokassza"]
            for e in replay(
                replace(view.session, house_rules={**view.session.house_rules, **rules}),
                [r.record for r in view.live_rows],
            ).entries
        )
    ).lstrip("+")
    assert totals(magyar) == {"Anna": 10, "Béla": 10, "Csaba": -20}  # nothing saved


def test_changing_a_house_rule_rescores_every_hand_and_is_kept(magyar, user):
    rules = {**magyar.house_rules, "tariff_per_opponent": False}
    revision = services.change_house_rules(night=magyar, rules=rules, author=user)
    assert totals(magyar) == {"Anna": 5, "Béla": 5, "Csaba": -10}
    assert Night.objects.get(pk=magyar.pk).house_rules["tariff_per_opponent"] is False
    assert revision.kind == "rules"
    assert revision.changes == [["tariff_per_opponent", "true", "false"]]
    assert revision.author == user
    # the hand rows' caches follow: hand 3 now books −8 for Csaba
    row = Hand.objects.get(night=magyar, number=3)
    assert row.entries[0]["deltas"] == {"Anna": 4, "Béla": 4, "Csaba": -8}


def test_rules_that_refuse_a_hand_name_it_and_change_nothing(magyar, user):
    rules = {**magyar.house_rules, "max_contra_level": 2}
    preview = previews.rules_preview(nightview.night_view(magyar), rules)
    assert [(p.hand, p.field) for p in preview.problems] == [(3, "game_contra")]
    with pytest.raises(InvalidHand) as refused:
        services.change_house_rules(night=magyar, rules=rules, author=user)
    assert refused.value.problems[0].hand == 3
    assert Night.objects.get(pk=magyar.pk).house_rules["max_contra_level"] == 5
    assert totals(magyar) == {"Anna": 10, "Béla": 10, "Csaba": -20}
    assert not NightRevision.objects.exists()


def test_same_rules_change_nothing(magyar, user):
    assert services.change_house_rules(night=magyar, rules=magyar.house_rules, author=user) is None
    assert not NightRevision.objects.exists()


def test_edit_details_keeps_old_and_new_values(night, user):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    revision = services.edit_night(
        night=night,
        author=user,
        date=night.date,
        place="Kert",
        per_point=Decimal("5"),
        currency="EUR",
        names=list(night.seating),
    )
    night = Night.objects.get(pk=night.pk)
    assert (night.place, night.stake_per_point, night.currency) == ("Kert", Decimal(5), "EUR")
    assert revision.changes == [
        ["place", "Kávéház", "Kert"],
        ["stake per point", "2", "5"],
        ["currency", "HUF", "EUR"],
    ]
    # the money follows the new stake: Anna's 9 points at 5 EUR
    _rows, ledger_totals = ledger.ledger(nightview.night_view(night))
    assert ledger_totals["money"][0] == "45.00"


def test_renaming_a_player_rewrites_this_night_only(magyar, user, django_user_model):
    other = make_night(user, "magyar", ["Béla", "Csaba", "Dóra"])
    edit = Hand.objects.get(night=magyar, number=1)
    # two revisions (an edit and its undoing: an unchanged save keeps none)
    services.edit_hand(hand=edit, record={**H1, "game_contra": 1}, version=1, author=user)
    services.edit_hand(hand=edit, record=H1, version=2, author=user)
    PaidTransfer.objects.create(night=magyar, payer="Csaba", payee="Béla", amount=Decimal(20))
    services.edit_night(
        night=magyar,
        author=user,
        date=magyar.date,
        place="",
        per_point=Decimal(2),
        currency="HUF",
        names=["Anna", "Bela", "Csaba"],
    )
    magyar = Night.objects.get(pk=magyar.pk)
    assert magyar.seating == ["Anna", "Bela", "Csaba"]
    assert totals(magyar) == {"Anna": 10, "Bela": 10, "Csaba": -20}
    assert Hand.objects.get(night=magyar, number=2).record["declarer"] == "Bela"
    assert Hand.objects.get(night=magyar, number=3).record["dealer"] == "Bela"
    assert [r.record["dealer"] for r in HandRevision.objects.filter(hand=edit)] == ["Csaba"] * 2
    assert PaidTransfer.objects.get(night=magyar).payee == "Bela"
    seat = Seat.objects.get(night=magyar, position=1)
    assert seat.player.name == "Bela"
    # the other night (and its Béla) is untouched
    assert Night.objects.get(pk=other.pk).seating == ["Béla", "Csaba", "Dóra"]
    assert Player.objects.filter(owner=user, name="Béla").exists()
    revision = NightRevision.objects.get(night=magyar)
    assert revision.changes == [["name", "Béla", "Bela"]]


def test_a_misspelt_name_joins_the_real_player_and_leaves_no_ghost(user, magyar):
    make_night(user, "magyar", ["Anna", "Bela", "Dóra"])
    services.edit_night(
        night=magyar,
        author=user,
        date=magyar.date,
        place="",
        per_point=Decimal(2),
        currency="HUF",
        names=["Anna", "Bela", "Csaba"],
    )
    assert not Player.objects.filter(owner=user, name="Béla").exists()  # played nowhere else
    bela = Player.objects.get(owner=user, name="Bela")
    page = summaries.player_page(bela)
    assert page.nights == 2
    assert page.money == {"HUF": Decimal(20)}  # 10 points × 2 HUF here, 0 in the other night


def test_two_players_can_swap_names(magyar, user):
    services.edit_night(
        night=magyar,
        author=user,
        date=magyar.date,
        place="",
        per_point=Decimal(2),
        currency="HUF",
        names=["Béla", "Anna", "Csaba"],
    )
    assert totals(magyar) == {"Béla": 10, "Anna": 10, "Csaba": -20}
    assert Hand.objects.get(night=magyar, number=1).record["declarer"] == "Béla"
    assert Hand.objects.get(night=magyar, number=2).record["declarer"] == "Anna"


def rename(night, names, user=None):
    night = Night.objects.get(pk=night.pk)
    services.edit_night(
        night=night,
        author=user,
        date=night.date,
        place=night.place,
        per_point=night.stake_per_point,
        currency=night.currency,
        names=names,
    )
    return Night.objects.get(pk=night.pk)


def levels(night):
    return [h.record["level"] for h in Hand.objects.filter(night=night).order_by("position")]


def test_swapping_players_named_like_bid_levels_swaps_players_not_levels(user):
    """Issue 20, item 6: renaming touched every equal string, so swapping "two" and
    "three" swapped the bid levels too and changed the totals."""
    night = services.create_night(
        owner=user,
        variant_key="magyar",
        house_rules={},
        per_point=Decimal(2),
        currency="HUF",
        players=["two", "three", "Csaba"],
        first_dealer="Csaba",
    )
    for record, declarer, level in ((H1, "two", "three"), (H2, "three", "two")):
        dealer = {"Anna": "two", "Béla": "three"}.get(record["dealer"], record["dealer"])
        services.record_hand(
            night=night,
            record=record | {"dealer": dealer, "declarer": declarer, "level": level},
            author=user,
        )
    # hand 1: "two" wins a hármas with four kings (2 from each); hand 2: "three" wins a
    # kettes (G = 2) with kontra: 2 × 2 = 4 from each.
    assert totals(night) == {"two": 4 - 4, "three": -2 + 8, "Csaba": -2 - 4}
    services.mark_transfer_paid(night=night, payer="two", payee="three", amount=Decimal(5))
    services.mark_transfer_paid(night=night, payer="three", payee="two", amount=Decimal(5))
    paid_at = dict(PaidTransfer.objects.values_list("payer", "paid_at"))
    night = rename(night, ["three", "two", "Csaba"], user)
    assert night.seating == ["three", "two", "Csaba"]
    assert levels(night) == ["three", "two"]
    declarers = [h.record["declarer"] for h in Hand.objects.filter(night=night)]
    assert declarers == ["three", "two"]
    assert totals(night) == {"three": 0, "two": 6, "Csaba": -6}
    # the mirrored paid marks (A → B and B → A, same amount) swap too, keeping their time
    marks = PaidTransfer.objects.filter(night=night)
    assert sorted(marks.values_list("payer", "payee", "amount")) == [
        ("three", "two", Decimal(5)),
        ("two", "three", Decimal(5)),
    ]
    assert dict(marks.values_list("payer", "paid_at")) == {
        "three": paid_at["two"],
        "two": paid_at["three"],
    }


def test_a_player_may_take_a_name_that_is_a_bid_level_and_give_it_back(magyar, user):
    magyar = rename(magyar, ["Anna", "three", "Csaba"], user)
    assert totals(magyar) == {"Anna": 10, "three": 10, "Csaba": -20}
    assert levels(magyar) == ["three", "three", "three"]
    magyar = rename(magyar, ["Anna", "Béla", "Csaba"], user)
    assert totals(magyar) == {"Anna": 10, "Béla": 10, "Csaba": -20}
    assert levels(magyar) == ["three", "three", "three"]
    assert Hand.objects.get(night=magyar, number=2).record["declarer"] == "Béla"


def test_a_scopa_player_named_like_a_card_can_be_renamed(user):
    """A Scopa player "A" could never be renamed: the ace ("A") in the best cards of the
    primiera was renamed with him, and the deal no longer scored."""
    night = services.create_night(
        owner=user,
        variant_key="scopa",
        house_rules={},
        per_point=Decimal(1),
        currency="HUF",
        players=["A", "B"],
    )
    best = {
        "A": {"coins": "7", "cups": "6", "swords": "A", "batons": "5"},
        "B": {"coins": "6", "cups": "7", "swords": "7", "batons": "7"},
    }
    record = {
        "dealer": "A",
        "result": {
            "cards": {"A": 22, "B": 18},
            "coins": {"A": 6, "B": 4},
            "settebello": "A",
            "scopas": {"A": 1, "B": 2},
            "primiera_best": best,
        },
    }
    services.record_hand(night=night, record=record, author=user)
    before = totals(night)
    night = rename(night, ["Ádám", "B"], user)
    stored = Hand.objects.get(night=night).record
    assert stored["dealer"] == "Ádám"
    assert stored["result"]["settebello"] == "Ádám"
    assert stored["result"]["primiera_best"] == {"Ádám": best["A"], "B": best["B"]}
    assert stored["result"]["primiera_best"]["Ádám"]["swords"] == "A"  # the ace stays
    assert totals(night) == {"Ádám": before["A"], "B": before["B"]}


@pytest.mark.parametrize(
    ("names", "field"),
    [
        (["Anna", "Anna", "Csaba"], "players"),
        (["Anna", "", "Csaba"], "players"),
        (["Anna", "pot:x", "Csaba"], "players"),
        (["Anna", "Béla"], "players"),
    ],
)
def test_bad_names_are_refused_and_change_nothing(magyar, user, names, field):
    with pytest.raises(InvalidHand) as refused:
        services.edit_night(
            night=magyar,
            author=user,
            date=magyar.date,
            place="elsewhere",
            per_point=Decimal(2),
            currency="HUF",
            names=names,
        )
    assert refused.value.problems[0].field == field
    night = Night.objects.get(pk=magyar.pk)
    assert night.seating == ["Anna", "Béla", "Csaba"]
    assert night.place == ""


def test_deleting_a_night_leaves_every_statistic_and_undo_brings_it_back(magyar, user):
    anna = Player.objects.get(owner=user, name="Anna")
    assert summaries.player_page(anna).money == {"HUF": Decimal(20)}
    services.delete_night(night=magyar, author=user)
    assert not Night.objects.filter(pk=magyar.pk).exists()
    assert summaries.player_page(anna).nights == 0
    assert summaries.player_page(anna).money == {}
    assert list(summaries.filtered_nights(user)) == []
    assert {p.name: p.nights for p in summaries.players_of(user)}["Anna"] == 0
    assert access.nights_of(user) == []
    assert access.deleted_nights(user) == [Night.all_objects.get(pk=magyar.pk)]
    services.restore_night(night=Night.all_objects.get(pk=magyar.pk), author=user)
    assert summaries.player_page(anna).money == {"HUF": Decimal(20)}
    kinds = list(NightRevision.objects.filter(night=magyar).values_list("kind", flat=True))
    assert kinds == ["restore", "delete"]


def test_an_identical_sheet_is_found_as_the_same_night(magyar, user, other):
    sheet, problems = sheets.check_sheet(sheets.export_sheet(magyar))
    assert problems == []
    assert sheets.same_night(user, sheet.session, list(sheet.records)) == magyar
    assert sheets.same_night(other, sheet.session, list(sheet.records)) is None
    changed = [*sheet.records[:2]]
    assert sheets.same_night(user, sheet.session, changed) is None


def test_hands_and_revisions_record_who_wrote_them(night, user, other):
    services.add_scorer(night=night, username="mallory", author=user)
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=other)
    assert h.author == other
    services.edit_hand(hand=h, record=hand("Dóra", "Béla", 3), version=1, author=user)
    h.refresh_from_db()
    assert h.author == user
    rev = HandRevision.objects.get(hand=h)
    assert (rev.written_by, rev.author) == (other, user)


def test_scorers_by_name_and_by_link(night, user, other, django_user_model):
    with pytest.raises(InvalidHand):
        services.add_scorer(night=night, username="nobody", author=user)
    with pytest.raises(InvalidHand):
        services.add_scorer(night=night, username="anna", author=user)
    services.add_scorer(night=night, username="mallory", author=user)
    assert access.role_in(other, night) == access.SCORER
    assert access.role_in(user, night) == access.OWNER
    services.remove_scorer(night=night, user_id=other.pk, author=user)
    assert access.role_in(other, night) is None
    link = services.create_scorer_link(night=night)
    assert len(link.token) == 43
    assert services.create_scorer_link(night=night) == link  # the same link until revoked
    third = django_user_model.objects.create_user("csaba", password="pw-csaba-123")
    services.join_as_scorer(link=link, user=third)
    services.join_as_scorer(link=link, user=user)  # the owner stays owner
    assert list(NightScorer.objects.values_list("user__username", flat=True)) == ["csaba"]
    services.revoke_scorer_link(night=night)
    with pytest.raises(Http404):
        access.scorer_link(link.token)


def test_nights_deleted_long_ago_are_purged(magyar, night, user):
    services.delete_night(night=magyar, author=user)
    services.delete_night(night=night, author=user)
    Night.all_objects.filter(pk=magyar.pk).update(
        deleted_at=timezone.now() - datetime.timedelta(days=31)
    )
    out = io.StringIO()
    call_command("purge_deleted_nights", stdout=out)
    assert out.getvalue() == "1 deleted night(s) removed\n"
    assert list(Night.all_objects.values_list("pk", flat=True)) == [night.pk]
    assert not Hand.objects.filter(night_id=magyar.pk).exists()
    assert Player.objects.filter(owner=user, name="Anna").exists()  # players stay


def test_a_hands_history_shows_what_changed_old_to_new_who_and_when(client_in, night, user, other):
    services.add_scorer(night=night, username="mallory", author=user)
    h = services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=other)
    services.edit_hand(hand=h, record=hand("Dóra", "Béla", 5), version=1, author=user)
    h.refresh_from_db()
    services.delete_hand(hand=h, version=2, author=user)
    h.refresh_from_db()
    services.restore_hand(hand=h, version=3, author=other)
    h.refresh_from_db()
    changes = history.hand_changes(h)
    assert [(c.version, c.deleted, c.by) for c in changes] == [
        (4, False, other),
        (3, True, user),
        (2, None, user),
    ]
    assert changes[2].fields == [("points", 3, 5), ("winner", "Anna", "Béla")]
    page = client_in.get(reverse("edit_hand", args=[night.pk, h.pk])).content.decode()
    shown = page[page.index('<ul class="revisions">') :]
    assert "<del>Anna</del> → <ins>Béla</ins>" in shown
    assert "<del>3</del> → <ins>5</ins>" in shown
    assert "changed by mallory" in shown
    assert "changed by anna" in shown
    assert "Deleted." in shown
    assert "Brought back." in shown
    assert "{" not in shown  # no raw record anywhere
