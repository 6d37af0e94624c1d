"""Import a scoresheet, export it as JSON and CSV, back up and restore every night."""

import csv
import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from scorebook import access, nights, nightview, services, sheets
from scorebook.engine.errors import InvalidSheet
from scorebook.engine.scoresheet import score_sheet
from scorebook.models import (
    Hand,
    Night,
    NightRevision,
    NightScorer,
    NightShare,
    PaidTransfer,
    Player,
    Seat,
)
from tests.factories import make_night
from tests.web.conftest import hand

pytestmark = pytest.mark.django_db


ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.json"))
CASE_FILES = sorted((ROOT / "tests/engine/cases").glob("*.json"))


def case_sheets():
    for path in CASE_FILES:
        for case in json.loads(path.read_text(encoding="utf-8"))["cases"]:
            yield pytest.param(case["sheet"], id=f"{path.stem}-{case['id']}")


def counts():
    return (
        Night.objects.count(),
        Seat.objects.count(),
        Hand.objects.count(),
        Player.objects.count(),
    )


def import_text(client, text, **extra):
    return client.post(reverse("import_night"), {"text": text, **extra})


def export(client, night_pk):
    response = client.get(reverse("sheet", args=[night_pk]))
    assert response.status_code == 200
    return response.content


def result_without_text(doc):
    result = score_sheet(doc)
    for entry in result["entries"]:
        entry.pop("breakdown")
    return result


# --- the round trip -------------------------------------------------------------------------


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_round_trip_is_byte_identical(path, client_in):
    original = json.loads(path.read_text(encoding="utf-8"))
    response = import_text(client_in, path.read_text(encoding="utf-8"), place="Klub")
    assert response.status_code == 302, response.content.decode()[:2000]
    first = Night.objects.latest("pk")
    assert response["Location"] == reverse("night", args=[first.pk])
    exported = export(client_in, first.pk)
    # The export scores exactly like the file that was imported.
    assert result_without_text(json.loads(exported)) == result_without_text(original)
    # Import the export: it is the same night, so the import asks first.
    response = client_in.post(
        reverse("import_night"), {"file": io.BytesIO(exported), "place": "Klub"}
    )
    assert response.status_code == 200
    assert response.context["duplicate"] == first
    # Confirmed anyway: the second export is the same, byte for byte.
    response = client_in.post(
        reverse("import_night"),
        {"file": io.BytesIO(exported), "place": "Klub", "confirm_duplicate": "1"},
    )
    assert response.status_code == 302
    second = Night.objects.latest("pk")
    assert second.pk != first.pk
    assert export(client_in, second.pk) == exported


@pytest.mark.parametrize("doc", list(case_sheets()))
def test_case_sheet_round_trip(doc, user):
    night = sheets.create_night_from_sheet(owner=user, data=doc)
    exported = sheets.dumps(sheets.export_sheet(night))
    assert result_without_text(json.loads(exported)) == result_without_text(doc)
    again = sheets.create_night_from_sheet(owner=user, data=json.loads(exported))
    assert sheets.dumps(sheets.export_sheet(again)) == exported


def test_imported_night_is_cached_like_a_recorded_one(user, night):
    """Rows written by the import match what services write hand by hand."""
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record={"event": "join", "player": "Ede"})
    services.record_hand(night=night, record=hand("Anna", "Béla", 2, to_kitty=True))
    doc = sheets.export_sheet(night)
    copy = sheets.create_night_from_sheet(owner=user, data=doc)
    mine = list(
        Hand.objects.filter(night=night).values_list("number", "record", "entries", "state")
    )
    theirs = list(
        Hand.objects.filter(night=copy).values_list("number", "record", "entries", "state")
    )
    # The export writes every field that applies (issue 23 item 14): the same hands.
    variant = nights.variant_of(night)
    mine = [(n, *sheets.complete_records(variant, [r]), e, s) for n, r, e, s in mine]
    assert theirs == mine
    assert nightview.seated_names(copy) == nightview.seated_names(night)
    seats = copy.seats.order_by("position").values_list("player__name", flat=True)
    assert list(seats) == copy.seating == ["Anna", "Béla", "Csaba", "Dóra", "Ede"]
    # The imported night takes further hands and edits through the ordinary services.
    services.record_hand(night=copy, record=hand("Béla", "Csaba", 1))
    first = Hand.objects.get(night=copy, number=1)
    services.edit_hand(hand=first, record=hand("Dóra", "Béla", 4), version=1)
    view = nightview.night_view(copy)
    assert view.totals() == result_totals(sheets.export_sheet(copy))


