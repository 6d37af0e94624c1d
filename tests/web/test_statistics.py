"""Player statistics and a night in numbers, from the stored facts: fixtures of nights whose
every number below was worked out by hand (Paskievics, Királyhívó, Ultimo, Snapszer); the
facts follow edits, deletes, restores and re-scores; the migration fills them; strangers
get 404."""

import csv
import datetime
import importlib
import io
import json
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.apps import apps
from django.urls import reverse
from django.utils import translation

from scorebook import facts, nights, nightview, services, sheets, stats
from scorebook.models import FactItem, FactTotal, Hand, HandFact, Player

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
P = ["Anna", "Béla", "Csaba", "Dóra"]


def pask(dealer, declarer, level, partner, points, contra=0, announcements=(), **result):
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": level},
        "called_card": "XX",
        "partner": partner,
        "game_contra": contra,
        "announcements": [dict(a) for a in announcements],
        "result": {"declarer_card_points": points, **result},
    }


def night_of(user, day, per_point, records, variant="paskievics"):
    night = services.create_night(
        owner=user,
        variant_key=variant,
        house_rules={},
        per_point=Decimal(per_point),
        currency="HUF",
        players=P,
        first_dealer="Dóra",
        date=datetime.date(2026, 1, day),
    )
    for record in records:
        services.record_hand(night=night, record=record)
    return night


TRULL = {"figure": "trull", "by": "Anna", "contra": 0}


@pytest.fixture
def paskievics(user):
    """Night 1 (2 HUF a point): Anna wins a three with Csaba (+1 each side), Béla loses a
    two with Dóra (Anna +2), all pass, Anna wins a two with Béla under kontra with an
    announced trull (2 × 2 + 2 = +6). Night 2 (1 HUF): Csaba loses a three with Anna (−1),
    Anna loses a two with Dóra (−2)."""
    first = night_of(
        user,
        1,
        "2",
        [
            pask("Dóra", "Anna", "three", "Csaba", 60),
            pask("Anna", "Béla", "two", "Dóra", 30),
            {"dealer": "Béla", "outcome": "all_pass"},
            pask("Csaba", "Anna", "two", "Béla", 50, 1, [TRULL], trull_side="declarer"),
        ],
    )
    second = night_of(
        user,
        8,
        "1",
        [pask("Dóra", "Csaba", "three", "Anna", 30), pask("Anna", "Anna", "two", "Dóra", 30)],
    )
    return first, second


def anna(user, name="Anna"):
    return Player.objects.get(owner=user, name=name)


def table(found, role):
    return next(t for t in found.roles if t.role == role)


def levels(t):
    return {level: (x.hands, x.won, x.units, x.money) for level, x in t.levels}


def test_paskievics_roles_per_bid(user, paskievics):
    found = stats.player_stats(anna(user), stats.Filters())
    assert (found.hands, found.all_pass, found.all_pass_share) == (6, 1, 17)
    declarer = table(found, "declarer")
    assert levels(declarer) == {
        "three (hármas)": (1, 1, 1.0, {"HUF": Decimal("2.00")}),
        "two (kettős)": (2, 1, 4.0, {"HUF": Decimal("10.00")}),  # +6 × 2, −2 × 1
    }
    assert (declarer.total.hands, declarer.total.won, declarer.total.share_won) == (3, 2, 67)
    assert declarer.total.money == {"HUF": Decimal("12.00")}
    two = dict(declarer.levels)["two (kettős)"]
    assert (two.average, two.average_money) == (2.0, {"HUF": Decimal("5.00")})
    assert levels(table(found, "partner")) == {
        "three (hármas)": (1, 0, -1.0, {"HUF": Decimal("-1.00")})
    }
    assert levels(table(found, "opponent")) == {
        "two (kettős)": (1, 1, 2.0, {"HUF": Decimal("4.00")})
    }


