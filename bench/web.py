"""Web benchmark: the server time to record one hand in a night that already has 1,000 hands,
next to a bare Django view doing one INSERT, measured in the same run (issue 3, target ≤ 2×);
the night page of a 100- and a 1,000-hand night: its size and server time (issue 13:
≤ 60 KB each, the 1,000-hand page ≤ 3× the time of the 100-hand one); and editing hand 1 of a
300-hand night, every later hand re-scored (issue 11: ≤ 100 ms).

Run: `.venv/bin/python bench/web.py [--hands 1000] [--repeat 100]`. It uses a throwaway SQLite
database (or DATABASE_URL if set), signs in a user, builds the night through the services,
then posts the real hand form (the view, the form parsing, the engine and the atomic save)
and, as the baseline, a view that saves one row with the ORM. Medians of CPU-inclusive wall
time per request through Django's test client are printed, with their ratio.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

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
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import include, path, reverse  # noqa: E402

from scorebook import services  # noqa: E402
from scorebook.models import Player  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
# What a browser sends for the hand form (the test client would default to multipart).
FORM = "application/x-www-form-urlencoded"


def bare_insert(request):
    """The baseline: authenticate (middleware), one INSERT, a tiny response."""
    Player.objects.create(owner=request.user, name=f"p{time.perf_counter_ns()}")
    return HttpResponse("ok")


urlpatterns = [path("bench/insert/", bare_insert), path("", include("scorebook.urls"))]


def plain_hand(dealer: str, n: int) -> dict:
    declarer = PLAYERS[(PLAYERS.index(dealer) + 1) % 4]
    partner = PLAYERS[(PLAYERS.index(dealer) + 2) % 4]
    return {
        "dealer": dealer,
        "outcome": "played",
        "bid": {"declarer": declarer, "level": "two"},
        "called_card": "XX",
        "partner": partner,
        "game_contra": n % 2,
        "announcements": [],
        "result": {"declarer_card_points": 30 + n % 40},
    }


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def build_night(user: User, hands: int):
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point="2",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Dóra",
    )
    for n in range(hands):
        services.record_hand(night=night, record=plain_hand(PLAYERS[(3 + n) % 4], n))
    return night


def page_bench(client: Client, nights: dict[int, object], repeat: int) -> None:
    """GET each night's page `repeat` times, interleaved; print its size, the median wall
    and CPU time per request, and the ratio of the largest night to the smallest."""
    wall: dict[int, list[float]] = {size: [] for size in nights}
    cpu: dict[int, list[float]] = {size: [] for size in nights}
    sizes: dict[int, int] = {}
    for _ in range(repeat):
        for size, night in nights.items():
            t, c = time.perf_counter(), time.process_time()
            response = client.get(reverse("night", args=[night.pk]))
            wall[size].append(time.perf_counter() - t)
            cpu[size].append(time.process_time() - c)
            assert response.status_code == 200
            sizes[size] = len(response.content)
    print("| hands | page size | median wall time | median CPU time |")
    print("|---:|---:|---:|---:|")
    for size in nights:
        print(
            f"| {size:,} | {sizes[size] / 1024:.1f} KB | {median_ms(wall[size]):.1f} ms "
            f"| {median_ms(cpu[size]):.1f} ms |"
        )
    low, high = min(nights), max(nights)
    for name, times in (("wall", wall), ("CPU", cpu)):
        ratio = median_ms(times[high]) / median_ms(times[low])
        print(f"night page, {name}: {high:,} hands / {low:,} hands = {ratio:.2f}× (target ≤ 3×)")


def form_data(hand: dict) -> dict:
    """The hand form's fields for a plain Paskievics record, as a browser posts them."""
    return {
        "dealer": hand["dealer"],
        "outcome": "played",
        "bid.declarer": hand["bid"]["declarer"],
        "bid.level": "two",
        "called_card": "XX",
        "partner": hand["partner"],
        "game_contra:int": str(hand["game_contra"]),
        "result.declarer_card_points:int": str(hand["result"]["declarer_card_points"]),
    }


def edit_bench(client: Client, user: User, hands: int, repeat: int) -> None:
    """Edit hand 1 of a `hands`-hand night `repeat` times (each edit changes its contra, so
    every later hand is re-scored); print the median server time (issue 11: ≤ 100 ms)."""
    night = build_night(user, hands)
    first = night.hands.get(number=1)
    url = reverse("edit_hand", args=[night.pk, first.pk])
    times = []
    for i in range(repeat):
        hand = plain_hand("Dóra", i + 1)  # game_contra alternates 1, 0, 1, …
        client.cookies.pop("messages", None)
        data = form_data(hand) | {"_version": str(first.version + i)}
        t = time.perf_counter()
        response = client.post(url, urlencode(data), content_type=FORM)
        times.append(time.perf_counter() - t)
        assert response.status_code == 302, (response.status_code, response.content[:500])
    print(
        f"edit hand 1 of a {hands}-hand night (every later hand re-scored): "
        f"{median_ms(times):.1f} ms (median of {repeat}; target ≤ 100 ms)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=100)
    parser.add_argument("--page-repeat", type=int, default=30)
    parser.add_argument("--edit-repeat", type=int, default=20)
    args = parser.parse_args()
    settings.ROOT_URLCONF = __name__
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    user = User.objects.create_user(f"bench{time.time_ns()}", password="bench-pw-123")
    night = services.create_night(
        owner=user,
        variant_key="paskievics",
        house_rules={},
        per_point="2",
        currency="HUF",
        players=PLAYERS,
        first_dealer="Dóra",
    )
    start = time.perf_counter()
    for n in range(args.hands):
        services.record_hand(night=night, record=plain_hand(PLAYERS[(3 + n) % 4], n))
    print(f"built a night of {args.hands} hands in {time.perf_counter() - start:.1f} s")

    client = Client()
    client.force_login(user)
    small = build_night(user, 100)
    page_bench(client, {100: small, args.hands: night}, args.page_repeat)
    edit_bench(client, user, 300, args.edit_repeat)
    url = reverse("new_hand", args=[night.pk])
    record_times, insert_times = [], []
    for i in range(args.repeat):
        n = args.hands + i
        dealer = PLAYERS[(3 + n) % 4]
        hand = plain_hand(dealer, n)
        data = form_data(hand) | {
            "_expected_number": str(n + 1),
            "_expected_position": str(n),  # no events in this night: row n is hand n + 1
        }
        # At the table the redirect's GET shows (and so consumes) the "Hand saved." message;
        # without that GET the flash messages would pile up in the cookie from post to post.
        client.cookies.pop("messages", None)
        t = time.perf_counter()
        response = client.post(url, urlencode(data), content_type=FORM)
        record_times.append(time.perf_counter() - t)
        assert response.status_code == 302, (response.status_code, response.content[:500])
        t = time.perf_counter()
        response = client.post("/bench/insert/")
        insert_times.append(time.perf_counter() - t)
        assert response.status_code == 200
    assert night.hands.count() == args.hands + args.repeat
    rec, ins = median_ms(record_times), median_ms(insert_times)
    print(f"record a hand (night of {args.hands}+ hands): {rec:.2f} ms (median of {args.repeat})")
    print(f"bare view, one INSERT:                      {ins:.2f} ms")
    print(f"ratio: {rec / ins:.2f}× (target ≤ 2×)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