def result_totals(doc):
    from fractions import Fraction

    return {p: Fraction(v).limit_denominator() for p, v in score_sheet(doc)["totals"].items()}


# --- refusals -------------------------------------------------------------------------------


def paskievics():
    return json.loads((ROOT / "examples/paskievics.json").read_text(encoding="utf-8"))


def test_every_problem_is_listed_with_hand_and_field_and_nothing_is_created(client_in):
    doc = paskievics()
    doc["hands"][1]["result"]["declarer_card_points"] = 97
    doc["hands"][3]["dealer"] = "Zoltán"
    before = counts()
    response = import_text(client_in, json.dumps(doc))
    assert response.status_code == 200
    assert response.templates[0].name == "scorebook/import.html"
    problems = response.context["problems"]
    assert any(p.startswith("hand 2: result.declarer_card_points") for p in problems), problems
    assert any(p.startswith("hand 4: dealer") for p in problems), problems
    assert "nothing was imported" in response.content.decode()
    assert counts() == before


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Choose a scoresheet file"),
        ("{not json", "sheet: not valid JSON"),
        ("[1, 2]", "sheet: must be a JSON object"),
        ('{"format": "scorebook/9", "variant": "nope"}', "variant:"),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B"], "hands": []}',
            "players:",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"], "hands": [7]}',
            "hand 1: hand: must be a JSON object",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "stake": {"per_point": "0.00001", "currency": "HUF"}, "hands": []}',
            "stake.per_point: has more than 4 decimal places",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "stake": {"per_point": "1E+9", "currency": "HUF"}, "hands": []}',
            "stake.per_point: has more than 8 digits",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "stake": {"per_point": "1", "currency": "ÄÖÜ"}, "hands": []}',
            "stake.currency",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": [" A", "B", "C"], "hands": []}',
            "players[0]: must not start or end with a space",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["' + "x" * 61 + '", "B", "C"],'
            ' "hands": []}',
            "players[0]: “" + "x" * 61 + "” is longer than 60 characters (61).",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "hands": [{"dealer": "A", "winner": "a\\u0000b", "points": 1}]}',
            "hand 1: winner: contains a control character",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "hands": [{"dealer": "A", "winner": "B", "points": 1, "note": "a"}]}',
            "hand 1: note: is not a field of a Toy game hand",
        ),
        (
            '{"format": "scorebook/1", "variant": "toy", "players": ["A", "B", "C"],'
            ' "hands": [{"dealer": "A", "winner": "B", "points": NaN}]}',
            "not valid JSON",
        ),
    ],
)
def test_malformed_sheets_are_refused_with_a_reason(client_in, text, expected):
    before = counts()
    response = import_text(client_in, text)
    assert response.status_code == 200
    assert expected in response.content.decode(), response.content.decode()
    assert counts() == before


def test_not_utf8_upload(client_in):
    response = client_in.post(reverse("import_night"), {"file": io.BytesIO(b"\xff\xfe{")})
    assert response.status_code == 200
    assert "is not UTF-8 text" in response.content.decode()


def test_import_needs_login_post_and_csrf(client, user, client_in):
    assert Client().get(reverse("import_night")).status_code == 302
    c = Client(enforce_csrf_checks=True)
    c.force_login(user)
    assert c.post(reverse("import_night"), {"text": "{}"}).status_code == 403
    assert client_in.put(reverse("import_night")).status_code == 405


def test_import_page(client_in):
    response = client_in.get(reverse("import_night"))
    assert response.status_code == 200
    assert 'enctype="multipart/form-data"' in response.content.decode()


# --- CSV ------------------------------------------------------------------------------------


