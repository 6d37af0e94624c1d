"""The statistics' stored facts: a `HandFact` per player per live hand and a `FactItem` per
figure and contra, derived from a hand row's record (the engine's `hand_facts`) and its
cached entries (what each player won or lost, what went into the pots).

`services` calls `rewrite` wherever it writes a row's caches, so the facts always say what
the rows say: a new hand adds its facts, an edit, delete, restore or re-score replaces the
facts of the rows it touched (a deleted hand keeps none).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.db import connection
from django.db.models import Case, F, Value, When

from scorebook import nights
from scorebook.engine.facts import (
    DECLARER,
    OPPONENT,
    OWN,
    PARTNER,
    Figure,
    HandFacts,
    hand_facts,
)
from scorebook.engine.scoresheet import late_joiners
from scorebook.models import FactItem, FactTotal, Hand, HandFact, Night, Seat


def rescored(
    night: Night,
    rows: Sequence[Hand],
    changed: Sequence[Hand],
    before: Mapping[int, tuple[int | None, str | None]],
    renamed: Mapping[str, str],
    rules: Mapping[str, Any],
) -> None:
    """After `services` re-scored `rows` (`rules`: the night's house rules, complete): the facts of the rows whose caches changed, of the
    first row (the one edited, deleted or restored, even when its caches stayed) and of the
    deleted rows (several at once when bad hands are cleared; deleting none is cheap).
    `before` holds each changed row's stored number and entries (JSON text): a hand that
    only moved (every hand after a deleted or restored one) keeps its facts, renumbered,
    unless the first row is an event (who sat at the table may have changed); so does a
    hand whose players were only `renamed` (old name → new; `players_renamed` moved its
    facts to the new players)."""
    first = rows[:1]
    touched = [*first, *(r for r in rows if r.deleted)]
    moved: dict[int, list[int]] = {}  # by how much the number moved: the hands' ids
    for row in changed:
        number, stored = before.get(row.pk, (None, None))
        if _only_moved(row, number, stored, renamed) and not any(r.is_event for r in first):
            if row.number != number:
                moved.setdefault(row.number - number, []).append(row.pk)  # type: ignore[operator]
        else:
            touched.append(row)
    for shift, ids in moved.items():
        for chunk in range(0, len(ids), 500):  # a bounded number of SQL parameters
            HandFact.objects.filter(hand_id__in=ids[chunk : chunk + 500]).update(
                number=F("number") + shift
            )
    rewrite(night, list({r.pk: r for r in touched}.values()), rules)


def _only_moved(
    row: Hand, number: int | None, stored: str | None, renamed: Mapping[str, str]
) -> bool:
    """Whether a re-scored live hand differs from what was stored only in its number, its
    players' names and in words (its lines), not in what it paid: its facts stay."""
    if number is None or row.number is None or stored is None or row.deleted:
        return False
    was = tuple({renamed.get(k, k): v for k, v in d.items()} for d in _amounts(json.loads(stored)))
    return was == _amounts(row.entries)


def players_renamed(night: Night, players: Mapping[int, int]) -> None:
    """The night's facts move from the players renamed away (ids) to those renamed to, in
    one UPDATE each (a swap of two names stays a swap), and its totals are added up again
    from its hand facts (they are keyed by player, pairs too)."""
    players = {old: new for old, new in players.items() if old != new}
    if not players:
        return
    moved = Case(*(When(player_id=old, then=Value(new)) for old, new in players.items()))
    for model in (HandFact, FactItem):
        model.objects.filter(night=night, player_id__in=list(players)).update(player_id=moved)
    FactTotal.objects.filter(night=night).delete()
    add_totals(night.pk, totals(HandFact.objects.filter(night=night).values(*TOTALLED)), FactTotal)


def rewrite(
    night: Night,
    rows: Sequence[Hand],
    rules: Mapping[str, Any],
    *,
    new: bool = False,
    events: list[tuple[int, Any]] | None = None,
) -> None:
    """Replace the facts of `rows` (hands of `night`, under its complete house `rules`) by
    what they say now. `new`: the rows were just created and have none yet (saves two
    deletes on every hand saved); `events`: the night's live (position, record) events
    when the caller has read them already."""
    old: list[Row] = []
    if not new:
        ids = [r.pk for r in rows]
        old = list(HandFact.objects.filter(hand_id__in=ids).values(*TOTALLED))
        if old:
            HandFact.objects.filter(hand_id__in=ids).delete()
        FactItem.objects.filter(hand_id__in=ids).delete()
    live = [r for r in rows if not r.deleted and r.number is not None and not r.is_event]
    if not live:
        add_totals(night.pk, totals(old, sign=-1), FactTotal)
        return
    # By the seats, not by a roster: a night's players may come from a club's roster.
    people = dict(Seat.objects.filter(night=night).values_list("player__name", "player_id"))
    if events is None:
        events = list(
            Hand.objects.filter(night=night, number__isnull=True, deleted=False)
            .order_by("position")
            .values_list("position", "record")
        )
    hand_rows, item_rows = build(night, live, people, events, rules)
    HandFact.objects.bulk_create(HandFact(**kw) for kw in hand_rows)
    FactItem.objects.bulk_create(FactItem(**kw) for kw in item_rows)
    change = totals(hand_rows)
    for heading, amounts in totals(old, sign=-1).items():
        change[heading] = [a + b for a, b in zip(change.get(heading, ZERO), amounts, strict=True)]
    add_totals(night.pk, change, FactTotal)


# --- the totals per night (FactTotal) -------------------------------------------------------

# The tops of the buckets of hand results (points); a result above the last is in the last.
SPREAD_TOPS = (-50, -20, -10, -1, 0, 9, 19, 49, None)
TOTALLED = ("hand_id", "player_id", "role", "level", "units")
ZERO = (0, 0, 0, 0.0, 0.0)  # hands, won, lost, units, other_units
Heading = tuple[int, str, str, str]  # player, kind, key, sub
SIDE = {DECLARER: 1, PARTNER: 1, OPPONENT: 2, OWN: 3}


def totals(rows: Iterable[Row], sign: int = 1) -> dict[Heading, list[Any]]:
    """What the hand facts `rows` add to the totals (`sign` -1: what they take away)."""
    found: dict[Heading, list[Any]] = {}

    def add(heading: Heading, units: float, other: float = 0.0) -> None:
        amounts = found.setdefault(heading, list(ZERO))
        amounts[0] += sign
        amounts[1] += sign * (units > 0)
        amounts[2] += sign * (units < 0)
        amounts[3] += sign * units
        amounts[4] += sign * other

    by_hand: dict[int, list[Row]] = {}
    for row in rows:
        pid, units = row["player_id"], row["units"]
        add((pid, "role", row["role"], row["level"]), units)
        if row["role"] in SIDE:
            bucket = next(i for i, top in enumerate(SPREAD_TOPS) if top is None or units <= top)
            add((pid, "spread", str(bucket), ""), units)
            by_hand.setdefault(row["hand_id"], []).append(row)
    for hand in by_hand.values():
        for me in hand:
            for him in hand:
                if him is not me:
                    add(
                        (me["player_id"], "pair", str(him["player_id"]), _relation(me, him)),
                        me["units"],
                        him["units"],
                    )
    return found


def _relation(me: Row, him: Row) -> str:
    """Partners: on the declarer's side together, or both opponents; else against."""
    mine, his = SIDE[me["role"]], SIDE[him["role"]]
    return "with" if mine == his and mine != SIDE[OWN] else "against"


TOTAL_FIELDS = ("hands", "won", "lost", "units", "other_units")


def add_totals(night_id: int, change: Mapping[Heading, Sequence[Any]], model: Any) -> None:
    """Add `change` to the night's totals (`model`: FactTotal, or a migration's own) in one
    upsert that adds to the rows already there (PostgreSQL and SQLite both speak it): the
    ORM's bulk_update would cost more than the rest of a save together."""
    values = [(night_id, *heading, *amounts) for heading, amounts in change.items() if any(amounts)]
    if not values:
        return
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    columns = ("night_id", "player_id", "kind", "key", "sub", *TOTAL_FIELDS)
    row = "(" + ", ".join(["%s"] * len(columns)) + ")"
    adds = ", ".join(f"{q(f)} = {table}.{q(f)} + excluded.{q(f)}" for f in TOTAL_FIELDS)
    sql = (
        f"INSERT INTO {table} ({', '.join(map(q, columns))}) VALUES {', '.join([row] * len(values))}"
        f" ON CONFLICT ({', '.join(map(q, columns[:5]))}) DO UPDATE SET {adds}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [v for value in values for v in value])


Row = dict[str, Any]


def build(
    night: Any,
    live: Sequence[Any],
    people: Mapping[str, int],
    events: list[tuple[int, Any]],
    rules: Mapping[str, Any],
) -> tuple[list[Row], list[Row]]:
    """The fields of the facts of the live hand rows `live`: plain values and ids, so that
    a migration can store them with its historical models. `people` maps the night's
    names to player ids, `events` are the live (position, record) events of the night,
    `rules` its complete house rules (the caller's session has them)."""
    seated = _seated_at(night, live, events)
    hand_rows: list[Row] = []
    item_rows: list[Row] = []
    for row in live:
        found = hand_facts(night.variant, seated[row.pk], row.record, rules)
        units, into, out = _amounts(row.entries)
        where = {"night_id": night.pk, "hand_id": row.pk}
        hand_rows += [
            {
                **where,
                "player_id": people[name],
                "number": row.number,
                "role": role,
                "level": found.level,
                "units": units.get(name, 0.0),
                "into_pots": into.get(name, 0.0),
                "from_pots": out.get(name, 0.0),
            }
            for name, role in found.roles.items()
            if name in people
        ]
        item_rows += [{**where, **item} for item in _items(people, found)]
    return hand_rows, item_rows


def _amounts(
    entries: Iterable[Mapping[str, Any]],
) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """What the row paid each player, what each paid into the pots and what the pots paid
    each (the lines that fill or empty a pot: each player's share of their payments)."""
    units: dict[str, Fraction] = {}
    into: dict[str, Fraction] = {}
    out: dict[str, Fraction] = {}
    for entry in entries:
        for who, amount in entry["deltas"].items():
            units[who] = units.get(who, Fraction(0)) + Fraction(nights.amount_from_json(amount))
        for line in entry["lines"]:
            pot = sum(Fraction(nights.amount_from_json(a)) for a in line["pots"].values())
            if pot == 0:
                continue
            for who, amount in line["deltas"].items():
                paid = Fraction(nights.amount_from_json(amount)) * (-1 if pot > 0 else 1)
                if paid > 0:
                    book = into if pot > 0 else out
                    book[who] = book.get(who, Fraction(0)) + paid
    return _floats(units), _floats(into), _floats(out)


def _floats(amounts: Mapping[str, Fraction]) -> dict[str, float]:
    return {k: float(v) for k, v in amounts.items()}


def _items(people: Mapping[str, int], found: HandFacts) -> list[Row]:
    items = [
        {"player_id": people[name], "kind": "figure", **_figure(f)}
        for f in found.figures
        for name in f.side
        if name in people
    ]
    for c in found.contras:
        for said, names in ((True, c.sayers), (False, c.receivers)):
            items += [
                {
                    "player_id": people[name],
                    "kind": "contra",
                    "key": c.key,
                    "level": c.level,
                    "said": said,
                    "made": c.sayers_won == said,
                }
                for name in names
                if name in people
            ]
    return items


def _figure(figure: Figure) -> dict[str, Any]:
    return {"key": figure.key, "announced": figure.announced, "made": figure.made}


def _seated_at(
    night: Any, rows: Sequence[Any], events: list[tuple[int, Any]]
) -> dict[int, tuple[str, ...]]:
    """Who sat at the table at each row, in seating order: the night's players less those
    who join later and those who have left (the live join and leave events before it)."""
    late = late_joiners(r for _pos, r in events)
    moves = [(p, r) for p, r in events if r.get(nights.EVENT_KEY) in ("join", "leave")]
    seated = {}
    for row in rows:
        away = set(late)
        for pos, record in moves:
            if pos < row.position:
                (away.discard if record[nights.EVENT_KEY] == "join" else away.add)(
                    record.get("player")
                )
        seated[row.pk] = tuple(n for n in night.seating if n not in away)
    return seated
