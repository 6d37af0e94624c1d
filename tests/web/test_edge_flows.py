"""Edge flows around a real table: a five-seat night, joins and leaves, two phones, edits
that break later hands, undo, settle-up with rounding, and garbage input."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from scorebook import ledger, money, nightview, services, settleup, sheets
from scorebook.engine.errors import InvalidHand
from scorebook.engine.replay import replay
from scorebook.engine.scoresheet import score_sheet
from scorebook.models import Hand, Night, PaidTransfer
from tests.factories import make_night
from tests.web.handforms import browser_data

pytestmark = pytest.mark.django_db

FIVE = ["Anna", "Béla", "Csaba", "Dóra", "Edit"]


def pask(dealer, declarer, partner, points, level="three", **extra):
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": level},
        "called_card": "XX",
        "partner": partner,
        "alone_reason": None,
        "game_contra": 0,
        "announcements": [],
        "tarokk_counts": [],
        "result": {"declarer_card_points": points},
        **extra,
    }


def make(user, key, players, first_dealer=None, per_point="1", currency="HUF", **rules):
    return make_night(
        user, key, players, first_dealer, per_point=per_point, currency=currency, house_rules=rules
    )


def assert_matches_replay(night):
    """The ledger's cached totals and pots equal a fresh replay of the live rows, and the
    settle-up balances sum to zero."""
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    result = replay(view.session, [r.record for r in view.live_rows])
    assert view.totals() == dict(result.totals)
    assert view.pots() == dict(result.pots)
    _rows, totals = ledger.ledger(view)
    assert totals["units"] == [money.units(result.totals[p]) for p in view.players]
    settled = settleup.settlement(view)
    assert sum(m for _p, m in settled["balances"]) == 0
    return view, settled


def paid(hand):
    """What a hand's row booked, zero deltas left out (a joiner adds a 0 to every row)."""
    row = Hand.objects.get(pk=hand.pk)
    return [{p: v for p, v in e["deltas"].items() if v} for e in row.entries]


# --- 1. five seats: the dealer sits out, the first one too -----------------------------------


def test_ultimo_first_dealer_moves_who_sits_out(user, client):
    """Ultimo, four seats: the dealer's opposite sits out. Set-up chose D to deal first,
    so B (not the engine's guess for dealer A, C) sits out and is not offered."""
    night = make(user, "ultimo", ["A", "B", "C", "D"], first_dealer="D")
    hint = nightview.night_view(night).hint()
    assert (hint.next_dealer, hint.sitting_out) == ("D", ("B",))
    client.force_login(user)
    page = client.get(reverse("new_hand", args=[night.pk])).content.decode()
    assert "sitting out: B" in page


def test_paskievics_five_first_dealer_sits_out_hand_one(user):
    night = make(user, "paskievics", FIVE, first_dealer="Edit")
    hint = nightview.night_view(night).hint()
    assert (hint.next_dealer, hint.sitting_out) == ("Edit", ("Edit",))


def test_paskievics_five_rotation_and_sitting_out(user):
    night = make(user, "paskievics", FIVE, first_dealer="Edit")
    services.record_hand(night=night, record=pask("Edit", "Anna", "Csaba", 52))
    for dealer in ["Anna", "Béla", "Csaba"]:
        hint = nightview.night_view(night).hint()
        assert (hint.next_dealer, hint.sitting_out) == (dealer, (dealer,))
        active = [p for p in FIVE if p != dealer]
        services.record_hand(night=night, record=pask(dealer, active[0], active[1], 40))
    # the sitting-out dealer can never be the declarer
    with pytest.raises(InvalidHand):
        services.record_hand(night=night, record=pask("Dóra", "Dóra", "Anna", 40))
    view, _settled = assert_matches_replay(night)
    assert view.totals()["Edit"] != 0 or view.totals()["Anna"] != 0


# --- 2. a player joins mid-night, then leaves --------------------------------------------------