def test_csv_export(client_in, night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 1, to_kitty=True))
    second = Hand.objects.get(night=night, number=2)
    services.delete_hand(hand=second, version=1)
    services.record_hand(night=night, record=hand("Anna", "Csaba", 2))
    response = client_in.get(reverse("sheet_csv", args=[night.pk]))
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == [
        "Hand no.",
        "Entry",
        "Dealer",
        "Anna",
        "Béla",
        "Csaba",
        "Dóra",
        "kitty",
        "Hand in short",
    ]
    body = [r for r in rows[1:] if r[0] not in ("Total (points)", "Money")]
    assert [r[0] for r in body] == ["1", "2"]  # the deleted hand is not exported
    assert {r[1] for r in body} == {"hand"}
    view = nightview.night_view(night)
    totals = view.totals()
    total_row = next(r for r in rows if r[0] == "Total (points)")
    assert [int(v) for v in total_row[3:7]] == [totals[p] for p in view.players]
    for column in range(3, 7):  # each player's column adds up to his total
        assert sum(int(r[column]) for r in body) == int(total_row[column])
    money_row = next(r for r in rows if r[0] == "Money")
    assert money_row[1] == "HUF"
    assert sum(float(v) for v in money_row[3:7]) == 0


@pytest.mark.parametrize(
    ("lang", "header", "total", "kind"),
    [
        ("hu", ["Sorszám", "Tétel", "Osztó"], "Összesen (pont)", "leosztás"),
        ("pl", ["Nr", "Pozycja", "Rozdający"], "Razem (punkty)", "rozdanie"),
    ],
)
def test_csv_speaks_the_readers_language(client_in, night, lang, header, total, kind):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    response = client_in.get(reverse("sheet_csv", args=[night.pk]), HTTP_ACCEPT_LANGUAGE=lang)
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == header
    assert rows[1][1] == kind
    assert rows[-2][0] == total
    assert "pot:" not in response.content.decode()


def test_csv_cells_never_become_formulas(client_in, user):
    night = make_night(user, players=["=cmd()", "B", "C"], currency="EUR")
    response = client_in.get(reverse("sheet_csv", args=[night.pk]))
    header = next(csv.reader(io.StringIO(response.content.decode())))
    assert header[3] == "'=cmd()"


def test_csv_and_sheet_of_another_user_are_404(played_night, other_client):
    for name in ("sheet_csv", "sheet"):
        assert other_client.get(reverse(name, args=[played_night.pk])).status_code == 404


@pytest.fixture
def played_night(night):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    return night


# --- backups --------------------------------------------------------------------------------


def test_dump_and_restore_every_night(tmp_path, user, other, night, client_in):
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3))
    services.record_hand(night=night, record=hand("Anna", "Béla", 2, to_kitty=True))
    services.mark_transfer_paid(night=night, payer="Béla", payee="Anna", amount="4.00")
    imported = sheets.create_night_from_sheet(owner=other, data=paskievics(), place="Kávéház")
    out = io.StringIO()
    call_command("dump_nights", str(tmp_path / "backup"), stdout=out)
    files = sorted(p.name for p in (tmp_path / "backup").iterdir())
    assert "index.json" in files
    assert len(files) == 3
    index = json.loads((tmp_path / "backup/index.json").read_text(encoding="utf-8"))
    assert {n["owner"] for n in index["nights"]} == {"anna", "mallory"}
    for entry in index["nights"]:  # every file is a valid scoresheet on its own
        doc = json.loads((tmp_path / "backup" / entry["file"]).read_text(encoding="utf-8"))
        score_sheet(doc)
    before = {n.pk: sheets.dumps(sheets.export_sheet(n)) for n in Night.objects.all()}
    seating = nightview.seated_names(night)
    Night.objects.all().delete()
    out = io.StringIO()
    call_command("restore_nights", str(tmp_path / "backup"), stdout=out)
    assert "2 nights restored" in out.getvalue()
    restored = list(Night.objects.order_by("pk"))
    assert sorted(sheets.dumps(sheets.export_sheet(n)) for n in restored) == sorted(before.values())
    again = restored[0] if restored[0].owner == user else restored[1]
    assert again.place == "Kávéház"
    assert again.date == night.date
    assert nightview.seated_names(again) == seating
    assert PaidTransfer.objects.filter(night=again, payer="Béla", amount="4.00").exists()
    mallory = next(n for n in restored if n.owner == other)
    assert mallory.place == imported.place
    # A second dump of the restored nights holds the same sheets, byte for byte.
    call_command("dump_nights", str(tmp_path / "again"), stdout=io.StringIO())
    assert sorted(p.read_bytes() for p in (tmp_path / "again").glob("night-*.json")) == sorted(
        p.read_bytes() for p in (tmp_path / "backup").glob("night-*.json")
    )


