"""Statistics benchmark (issue 21): a player's statistics page and a club's season table
over 100,000 hands across 500 nights (target ≤ 300 ms each), beside the statistics alone (`stats.player_stats`: its grouped
queries over the stored facts and their Python), the bare SQL of its largest query (the
declarer/partner/opponent table over the night totals) run straight on the database
cursor, and the same table grouped over every hand fact instead (what the totals save);
then the nights are made one club's, and its standings over a season of all 500 nights
are timed as a page, as `seasons.standings` alone and as the bare SQL of its one query.

Run: `.venv/bin/python bench/stats.py [--nights 500] [--hands 200] [--repeat 20]`. It uses a
throwaway SQLite database (or DATABASE_URL if set). One Paskievics night of `--hands` varied
hands is recorded through the services (so its facts are written as a save writes them);
the other nights are copies of its rows with the players rotated among six names (each
night seats four of them) and their facts written by `facts.rewrite`, as an import does.
The night summaries the page also shows are warmed by one request first; the statistics
alone are timed as the page calls them, given the nights it read for its chart (the runs of
nights come from them); medians of the wall time of each step are printed.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorebook.settings")
if "DATABASE_URL" not in os.environ:
    os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.db.models import Count, Q, Sum  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from scorebook import clubservices, facts, nights, seasons, services, stats, summaries  # noqa: E402
from scorebook.models import Hand, HandFact, Night, Player  # noqa: E402

BASE = ["Anna", "Béla", "Csaba", "Dóra"]
NAMES = ["Anna", "Béla", "Csaba", "Dóra", "Emil", "Feri"]
LEVELS = ["three", "three", "two", "two", "one", "solo"]


def varied_hand(rng: random.Random, dealer: str) -> dict:
    if rng.random() < 0.08:
        return {"dealer": dealer, "outcome": "all_pass"}
    declarer = rng.choice(BASE)
    partner = rng.choice([p for p in BASE if p != declarer])
    by = rng.choice([declarer, partner])
    announcements = [{"figure": "trull", "by": by, "contra": rng.choice([0, 0, 1])}] * (
        rng.random() < 0.2
    )
    result = {"declarer_card_points": rng.randint(25, 70)}
    if announcements or rng.random() < 0.1:
        result["trull_side"] = rng.choice(["declarer", "opponents"])
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": rng.choice(LEVELS)},
        "called_card": "XX",
        "partner": partner,
        "game_contra": rng.choice([0, 0, 0, 1, 2]),
        "announcements": announcements,
        "result": result,
    }


def template_night(user: User, hands: int):
    rng = random.Random(21)
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point="2",
        currency="HUF",
        players=BASE,
        first_dealer="Dóra",
        date=datetime.date(2024, 1, 1),
    )
    for n in range(hands):
        services.record_hand(night=night, record=varied_hand(rng, BASE[(3 + n) % 4]))
    return night


def copies(user: User, template, count: int) -> None:
    rows = list(Hand.objects.filter(night=template).order_by("position"))
    for i in range(1, count):
        seating = [NAMES[(i + k) % len(NAMES)] for k in range(4)]
        names = dict(zip(BASE, seating, strict=True))
        with transaction.atomic():
            night = services.create_night(
                owner=user,
                variant_key="paskievics",
                house_rules={},
                per_point="2",
                currency="HUF",
                players=seating,
                first_dealer=seating[3],
                date=datetime.date(2024, 1, 1) + datetime.timedelta(days=i),
            )
            new = [
                Hand(
                    night=night,
                    position=r.position,
                    number=r.number,
                    record=renamed(r.record, names),
                    entries=renamed(r.entries, names),
                    amounts=renamed(r.amounts, names),
                    state=renamed(r.state, names),
                )
                for r in rows
            ]
            Hand.objects.bulk_create(new)
            facts.rewrite(night, new, nights.house_rules_of(night), new=True)


def renamed(value, names: dict):
    """Every string in `names` replaced, as a value and as a key (the bench's names are no
    bid, card or side, so the records, entries and states can be renamed blindly)."""
    if isinstance(value, dict):
        return {names.get(k, k): renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def timed(fn, repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU time of each call (the machine is shared: CPU time is what the step
    itself costs, SQLite's work included as it runs in this process)."""
    wall, cpu = [], []
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
    return wall, cpu