def test_paskievics_figures_contras_spread_runs(user, paskievics):
    found = stats.player_stats(anna(user), stats.Filters())
    assert [(f.key, f.announced, f.made, f.failed, f.silent) for f in found.figures] == [
        ("trull", 1, 1, 0, 0)
    ]
    # the kontra on Anna's two: said by Csaba and Dóra, the two was won (50 ≥ 48)
    assert [(c.level, c.said, c.said_won, c.received, c.received_won) for c in found.contras] == [
        (1, 0, 0, 1, 1)
    ]
    spread = dict(found.spread)
    assert (spread["-9 … -1"], spread["1 … 9"], sum(spread.values())) == (2, 3, 5)
    assert (found.winning_run.length, found.winning_run.first) == (1, datetime.date(2026, 1, 1))
    assert (found.losing_run.length, found.losing_run.last) == (1, datetime.date(2026, 1, 8))
    csaba = stats.player_stats(anna(user, "Csaba"), stats.Filters())
    assert [(c.level, c.said, c.said_won, c.received) for c in csaba.contras] == [(1, 1, 0, 0)]


def test_paskievics_partners_and_head_to_head(user, paskievics):
    pairs = {p.name: p for p in stats.player_stats(anna(user), stats.Filters()).pairings}
    assert (pairs["Béla"].together.hands, pairs["Béla"].together_both) == (1, 12.0)
    assert (pairs["Béla"].against.hands, pairs["Béla"].against.won) == (4, 2)
    assert (pairs["Béla"].against.units, pairs["Béla"].against.money) == (
        0.0,
        {"HUF": Decimal("3.00")},
    )
    assert (pairs["Csaba"].together.hands, pairs["Csaba"].together_both) == (3, 4.0)
    assert (pairs["Csaba"].against.hands, pairs["Csaba"].against.units) == (2, 4.0)
    assert (pairs["Dóra"].together.hands, pairs["Dóra"].together_both) == (1, -4.0)
    assert (pairs["Dóra"].against.hands, pairs["Dóra"].against.units) == (4, 8.0)
    found = stats.player_stats(anna(user), stats.Filters())
    assert (found.best_partner.name, found.worst_partner.name) == ("Béla", "Dóra")


def test_filters_by_variant_and_dates(user, paskievics):
    since = stats.player_stats(anna(user), stats.Filters(since=datetime.date(2026, 1, 5)))
    assert levels(table(since, "declarer")) == {
        "two (kettős)": (1, 0, -2.0, {"HUF": Decimal("-2.00")})
    }
    until = stats.player_stats(anna(user), stats.Filters(until=datetime.date(2026, 1, 5)))
    assert until.hands == 4
    other = stats.player_stats(anna(user), stats.Filters(variant="kiralyhivo"))
    assert (other.hands, other.roles, other.pairings) == (0, [], [])


def sheet_night(user, variant, players, hands):
    doc = {"format": "scorebook/1", "variant": variant, "players": players, "hands": hands}
    return sheets.create_night_from_sheet(owner=user, data=doc)


def case_hands(variant, *ids):
    cases = json.loads((ROOT / f"tests/engine/cases/{variant}.json").read_text(encoding="utf-8"))
    by_id = {c["id"]: c["sheet"]["hands"] for c in cases["cases"]}
    return [hand for i in ids for hand in by_id[i]]


def test_kiralyhivo_from_the_spec_examples(user):
    """K1 hívás won with four kings silent (A, C +8); K2 hívás lost under kontra, pagát
    ultimó announced by A, kontra'd, made (A, B −4); K3 the called king thrown from the
    talon (A −12, the rest +4)."""
    hands = case_hands("kiralyhivo", "K1", "K2", "K3")
    for hand, dealer in zip(hands, "DAB", strict=True):
        hand["dealer"] = dealer
    sheet_night(user, "kiralyhivo", ["A", "B", "C", "D"], hands)
    a = stats.player_stats(anna(user, "A"), stats.Filters())
    assert levels(table(a, "declarer")) == {"hívás": (3, 1, -8.0, {"XXX": Decimal("-8.00")})}
    assert [(f.key, f.announced, f.made, f.silent) for f in a.figures] == [
        ("four_kings", 0, 0, 1),
        ("pagat_ultimo", 1, 1, 0),
    ]
    assert [(c.level, c.said, c.received, c.received_won) for c in a.contras] == [(1, 0, 2, 1)]
    c = stats.player_stats(anna(user, "C"), stats.Filters())
    assert levels(table(c, "partner")) == {"hívás": (1, 1, 8.0, {"XXX": Decimal("8.00")})}
    assert levels(table(c, "opponent")) == {"hívás": (2, 2, 8.0, {"XXX": Decimal("8.00")})}
    assert [(x.level, x.said, x.said_won) for x in c.contras] == [(1, 2, 1)]