def test_join_and_leave_mid_night_with_delete_and_restore(user):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    services.record_hand(night=night, record=pask("Anna", "Béla", "Dóra", 30))
    join = services.record_hand(night=night, record={"event": "join", "player": "Edit"})
    assert_matches_replay(night)
    hint = nightview.night_view(Night.objects.get(pk=night.pk)).hint()
    assert hint.next_dealer == "Béla"
    assert hint.sitting_out == ("Béla",)
    services.record_hand(night=night, record=pask("Béla", "Edit", "Anna", 60), expected_number=3)
    services.record_hand(night=night, record=pask("Csaba", "Dóra", "Edit", 20), expected_number=4)
    leave = services.record_hand(night=night, record={"event": "leave", "player": "Edit"})
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Béla", 48), expected_number=5)
    _view, settled = assert_matches_replay(night)
    assert dict(settled["balances"])["Edit"] != 0
    # Deleting the leave: Edit is seated again, hand 5 had him out — then the rotation
    # differs; whatever the engine says, nothing is half-saved.
    join.refresh_from_db()
    try:
        services.delete_hand(hand=join, version=join.version)
    except InvalidHand:
        join.refresh_from_db()
        assert not join.deleted  # refused as a whole
    assert_matches_replay(night)
    leave.refresh_from_db()
    services.delete_hand(hand=leave, version=leave.version)
    assert_matches_replay(night)
    leave.refresh_from_db()
    services.restore_hand(hand=leave, version=leave.version)
    assert_matches_replay(night)


# --- 3. two phones ---------------------------------------------------------------------------


def test_edit_conflict_keeps_input_and_a_second_save_goes_through(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    h1 = services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    client.force_login(user)
    url = reverse("edit_hand", args=[night.pk, h1.pk])
    mine = browser_data(client.get(url).content.decode())
    # the other phone saves first
    services.edit_hand(hand=h1, record=pask("Dóra", "Anna", "Csaba", 20), version=1)
    mine["result.declarer_card_points:int"] = "70"
    response = client.post(url, mine)
    assert response.status_code == 200
    page = response.content.decode()
    assert "changed by someone else" in page
    assert 'value="70"' in page  # nothing typed lost
    h1.refresh_from_db()
    assert h1.record["result"]["declarer_card_points"] == 20
    # saving again from the conflict page (having compared) saves what the user typed
    again = browser_data(page)
    response = client.post(url, again)
    assert response.status_code == 302
    h1.refresh_from_db()
    assert h1.record["result"]["declarer_card_points"] == 70
    assert h1.version == 3


def test_new_hand_conflict_keeps_input_and_resaves_as_next_number(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    client.force_login(user)
    url = reverse("new_hand", args=[night.pk])
    mine = browser_data(client.get(url).content.decode())
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52), expected_number=1)
    mine.update(
        {
            "bid.declarer": "Béla",
            "bid.level": "three",
            "called_card": "XX",
            "partner": "Dóra",
            "result.declarer_card_points:int": "33",
        }
    )
    response = client.post(url, mine)
    page = response.content.decode()
    assert response.status_code == 200
    assert "already recorded by someone else" in page
    assert 'value="33"' in page
    assert Hand.objects.filter(night=night).count() == 1
    response = client.post(url, browser_data(page))
    assert response.status_code == 302
    assert Hand.objects.filter(night=night, deleted=False).count() == 2


# --- 4. an edit that breaks a later hand -----------------------------------------------------


def test_editing_hand_one_re_scores_the_later_hands_and_matches_a_replay(user, client):
    """Paskievics: a hand's sitting-out player follows its own dealer field, and the engine
    does not check the dealer against the rotation, so changing hand 1's dealer (and who
    played) is accepted; hand 2 keeps its record and the ledger equals a replay."""
    night = make(user, "paskievics", FIVE, first_dealer="Edit")
    h1 = services.record_hand(night=night, record=pask("Edit", "Anna", "Csaba", 52))
    h2 = services.record_hand(night=night, record=pask("Anna", "Béla", "Dóra", 40))
    client.force_login(user)
    url = reverse("edit_hand", args=[night.pk, h1.pk])
    data = browser_data(client.get(url).content.decode())
    data["dealer"] = "Anna"
    data["bid.declarer"] = "Béla"
    data["partner"] = "Csaba"
    assert client.post(url, data).status_code == 302
    h1.refresh_from_db()
    assert h1.record["dealer"] == "Anna"
    assert h1.version == 2
    assert Hand.objects.get(pk=h2.pk).record == pask("Anna", "Béla", "Dóra", 40)
    assert_matches_replay(night)


