"""Nights that already hold a hand or a value that no longer reads (stored before input was
bounded, planted here with the ORM): backups go on, the pages answer, check_nights repairs."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.urls import reverse

from scorebook import nights, queries, services, sheets
from scorebook.engine.scoresheet import score_sheet
from scorebook.models import Hand, HandRevision, Night
from tests.factories import make_night
from tests.web.conftest import hand

pytestmark = pytest.mark.django_db

sqlite_only = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="PostgreSQL cannot store a lone surrogate"
)


def nested(levels):
    doc = {}
    inner = doc
    for _ in range(levels):
        inner["a"] = {}
        inner = inner["a"]
    return doc


def two_nights(user):
    """A good night and a night of two hands; returns (good, bad night, its first hand)."""
    good = make_night(user, players=["Anna", "Béla", "Csaba"])
    services.record_hand(night=good, record=hand("Anna", "Béla", 2))
    bad = make_night(user, players=["Dóra", "Edit", "Feri"])
    first = services.record_hand(night=bad, record=hand("Dóra", "Edit", 3))
    services.record_hand(night=bad, record=hand("Edit", "Feri", 1))
    return good, bad, first


BAD_RECORDS = [
    pytest.param(lambda r: {**r, "note": nested(1000)}, "nested more than 40", id="deep"),
    pytest.param(
        lambda r: {**r, "dealer": "\ud800"}, "unpaired surrogate", id="surrogate", marks=sqlite_only
    ),
]


def dump(path):
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command("dump_nights", str(path), stdout=out, stderr=err)
    except CommandError as failed:
        return out.getvalue(), err.getvalue(), str(failed)
    return out.getvalue(), err.getvalue(), None


@pytest.mark.parametrize(("spoil", "why"), BAD_RECORDS)
def test_dump_writes_every_other_night_and_the_index_then_fails(tmp_path, user, spoil, why):
    good, bad, first = two_nights(user)
    Hand.objects.filter(pk=first.pk).update(record=spoil(first.record))
    out, err, failed = dump(tmp_path)
    assert failed == "1 night(s) could not be written (listed above)"
    assert f"night {bad.pk}: not written: hand 1: the record" in err
    assert why in err
    assert "1 nights written" in out
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    assert [e["file"] for e in index["nights"]] == [f"night-{good.pk}.json"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.json", f"night-{good.pk}.json"]
    score_sheet(json.loads((tmp_path / f"night-{good.pk}.json").read_text(encoding="utf-8")))


def test_dump_survives_a_night_whose_money_or_numbers_are_huge(tmp_path, user):
    """A huge integer in a hand and a 10^26 opening pot are still JSON: both nights are
    written (restore_nights then names what the engine refuses)."""
    good, bad, first = two_nights(user)
    Hand.objects.filter(pk=first.pk).update(record={**first.record, "points": 10**30})
    Night.objects.filter(pk=good.pk).update(opening_pots={"kitty": 10**26})
    out, err, failed = dump(tmp_path)
    assert (failed, err) == (None, "")
    assert "2 nights written" in out
    doc = json.loads((tmp_path / f"night-{bad.pk}.json").read_text(encoding="utf-8"))
    assert doc["hands"][0]["points"] == 10**30


def test_restore_restores_the_valid_nights_and_names_the_refused_one(tmp_path, user):
    good, bad, _first = two_nights(user)
    services.mark_transfer_paid(night=good, payer="Béla", payee="Anna", amount="1")
    assert dump(tmp_path)[2] is None
    broken = json.loads((tmp_path / f"night-{bad.pk}.json").read_text(encoding="utf-8"))
    broken["hands"][1]["dealer"] = "Zoltán"
    (tmp_path / f"night-{bad.pk}.json").write_text(json.dumps(broken), encoding="utf-8")
    Night.objects.all().delete()
    out = io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command("restore_nights", str(tmp_path), stdout=out)
    message = str(refused.value)
    assert message.startswith("1 night(s) not restored:")
    assert f"night-{bad.pk}.json: hand 2: dealer" in message
    assert "1 nights restored" in out.getvalue()
    (night,) = Night.objects.all()
    assert night.seating == ["Anna", "Béla", "Csaba"]
    assert night.hands.count() == 1
    assert night.paid_transfers.get().payer == "Béla"


def test_restore_refuses_a_night_with_a_paid_mark_naming_a_stranger_and_keeps_nothing_of_it(
    tmp_path, user
):
    good, _bad, _first = two_nights(user)
    assert dump(tmp_path)[2] is None
    index = json.loads((tmp_path / "index.json").read_text(encoding="utf-8"))
    index["nights"][0]["paid"] = [["Mallory", "Anna", "5"]]
    (tmp_path / "index.json").write_text(json.dumps(index), encoding="utf-8")
    Night.objects.all().delete()
    with pytest.raises(CommandError, match=rf"night-{good.pk}.json: paid transfer"):
        call_command("restore_nights", str(tmp_path), stdout=io.StringIO())
    assert list(Night.objects.values_list("seating", flat=True)) == [["Dóra", "Edit", "Feri"]]


@pytest.mark.parametrize(("spoil", "why"), BAD_RECORDS)
def test_pages_of_a_night_with_an_unreadable_hand_answer(client_in, user, spoil, why):
    _good, bad, first = two_nights(user)
    Hand.objects.filter(pk=first.pk).update(record=spoil(first.record))
    for name in ("night", "settle", "print", "sheet_csv"):
        assert client_in.get(reverse(name, args=[bad.pk])).status_code == 200, name
    # The download leaves out the hand it cannot write; what it holds is valid JSON.
    response = client_in.get(reverse("sheet", args=[bad.pk]))
    assert response.status_code == 200
    doc = json.loads(response.content)
    assert [h["dealer"] for h in doc["hands"]] == ["Edit"]
    # The hand's own page opens with what reads of it.
    response = client_in.get(reverse("edit_hand", args=[bad.pk, first.pk]))
    assert response.status_code == 200
    assert response.context["hand"].record["winner"] == "Edit"


@pytest.mark.parametrize(("spoil", "why"), BAD_RECORDS)
def test_check_nights_lists_and_deletes_unreadable_hands(tmp_path, user, spoil, why):
    good, bad, first = two_nights(user)
    Hand.objects.filter(pk=first.pk).update(record=spoil(first.record))
    out = io.StringIO()
    with pytest.raises(CommandError, match="run with --delete-bad"):
        call_command("check_nights", stdout=out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith(f"night {bad.pk}, hand 1: the record ")
    assert why in lines[0]
    assert lines[1:] == ["1 bad hand(s) found"]
    assert not Hand.objects.get(pk=first.pk).deleted

    out = io.StringIO()
    call_command("check_nights", "--delete-bad", stdout=out)
    assert out.getvalue().splitlines()[-1] == "1 bad hand(s) deleted"
    spoilt = Hand.objects.get(pk=first.pk)
    assert (spoilt.deleted, spoilt.number, spoilt.version) == (True, None, 2)
    revision = HandRevision.objects.get(hand=spoilt)
    assert (revision.version, revision.deleted) == (1, False)
    # The night replays again: hand 2 is now hand 1, and it is backed up.
    view = queries.night_view(Night.objects.get(pk=bad.pk))
    assert [(r.number, r.record["dealer"]) for r in view.live_rows] == [(1, "Edit")]
    assert view.totals() == {"Dóra": -1, "Edit": -1, "Feri": 2}
    out = io.StringIO()
    call_command("check_nights", stdout=out)
    assert out.getvalue() == "every night reads\n"
    assert dump(tmp_path)[2] is None
    assert sheets.dumps(sheets.export_sheet(good)) == (
        tmp_path / f"night-{good.pk}.json"
    ).read_text(encoding="utf-8")


def test_check_nights_finds_a_hand_the_engine_no_longer_scores(user):
    """A record that is JSON but that the rules refuse (here a dealer nobody knows): the
    night does not replay; deleting the hand makes it replay again."""
    _good, bad, first = two_nights(user)
    Hand.objects.filter(pk=first.pk).update(record={**first.record, "dealer": "Zoltán"})
    out = io.StringIO()
    call_command("check_nights", "--delete-bad", stdout=out)
    assert out.getvalue().splitlines()[0].startswith(f"night {bad.pk}, hand 1: hand 1: dealer")
    assert Hand.objects.get(pk=first.pk).deleted


@pytest.mark.parametrize(
    ("where", "value"),
    [("opening_pots", {"kitty": 10**70}), ("entries", 10**70)],
    ids=["opening-pot", "hand-amount"],
)
def test_a_night_beyond_money_shows_a_message_not_a_500(client_in, user, where, value):
    good, _bad, _first = two_nights(user)
    row = Hand.objects.get(night=good)
    if where == "opening_pots":
        Night.objects.filter(pk=good.pk).update(opening_pots=value, stake_per_point="999999")
    else:
        entries = row.entries
        entries[0]["deltas"] = {"Anna": -value, "Béla": value, "Csaba": 0}
        Hand.objects.filter(pk=row.pk).update(entries=entries, amounts=nights.amounts_of(entries))
    for name in ("night", "settle", "print", "sheet_csv", "sheet"):
        response = client_in.get(reverse(name, args=[good.pk]))
        assert response.status_code == 200, name
    page = client_in.get(reverse("settle", args=[good.pk]))
    assert "too large to turn into money" in page.content.decode()
    assert page.context["transfers"] == []
    assert [m for _p, _t, _e, m in page.context["balance_rows"]] == ["—", "—", "—"]
    assert (
        "too large to turn into money"
        in client_in.get(reverse("print", args=[good.pk])).content.decode()
    )


def test_a_ten_to_the_26_balance_still_settles_exactly(client_in, user):
    """Within the money context's 60 digits, large balances settle (no 500, no message)."""
    good, _bad, _first = two_nights(user)
    row = Hand.objects.get(night=good)
    entries = row.entries
    entries[0]["deltas"] = {"Anna": -(10**26), "Béla": 10**26, "Csaba": 0}
    Hand.objects.filter(pk=row.pk).update(entries=entries, amounts=nights.amounts_of(entries))
    page = client_in.get(reverse("settle", args=[good.pk]))
    assert page.status_code == 200
    assert page.context["money_error"] == ""
    assert [(t.payer, t.payee, str(t.amount)) for t in page.context["transfers"]] == [
        ("Anna", "Béla", "100000000000000000000000000.00")
    ]


