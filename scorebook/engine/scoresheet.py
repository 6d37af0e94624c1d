"""The scoresheet JSON format `scorebook/1` and the scorer's result `scorebook-result/1`.

The normative description is `shared/format/scoresheet.md`; this module is its only reader
and writer.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from scorebook.engine import registry
from scorebook.engine.errors import InvalidSheet, Problem
from scorebook.engine.messages import Msg, msg
from scorebook.engine.replay import EVENT_KEY, Replay, fold, replay
from scorebook.engine.settlement import Stake, Transfer, fewest_transfers, money_balances
from scorebook.engine.shape import check_input, check_rule, shown_key, text_problem
from scorebook.engine.types import (
    ENGLISH_SAY,
    MAX_NUMBER,
    Amount,
    Say,
    Session,
    Variant,
)

FORMAT = "scorebook/1"
RESULT_FORMAT = "scorebook-result/1"
TOP_LEVEL = (
    "format",
    "variant",
    "house_rules",
    "stake",
    "players",
    "pots",
    "date",
    "place",
    "hands",
)
MAX_PLACE = 100
ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
# The stake's digits: enough for any real table, few enough for exact money arithmetic.
STAKE_WHOLE_DIGITS = 12
STAKE_DECIMALS = 4


@dataclass(frozen=True, slots=True)
class Sheet:
    session: Session
    stake: Stake
    records: tuple[Mapping[str, Any], ...]
    # Whether the input named these (so that writing it back gives the same document)
    explicit_house_rules: Mapping[str, Any]
    explicit_stake: bool
    # When and where the night was played (ISO date, free text); None when the sheet is silent
    date: str | None = None
    place: str | None = None


def _problem(field: str, message: Msg) -> Problem:
    return Problem(field, message)


def resolve_house_rules(variant_key: str, given: Any) -> tuple[dict[str, Any], list[Problem]]:
    """Fill in the defaults; every unknown name or value is a problem naming it."""
    variant = registry.get(variant_key)
    rules = {rule.name: rule.default for rule in variant.house_rules}
    problems: list[Problem] = []
    if given is None:
        return rules, problems
    if not isinstance(given, Mapping):
        return rules, [_problem("house_rules", msg("must be an object"))]
    known = {rule.name: rule for rule in variant.house_rules}
    for name, value in given.items():
        if name not in known:
            problems.append(
                _problem(
                    f"house_rules.{shown_key(str(name))}",
                    msg("is not a house rule of {variant_key}", variant_key=variant_key),
                )
            )
            continue
        trouble = check_rule(known[name], value)
        if trouble:
            problems.append(_problem(f"house_rules.{name}", trouble))
        else:
            rules[name] = value
    return rules, problems


def parse_stake(raw: Any) -> tuple[Stake, list[Problem]]:
    if raw is None:
        return Stake(), []
    if not isinstance(raw, Mapping):
        return Stake(), [_problem("stake", msg("must be an object"))]
    problems = []
    per_point = Decimal(1)
    value = raw.get("per_point", "1")
    try:
        if not isinstance(value, str):
            raise InvalidOperation
        if len(value) > STAKE_WHOLE_DIGITS + STAKE_DECIMALS + 2:
            raise InvalidOperation
        per_point = Decimal(value)
        if not per_point.is_finite() or per_point < 0:
            raise InvalidOperation
    except InvalidOperation:
        per_point = Decimal(1)
        problems.append(
            _problem(
                "stake.per_point",
                msg(
                    '{value} is not a non-negative decimal string such as "2" or "0.50"',
                    value=_short(value),
                ),
            )
        )
    problems += _stake_digits(per_point)
    currency = raw.get("currency", "XXX")
    if not (
        isinstance(currency, str)
        and len(currency) == 3
        and currency.isalpha()
        and currency.isupper()
    ):
        problems.append(
            _problem(
                "stake.currency",
                msg(
                    '{currency} is not a three-letter ISO 4217 code such as "HUF"',
                    currency=_short(currency),
                ),
            )
        )
        currency = "XXX"
    return Stake(per_point, currency), problems


def parse_date_place(data: Mapping[str, Any]) -> tuple[str | None, str | None, list[Problem]]:
    """The optional `date` (YYYY-MM-DD, a real day) and `place` (at most 100 characters)."""
    problems: list[Problem] = []
    date, place = data.get("date"), data.get("place")
    if date is not None:
        valid = isinstance(date, str) and ISO_DATE.fullmatch(date) is not None
        try:
            valid = valid and bool(datetime.date.fromisoformat(date))
        except ValueError:
            valid = False
        if not valid:
            problems.append(
                _problem(
                    "date",
                    msg(
                        '{date} is not a day written as YYYY-MM-DD such as "2026-11-21"',
                        date=repr(date),
                    ),
                )
            )
            date = None
    if place is not None:
        if not isinstance(place, str) or any(ord(c) < 32 or ord(c) == 127 for c in place):
            problems.append(_problem("place", msg("must be plain text")))
            place = None
        elif len(place) > MAX_PLACE:
            problems.append(
                _problem(
                    "place",
                    msg("is longer than {limit} characters", limit=MAX_PLACE),
                )
            )
            place = None
    return date, place, problems


def _short(value: Any) -> str:
    """A value as a message quotes it: one short line, whatever was typed."""
    try:
        shown = repr(value)
    except ValueError:  # an integer past Python's digit limit for text conversion
        return "a number that long"
    return shown if len(shown) <= 40 else shown[:40] + "…"


def _stake_digits(per_point: Decimal) -> list[Problem]:
    """At most STAKE_WHOLE_DIGITS before the point and STAKE_DECIMALS after it."""
    exponent = per_point.normalize().as_tuple().exponent
    places = max(-exponent, 0) if isinstance(exponent, int) else 0
    if places > STAKE_DECIMALS:
        return [
            _problem(
                "stake.per_point",
                msg("has more than {stake_decimals} decimal places", stake_decimals=STAKE_DECIMALS),
            )
        ]
    if per_point >= 10**STAKE_WHOLE_DIGITS:
        return [
            _problem(
                "stake.per_point",
                msg(
                    "has more than {stake_whole_digits} digits before the point",
                    stake_whole_digits=STAKE_WHOLE_DIGITS,
                ),
            )
        ]
    return []


def _pot_problems(key: str, pot_names: tuple[str, ...], pots: Mapping[Any, Any]) -> list[Problem]:
    problems: list[Problem] = []
    for name, value in pots.items():
        field = f"pots.{shown_key(str(name))}"
        if name not in pot_names:
            allowed = ", ".join(pot_names) or "none"
            problems.append(
                _problem(
                    field,
                    msg("is not a pot of {key} ({allowed})", key=key, allowed=allowed),
                )
            )
        elif isinstance(value, bool) or not isinstance(value, int) or value < 0:
            problems.append(
                _problem(
                    field,
                    msg("{value} is not a whole number ≥ 0", value=_short(value)),
                )
            )
        elif value > MAX_NUMBER:
            problems.append(
                _problem(
                    field,
                    msg("is above 1,000,000,000,000 units"),
                )
            )
    return problems


def _player_problems(players: list[str]) -> list[Problem]:
    """Names are plain text (no control characters, at most 200 characters)."""
    problems: list[Problem] = []
    for index, name in enumerate(players):
        trouble = text_problem(name)
        if trouble:
            problems.append(Problem(f"players[{index}]", trouble))
    return problems


def _record_problems(variant: Any, records: list[Any]) -> tuple[list[Problem], bool]:
    """The bounds of every hand and event (`shape.check_input`), each with its hand number,
    and whether the records are safe to score anyway (their only problems are fields their
    record does not define, which the variants never read)."""
    problems: list[Problem] = []
    safe = True
    number = 1
    for record in records:
        is_event = isinstance(record, Mapping) and EVENT_KEY in record
        label = None if is_event else number
        found = check_input(variant, record)
        if found:
            problems += [Problem(p.field, p.message, label) for p in found]
            safe = safe and not check_input(variant, record, unknown_fields=False)
        if not is_event:
            number += 1
    return problems, safe


def _opening(pots: Any) -> dict[str, int] | None:
    return dict(pots) if pots is not None else None


def late_joiners(records: Iterable[Any]) -> frozenset[str]:
    """Who sat down after the start: the players whose first join/leave event is a join.

    An original player who leaves and comes back started seated (his first event is a
    leave); a joiner whose join is later deleted still came late.
    """
    first: dict[str, Any] = {}
    for r in records:
        kind = r.get(EVENT_KEY) if isinstance(r, Mapping) else None
        if kind in ("join", "leave") and isinstance(r.get("player"), str):
            first.setdefault(r["player"], kind)
    return frozenset(p for p, kind in first.items() if kind == "join")


def _head_problems(data: Mapping[str, Any]) -> list[Problem]:
    """The format tag and the top-level field names."""
    problems: list[Problem] = []
    if data.get("format") != FORMAT:
        problems.append(
            _problem(
                "format",
                msg(
                    "must be {format}, not {value}",
                    format=repr(FORMAT),
                    value=_short(data.get("format")),
                ),
            )
        )
    for name in data:
        if name not in TOP_LEVEL:
            problems.append(_problem(shown_key(str(name)), msg("is not a scoresheet field")))
    return problems


def _variant_of(data: Mapping[str, Any], problems: list[Problem]) -> Variant:
    """The sheet's variant; an unknown one refuses the sheet at once (nothing else reads)."""
    key = data.get("variant")
    if key not in registry.VARIANT_KEYS:
        known = ", ".join(registry.VARIANT_KEYS)
        problems.append(
            _problem(
                "variant",
                msg("{key} is not a known variant ({known})", key=_short(key), known=known),
            )
        )
        raise InvalidSheet(problems)
    return registry.get(key)