# --- 5. undo --------------------------------------------------------------------------------


def test_delete_restore_edit_history_shows_every_version(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    h1 = services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    services.record_hand(night=night, record=pask("Anna", "Béla", "Dóra", 30))
    client.force_login(user)
    ledger = client.get(reverse("night", args=[night.pk]))
    assert ledger.status_code == 200
    r = client.post(reverse("delete_hand", args=[night.pk, h1.pk]), {"_version": "1"})
    assert r.status_code == 302
    assert_matches_replay(night)
    r = client.post(reverse("restore_hand", args=[night.pk, h1.pk]), {"_version": "2"})
    assert r.status_code == 302
    services.edit_hand(hand=h1, record=pask("Dóra", "Anna", "Csaba", 20), version=3)
    page = client.get(reverse("edit_hand", args=[night.pk, h1.pk])).content.decode()
    for v in (2, 3, 4):  # each change: the version it made
        assert f"version {v}, " in page
    assert "version 4 (current)" in page
    assert "Deleted." in page
    assert "Brought back." in page
    assert "<del>52</del> → <ins>20</ins>" in page
    assert_matches_replay(night)


# --- 6. settle-up with rounding --------------------------------------------------------------


def test_half_huf_stake_settles_exactly_and_paid_marks_follow_the_amount(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra", per_point="0.5")
    services.record_hand(
        night=night, record=pask("Dóra", "Anna", "Anna", 52, alone_reason="self_call")
    )
    _view, settled = assert_matches_replay(night)
    transfers = settled["transfers"]
    assert transfers
    t = transfers[0]
    client.force_login(user)
    r = client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "paid": "1"},
    )
    assert r.status_code == 302
    assert settleup.settlement(nightview.night_view(night))["transfers"][0].paid
    services.record_hand(night=night, record=pask("Anna", "Béla", "Dóra", 60))
    after = settleup.settlement(nightview.night_view(Night.objects.get(pk=night.pk)))
    paid_now = [x for x in after["transfers"] if x.paid]
    # a paid mark only sticks to a transfer with the very same payer, payee and amount
    for x in paid_now:
        assert (x.payer, x.payee, x.amount) == (t.payer, t.payee, t.amount)
    assert PaidTransfer.objects.filter(night=night).count() == 1


# --- 7. garbage input -------------------------------------------------------------------------