def test_check_nights_reports_a_stored_total_that_a_re_score_does_not_give(night):
    """Issue 20, item 9: stored scores that disagree with a re-score went unnoticed. Hand 1
    (Anna wins 3 from each of three) books Anna +9, hand 2 (Béla wins 2) −2: a planted +19
    is found, and --rescore puts back what the hands score to."""
    first = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 2))
    assert first.entries[0]["deltas"]["Anna"] == 9
    planted = json.loads(json.dumps(first.entries))
    planted[0]["deltas"]["Anna"] = 19
    Hand.objects.filter(pk=first.pk).update(entries=planted)
    out = io.StringIO()
    with pytest.raises(CommandError, match="differ from a re-score"):
        call_command("check_nights", stdout=out)
    assert out.getvalue().splitlines() == [
        f"night {night.pk}: hand 1: the stored entries or state differ from a re-score",
        f"night {night.pk}: total of Anna: stored +17, re-scored +7",
        "every night reads",
        "1 night(s) whose stored scores differ from a re-score",
    ]
    out = io.StringIO()
    call_command("check_nights", "--rescore", stdout=out)
    assert out.getvalue().splitlines()[2] == f"night {night.pk}: re-scored"
    assert Hand.objects.get(pk=first.pk).entries[0]["deltas"]["Anna"] == 9
    out = io.StringIO()
    call_command("check_nights", stdout=out)
    assert out.getvalue() == "every night reads\n"