def a_night_with_people_and_links(night, user, other):
    """Co-scorer mallory wrote hand 2; the night was renamed; both links handed out."""
    services.add_scorer(night=night, username="mallory", author=user)
    services.record_hand(night=night, record=hand("Dóra", "Anna", 3), author=user)
    services.record_hand(night=night, record=hand("Anna", "Béla", 2), author=other)
    services.edit_night(
        night=night,
        author=user,
        date=night.date,
        place="Kocsma",
        per_point=night.stake_per_point,
        currency=night.currency,
        names=["Anna", "Bela", "Csaba", "Dóra"],
    )
    share = services.share_night(night=night).token
    link = services.create_scorer_link(night=night).token
    return share, link


def history_of(night):
    rows = NightRevision.objects.filter(night=night).order_by("created", "pk")
    return list(rows.values_list("kind", "changes", "author__username", "created", "version"))


def test_a_backup_carries_scorers_history_authors_and_links(tmp_path, user, other, night):
    """Issue 20, item 9: a restore lost them, and handed-out links stopped working."""
    share, link = a_night_with_people_and_links(night, user, other)
    history = history_of(night)
    assert [kind for kind, *_rest in history] == ["scorers", "details"]
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    Night.objects.all().delete()
    err = io.StringIO()
    call_command("restore_nights", str(tmp_path), stdout=io.StringIO(), stderr=err)
    assert err.getvalue() == ""
    again = Night.objects.get()
    assert (again.place, again.seating, again.version) == (
        "Kocsma",
        ["Anna", "Bela", "Csaba", "Dóra"],
        2,
    )
    assert list(NightScorer.objects.filter(night=again).values_list("user", flat=True)) == [
        other.pk
    ]
    rows = Hand.objects.filter(night=again).order_by("position")
    assert list(rows.values_list("author__username", flat=True)) == ["anna", "mallory"]
    assert history_of(again) == history
    # the links handed out before open the restored night
    shared = Client().get(reverse("shared", args=[share]))
    assert shared.status_code == 200
    assert shared.context["night"] == again
    joining = Client()
    joining.force_login(other)
    assert joining.get(reverse("join_scorer", args=[link])).context["night"] == again


def test_what_a_restore_cannot_carry_is_named_and_the_night_restored(tmp_path, user, other, night):
    a_night_with_people_and_links(night, user, other)
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    # restored beside the original: mallory is gone and the links' tokens are taken
    NightScorer.objects.all().delete()
    Hand.objects.update(author=None)
    NightRevision.objects.update(author=None)
    other.delete()
    err = io.StringIO()
    call_command("restore_nights", str(tmp_path), stdout=io.StringIO(), stderr=err)
    file = f"night-{night.pk}.json"
    assert err.getvalue().splitlines() == [
        f"{file}: co-scorer 'mallory' does not exist here: left out",
        f"{file}: share link: its token is another night's here: left out",
        f"{file}: scorer link: its token is another night's here: left out",
    ]
    copy = Night.objects.exclude(pk=night.pk).get()
    authors = Hand.objects.filter(night=copy).order_by("position")
    assert list(authors.values_list("author__username", flat=True)) == ["anna", None]
    assert NightShare.objects.get().night == night


def test_a_backup_from_before_the_extras_restores_as_it_did(tmp_path, user, other, night):
    a_night_with_people_and_links(night, user, other)
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    index = json.loads((tmp_path / "index.json").read_text())
    for key in ("version", "scorers", "authors", "history", "share", "scorer_link"):
        del index["nights"][0][key]
    (tmp_path / "index.json").write_text(json.dumps(index))
    Night.objects.all().delete()
    call_command("restore_nights", str(tmp_path), stdout=io.StringIO())
    again = Night.objects.get()
    assert again.seating == ["Anna", "Bela", "Csaba", "Dóra"]
    assert not NightScorer.objects.exists()
    assert not NightRevision.objects.exists()


def test_restore_refuses_a_broken_backup_and_creates_nothing(tmp_path, user, night):
    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    entry = json.loads((tmp_path / "index.json").read_text())["nights"][0]
    doc = json.loads((tmp_path / entry["file"]).read_text())
    doc["players"] = ["Anna"]
    (tmp_path / entry["file"]).write_text(json.dumps(doc))
    before = counts()
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="players"):
        call_command("restore_nights", str(tmp_path), stdout=io.StringIO())
    assert counts() == before