def test_ultimo_each_for_himself(user):
    """§11.2: A +20, B +10, C −45; the three declarations are each their declarer's."""
    sheet_night(user, "ultimo", ["A", "B", "C"], case_hands("ultimo", "11.2"))
    units = dict(HandFact.objects.values_list("player__name", "units"))
    assert units == {"A": 20.0, "B": 10.0, "C": -45.0}
    c = stats.player_stats(anna(user, "C"), stats.Filters())
    assert levels(table(c, "own")) == {"—": (1, 0, -45.0, {"XXX": Decimal("-45.00")})}
    assert [(f.key, f.announced, f.made) for f in c.figures] == [("kings", 1, 1)]


def test_snapszer_deals(user):
    """§11.1: A wins deals 1, 3 (schwarz, 3), 5 (2) and 6, B deals 2 and 4: A +5 in 6 deals."""
    sheet_night(user, "snapszer", ["A", "B"], case_hands("snapszer", "11.1"))
    a = stats.player_stats(anna(user, "A"), stats.Filters())
    own = table(a, "own")
    assert (own.total.hands, own.total.won, own.total.units, own.total.share_won) == (6, 4, 5.0, 67)
    assert [(f.key, f.silent) for f in a.figures] == [("schwarz", 1)]
    (b,) = a.pairings
    assert (b.name, b.together.hands, b.against.hands, b.against.won, b.against.units) == (
        "B",
        0,
        6,
        4,
        5.0,
    )


def totals_agree(night):
    """The kept totals are what the night's hand facts add up to, after any writes."""
    rows = HandFact.objects.filter(night=night).values(*facts.TOTALLED)
    expected = {h: list(a) for h, a in facts.totals(rows).items()}
    kept = {
        (t.player_id, t.kind, t.key, t.sub): [t.hands, t.won, t.lost, t.units, t.other_units]
        for t in FactTotal.objects.filter(night=night)
        if t.hands
    }
    assert kept == expected
    assert len(kept) > 20
    return True


def facts_of(night):
    return sorted(
        HandFact.objects.filter(night=night).values_list("number", "player__name", "role", "units")
    )


def test_edit_delete_restore_and_rescore_rewrite_the_facts(user, paskievics):
    first, _second = paskievics
    two = Hand.objects.get(night=first, number=2)
    services.edit_hand(hand=two, record=pask("Anna", "Béla", "two", "Dóra", 60), version=1)
    assert (2, "Anna", "opponent", -2.0) in facts_of(first)  # Béla's two now won
    assert totals_agree(first)
    kontra = Hand.objects.get(night=first, number=4)
    services.delete_hand(hand=kontra, version=1)
    assert not HandFact.objects.filter(hand=kontra).exists()
    assert not FactItem.objects.filter(hand=kontra).exists()
    assert table(stats.player_stats(anna(user), stats.Filters()), "declarer").total.hands == 2
    assert totals_agree(first)
    services.restore_hand(hand=kontra, version=2)
    assert (4, "Anna", "declarer", 6.0) in facts_of(first)
    assert FactItem.objects.filter(hand=kontra, kind="figure").count() == 2
    assert totals_agree(first)
    # a rename re-scores the whole night: the facts follow the new name
    services.edit_night(
        night=first,
        author=user,
        date=first.date,
        place="",
        per_point=first.stake_per_point,
        currency="HUF",
        names=["Anna", "Bella", "Csaba", "Dóra"],
    )
    assert (4, "Bella", "partner", 6.0) in facts_of(first)
    assert all(name != "Béla" for _n, name, _r, _u in facts_of(first))
    assert totals_agree(first)


def every_fact(night):
    return (
        sorted(
            HandFact.objects.filter(night=night).values_list(
                "hand_id", "player__name", "number", "role", "level", "units", "into_pots"
            )
        ),
        sorted(
            FactItem.objects.filter(night=night).values_list(
                "hand_id", "player__name", "kind", "key", "announced", "made", "level", "said"
            )
        ),
    )