def test_check_nights_finds_a_stale_state(night):
    first = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    Hand.objects.filter(pk=first.pk).update(state={})
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("check_nights", stdout=out)
    assert out.getvalue().splitlines()[0] == (
        f"night {night.pk}: hand 1: the stored entries or state differ from a re-score"
    )


def test_check_nights_finds_amounts_that_do_not_add_up_the_entries(night, client_in):
    """The pages add a night's totals from each row's amounts (issue 20): amounts that
    disagree with the row's entries are reported, and --rescore writes them again."""
    first = services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    deltas = {"Anna": 9, "Béla": -3, "Csaba": -3, "Dóra": -3}
    assert first.amounts == {"deltas": deltas, "pots": {"kitty": 0}}
    Hand.objects.filter(pk=first.pk).update(amounts={"deltas": {"Anna": 99}, "pots": {}})
    out = io.StringIO()
    with pytest.raises(CommandError):
        call_command("check_nights", stdout=out)
    assert out.getvalue().splitlines()[0] == (
        f"night {night.pk}: hand 1: the stored amounts differ from its entries"
    )
    call_command("check_nights", "--rescore", stdout=io.StringIO())
    assert Hand.objects.get(pk=first.pk).amounts == first.amounts
    page = client_in.get(reverse("settle", args=[night.pk]))
    assert [(p, pts) for p, pts, _pay, _m in page.context["balance_rows"]][:2] == [
        ("Anna", "+9"),
        ("Béla", "−3"),
    ]