def test_restore_refuses_an_unknown_owner(tmp_path, user, night):
    from django.core.management.base import CommandError

    call_command("dump_nights", str(tmp_path), stdout=io.StringIO())
    index = json.loads((tmp_path / "index.json").read_text())
    index["nights"][0]["owner"] = "nobody"
    (tmp_path / "index.json").write_text(json.dumps(index))
    with pytest.raises(CommandError, match="nobody"):
        call_command("restore_nights", str(tmp_path), stdout=io.StringIO())


def test_invalid_sheet_raises_from_the_service(user):
    with pytest.raises(InvalidSheet):
        sheets.create_night_from_sheet(owner=user, data={"format": "scorebook/1"})


@pytest.mark.django_db
def test_a_sheet_refused_at_its_seating_names_the_players_and_imports_nothing(client_in):
    """Found by the import fuzz: an Ultimo sheet whose joiner leaves two seated at the
    start is refused before any hand; the page says why (it used to answer 500)."""
    doc = json.loads((Path(__file__).resolve().parents[2] / "examples" / "ultimo.json").read_text())
    doc["players"] = ["Béla", "Csaba", "Dóra"]
    doc["hands"] = [h for h in doc["hands"] if "event" in h]
    response = client_in.post(reverse("import_night"), {"text": json.dumps(doc)})
    assert response.status_code == 200
    page = response.content.decode()
    assert "Ultimo needs 3 or 4 seated at the start, not 2" in page
    assert not access.nights_of(response.wsgi_request.user)


# --- an imported night behaves like a typed one (issue 20, item 8) ---------------------------


def numbered_paskievics():
    """The example with each hand's number written in, as some sheets do."""
    doc = paskievics()
    for number, record in enumerate(doc["hands"], 1):
        record["hand_no"] = number
    return doc


def live_numbers(night):
    rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
    return list(rows.values_list("number", flat=True))


def test_an_imported_night_can_lose_hand_1_and_get_it_back(user):
    night = sheets.create_night_from_sheet(owner=user, data=numbered_paskievics())
    assert not Hand.objects.filter(night=night, record__has_key="hand_no").exists()
    before = nightview.night_view(night).totals()
    first = Hand.objects.get(night=night, number=1)
    deleted = services.delete_hand(hand=first, version=first.version)
    assert deleted.deleted
    assert live_numbers(night) == list(range(1, 23))
    restored = services.restore_hand(hand=first, version=deleted.version)
    assert restored.number == 1
    assert live_numbers(night) == list(range(1, 24))
    assert nightview.night_view(night).totals() == before
    # and the night takes a new hand at its end, numbered after the last
    hint = nightview.night_view(Night.objects.get(pk=night.pk)).hint()
    rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
    same_dealer = [r.record for r in rows if r.record["dealer"] == hint.next_dealer][-1]
    added = services.record_hand(night=night, record=same_dealer, expected_number=24)
    assert added.number == 24


def test_stored_sheet_numbers_are_forgotten_by_the_migration(user):
    """Rows imported before the fix keep `hand_no`; migration 0009 removes it."""
    import importlib

    from django.apps import apps

    night = sheets.create_night_from_sheet(owner=user, data=paskievics())
    for row in Hand.objects.filter(night=night):
        numbers = {"hand_no": row.number, "deal_number": row.number}
        Hand.objects.filter(pk=row.pk).update(record=row.record | numbers)
    first = Hand.objects.get(night=night, number=1)
    with pytest.raises(services.InvalidHand) as refused:
        services.delete_hand(hand=first, version=first.version)
    assert "is 2, but this is hand 1" in str(refused.value.problems[0].message)
    migration = importlib.import_module("scorebook.migrations.0009_hand_numbers_are_places")
    migration.forget_sheet_numbers(apps, None)
    assert not Hand.objects.filter(record__has_key="hand_no").exists()
    assert not Hand.objects.filter(record__has_key="deal_number").exists()
    assert Hand.objects.get(pk=first.pk).record == paskievics()["hands"][0]
    services.delete_hand(hand=first, version=first.version)
    assert live_numbers(night) == list(range(1, 23))