def test_a_rename_and_a_swap_move_the_facts_as_a_rebuild_would(user, paskievics):
    """Renaming keeps each hand's facts and moves them to the players renamed to (issue 20:
    no rebuild of every hand's facts); the result is what building them anew gives."""
    first, _second = paskievics
    before = every_fact(first)
    services.edit_night(
        night=first,
        author=user,
        date=first.date,
        place="",
        per_point=first.stake_per_point,
        currency="HUF",
        names=["Béla", "Anna", "Csabi", "Dóra"],  # Anna and Béla swap seats' names
    )
    moved = every_fact(first)
    swap = {"Anna": "Béla", "Béla": "Anna", "Csaba": "Csabi"}
    assert moved[0] == sorted((h, swap.get(n, n), *rest) for h, n, *rest in before[0])
    assert totals_agree(first)
    for model in (HandFact, FactItem, FactTotal):
        model.objects.filter(night=first).delete()
    rows = list(Hand.objects.filter(night=first))
    facts.rewrite(first, rows, nights.house_rules_of(first), new=True)
    assert every_fact(first) == moved
    assert totals_agree(first)


def test_a_deleted_night_leaves_every_statistic(user, paskievics):
    first, _second = paskievics
    services.delete_night(night=first, author=user)
    found = stats.player_stats(anna(user), stats.Filters())
    assert found.hands == 2
    assert found.figures == []
    assert {p.name: p.against.hands for p in found.pairings}["Béla"] == 2
    services.restore_night(night=first, author=user)
    assert stats.player_stats(anna(user), stats.Filters()).hands == 6


def test_the_migration_fills_the_facts_of_stored_hands(user, paskievics):
    written = sorted(HandFact.objects.values_list("hand_id", "player_id", "role", "units"))
    items = FactItem.objects.count()
    kept = sorted(
        FactTotal.objects.values_list(
            "night_id", "player_id", "kind", "key", "sub", "hands", "units"
        )
    )
    HandFact.objects.all().delete()
    FactItem.objects.all().delete()
    FactTotal.objects.all().delete()
    migration = importlib.import_module("scorebook.migrations.0010_hand_facts_for_statistics")
    migration.fill(apps, None)
    assert sorted(HandFact.objects.values_list("hand_id", "player_id", "role", "units")) == written
    assert (
        sorted(
            FactTotal.objects.values_list(
                "night_id", "player_id", "kind", "key", "sub", "hands", "units"
            )
        )
        == kept
    )
    assert FactItem.objects.count() == items == 6  # the trull of Anna and Béla, the kontra ×4


def test_player_page_and_csv(client_in, user, paskievics):
    url = reverse("player", args=[anna(user).pk])
    body = client_in.get(url, {"variant": "paskievics"}).content.decode()
    assert "As declarer (felvevő)" in body
    assert "trull (tuli)" in body
    response = client_in.get(reverse("player_csv", args=[anna(user).pk]), HTTP_ACCEPT_LANGUAGE="hu")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Anna"]
    declarer = next(r for r in rows if r and r[0].startswith("Felvevőként"))
    assert declarer[1:4] == ["leosztások", "nyert", "vesztett"]


def test_night_in_numbers(client_in, user, paskievics):
    first, _second = paskievics
    with translation.override("en"):
        numbers = stats.night_numbers(first)
    assert numbers.biggest == {"number": 4, "name": "Anna", "units": 6.0, "money": Decimal("12.00")}
    assert numbers.declarers == [("Anna", 2), ("Béla", 1)]
    assert numbers.figures == [("trull (tuli)", 1)]
    assert numbers.pots == []
    for name in ("night", "print"):
        body = client_in.get(reverse(name, args=[first.pk])).content.decode()
        assert "A night in numbers" in body
        assert "trull (tuli) 1" in body


def test_a_stranger_gets_404(other_client, user, paskievics):
    pk = anna(user).pk
    assert other_client.get(reverse("player", args=[pk])).status_code == 404
    assert other_client.get(reverse("player_csv", args=[pk])).status_code == 404