def _read_players(
    variant: Variant, players: Any, joiners: frozenset[str]
) -> tuple[list[str], list[Problem]]:
    """Unique plain-text names, as many as the variant seats (late joiners aside)."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        return [], [
            _problem(
                "players",
                msg("must be a list of non-empty names"),
            )
        ]
    problems: list[Problem] = []
    if len(set(players)) != len(players):
        problems.append(_problem("players", msg("names must be unique")))
    else:
        problems += _player_problems(players)
    key, seated_at_start = variant.key, len([p for p in players if p not in joiners])
    if not (variant.min_players <= len(players) and seated_at_start <= variant.max_players):
        problems.append(
            _problem(
                "players",
                msg(
                    "{key} is for {min_players}–{max_players} players, not {players}",
                    key=key,
                    min_players=variant.min_players,
                    max_players=variant.max_players,
                    players=len(players),
                ),
            )
        )
    return players, problems


def _read_pots(variant: Variant, pots: Any) -> tuple[Mapping[str, Any] | None, list[Problem]]:
    if pots is None:
        return None, []
    if not isinstance(pots, Mapping):
        return None, [_problem("pots", msg("must be an object"))]
    return pots, _pot_problems(variant.key, variant.pot_names, pots)


def read_sheet(data: Any) -> Sheet:
    """Check the sheet's shape and session fields; raise InvalidSheet listing every problem."""
    if not isinstance(data, Mapping):
        raise InvalidSheet([_problem("sheet", msg("must be a JSON object"))])
    problems = _head_problems(data)
    variant = _variant_of(data, problems)
    key = variant.key
    rules, rule_problems = resolve_house_rules(key, data.get("house_rules"))
    stake, stake_problems = parse_stake(data.get("stake"))
    date, place, when_where_problems = parse_date_place(data)
    hands = data.get("hands")
    joiners = late_joiners(hands if isinstance(hands, list) else [])
    players, player_problems = _read_players(variant, data.get("players"), joiners)
    pots, pot_problems = _read_pots(variant, data.get("pots"))
    problems += (
        rule_problems + stake_problems + when_where_problems + player_problems + pot_problems
    )
    if not isinstance(hands, list):
        problems.append(_problem("hands", msg("must be a list")))
        hands = []
    record_problems, safe = _record_problems(variant, hands)
    session = Session(key, tuple(players), rules, _opening(pots), joiners)
    if problems or record_problems:
        if record_problems and safe and not problems:
            # Unknown fields alone: name the rules the hands break too, all at once.
            record_problems += fold(session, hands)[2]
        raise InvalidSheet(problems + record_problems)
    return Sheet(
        session=session,
        stake=stake,
        records=tuple(hands),
        explicit_house_rules=dict(data.get("house_rules") or {}),
        explicit_stake=data.get("stake") is not None,
        date=date,
        place=place,
    )