def test_another_users_night_is_404_for_every_write(user, other, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    h1 = services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    client.force_login(other)
    for name, args, data in [
        ("new_hand", [night.pk], {"dealer": "Anna"}),
        ("preview", [night.pk], {"dealer": "Anna"}),
        ("edit_hand", [night.pk, h1.pk], {"_version": "1"}),
        ("delete_hand", [night.pk, h1.pk], {"_version": "1"}),
        ("restore_hand", [night.pk, h1.pk], {"_version": "1"}),
        ("event", [night.pk], {"event": "join", "player": "X"}),
        ("mark_paid", [night.pk], {"payer": "A", "payee": "B", "amount": "1"}),
    ]:
        assert client.post(reverse(name, args=args), data).status_code == 404, name
    assert Hand.objects.filter(night=night).count() == 1


@pytest.mark.parametrize(
    "expected",
    ["", "abc", "-1", "0", "99999999999999999999999", "1e3", "2"],
)
def test_tampered_expected_number_never_500s(user, client, expected):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    client.force_login(user)
    url = reverse("new_hand", args=[night.pk])
    data = browser_data(client.get(url).content.decode())
    data.update(
        {
            "bid.declarer": "Béla",
            "bid.level": "three",
            "called_card": "XX",
            "partner": "Dóra",
            "result.declarer_card_points:int": "33",
            "_expected_number": expected,
        }
    )
    response = client.post(url, data)
    assert response.status_code in (200, 302)


@pytest.mark.parametrize("version", ["", "abc", "-5", "0", "99999999999999999999999", "1.5"])
def test_tampered_version_never_500s_and_never_overwrites(user, client, version):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    h1 = services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    services.edit_hand(hand=h1, record=pask("Dóra", "Anna", "Csaba", 50), version=1)
    client.force_login(user)
    url = reverse("edit_hand", args=[night.pk, h1.pk])
    data = browser_data(client.get(url).content.decode())
    data["_version"] = version
    data["result.declarer_card_points:int"] = "10"
    response = client.post(url, data)
    assert response.status_code == 200
    h1.refresh_from_db()
    assert h1.record["result"]["declarer_card_points"] == 50
    for name in ("delete_hand", "restore_hand"):
        r = client.post(reverse(name, args=[night.pk, h1.pk]), {"_version": version})
        assert r.status_code == 302
    h1.refresh_from_db()
    assert not h1.deleted


@pytest.mark.parametrize(
    "name",
    [
        "x" * 500,
        '<script>alert("x")</script>',
        'O\'Brien "Bubu"',
        "ultimokassza",
        "  ",
    ],
)
def test_odd_player_names_at_set_up_and_joining(user, client, name):
    client.force_login(user)
    players = ["Anna", "Béla", "Csaba", name[:60]]  # the set-up form cuts names at 60
    if not name.strip():
        with pytest.raises(InvalidHand):
            make(user, "paskievics", players)
        return
    night = make(user, "paskievics", players, ultimo_kassza=True)
    services.record_hand(night=night, record=pask("Anna", "Béla", "Csaba", 52))
    for view in ("night", "settle", "print", "new_hand"):
        r = client.get(reverse(view, args=[night.pk]))
        assert r.status_code == 200, view
        assert b"<script>alert" not in r.content
    r = client.post(reverse("event", args=[night.pk]), {"event": "join", "player": name[:60] + "2"})
    assert r.status_code == 302
    assert_matches_replay(night)


def test_no_decimal_currency_ledger_money_agrees_with_settle_up(user, client):
    """JPY, 0.5 per point, a self-call won (+3, −1, −1, −1 = ¥1.5, −¥0.5 ×3): the night
    page's money row must be the settle-up's balances (summing to 0), never "−0"."""
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra", per_point="0.5", currency="JPY")
    services.record_hand(
        night=night, record=pask("Dóra", "Anna", "Anna", 52, alone_reason="self_call")
    )
    view, settled = assert_matches_replay(night)
    _rows, totals = ledger.ledger(view)
    assert totals["money"] == [money.signed(m) for _p, m in settled["balances"]]
    assert all(m != "−0" for m in totals["money"])


def test_a_joiner_name_longer_than_a_player_name_is_refused_not_a_database_error(user, client):
    """Set-up cuts names at 60 (the Player column); a join must refuse a longer name
    (PostgreSQL would raise DataError, a 500) and save nothing."""
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    client.force_login(user)
    r = client.post(reverse("event", args=[night.pk]), {"event": "join", "player": "x" * 61})
    assert r.status_code == 302
    assert not Hand.objects.filter(night=night).exists()
    assert Night.objects.get(pk=night.pk).seating == FIVE[:4]
    with pytest.raises(InvalidHand):
        services.record_hand(night=night, record={"event": "join", "player": "y" * 61})


def test_a_transfer_into_the_pot_can_be_marked_paid(user, client):
    """The kassza carried over keeps 20: each player pays 5 into it. The settle page posts
    the pot's name without the internal "pot:" prefix; the mark must show as paid."""
    night = make(
        user,
        "paskievics",
        FIVE[:4],
        first_dealer="Dóra",
        ultimo_kassza=True,
        kassza_end_of_session="carry_over",
    )
    services.record_hand(night=night, record={"dealer": "Dóra", "outcome": "all_pass"})
    client.force_login(user)
    page = client.get(reverse("settle", args=[night.pk])).content.decode()
    assert "→ ultimókassza" in page  # the pot by the players' name for it, never its key
    t = settleup.settlement(nightview.night_view(night))["transfers"][0]
    r = client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "paid": "1"},
    )
    assert r.status_code == 302
    after = settleup.settlement(nightview.night_view(night))["transfers"]
    assert [x.paid for x in after if (x.payer, x.payee) == (t.payer, t.payee)] == [True]


