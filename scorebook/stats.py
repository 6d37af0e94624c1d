"""A player's statistics, read from the stored facts (`HandFact`, `FactItem`) by a handful
of grouped queries: never by replaying nights (the runs of nights read what each night
settled to from its cached summary, `summaries`, as the page's chart does). Every read leaves out deleted nights (a
deleted hand has no facts), and takes the stake, currency and date from the night, so an
edited night is counted as it is now.

Money is units × the night's stake: each query groups by stake and currency as well, and
`_Sum` adds the groups up per currency.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db.models import Count, Q, QuerySet, Sum
from django.utils.translation import gettext_lazy, pgettext_lazy

from scorebook import summaries
from scorebook.engine import facts as engine_facts
from scorebook.engine import registry
from scorebook.models import FactItem, FactTotal, HandFact, Night, Player
from scorebook.speech import say

if TYPE_CHECKING:
    from scorebook.nightview import NightView

ROLE_TITLES = {
    engine_facts.DECLARER: pgettext_lazy("statistics", "As declarer (felvevő)"),
    engine_facts.PARTNER: pgettext_lazy("statistics", "As partner"),
    engine_facts.OPPONENT: pgettext_lazy("statistics", "As opponent"),
    engine_facts.OWN: pgettext_lazy("statistics", "Each for himself"),
}
CONTRA_LEVELS = {
    1: gettext_lazy("kontra"),
    2: gettext_lazy("rekontra"),
    3: gettext_lazy("szubkontra"),
    4: gettext_lazy("hirskontra"),
    5: gettext_lazy("mordkontra"),
}
# The spread of hand results: (lowest, highest) units of each bucket, None = open.
SPREAD = (
    (None, -50),
    (-49, -20),
    (-19, -10),
    (-9, -1),
    (0, 0),
    (1, 9),
    (10, 19),
    (20, 49),
    (50, None),
)


@dataclass(frozen=True)
class Filters:
    variant: str | None = None
    since: datetime.date | None = None
    until: datetime.date | None = None
    club: int | None = None  # a club's nights only (a season is its since/until)

    def nights(self, prefix: str = "night__") -> Q:
        """The live nights these filters keep, as a condition on `prefix` (a relation)."""
        q = Q(**{f"{prefix}deleted_at__isnull": True})
        if self.club:
            q &= Q(**{f"{prefix}club_id": self.club})
        if self.variant:
            q &= Q(**{f"{prefix}variant": self.variant})
        if self.since:
            q &= Q(**{f"{prefix}date__gte": self.since})
        if self.until:
            q &= Q(**{f"{prefix}date__lte": self.until})
        return q


def points(value: float | None) -> str:
    """Points as the pages print them: whole where they are, else two decimals."""
    if value is None:
        return ""
    value = round(float(value), 2)
    return str(int(value)) if value.is_integer() else f"{value:.2f}"


def money_of(units: float, stake: Decimal) -> Decimal:
    return (Decimal(repr(float(units))) * stake).quantize(Decimal("0.01"))


@dataclass
class Tally:
    """Hands, how many won and lost, and their result in points and money per currency."""

    hands: int = 0
    won: int = 0
    lost: int = 0
    units: float = 0.0
    money: dict[str, Decimal] = field(default_factory=dict)

    def add(self, row: Mapping[str, Any]) -> None:
        self.hands += row["hands"]
        self.won += row.get("won", 0)
        self.lost += row.get("lost", 0)
        self.units += row["units"] or 0.0
        cash = money_of(row["units"] or 0.0, row["night__stake_per_point"])
        currency = row["night__currency"]
        self.money[currency] = self.money.get(currency, Decimal(0)) + cash

    @property
    def share_won(self) -> int | None:
        return round(100 * self.won / self.hands) if self.hands else None

    @property
    def average(self) -> float | None:
        return round(self.units / self.hands, 2) if self.hands else None

    @property
    def average_money(self) -> dict[str, Decimal]:
        if not self.hands:
            return {}
        return {c: (m / self.hands).quantize(Decimal("0.01")) for c, m in self.money.items()}


@dataclass
class RoleTable:
    role: str
    title: str
    levels: list[tuple[str, Tally]]
    total: Tally


@dataclass
class FigureRow:
    key: str
    name: str
    announced: int
    made: int  # announced and made
    failed: int  # announced and not made
    silent: int  # made without announcing


@dataclass
class ContraRow:
    level: int
    name: str
    said: int
    said_won: int
    received: int
    received_won: int  # went the receiver's way


@dataclass
class Pairing:
    player_id: int
    name: str
    together: Tally  # my hands on his side: my result
    together_both: float  # our result together, in points
    against: Tally  # my hands against him: my result


@dataclass
class Run:
    length: int = 0
    first: datetime.date | None = None
    last: datetime.date | None = None


@dataclass
class PlayerStats:
    player: Player
    filters: Filters
    hands: int = 0
    all_pass: int = 0
    # what the all-pass hands cost or paid (the kassza some games fill on an all pass)
    all_pass_result: Tally = field(default_factory=Tally)
    out: int = 0
    roles: list[RoleTable] = field(default_factory=list)
    figures: list[FigureRow] = field(default_factory=list)
    contras: list[ContraRow] = field(default_factory=list)
    spread: list[tuple[str, int]] = field(default_factory=list)
    winning_run: Run = field(default_factory=Run)
    losing_run: Run = field(default_factory=Run)
    pairings: list[Pairing] = field(default_factory=list)

    @property
    def all_pass_share(self) -> int | None:
        return round(100 * self.all_pass / self.hands) if self.hands else None

    @property
    def best_partner(self) -> Pairing | None:
        together = [p for p in self.pairings if p.together.hands]
        return max(together, key=lambda p: p.together_both) if together else None

    @property
    def worst_partner(self) -> Pairing | None:
        together = [p for p in self.pairings if p.together.hands]
        return min(together, key=lambda p: p.together_both) if together else None


def facts_of(player: Player, filters: Filters) -> QuerySet[HandFact]:
    return HandFact.objects.filter(filters.nights(), player=player)


MONEY_KEYS = ("night__stake_per_point", "night__currency")


def player_stats(
    player: Player,
    filters: Filters,
    nights: Iterable[tuple[datetime.date, Decimal]] | None = None,
) -> PlayerStats:
    """Every table of the statistics page: small queries grouped over the stored facts (the
    rows of one player), whatever the number of nights; the runs of nights read the nights'
    cached summaries (what each night settled to, the page's chart's source): `nights`, the
    (date, money) of each night oldest first, where the caller has read them already."""
    stats = PlayerStats(player, filters)
    _roles(stats)
    _figures_and_contras(stats)
    _spread(stats)
    _runs(stats, night_money(player, filters) if nights is None else nights)
    stats.pairings = pairings(player, filters)
    return stats


def _level_name(variant_key: str, level: str, several: bool) -> str:
    """The bid as the variant's hand form names it; with `several` variants in one table,
    after the game's name (a "hármas" of one game is not another's)."""
    if variant_key not in registry.VARIANT_KEYS:
        return level or "—"
    variant = registry.get(variant_key)
    found = engine_facts.level_name(variant.record, level)
    name = say(found) if found is not None else level or "—"
    return f"{say(variant.title)}: {name}" if several else name


def totals_of(player: Player, filters: Filters, kind: str) -> QuerySet[FactTotal]:
    return FactTotal.objects.filter(filters.nights(), player=player, kind=kind, hands__gt=0)


SUMS = {
    "hands": Sum("hands"),
    "won": Sum("won"),
    "lost": Sum("lost"),
    "units": Sum("units"),
}


def _roles(stats: PlayerStats) -> None:
    rows = (
        totals_of(stats.player, stats.filters, "role")
        .values("key", "sub", "night__variant", *MONEY_KEYS)
        .annotate(**SUMS)
        .order_by()
    )
    per_role: dict[str, dict[tuple[str, str], Tally]] = defaultdict(lambda: defaultdict(Tally))
    for row in rows:
        role = row["key"]
        if role == engine_facts.OUT:
            stats.out += row["hands"]
            continue
        stats.hands += row["hands"]
        if role == engine_facts.ALL_PASS:
            stats.all_pass += row["hands"]
            stats.all_pass_result.add(row)
            continue
        per_role[role][row["night__variant"], row["sub"]].add(row)
    several = len({variant for levels in per_role.values() for variant, _level in levels}) > 1
    for role, title in ROLE_TITLES.items():
        if role not in per_role:
            continue
        levels = sorted(per_role[role].items(), key=lambda kv: -kv[1].hands)
        total = Tally()
        for _level, tally in levels:
            _merge(total, tally)
        named = [(_level_name(v, level, several), tally) for (v, level), tally in levels]
        stats.roles.append(RoleTable(role, str(title), named, total))


def _merge(total: Tally, part: Tally) -> None:
    total.hands += part.hands
    total.won += part.won
    total.lost += part.lost
    total.units += part.units
    for currency, amount in part.money.items():
        total.money[currency] = total.money.get(currency, Decimal(0)) + amount


def _figures_and_contras(stats: PlayerStats) -> None:
    items = FactItem.objects.filter(stats.filters.nights(), player=stats.player)
    figures = (
        items.filter(kind="figure")
        .values("key")
        .annotate(
            n_announced=Count("id", filter=Q(announced=True)),
            n_made=Count("id", filter=Q(announced=True, made=True)),
            n_failed=Count("id", filter=Q(announced=True, made=False)),
            n_silent=Count("id", filter=Q(announced=False, made=True)),
        )
        .order_by("key")
    )
    stats.figures = [
        FigureRow(
            f["key"],
            _figure_name(f["key"]),
            f["n_announced"],
            f["n_made"],
            f["n_failed"],
            f["n_silent"],
        )
        for f in figures
    ]
    contras = (
        items.filter(kind="contra")
        .values("level")
        .annotate(
            n_said=Count("id", filter=Q(said=True)),
            n_said_won=Count("id", filter=Q(said=True, made=True)),
            n_received=Count("id", filter=Q(said=False)),
            n_received_won=Count("id", filter=Q(said=False, made=True)),
        )
        .order_by("level")
    )
    stats.contras = [
        ContraRow(
            c["level"],
            str(CONTRA_LEVELS.get(c["level"], c["level"])),
            c["n_said"],
            c["n_said_won"],
            c["n_received"],
            c["n_received_won"],
        )
        for c in contras
    ]


def _figure_name(key: str) -> str:
    name = engine_facts.FIGURE_NAMES.get(key)
    return say(name) if name is not None else key


def _spread(stats: PlayerStats) -> None:
    counts = dict(
        totals_of(stats.player, stats.filters, "spread")
        .values_list("key")
        .annotate(n=Sum("hands"))
        .order_by()
    )
    stats.spread = [
        (_bucket_label(low, high), counts.get(str(i), 0)) for i, (low, high) in enumerate(SPREAD)
    ]


def _bucket_label(low: int | None, high: int | None) -> str:
    if low is None:
        return f"≤ {high}"
    if high is None:
        return f"≥ {low}"
    return str(low) if low == high else f"{low} … {high}"


def night_money(player: Player, filters: Filters) -> list[tuple[datetime.date, Decimal]]:
    """The player's money result of each night, oldest first: what the night settled to
    (its cached summary, as the chart reads it), so a pot's split at the night's end counts
    as it does on the night page."""
    nights_qs = Night.objects.filter(filters.nights(prefix=""), seats__player=player).order_by(
        "date", "created", "pk"
    )
    key, found = str(player.pk), []
    for night in summaries.with_summaries(nights_qs):
        mine = summaries.summary_data(night)["players"].get(key)
        if mine is not None:
            found.append((night.date, Decimal(mine["money"])))
    return found


def _runs(stats: PlayerStats, nights: Iterable[tuple[datetime.date, Decimal]]) -> None:
    """The longest runs of nights won and of nights lost, in a row (a level night ends both)."""
    current = {1: Run(), -1: Run()}
    for date, money in nights:
        sign = (money > 0) - (money < 0)
        for way, run in current.items():
            if way != sign:
                current[way] = Run()
                continue
            run.length += 1
            run.first = run.first or date
            run.last = date
            best = stats.winning_run if way == 1 else stats.losing_run
            if run.length > best.length:
                best.length, best.first, best.last = run.length, run.first, run.last


def pairings(player: Player, filters: Filters) -> list[Pairing]:
    """For each other player: the hands on one side (my result, and ours together) and
    against each other (my result). At games where each plays for himself, everyone at the
    hand is against everyone."""
    rows = list(
        totals_of(player, filters, "pair")
        .values("key", "sub", *MONEY_KEYS)
        .annotate(**SUMS, other_units=Sum("other_units"))
        .order_by()
    )
    # By id, not by roster: a club player's partners may sit in his earlier personal nights.
    others = {int(row["key"]) for row in rows}
    names = dict(Player.objects.filter(pk__in=others).values_list("pk", "name"))
    found: dict[int, Pairing] = {}
    for row in rows:
        pid = int(row["key"])
        pair = found.setdefault(pid, Pairing(pid, names.get(pid, "?"), Tally(), 0.0, Tally()))
        if row["sub"] == "with":
            pair.together.add(row)
            pair.together_both += row["units"] + row["other_units"]
        else:
            pair.against.add(row)
    return sorted(found.values(), key=lambda p: p.name)


# --- a night in numbers ---------------------------------------------------------------------


@dataclass
class NightNumbers:
    biggest: dict[str, Any] | None  # number, name, units, money: the most won in one hand
    declarers: list[tuple[str, int]]  # most declarations first
    figures: list[tuple[str, int]]  # figures made (hands), by figure
    pots: list[tuple[str, float, Decimal]]  # who paid into the pots: name, points, money
    # who the pots paid (in hands, and the split at the night's end): name, points, money
    payouts: list[tuple[str, float, Decimal]] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return self.biggest is None and not self.declarers and not (self.pots or self.payouts)


def night_numbers(night: Night, view: NightView | None = None) -> NightNumbers:
    """The night's biggest hand, most declarations, figures made and who paid the pots and
    was paid from them: small queries over the night's facts, and the pots' split at the
    night's end from `view` (the page's own, where it has one)."""
    facts = HandFact.objects.filter(night=night)
    top = (
        facts.filter(units__gt=0)
        .order_by("-units", "number")
        .values("number", "player__name", "units")
        .first()
    )
    biggest = None
    if top is not None:
        biggest = {
            "number": top["number"],
            "name": top["player__name"],
            "units": top["units"],
            "money": money_of(top["units"], night.stake_per_point),
        }
    declarers = [
        (r["player__name"], r["n"])
        for r in facts.filter(role=engine_facts.DECLARER)
        .values("player__name")
        .annotate(n=Count("id"))
        .order_by("-n", "player__name")
    ]
    figures = [
        (_figure_name(r["key"]), r["n"])
        for r in FactItem.objects.filter(night=night, kind="figure", made=True)
        .values("key")
        .annotate(n=Count("hand", distinct=True))
        .order_by("-n", "key")
    ]
    pots = _per_player(night, facts.filter(into_pots__gt=0), "into_pots", {})
    at_end = view.end().payouts if view is not None and view.pot_names else {}
    payouts = _per_player(night, facts.filter(from_pots__gt=0), "from_pots", at_end)
    return NightNumbers(biggest, declarers, figures, pots, payouts)


def _per_player(
    night: Night, facts: QuerySet[HandFact], column: str, more: Mapping[str, Any]
) -> list[tuple[str, float, Decimal]]:
    """`column` added up per player, with `more` (name → amount) on top; most first."""
    found = {
        r["player__name"]: r["n"]
        for r in facts.values("player__name").annotate(n=Sum(column)).order_by()
    }
    for name, amount in more.items():
        if amount > 0:
            found[name] = found.get(name, 0.0) + float(amount)
    ranked = sorted(found.items(), key=lambda kv: (-kv[1], kv[0]))
    return [(name, n, money_of(n, night.stake_per_point)) for name, n in ranked]