def amount_json(value: Amount) -> int | float:
    """Units as JSON: whole numbers stay integers; an exact share prints to 6 decimals."""
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else round(float(value), 6)
    return value


def settle(result: Replay, stake: Stake) -> tuple[dict[str, Decimal], list[Transfer]]:
    """Money balances ((totals + payouts) × stake) and the fewest transfers that settle them."""
    positions = {p: result.totals[p] + result.end.payouts.get(p, 0) for p in result.session.players}
    opening = result.session.opening_pots or {}
    kept = {p: v - opening.get(p, 0) for p, v in result.end.pots_left.items()}
    balances, pots_money = money_balances(positions, kept, stake)
    # Money a pot keeps is paid into it (the kassza holder), so it settles like a player.
    participants = dict(balances) | {f"pot:{p}": m for p, m in pots_money.items() if m}
    return balances, fewest_transfers(participants, stake.decimals)


def result_json(result: Replay, stake: Stake, say: Say = ENGLISH_SAY) -> dict[str, Any]:
    balances, transfers = settle(result, stake)
    entries = []
    for entry in result.entries:
        item: dict[str, Any] = {"kind": entry.kind}
        if entry.number is not None:
            item["number"] = entry.number
        if entry.dealer is not None:
            item["dealer"] = entry.dealer
        item["deltas"] = {p: amount_json(v) for p, v in entry.deltas.items()}
        item["pots"] = {p: amount_json(v) for p, v in entry.pots.items()}
        item["breakdown"] = [say(line.text) for line in entry.lines]
        entries.append(item)
    end: dict[str, Any] = {
        "payouts": {p: amount_json(result.end.payouts.get(p, 0)) for p in result.session.players},
        "pots_left": {p: amount_json(v) for p, v in result.end.pots_left.items()},
    }
    if result.end.lines:
        end["breakdown"] = [say(line.text) for line in result.end.lines]
    end.update(result.end.extra)
    return {
        "format": RESULT_FORMAT,
        "variant": result.session.variant,
        "players": list(result.session.players),
        "entries": entries,
        "totals": {p: amount_json(v) for p, v in result.totals.items()},
        "pots": {p: amount_json(v) for p, v in result.pots.items()},
        "end_of_session": end,
        "balances": {p: str(m) for p, m in balances.items()},
        "transfers": [{"from": t.payer, "to": t.payee, "amount": str(t.amount)} for t in transfers],
    }