def test_a_player_named_like_a_settled_pot_is_refused(user):
    """Settle-up keys a pot as "pot:<name>" beside the players: a player so named would
    overwrite the pot's money (or the pot his) and the settle-up would not balance."""
    with pytest.raises(InvalidHand):
        make(user, "paskievics", ["Anna", "Béla", "Csaba", "pot:ultimokassza"])
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    with pytest.raises(InvalidHand):
        services.record_hand(night=night, record={"event": "join", "player": "pot:ultimokassza"})
    assert Night.objects.get(pk=night.pk).seating == FIVE[:4]


def test_join_form_with_the_seat_left_blank_seats_the_joiner_last(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    client.force_login(user)
    r = client.post(
        reverse("event", args=[night.pk]),
        {"event": "join", "player": "Edit", "seat_index:int": ""},
        follow=True,
    )
    assert "must be" not in r.content.decode()
    assert Night.objects.get(pk=night.pk).seating == FIVE
    r = client.post(
        reverse("event", args=[night.pk]),
        {"event": "leave", "player": "Edit", "seat_index:int": ""},
        follow=True,
    )
    assert [str(m) for m in r.context["messages"]] == ["Recorded."]
    assert_matches_replay(night)


def test_deleting_a_join_never_rewrites_the_hands_before_it(user):
    """Deleting Ede's join must not seat him from the start (which silently re-scored hand 1
    with five at the table, the dealer sitting out and Ede paying): while a later hand names
    him the delete is refused; without one he just never sits down."""
    night = make(user, "paskievics", FIVE[:4], first_dealer="Anna")
    h1 = services.record_hand(night=night, record=pask("Anna", "Béla", "Csaba", 52))
    before = paid(h1)
    join = services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    h2 = services.record_hand(night=night, record=pask("Béla", "Ede", "Anna", 60))
    with pytest.raises(InvalidHand):
        services.delete_hand(hand=join, version=join.version)
    assert paid(h1) == before
    assert not Hand.objects.get(pk=join.pk).deleted
    services.delete_hand(hand=h2, version=h2.version)
    services.delete_hand(hand=join, version=join.version)
    assert paid(h1) == before
    assert "Ede" in nightview.night_view(Night.objects.get(pk=night.pk)).session.late_joiners
    assert_matches_replay(night)
    join.refresh_from_db()
    services.restore_hand(hand=join, version=join.version)
    assert paid(h1) == before
    assert_matches_replay(night)


def test_an_original_player_who_leaves_and_comes_back_keeps_the_night_replayable(user):
    """Edit sits from the start, leaves, comes back: he is no late joiner, so the night
    still replays (export, edit of hand 1) instead of refusing hand 1."""
    night = make(user, "paskievics", FIVE, first_dealer="Edit")
    h1 = services.record_hand(night=night, record=pask("Edit", "Anna", "Csaba", 52))
    services.record_hand(night=night, record={"event": "leave", "player": "Edit"})
    services.record_hand(night=night, record=pask("Anna", "Béla", "Csaba", 52))
    services.record_hand(night=night, record={"event": "join", "player": "Edit"})
    services.record_hand(night=night, record=pask("Béla", "Edit", "Csaba", 52))
    assert_matches_replay(night)
    services.edit_hand(hand=h1, record=pask("Edit", "Anna", "Csaba", 40), version=1)
    assert_matches_replay(night)
    # The scoresheet reads the same way (his first event is a leave): it scores, and
    # imports to the same night.
    doc = sheets.export_sheet(night)
    assert score_sheet(doc)["totals"] == result_json_totals(night)
    copy = sheets.create_night_from_sheet(owner=user, data=doc)
    assert nightview.night_view(copy).totals() == nightview.night_view(night).totals()


def result_json_totals(night):
    return {p: int(v) for p, v in nightview.night_view(night).totals().items()}


def test_a_refused_delete_says_why_in_the_htmx_ledger(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Anna")
    services.record_hand(night=night, record=pask("Anna", "Béla", "Csaba", 52))
    join = services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    services.record_hand(night=night, record=pask("Béla", "Ede", "Anna", 60))
    client.force_login(user)
    r = client.post(
        reverse("delete_hand", args=[night.pk, join.pk]),
        {"_version": str(join.version)},
        headers={"HX-Request": "true", "HX-Target": "ledger"},
    )
    assert r.status_code == 200
    page = r.content.decode()
    assert "flash-error" in page
    assert "Ede" in page


def test_the_form_offers_only_the_players_at_the_table(user, client):
    """After Edit leaves he is no longer offered as declarer; before his join, Ede is not."""
    night = make(user, "paskievics", FIVE, first_dealer="Edit")
    h1 = services.record_hand(night=night, record=pask("Edit", "Anna", "Csaba", 52))
    services.record_hand(night=night, record={"event": "leave", "player": "Edit"})
    services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    client.force_login(user)

    def declarers(url):
        page = client.get(url).content.decode()
        box = page[page.index('id="f-bid-declarer"') :]
        box = box[: box.index("</fieldset>")]
        return set(__import__("re").findall(r'value="([^"]+)"', box))

    next_hand = declarers(reverse("new_hand", args=[night.pk]))
    assert "Edit" not in next_hand
    assert "Ede" in next_hand
    first = declarers(reverse("edit_hand", args=[night.pk, h1.pk]))
    assert "Ede" not in first  # not yet at the table


def test_the_preview_lists_problems_as_text_not_tuples(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    client.force_login(user)
    data = browser_data(client.get(reverse("new_hand", args=[night.pk])).content.decode())
    data.update({"bid.declarer": "Anna", "bid.level": "three", "called_card": "XX"})
    r = client.post(reverse("preview", args=[night.pk]), data, headers={"HX-Request": "true"})
    page = r.content.decode()
    assert "partner" in page
    assert "(&#x27;" not in page
    assert "('" not in page


def test_money_marked_paid_still_counts_after_a_later_hand(user, client):
    """Dóra pays Anna 1 HUF (marked paid); the next hand reverses it. The settle-up must
    keep the payment (Anna now owes Dóra), not silently drop the mark."""
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra", per_point="0.5")
    services.record_hand(
        night=night, record=pask("Dóra", "Anna", "Anna", 52, alone_reason="self_call")
    )  # Anna +3, the others −1 each: 1.50 / −0.50
    client.force_login(user)
    first = settleup.settlement(nightview.night_view(night))["transfers"]
    for t in first:
        client.post(
            reverse("mark_paid", args=[night.pk]),
            {"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "paid": "1"},
        )
    after = settleup.settlement(nightview.night_view(night))["transfers"]
    assert [(t.payer, t.payee, t.amount, t.paid) for t in after] == [
        (t.payer, t.payee, t.amount, True) for t in first
    ]
    # Anna loses the same back: everyone is level on points, but the 1.50 was paid
    services.record_hand(
        night=night, record=pask("Anna", "Béla", "Béla", 40, alone_reason="self_call")
    )
    view = nightview.night_view(Night.objects.get(pk=night.pk))
    rows = settleup.settlement(view)["transfers"]
    paid = [(t.payer, t.payee, t.amount) for t in rows if t.paid]
    owed = [(t.payer, t.payee, t.amount) for t in rows if not t.paid]
    assert paid == [(t.payer, t.payee, t.amount) for t in first]
    assert [str(t.amount) for t in rows if t.paid] == [str(t.amount) for t in first]  # 0.50
    net = dict.fromkeys(view.players, Decimal(0))
    for payer, payee, amount in paid + owed:
        net[payer] -= amount
        net[payee] += amount
    assert net == dict(settleup.settlement(view)["balances"])
    # undoing a mark puts the transfer back among those to make
    t = first[0]
    client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": t.payer, "payee": t.payee, "amount": str(t.amount), "paid": "0"},
    )
    rows = settleup.settlement(nightview.night_view(night))["transfers"]
    assert len([r for r in rows if r.paid]) == len(first) - 1


def test_a_tampered_paid_mark_naming_nobody_is_ignored(user, client):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    before = settleup.settlement(nightview.night_view(night))["transfers"]
    client.force_login(user)
    r = client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": "Zed", "payee": "Anna", "amount": "1000"},
    )
    assert r.status_code in (302, 400)
    after = settleup.settlement(nightview.night_view(night))["transfers"]
    assert after == before


@pytest.mark.parametrize("amount", ["1e20", "0.00001", "123456789012.5", "0.123", "1E+2"])
def test_odd_paid_amounts_never_500_the_mark_or_the_settle_page(user, client, amount):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    services.record_hand(night=night, record=pask("Dóra", "Anna", "Csaba", 52))
    client.force_login(user)
    r = client.post(
        reverse("mark_paid", args=[night.pk]),
        {"payer": "Béla", "payee": "Anna", "amount": amount, "paid": "1"},
    )
    assert r.status_code in (302, 400)
    assert client.get(reverse("settle", args=[night.pk])).status_code == 200
    assert client.get(reverse("print", args=[night.pk])).status_code == 200


def test_a_paid_mark_finer_than_the_currency_is_ignored(user):
    night = make(user, "paskievics", FIVE[:4], first_dealer="Dóra")
    services.record_hand(
        night=night, record=pask("Dóra", "Anna", "Anna", 52, alone_reason="self_call")
    )
    before = settleup.settlement(nightview.night_view(night))["transfers"]
    services.mark_transfer_paid(night=night, payer="Béla", payee="Anna", amount=Decimal("0.333"))
    services.mark_transfer_paid(night=night, payer="Csaba", payee="Anna", amount=Decimal("0.333"))
    assert settleup.settlement(nightview.night_view(night))["transfers"] == before


def test_a_join_on_another_phone_while_a_hand_is_entered_is_a_conflict(user, client):
    """Phone 1 opens hand 2 with four at the table (Dóra deals and plays); phone 2 seats
    Edit. Saving must not silently score the hand with five seated (Dóra then sitting out
    and Edit paying instead of her): it is refused, the input kept, and saved on purpose."""
    night = make(user, "paskievics", FIVE[:4], first_dealer="Csaba")
    services.record_hand(night=night, record=pask("Csaba", "Anna", "Béla", 52))
    client.force_login(user)
    url = reverse("new_hand", args=[night.pk])
    mine = browser_data(client.get(url).content.decode())
    services.record_hand(night=night, record={"event": "join", "player": "Edit"})
    mine.update(
        {
            "bid.declarer": "Anna",
            "bid.level": "three",
            "called_card": "XX",
            "partner": "Béla",
            "result.declarer_card_points:int": "33",
        }
    )
    response = client.post(url, mine)
    assert response.status_code == 200
    page = response.content.decode()
    assert "The table changed" in page
    assert "Edit: join" in page
    assert 'value="33"' in page
    assert Hand.objects.filter(night=night, number=2).count() == 0
    response = client.post(url, browser_data(page))
    assert response.status_code == 302
    assert Hand.objects.filter(night=night, number=2).count() == 1