def test_clearing_several_bad_hands_at_once_drops_their_facts(user, paskievics):
    first, _second = paskievics
    bad = list(Hand.objects.filter(night=first, number__in=[1, 2]))
    services.delete_bad_hands(night=first, bad=[SimpleNamespace(hand_id=h.pk) for h in bad])
    assert not HandFact.objects.filter(hand__in=bad).exists()
    assert sorted({n for n, *_rest in facts_of(first)}) == [1, 2]  # the two left, renumbered
    assert totals_agree(first)


def test_stromann_figures_contras_and_the_refill_migration(user):
    """§S5: B's játék, 38 ≥ 36 card points, A kontra, B rekontra: 3 × 4 = 12 to B (the
    contra ladder doubles twice), and A's announced trull, doubled in játék: 2 to A; so
    B +10, A −10. Migration 0011 writes the facts of such a night again, the same."""
    sheet_night(user, "stromann", ["A", "B"], case_hands("stromann", "S5"))
    b = stats.player_stats(anna(user, "B"), stats.Filters())
    assert levels(table(b, "declarer")) == {"játék": (1, 1, 10.0, {"XXX": Decimal("10.00")})}
    assert [(c.level, c.said, c.said_won, c.received) for c in b.contras] == [(2, 1, 1, 0)]
    a = stats.player_stats(anna(user, "A"), stats.Filters())
    assert [(f.key, f.announced, f.made) for f in a.figures] == [("trull", 1, 1)]
    assert [(c.level, c.said, c.received, c.received_won) for c in a.contras] == [(2, 0, 1, 0)]
    written = sorted(HandFact.objects.values_list("hand_id", "player_id", "role", "units"))
    items = sorted(FactItem.objects.values_list("player_id", "key", "level", "said", "made"))
    HandFact.objects.all().delete()
    FactItem.objects.all().delete()
    FactTotal.objects.all().delete()
    importlib.import_module(
        "scorebook.migrations.0012_facts_of_every_variant_and_pot_payouts"
    ).refill(apps, None)
    assert sorted(HandFact.objects.values_list("hand_id", "player_id", "role", "units")) == written
    assert (
        sorted(FactItem.objects.values_list("player_id", "key", "level", "said", "made")) == items
    )
    assert stats.player_stats(anna(user, "B"), stats.Filters()).hands == 1


def test_pots_in_a_night_in_numbers_and_the_runs(client_in, user):
    """Ultimókassza on (2 HUF a point): two all-pass hands put 5 from each player into the
    kassza (40), Anna wins a three with Csaba between them (A, C +1; B, D −1); the night's
    end splits the 40 equally (10 each). So each paid 10 in and was paid 10 out; the night
    ends A +1, B −1, C +1, D −1: Anna's is a won night, though her hands add up to −9."""
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={"ultimo_kassza": True},
        per_point=Decimal(2),
        currency="HUF",
        players=P,
        first_dealer="Dóra",
        date=datetime.date(2026, 1, 1),
    )
    for record in (
        {"dealer": "Dóra", "outcome": "all_pass"},
        pask("Anna", "Anna", "three", "Csaba", 60),
        {"dealer": "Béla", "outcome": "all_pass"},
    ):
        services.record_hand(night=night, record=record)
    view = nightview.night_view(night)
    numbers = stats.night_numbers(night, view)
    each = [(n, 10.0, Decimal("20.00")) for n in P]
    assert (numbers.pots, numbers.payouts) == (each, each)
    assert stats.night_numbers(night).payouts == []  # without the page's view: hands only
    found = stats.player_stats(anna(user), stats.Filters())
    assert [t.total.units for t in found.roles] == [1.0]
    assert (found.all_pass_result.units, found.all_pass_result.money) == (-10.0, {"HUF": -20})
    assert (found.winning_run.length, found.losing_run.length) == (1, 0)
    assert stats.player_stats(anna(user, "Béla"), stats.Filters()).losing_run.length == 1
    body = client_in.get(reverse("night", args=[night.pk])).content.decode()
    paid_out = body[body.index("Paid from the pots") :].split("</dd>")[0]
    assert "Anna 10 (20.00 HUF), Béla 10 (20.00 HUF)" in paid_out  # the end split
    printed = client_in.get(reverse("print", args=[night.pk])).content.decode()
    assert "Paid into the pots" in printed
    assert "Paid from the pots" not in printed  # the A4 page keeps to one line of pots
    page = client_in.get(reverse("player", args=[anna(user).pk]))
    assert (page.context["stats"].winning_run.length, page.context["stats"].losing_run.length) == (
        1,
        0,
    )
    assert "the all-pass hands: −10 points (−20.00 HUF)" in page.content.decode()
    csv_url = reverse("player_csv", args=[anna(user).pk])
    text = client_in.get(csv_url, HTTP_ACCEPT_LANGUAGE="hu").content.decode()
    first = list(csv.reader(io.StringIO(text)))[1]
    assert first[4:] == [
        "mindenki passz aránya (%)",
        "67",
        "a passzos leosztások (pont)",
        "-10",
        "a passzos leosztások (pénz)",
        "-20.00 HUF",
    ]