def raw(qs):
    """The query's own SQL run on the cursor: no ORM, no Python after the fetch."""
    sql, params = qs.query.sql_with_params()

    def run() -> None:
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            cursor.fetchall()

    return run


def role_table(player: Player):
    """The declarer/partner/opponent table's query, as `stats._roles` sends it."""
    totals = stats.totals_of(player, stats.Filters(), "role")
    values = totals.values("key", "sub", "night__variant", *stats.MONEY_KEYS)
    return values.annotate(**stats.SUMS).order_by()


def role_table_from_hands(player: Player):
    """The same table grouped over every hand fact instead of the night totals."""
    facts = stats.facts_of(player, stats.Filters()).values("role", "level", *stats.MONEY_KEYS)
    return facts.annotate(
        hands=Count("id"),
        won=Count("id", filter=Q(units__gt=0)),
        lost=Count("id", filter=Q(units__lt=0)),
        units=Sum("units"),
    ).order_by()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nights", type=int, default=500)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    user = User.objects.create_user(f"bench{time.time_ns()}", password="bench-pw-123")
    start = time.perf_counter()
    template = template_night(user, args.hands)
    copies(user, template, args.nights)
    built = time.perf_counter() - start
    total = Hand.objects.filter(night__owner=user, number__isnull=False).count()
    print(f"built {args.nights} nights, {total:,} hands, {HandFact.objects.count():,} facts")
    print(f"in {built:.0f} s on {connection.vendor}")
    player = Player.objects.get(owner=user, name="Anna")
    mine = HandFact.objects.filter(player=player).count()
    client = Client()
    client.force_login(user)
    url = reverse("player", args=[player.pk])
    assert client.get(url).status_code == 200  # warms the night summaries
    page = timed(lambda: client.get(url), args.repeat)
    page_nights = summaries.player_page(player).history[::-1]
    history = [(night.date, won) for night, won, _running in page_nights]
    alone = timed(lambda: stats.player_stats(player, stats.Filters(), history), args.repeat)
    bare = timed(raw(role_table(player)), args.repeat)
    from_hands = timed(raw(role_table_from_hands(player)), args.repeat)
    season = season_timings(user, client, args.repeat)
    print(f"Anna: {mine:,} hand facts")
    print("| what | median wall time | median CPU time |")
    print("|---|---:|---:|")
    for what, (wall, cpu) in (
        ("the player page (statistics, nights, chart)", page),
        ("the statistics alone (`stats.player_stats`, given the page's nights)", alone),
        ("the bare SQL of its role table (night totals)", bare),
        ("the same table's SQL over every hand fact", from_hands),
        *season,
    ):
        print(f"| {what} | {median_ms(wall):.0f} ms | {median_ms(cpu):.0f} ms |")
    return 0


def season_timings(user: User, client: Client, repeat: int) -> list:
    """The nights made one club's; its standings over a season holding all of them."""
    club = clubservices.create_club(user=user, name="Bench")
    nights = Night.objects.filter(owner=user)
    nights.update(club=club)
    first, last = nights.order_by("date").first(), nights.order_by("date").last()
    season = clubservices.add_season(club=club, name="All", start=first.date, end=last.date)
    span = seasons.season_span(season)
    table = seasons.standings(club, span)
    print(f"season table: {table.nights} nights, {len(table.rows)} players")
    url = reverse("club_standings", args=[club.pk]) + f"?season={season.pk}"
    assert client.get(url).status_code == 200
    query = seasons.season_query(club, span)
    return [
        ("the season standings page (table and chart)", timed(lambda: client.get(url), repeat)),
        (
            "the season table alone (`seasons.standings`)",
            timed(lambda: seasons.standings(club, span), repeat),
        ),
        ("the bare SQL of the season table's query", timed(raw(query), repeat)),
    ]


if __name__ == "__main__":
    raise SystemExit(main())