def score_sheet(data: Any, say: Say = ENGLISH_SAY) -> dict[str, Any]:
    """Read, validate and score a scoresheet; raise InvalidSheet with every problem."""
    sheet = read_sheet(data)
    return result_json(replay(sheet.session, sheet.records), sheet.stake, say)


def write_sheet(
    session: Session,
    stake: Stake,
    records: list[Mapping[str, Any]],
    *,
    house_rules: Mapping[str, Any] | None = None,
    include_stake: bool = True,
    date: str | None = None,
    place: str | None = None,
) -> dict[str, Any]:
    """A scoresheet document. `house_rules`: the rules to write (default: those that differ
    from the variant's defaults); `date` and `place` are written when given (place: not
    empty)."""
    variant = registry.get(session.variant)
    if house_rules is None:
        defaults = {rule.name: rule.default for rule in variant.house_rules}
        house_rules = {k: v for k, v in session.house_rules.items() if defaults.get(k) != v}
    doc: dict[str, Any] = {
        "format": FORMAT,
        "variant": session.variant,
        "house_rules": dict(house_rules),
    }
    if include_stake:
        doc["stake"] = {"per_point": str(stake.per_point), "currency": stake.currency}
    doc["players"] = list(session.players)
    if session.opening_pots is not None:
        doc["pots"] = dict(session.opening_pots)
    if date is not None:
        doc["date"] = date
    if place:
        doc["place"] = place
    doc["hands"] = [dict(r) for r in records]
    return doc