def magyar_hand(dealer, declarer, level, step, points, contra=0, announcements=(), **result):
    return {
        "dealer": dealer,
        "outcome": "played",
        "declarer": declarer,
        "level": level,
        "talon_step": step,
        "game_contra": contra,
        "announcements": [dict(a) for a in announcements],
        "result": {"declarer_card_points": points, **result},
    }


def test_magyar_and_levels_named_by_game(user, paskievics):
    """Magyar tarokk, 1 HUF (spec §11.2 M1, M2 with other names): Anna's three at step 1
    (G 1), 51 card points, four kings silent: S = 2, Anna +4, Béla and Csaba −2. Béla's two
    at step 3 (G 6) with an announced trull, kontra'd by Anna and Csaba; 40 card points, the
    honours split: −12 − 2 = −14, Béla −28, Anna and Csaba +14."""
    night = services.create_night(
        owner=user,
        variant_key="magyar",
        house_rules={},
        per_point=Decimal(1),
        currency="HUF",
        players=P[:3],
        first_dealer="Csaba",
        date=datetime.date(2026, 2, 1),
    )
    trull = {"figure": "trull", "by": "Béla", "contra": 0}
    services.record_hand(
        night=night, record=magyar_hand("Csaba", "Anna", "three", 1, 51, four_kings_side="declarer")
    )
    services.record_hand(night=night, record=magyar_hand("Anna", "Béla", "two", 3, 40, 1, [trull]))
    found = stats.player_stats(anna(user), stats.Filters(variant="magyar"))
    assert levels(table(found, "declarer")) == {"three (hármas)": (1, 1, 4.0, {"HUF": Decimal(4)})}
    assert levels(table(found, "opponent")) == {"two (kettős)": (1, 1, 14.0, {"HUF": Decimal(14)})}
    assert [(f.key, f.announced, f.silent) for f in found.figures] == [("four_kings", 0, 1)]
    assert [(c.level, c.said, c.said_won, c.received) for c in found.contras] == [(1, 1, 1, 0)]
    csaba = {p.name: p for p in found.pairings}["Csaba"]
    assert (csaba.together.hands, csaba.together_both, csaba.against.units) == (1, 28.0, 4.0)
    béla = stats.player_stats(anna(user, "Béla"), stats.Filters(variant="magyar"))
    assert [(f.key, f.announced, f.failed) for f in béla.figures] == [("trull", 1, 1)]
    # every game together: each bid after its game's name
    names = [
        name
        for name, _t in table(stats.player_stats(anna(user), stats.Filters()), "declarer").levels
    ]
    assert sorted(names) == [
        "Magyar tarokk: three (hármas)",
        "Paskievics (huszashívó): three (hármas)",
        "Paskievics (huszashívó): two (kettős)",
    ]


def test_the_page_filters_by_dates_chart_and_nights_too(client_in, user, paskievics):
    first, second = paskievics
    url = reverse("player", args=[anna(user).pk])
    response = client_in.get(url, {"since": "2026-01-05"})
    page = response.context["page"]
    assert [night for night, _won, _running in page.history] == [second]
    assert (page.nights, page.money) == (1, {"HUF": Decimal("-3.00")})  # −1 × 1, −2 × 1
    assert reverse("night", args=[first.pk]) not in response.content.decode()
    until = client_in.get(url, {"until": "2026-01-05"}).context["page"]
    assert [night for night, _won, _running in until.history] == [first]
