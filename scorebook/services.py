"""Every write. Keyword-only, atomic, verb-first.

Hands are scored by the engine when they are saved: a row keeps the entries it booked and
the engine state after it, so appending resumes from the last state, and changing hand k
re-scores k..end from the state before k (via `replay.fold`) in the same transaction.
Concurrent saves are detected by the row's `version` (edits) or the expected hand number
(new hands); a stale save raises `Conflict` and changes nothing.
"""

from __future__ import annotations

import contextlib
import datetime
import hashlib
import json
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, TextField
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.translation import gettext as _

from scorebook import backups, facts, nights, previews
from scorebook import names as player_names
from scorebook.engine import registry
from scorebook.engine.errors import InvalidHand, InvalidSheet, Problem
from scorebook.engine.messages import Msg, msg, said
from scorebook.engine.replay import Scored, fold, score_next
from scorebook.engine.scoresheet import late_joiners, resolve_house_rules
from scorebook.engine.shape import check_input, players_named, renamed_players
from scorebook.engine.types import Session, Variant
from scorebook.entry import FormFields, NextHand, next_hand
from scorebook.models import (
    AddressUse,
    Club,
    Hand,
    HandRevision,
    Night,
    NightRevision,
    NightScorer,
    NightShare,
    NightSummary,
    PaidTransfer,
    Player,
    ScorerLink,
    Seat,
    WriteReceipt,
    roster_of,
)
from scorebook.records import diff_records
from scorebook.rowwrites import update_rows
from scorebook.speech import say


@dataclass
class Conflict(Exception):
    """Someone else saved first. `changes` lists (field path, theirs, yours) where known."""

    message: str
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)
    current_version: int | None = None
    current_number: int | None = None
    reused_key: bool = False  # the form's key was already used: the form needs a new one

    def __str__(self) -> str:
        return self.message


def _problem(field_path: str, message: Msg) -> Problem:
    return Problem(field_path, message)


logger = logging.getLogger(__name__)

# The settle-up names a pot "pot:<name>" beside the players: a player may not look like one.
POT_PREFIX = "pot:"
_POT_NAME = msg('a name may not start with "pot:"')


# --- nights ---------------------------------------------------------------------------------


def remember_players(
    *, owner: User, names: Sequence[str], club_id: int | None = None
) -> list[Player]:
    """The roster's Player rows for `names`, in order, creating the new ones: the owner's
    own roster, or the club's when `club_id` is given (a club night's players).

    Two phones may create nights with the same new names at the same instant: the insert
    skips a name another transaction has just added (ON CONFLICT DO NOTHING on the unique
    owner+name), then the rows are read again, so both get the same players, never a 500.
    """
    roster = roster_of(owner.pk, club_id)
    existing = {p.name: p for p in roster.filter(name__in=list(names))}
    missing = [
        Player(owner=owner, club_id=club_id, name=n)
        for n in dict.fromkeys(names)
        if n not in existing
    ]
    if missing:
        Player.objects.bulk_create(missing, ignore_conflicts=True)
        existing |= {p.name: p for p in roster.filter(name__in=list(names))}
    return [existing[n] for n in names]


@transaction.atomic
def create_night(
    *,
    owner: User,
    variant_key: str,
    house_rules: Mapping[str, Any],
    per_point: Decimal,
    currency: str,
    players: Sequence[str],
    first_dealer: str | None = None,
    date: datetime.date | None = None,
    place: str = "",
    opening_pots: Mapping[str, int] | None = None,
    club: Club | None = None,
) -> Night:
    """Create a night with its seating (a club's night when `club` is given: its players
    come from the club's roster); raises InvalidHand (fields `house_rules.*`, `players`)."""
    rules, problems = resolve_house_rules(variant_key, dict(house_rules))
    variant = registry.get(variant_key)
    names = [player_names.clean(n) for n in players]
    refused = player_names.problems(names)
    if refused:
        problems.extend(_problem("players", said(text)) for text in refused)
    elif any(n.startswith(POT_PREFIX) for n in names):
        problems.append(_problem("players", _POT_NAME))
    elif not variant.min_players <= len(names) <= variant.max_players:
        problems.append(
            _problem(
                "players",
                msg(
                    "{game} is for {min_players}–{max_players} players",
                    game=said(say(variant.title)),
                    min_players=variant.min_players,
                    max_players=variant.max_players,
                ),
            )
        )
    if first_dealer and first_dealer not in names:
        problems.append(_problem("first_dealer", msg("is not one of the players")))
    for pot, amount in (opening_pots or {}).items():
        if (
            pot not in variant.pot_names
            or isinstance(amount, bool)
            or not isinstance(amount, int)
            or not 0 <= amount <= nights.MAX_POT
        ):
            problems.append(
                _problem(
                    f"pots.{pot}",
                    msg("must be a whole number from 0 to {max_pot}", max_pot=nights.MAX_POT),
                )
            )
    try:
        stake = Decimal(str(per_point))
    except InvalidOperation:
        stake = Decimal("NaN")
    if not stake.is_finite() or not 0 <= stake <= nights.MAX_STAKE or stake != round(stake, 4):
        problems.append(
            _problem(
                "per_point",
                msg(
                    "must be from 0 to {max_stake}, with at most 4 decimals",
                    max_stake=str(nights.MAX_STAKE),
                ),
            )
        )
    if problems:
        raise InvalidHand(problems)
    night = Night(
        owner=owner,
        club=club,
        variant=variant_key,
        house_rules=rules,
        stake_per_point=per_point,
        currency=currency,
        place=place,
        opening_pots=dict(opening_pots) if opening_pots is not None else None,
    )
    if date is not None:
        night.date = date
    session = nights.session_for(night, names, frozenset(), nights.variant_of(night))
    _open_night(night, session, names, first_dealer or names[0])
    return night


def _open_night(night: Night, session: Session, names: Sequence[str], dealer: str) -> Any:
    """Save a new night (its start from `session`) and seat `names` at it; the model's
    own checks raise ValidationError first. Returns the engine's start state."""
    state = _set_start(night, session)
    night.full_clean(exclude=["owner", "first_dealer", "club"])
    people = remember_players(owner=night.owner, names=names, club_id=night.club_id)
    night.first_dealer = people[list(names).index(dealer)]
    night.save()
    seat_players(night=night, people=people)
    return state


@transaction.atomic
def import_night(
    *,
    night: Night,
    session: Session,
    dealer: str,
    records: Sequence[tuple[int | None, Mapping[str, Any]]],
) -> Night:
    """Save `night` (unsaved, from a checked scoresheet) with its seats and every row of
    `records` ((hand number or None for an event, record) in order), scored as a save
    would; InvalidSheet if the engine refuses a row after all (nothing is written)."""
    state = _open_night(night, session, list(session.players), dealer)
    variant = nights.variant_of(night)
    rows: list[Hand] = []
    for position, (number, record) in enumerate(records):
        state, entries, found = fold(session, [record], state=state, first_number=number or 0)
        if found:  # replay accepted the sheet, so this is an engine inconsistency
            raise InvalidSheet(found)
        stored = nights.entries_to_json(entries)
        rows.append(
            Hand(
                night=night,
                position=position,
                number=number,
                record=dict(record),
                entries=stored,
                amounts=nights.amounts_of(stored),
                state=variant.dump_state(state),
            )
        )
    Hand.objects.bulk_create(rows)
    facts.rewrite(night, rows, session.house_rules, new=True)
    return night


def seat_players(*, night: Night, people: Sequence[Player]) -> None:
    """Seat `people` at a new night, in order: the Seat rows and the night's `seating`."""
    Seat.objects.bulk_create(Seat(night=night, player=p, position=i) for i, p in enumerate(people))
    night.seating = [p.name for p in people]
    night.save(update_fields=["seating"])


def _set_start(night: Night, session: Session) -> Any:
    """The night's start (state and opening bookings) under `session`; the state."""
    variant = nights.variant_of(night)
    state, opening = variant.start(session)
    night.start_state = variant.dump_state(state)
    night.start_entries = nights.entries_to_json(opening)
    return state


def _players(night: Night) -> list[str]:
    return list(night.seating)


def _lock(night: Night) -> Night:
    """Serialise writes to one night and read it afresh, in place, so the caller's object
    sees what the write changes (a join's seating).

    PostgreSQL: a row lock (which reads the row). SQLite has no row locks: its write
    transactions start with BEGIN IMMEDIATE (settings), which serialises all writers. The
    hand form's save takes the lock as it reads the night (`access.table_for(lock=True)`).
    """
    night.refresh_from_db(from_queryset=Night.objects.select_for_update())
    return night


def _session(night: Night) -> Session:
    # Events are rows without a number (deleted ones too). Only `number IS NULL` goes to the
    # database, so its partial index (events and deleted hands) serves the query.
    unnumbered = Hand.objects.filter(night=night, number__isnull=True).order_by("position")
    joiners = late_joiners(unnumbered.values_list("record", flat=True))
    return nights.session_for(night, _players(night), joiners, nights.variant_of(night))


def _state_before(night: Night, variant: Variant, position: int) -> tuple[Any, int]:
    """The engine state before row `position`, and the number the hand there gets."""
    prev = (
        Hand.objects.filter(night=night, deleted=False, position__lt=position)
        .order_by("-position")
        .only("state", "number")
        .first()
    )
    if prev is None:
        return variant.load_state(night.start_state), 1
    if prev.number is not None:  # numbers grow with the position among live hands
        return variant.load_state(prev.state), prev.number + 1
    number = (  # the row before is an event: the last hand is further back
        Hand.objects.filter(night=night, deleted=False, position__lt=position).aggregate(
            n=Max("number")
        )["n"]
        or 0
    )
    return variant.load_state(prev.state), number + 1


def _rescore(
    night: Night,
    variant: Variant,
    session: Session,
    rows: list[Hand],
    state: Any,
    number: int,
    renamed: Mapping[str, str] | None = None,
) -> None:
    """Score `rows` (in order, from `state`), update their caches; InvalidHand if any fails.
    Only rows whose number, entries or state changed are written: an edit of an early hand
    usually leaves most later hands as they were. `rows` come from `_rows_from`; `renamed`:
    the players just renamed (old name → new), whose hands' facts need no rewrite."""
    problems: list[Problem] = []
    changed: list[Hand] = []
    before: dict[int, tuple[int | None, str | None]] = {}  # changed rows' stored number, entries
    unnumbered: list[Hand] = []  # deleted rows that still had a number
    for row in rows:
        if row.deleted:
            if row.number is not None:
                row.number = None
                unnumbered.append(row)
            continue
        is_event = row.is_event
        state, entries, found = fold(session, [row.record], state=state, first_number=number)
        if found:
            problems.extend(found)
            break
        stored = nights.entries_to_json(entries)
        cached = (
            None if is_event else number,
            stored,
            nights.amounts_of(stored),
            variant.dump_state(state),
        )
        number += 0 if is_event else 1
        if not _same_caches(row, *cached):
            before[row.pk] = (row.number, row.stored_entries)  # type: ignore[attr-defined]
            row.number, row.entries, row.amounts, row.state = cached
            changed.append(row)
    if problems:
        raise InvalidHand(problems)
    update_rows(changed, ["number", "entries", "state", "amounts"])
    update_rows(unnumbered, ["number"])
    facts.rescored(night, rows, changed, before, renamed or {}, session.house_rules)


def _rows_from(night: Night, position: int) -> list[Hand]:
    """The rows from `position` on, their caches as the stored JSON text (`stored_entries`,
    `stored_state`), not parsed: a re-score compares them only where the number is the same,
    and most often as text (issue 20: parsing every later row's caches took a third of the
    time of deleting hand 1)."""
    return list(
        Hand.objects.filter(night=night, position__gte=position)
        .defer("entries", "state", "updated")
        .annotate(
            stored_entries=Cast("entries", TextField()), stored_state=Cast("state", TextField())
        )
        .order_by("position")
    )


def _same_caches(row: Hand, number: int | None, entries: Any, amounts: Any, state: Any) -> bool:
    """Whether the row's stored caches already hold these. The text is what JSONField wrote
    (SQLite keeps it as written); PostgreSQL's jsonb prints it its own way, so where the text
    differs the stored JSON is parsed and compared."""
    if row.number != number or row.amounts != amounts:
        return False
    for stored, value in ((row.stored_entries, entries), (row.stored_state, state)):  # type: ignore[attr-defined]
        if stored != json.dumps(value) and (stored is None or json.loads(stored) != value):
            return False
    return True


def _rescore_from(
    night: Night, session: Session, position: int, renamed: Mapping[str, str] | None = None
) -> None:
    variant = nights.variant_of(night)
    state, number = _state_before(night, variant, position)
    _rescore(night, variant, session, _rows_from(night, position), state, number, renamed)


def _rescore_all(night: Night, session: Session, renamed: Mapping[str, str] | None = None) -> None:
    _set_start(night, session)
    night.save(update_fields=["start_state", "start_entries"])
    _rescore_from(night, session, 0, renamed)


# --- exactly once ---------------------------------------------------------------------------


def digest_of(*parts: Any) -> str:
    """What a write key's receipt keeps of a form's contents (a repeat must match it)."""
    text = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _first_outcome(night: Night, key: str | None, kind: str, digest: str) -> WriteReceipt | None:
    """The receipt of an earlier write with this key (the caller holds the night's lock), so
    a repeat answers with what the first one did. The same key sent with other contents is
    an old form sent again: a conflict, nothing is written."""
    if key is None:
        return None
    receipt = WriteReceipt.objects.filter(night=night, key=key).select_related("hand").first()
    if receipt is None:
        return None
    if receipt.kind != kind or receipt.digest != digest:
        raise Conflict(
            _(
                "This form was already saved once. What you entered now was not saved: "
                "check it and save it again."
            ),
            current_number=_next_number(night),
            reused_key=True,
        )
    return receipt


def _keep_receipt(
    night: Night, key: str | None, kind: str, digest: str, hand: Hand | None, author: User | None
) -> None:
    if key is not None:
        WriteReceipt.objects.create(
            night=night, key=key, kind=kind, digest=digest, hand=hand, author=author
        )


def _next_number(night: Night) -> int:
    last = Hand.objects.filter(night=night, number__isnull=False).aggregate(n=Max("number"))["n"]
    return (last or 0) + 1


# --- hands ----------------------------------------------------------------------------------


# Never stored: `computed` is output only, and a hand's number is its place among the hands
# (scoresheet format), so a number a sheet wrote must not pin a hand that may later move
# when an earlier one is deleted (migration 0009 removed it from older rows).
NOT_STORED = frozenset(("computed", "hand_no", "hand_number", "deal_number"))


def clean_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record as stored: without the output and the hand number (`NOT_STORED`)."""
    return {k: v for k, v in record.items() if k not in NOT_STORED}


def _checked(variant: Variant, record: Mapping[str, Any]) -> dict[str, Any]:
    """The record as stored, once it keeps every bound of its variant's record (the engine's
    shape check: fields, depth, plain text, numbers); InvalidHand naming each problem. A
    joiner's name gets the name check's own message first (it shows the name)."""
    name = record.get("player") if record.get(nights.EVENT_KEY) == "join" else None
    refused = player_names.problem(player_names.clean(name)) if isinstance(name, str) else None
    if refused:
        raise InvalidHand([_problem("player", said(refused))])
    problems = check_input(variant, record)
    if problems:
        raise InvalidHand(problems)
    return clean_record(record)


ENGINE_FAILED = Problem("hand", msg("the scorer could not read this hand"))


@dataclass
class Refused:
    """Why the hand form's save did not happen: problems to show at their fields, or a
    conflict, with the hand as it scores on the night as it is now (`scored`)."""

    problems: list[Problem] = field(default_factory=list)
    conflict: Conflict | None = None
    scored: Scored | None = None


def save_hand(
    *,
    at: NextHand,
    record: Mapping[str, Any],
    sent: FormFields,
    author: User,
    problems: Sequence[Problem] = (),
) -> Hand | Refused:
    """The hand form's save: `record` appended as the next hand of `at`, which the caller
    loaded under the night's lock in its transaction (`access.table_for(lock=True)`), once
    per write key. Never raises for what a user sent: what refuses it comes back as Refused
    (`problems`: those found reading the form), and nothing of it is kept."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("save_hand runs in the transaction that read `at` under the lock")
    refused = [*problems, *other_account(sent, author), *_not_a_hand(at, record)]
    if refused:
        return Refused(refused)
    try:
        return _save_once(at, record, sent, author)
    except InvalidHand as full:  # the night holds its maximum of rows
        return Refused(full.problems)
    except Exception:  # an engine bug must not cost the user his input
        logger.exception("scoring a new hand failed")
        transaction.set_rollback(True)
        return Refused([ENGINE_FAILED])


def other_account(sent: FormFields, author: User) -> list[Problem]:
    """A hand kept on a shared phone is sent only by the account that entered it."""
    if sent.account is None or sent.account == str(author.pk):
        return []
    return [Problem("hand", msg("this hand was entered under another account: it was not saved"))]


def _not_a_hand(at: NextHand, record: Mapping[str, Any]) -> list[Problem]:
    """The hand form records hands: a join or a leave has its own form (`record_hand`)."""
    if nights.EVENT_KEY not in record:
        return []
    return [
        Problem(nights.EVENT_KEY, msg("is not a field of a {game} hand", game=at.variant.title))
    ]


@transaction.atomic
def record_hand(
    *,
    night: Night,
    record: Mapping[str, Any],
    expected_number: int | None = None,
    expected_position: int | None = None,
    author: User | None = None,
    key: str | None = None,
    variant: Variant | None = None,
) -> Hand:
    """Append a hand (or a session event) after the last one (`variant`: the night's, when
    the caller has it already).

    `expected_number` is the hand number the form was opened for; if another hand was
    recorded meanwhile, Conflict. `expected_position` is the row the form was opened for:
    if a player joined or left meanwhile (the table the form showed is gone), Conflict.
    Engine problems raise InvalidHand (nothing is saved). A repeat of `key` (the same form
    sent again: a lost answer, an offline queue) returns the hand the first one saved.
    """
    night = _lock(night)
    at = next_hand(night, variant or nights.variant_of(night))
    sent = FormFields(expected_number, expected_position, key)
    if _seats_someone(night, record):
        return _join_once(at, record, sent, author)
    outcome = _save_once(at, record, sent, author)
    if isinstance(outcome, Refused):
        raise outcome.conflict or InvalidHand(outcome.problems)
    return outcome


def _save_once(
    at: NextHand, record: Mapping[str, Any], sent: FormFields, author: User | None
) -> Hand | Refused:
    """A hand, or an event that seats nobody new, scored from the last state and appended,
    once per write key (a repeat gets the first save's hand). A conflict comes back with
    the hand scored under the dealer of the night as it is now."""
    is_event = nights.EVENT_KEY in record
    record = clean_record(record)
    kind, digest = _kind_and_digest(record)
    receipt, conflict = _earlier(at.night, sent.key, kind, digest)
    if receipt is not None:
        return receipt
    position = at.view.next_position()
    _check_room(position)
    conflict = conflict or (None if is_event else _stale(at, sent))
    if conflict is not None:
        record = _as_now(at, record)
    scored = previews.preview_hand(at.view, record, at.before)
    if conflict is not None:
        return Refused(conflict=conflict, scored=scored)
    if scored.problems:
        return Refused(scored.problems)
    stored = nights.entries_to_json(scored.entries)
    hand = Hand.objects.create(
        night=at.night,
        position=position,
        number=None if is_event else at.before.number,
        record=scored.record,
        entries=stored,
        amounts=nights.amounts_of(stored),
        state=at.variant.dump_state(scored.state),
        author=author,
    )
    live_events = [(e.position, e.record) for e in at.events if not e.deleted]
    facts.rewrite(at.night, [hand], at.session.house_rules, new=True, events=live_events)
    _keep_receipt(at.night, sent.key, kind, digest, hand, author)
    return hand


def _kind_and_digest(record: Mapping[str, Any]) -> tuple[str, str]:
    """What a write key's receipt keeps of a record: a hand's record as stored; what an
    event did to whom (a repeated join no longer sends where he sits)."""
    if nights.EVENT_KEY in record:
        return "event", digest_of([record.get(nights.EVENT_KEY), record.get("player")])
    return "hand", digest_of(record)


def _earlier(
    night: Night, key: str | None, kind: str, digest: str
) -> tuple[Hand | None, Conflict | None]:
    """The hand an earlier save with this key recorded, or the conflict of a key used for
    other contents (`_first_outcome`)."""
    try:
        receipt = _first_outcome(night, key, kind, digest)
    except Conflict as reused:
        return None, reused
    return (receipt.hand if receipt is not None else None), None


def _as_now(at: NextHand, record: Mapping[str, Any]) -> dict[str, Any]:
    """After a conflict: what the scorer entered, under the dealer of the night as it is
    now (its multiplier comes with the state)."""
    dealer = at.before.hint.next_dealer
    if "dealer" in record and dealer:
        return {**record, "dealer": dealer}
    return dict(record)


def _join_once(
    at: NextHand, record: Mapping[str, Any], sent: FormFields, author: User | None
) -> Hand:
    """A join that seats somebody new, once per write key."""
    kind, digest = _kind_and_digest(record)
    receipt = _first_outcome(at.night, sent.key, kind, digest)
    if receipt is not None and receipt.hand is not None:
        return receipt.hand
    checked = _checked(at.variant, record)
    position = at.view.next_position()
    _check_room(position)
    hand = _record_join(night=at.night, record=checked, position=position, author=author)
    _keep_receipt(at.night, sent.key, kind, digest, hand, author)
    return hand


def _seats_someone(night: Night, record: Mapping[str, Any]) -> bool:
    """A join of somebody not seated yet (a player coming back has his seat)."""
    name = record.get("player")
    joins = record.get(nights.EVENT_KEY) == "join"
    return joins and not (isinstance(name, str) and name.strip() in _players(night))


def _stale(at: NextHand, sent: FormFields) -> Conflict | None:
    """A conflict when the form was opened for another hand number, or a player joined or
    left since (the table the form showed is gone)."""
    number = at.before.number
    if sent.expected_number is not None and sent.expected_number != number:
        return _taken(at.night, sent.expected_number, number)
    if sent.expected_position is not None:
        return _event_since(at, sent.expected_position, number)
    return None


def _check_room(position: int) -> None:
    """InvalidHand when the night already holds its maximum of rows (nights.MAX_ROWS)."""
    if position >= nights.MAX_ROWS:
        raise InvalidHand([_problem("hand", nights.too_many_rows())])


def _taken(night: Night, expected: int, number: int) -> Conflict:
    """Another phone recorded the hand this form was opened for: say who and what."""
    latest = (
        Hand.objects.filter(night=night, deleted=False, number=number - 1)
        .select_related("author")
        .first()
    )
    summary = ""
    if latest is not None and latest.entries:
        summary = say(nights.message_from_json(latest.entries[0].get("summary") or {"id": ""}))
    who = latest.author.get_username() if latest is not None and latest.author else ""
    values = {"expected": expected, "summary": summary or "—", "number": number, "who": who}
    text = (
        _(
            "Hand %(expected)s was already recorded by %(who)s (%(summary)s). "
            "Your hand was not saved: check it and save it as hand %(number)s."
        )
        if who
        else _(
            "Hand %(expected)s was already recorded by someone else (%(summary)s). "
            "Your hand was not saved: check it and save it as hand %(number)s."
        )
    )
    return Conflict(text % values, current_number=number)


def _event_since(at: NextHand, position: int, number: int) -> Conflict | None:
    """A conflict if a live event (a join, a leave) was recorded at `position` or later."""
    events = [e.record for e in at.events if e.position >= position and not e.deleted]
    if not events:
        return None
    what = ", ".join(f"{r.get('player')}: {r.get(nights.EVENT_KEY)}" for r in events)
    return Conflict(
        _(
            "The table changed while you entered this hand (%(what)s). Your hand was not "
            "saved: check who played and save it again as hand %(number)s."
        )
        % {"what": what, "number": number},
        current_number=number,
    )


def _record_join(
    *, night: Night, record: dict[str, Any], position: int, author: User | None = None
) -> Hand:
    """A join event seats a new player, so the whole night is re-scored with him in it."""
    name = record.get("player")
    players = _players(night)
    if not isinstance(name, str) or not name.strip():
        raise InvalidHand([_problem("player", msg("is required"))])
    name = player_names.clean(name)
    refused = player_names.problem(name)
    if refused:
        raise InvalidHand([_problem("player", said(refused))])
    if name.startswith(POT_PREFIX):
        raise InvalidHand([_problem("player", _POT_NAME)])
    record["player"] = name
    index = record.get("seat_index")
    if index is None:  # the form's seat left blank: the joiner sits down last
        index = len(players)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index <= len(players):
        raise InvalidHand(
            [_problem("seat_index", msg("must be 0–{players}", players=len(players)))]
        )
    record["seat_index"] = index
    (player,) = remember_players(owner=night.owner, names=[name], club_id=night.club_id)
    seats = list(Seat.objects.filter(night=night, position__gte=index).order_by("-position"))
    for seat in seats:  # shift from the end, so the unique (night, position) always holds
        seat.position += 1
        seat.save(update_fields=["position"])
    Seat.objects.create(night=night, player=player, position=index)
    night.seating = [*players[:index], player.name, *players[index:]]
    night.save(update_fields=["seating"])
    hand = Hand.objects.create(night=night, position=position, record=record, author=author)
    _rescore_all(night, _session(night))
    hand.refresh_from_db()
    return hand


def _check_version(hand: Hand, version: int) -> None:
    if hand.version == version:
        return
    seen = HandRevision.objects.filter(hand=hand, version=version).first()
    changes = diff_records(seen.record, hand.record) if seen else []
    if seen is not None and seen.deleted != hand.deleted:
        changes.append(("deleted", seen.deleted, hand.deleted))
    label = hand.number or hand.position + 1
    raise Conflict(
        _(
            "Hand %(number)s was changed by someone else while you were editing it "
            "(version %(seen)s → %(now)s). Your changes were not saved; the form shows "
            "what you entered, compare it with the saved hand below."
        )
        % {"number": label, "seen": version, "now": hand.version},
        changes=changes,
        current_version=hand.version,
    )


def _keep_revision(hand: Hand, author: User | None) -> None:
    record = hand.record
    if nights.record_trouble(record):  # a record stored before input was bounded
        record = nights.readable_copy(record)
    HandRevision.objects.create(
        hand=hand,
        version=hand.version,
        record=record,
        deleted=hand.deleted,
        author=author,
        written_by_id=hand.author_id,
    )


def _locked_hand(hand: Hand) -> tuple[Night, Hand]:
    night = _lock(hand.night)
    return night, Hand.objects.select_for_update().get(pk=hand.pk)


@transaction.atomic
def edit_hand(
    *,
    hand: Hand,
    record: Mapping[str, Any],
    version: int,
    author: User | None = None,
    key: str | None = None,
) -> Hand:
    """Replace hand k's record and re-score k..end; Conflict if `version` is stale.

    A record that says what the hand already says changes nothing (no version, no re-score):
    the hand comes back with the version it had. A repeat of `key` returns the first outcome.
    """
    night, hand = _locked_hand(hand)
    digest = digest_of(clean_record(record), version)
    if _first_outcome(night, key, "edit", digest) is not None:
        return hand
    _check_version(hand, version)
    variant = nights.variant_of(night)
    record = _checked(variant, record)
    if hand.is_event or nights.EVENT_KEY in record:
        raise InvalidHand([_problem("event", msg("events cannot be edited"))])
    session = _session(night)
    state, number = _state_before(night, variant, hand.position)
    # Stored with every value that follows from the rest (a loser without a trick has 0
    # points), so an export carries what the table tapped and what it implies.
    record = score_next(session, state, record, 1).record
    if not hand.deleted and not diff_records(hand.record, record):
        return hand
    _keep_revision(hand, author)
    hand.record = record
    hand.version += 1
    hand.author = author
    hand.save(update_fields=["record", "version", "updated", "author"])
    _rescore(night, variant, session, _rows_from(night, hand.position), state, number)
    _keep_receipt(night, key, "edit", digest, hand, author)
    hand.refresh_from_db()
    return hand


def row_key(action: str, hand: Hand, version: int) -> str:
    """The key of a ledger row's Delete or Restore button: that hand at that version, so a
    repeat (a double tap, a lost answer) is the same write and a stale page never acts on
    another hand."""
    return f"{action}-{hand.pk}-{version}"


def _repeated(
    night: Night, key: str, kind: str, hand: Hand, version: int, author: User | None
) -> bool:
    """A row button sent again by the same scorer right after its write (nothing happened
    to the hand since). Another scorer's page showing that version is stale: a conflict."""
    if hand.version != version + 1:
        return False
    receipt = _first_outcome(night, key, kind, key)
    return receipt is not None and receipt.author_id == (author.pk if author else None)


@transaction.atomic
def delete_hand(*, hand: Hand, version: int, author: User | None = None) -> Hand:
    """Mark a hand deleted (undoable) and re-score the hands after it."""
    night, hand = _locked_hand(hand)
    key = row_key("delete", hand, version)
    if _repeated(night, key, "delete", hand, version, author):
        return hand
    _check_version(hand, version)
    if hand.deleted:
        return hand
    _keep_revision(hand, author)
    hand.deleted = True
    hand.number = None
    hand.version += 1
    hand.save(update_fields=["deleted", "number", "version", "updated"])
    if hand.record.get(nights.EVENT_KEY) == "join":
        _rescore_all(night, _session(night))
    else:
        _rescore_from(night, _session(night), hand.position)
    _keep_receipt(night, key, "delete", key, hand, author)
    hand.refresh_from_db()
    return hand


@transaction.atomic
def restore_hand(*, hand: Hand, version: int, author: User | None = None) -> Hand:
    """Undo a delete: the hand is back at its place and everything after it is re-scored."""
    night, hand = _locked_hand(hand)
    key = row_key("restore", hand, version)
    if _repeated(night, key, "restore", hand, version, author):
        return hand
    _check_version(hand, version)
    if not hand.deleted:
        return hand
    _keep_revision(hand, author)
    hand.deleted = False
    hand.version += 1
    hand.save(update_fields=["deleted", "version", "updated"])
    if hand.record.get(nights.EVENT_KEY) == "join":
        _rescore_all(night, _session(night))
    else:
        _rescore_from(night, _session(night), hand.position)
    _keep_receipt(night, key, "restore", key, hand, author)
    hand.refresh_from_db()
    return hand


@transaction.atomic
def rescore_night(*, night: Night) -> None:
    """Score every hand again from the start and rewrite the caches (`check_nights
    --rescore`, for stored scores that differ from a re-score); the records stay."""
    night = _lock(night)
    _rescore_all(night, _session(night))


@transaction.atomic
def delete_bad_hands(*, night: Night, bad: Sequence[Any], author: User | None = None) -> int:
    """Mark the rows `checks.bad_hands` found deleted (each with a revision, as a delete
    from the ledger keeps one) and re-score the night without them; the count deleted."""
    night = _lock(night)
    rows = list(
        Hand.objects.select_for_update().filter(
            night=night, pk__in=[b.hand_id for b in bad], deleted=False
        )
    )
    for hand in rows:
        _keep_revision(hand, author)
        hand.deleted = True
        hand.number = None
        hand.version += 1
        hand.save(update_fields=["deleted", "number", "version", "updated"])
    if rows:
        _rescore_all(night, _session(night))
    return len(rows)


PAID_QUANTUM = Decimal("0.0001")  # PaidTransfer.amount: 14 digits, 4 after the point
MAX_PAID = Decimal(10) ** 10


def _party(night: Night, name: Any) -> str | None:
    """The settle-up's key for a payer or payee: a seated player, or a pot of the night's
    variant (the page shows it as "<name>", the settle-up keeps it as "pot:<name>")."""
    if not isinstance(name, str):
        return None
    pots = nights.variant_of(night).pot_names
    if name in night.seating:
        return name
    pot = name.removeprefix(POT_PREFIX)
    return f"{POT_PREFIX}{pot}" if pot in pots else None


def _paid_problems(night: Night, payer: Any, payee: Any, amount: Any) -> list[Problem]:
    problems = []
    who = {"payer": _party(night, payer), "payee": _party(night, payee)}
    for field_name, key in who.items():
        if key is None:
            problems.append(_problem(field_name, msg("is not a player or a pot of this night")))
    if not problems and who["payer"] == who["payee"]:
        problems.append(_problem("payee", msg("must differ from the payer")))
    if not isinstance(amount, Decimal) or not amount.is_finite() or not 0 < amount < MAX_PAID:
        problems.append(_problem("amount", msg("must be above 0 and below 10¹⁰")))
    elif amount != amount.quantize(PAID_QUANTUM):
        problems.append(_problem("amount", msg("at most 4 decimals")))
    return problems


@transaction.atomic
def mark_transfer_paid(
    *, night: Night, payer: str, payee: str, amount: Decimal, paid: bool = True
) -> None:
    """Mark (or unmark) one settle-up transfer as paid; InvalidHand (fields `payer`,
    `payee`, `amount`) when it names somebody not at the night or an impossible amount."""
    if isinstance(amount, str | int):
        with contextlib.suppress(InvalidOperation):  # not a number: refused below
            amount = Decimal(amount)
    problems = _paid_problems(night, payer, payee, amount)
    if problems:
        raise InvalidHand(problems)
    if paid:
        PaidTransfer.objects.get_or_create(night=night, payer=payer, payee=payee, amount=amount)
    else:
        PaidTransfer.objects.filter(night=night, payer=payer, payee=payee, amount=amount).delete()


# --- the night itself: details, names, house rules, delete, co-scorers ----------------------


def _note(night: Night, kind: str, changes: list[list[Any]], author: Any) -> NightRevision:
    """Keep one change to the night in its history (NightRevision)."""
    return NightRevision.objects.create(night=night, kind=kind, changes=changes, author=author)


def _note_version(night: Night, kind: str, changes: list[list[Any]], author: Any) -> NightRevision:
    """A change to what a night form shows (details, rules): the night's version goes up
    and the history's entry keeps it, so a form opened before can name what came between."""
    night.version += 1
    night.save(update_fields=["version"])
    revision = _note(night, kind, changes, author)
    revision.version = night.version
    revision.save(update_fields=["version"])
    return revision


def _merged(changes: list[list[Any]]) -> list[tuple[str, Any, Any]]:
    """Several changes as one per field, from the first value to the last (a renamed
    player's chain Anna → Anka → Anica as one line)."""
    out: list[list[Any]] = []
    for what, old, new in changes:
        same = next((c for c in out if c[0] == what and (what != "name" or c[2] == old)), None)
        if same is None:
            out.append([what, old, new])
        else:
            same[2] = new
    return [(what, old, new) for what, old, new in out if old != new]


def _check_night_version(night: Night, version: int | None, kind: str) -> None:
    """Conflict if a change of `kind` was saved since the form was opened at `version`
    (None: the form carried no version, as before versions existed). Changes of another
    kind do not conflict: the details form never writes the rules, nor the reverse."""
    if version is None or version >= night.version:
        return
    since = NightRevision.objects.filter(night=night, kind=kind, version__gt=version)
    changes = [c for r in since.order_by("version", "pk") for c in r.changes]
    if not changes:
        return
    raise Conflict(
        _(
            "The night was changed by someone else while you were editing it. Your changes "
            "were not saved; the form shows what you entered: compare it with what was "
            "saved, then save again."
        ),
        changes=_merged(changes),
        current_version=night.version,
    )


def _shown(value: Any) -> str:
    """A value as the night's history shows it: 2 not 2.0000, ISO dates, rules as set-up."""
    if isinstance(value, Decimal):
        return format(value.normalize(), "f")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return nights.show_value(value) if not isinstance(value, str) else value


def _name_problems(names: Sequence[str]) -> list[Problem]:
    """The seat names' checks: the one name check (scorebook.names), and no pot-like name."""
    refused = player_names.problems(names)
    if refused:
        return [_problem("players", said(text)) for text in refused]
    if any(n.startswith(POT_PREFIX) for n in names):
        return [_problem("players", _POT_NAME)]
    return []


def _rename_players(night: Night, names: Mapping[str, str]) -> None:
    """Rename players in this night only: its seats point to the (owner's) players with the
    new names, and its hand records, their revisions and its paid marks are rewritten.

    Only the fields the variant's record schema marks as players change (a bid level "two"
    or a card "XX" stays what it is). A new name not seated may not stand in a player field
    already (a record from before a seat was renamed): the two would become one player.
    """
    variant = nights.variant_of(night)
    rows = list(Hand.objects.filter(night=night).only("pk", "record"))
    used = set().union(*(players_named(variant, r.record) for r in rows))
    clash = sorted(new for new in names.values() if new in used and new not in night.seating)
    if clash:
        raise InvalidHand(
            [
                _problem(
                    "players",
                    msg("{clash} already means something else in the hands", clash=clash[0]),
                )
            ]
        )
    for row in rows:
        row.record = renamed_players(variant, row.record, names)
    update_rows(rows, ["record"])
    revisions = list(HandRevision.objects.filter(hand__night=night).only("pk", "record"))
    for revision in revisions:
        revision.record = renamed_players(variant, revision.record, names)
    update_rows(revisions, ["record"])
    _rename_paid_marks(night, names)
    people = {
        p.name: p
        for p in remember_players(
            owner=night.owner, names=list(names.values()), club_id=night.club_id
        )
    }
    seats = list(
        Seat.objects.filter(night=night, player__name__in=list(names)).select_related("player")
    )
    old_players = [s.player for s in seats]
    # Deleted and created again, not updated: a swap of two names would break the unique
    # (night, player) between the two updates.
    Seat.objects.filter(pk__in=[s.pk for s in seats]).delete()
    Seat.objects.bulk_create(
        Seat(night=night, player=people[names[s.player.name]], position=s.position) for s in seats
    )
    dealer = night.first_dealer.name if night.first_dealer else None
    if dealer is not None and dealer in names:
        night.first_dealer = people[names[dealer]]
    night.seating = [names.get(n, n) for n in night.seating]
    night.save(update_fields=["seating", "first_dealer"])
    facts.players_renamed(night, {s.player.pk: people[names[s.player.name]].pk for s in seats})
    # A misspelt name played nowhere else: forget it, so the players list has no ghost.
    Player.objects.filter(pk__in=[p.pk for p in old_players], seats__isnull=True).exclude(
        pk__in=Night.all_objects.filter(first_dealer__isnull=False).values("first_dealer")
    ).delete()


def _rename_paid_marks(night: Night, names: Mapping[str, str]) -> None:
    """The paid marks with the new names. Deleted and created again, not updated one by
    one: swapping two players with mirrored marks (A → B and B → A, same amount) would
    break the unique (night, payer, payee, amount) between the two updates."""
    marks = list(PaidTransfer.objects.filter(night=night))
    moved = [m for m in marks if m.payer in names or m.payee in names]
    if not moved:
        return
    PaidTransfer.objects.filter(pk__in=[m.pk for m in moved]).delete()
    when = [m.paid_at for m in moved]
    for mark in moved:
        mark.pk = None
        mark.payer, mark.payee = (
            names.get(mark.payer, mark.payer),
            names.get(mark.payee, mark.payee),
        )
    created = PaidTransfer.objects.bulk_create(moved)
    for mark, paid_at in zip(created, when, strict=True):  # the insert stamped them now
        mark.paid_at = paid_at
    PaidTransfer.objects.bulk_update(created, ["paid_at"])


@transaction.atomic
def edit_night(
    *,
    night: Night,
    author: User | None,
    date: datetime.date,
    place: str,
    per_point: Decimal,
    currency: str,
    names: Sequence[str],
    version: int | None = None,
    key: str | None = None,
) -> NightRevision | None:
    """Change a night's date, place, stake, currency and its players' names (in seating
    order). Kept in the night's history; the hands are re-scored when a name changes.
    Raises InvalidHand (fields `players`, the night's fields); None when nothing changed.
    `version` is the night's version the form was opened at: Conflict if details or names
    were changed since (the form would silently put the old values back)."""
    night = _lock(night)
    digest = digest_of("details", date, place, per_point, currency, list(names), version)
    if _first_outcome(night, key, "night", digest) is not None:
        return None  # the same form sent again: it was saved the first time
    _check_night_version(night, version, "details")
    names = [player_names.clean(n) for n in names]
    if len(names) != len(night.seating):
        raise InvalidHand([_problem("players", msg("one name per seat"))])
    problems = _name_problems(names)
    if problems:
        raise InvalidHand(problems)
    changes: list[list[Any]] = []
    for label, attr, value in (
        ("date", "date", date),
        ("place", "place", place.strip()),
        ("stake per point", "stake_per_point", Decimal(per_point)),
        ("currency", "currency", currency),
    ):
        old = getattr(night, attr)
        if old != value:
            changes.append([label, _shown(old), _shown(value)])
            setattr(night, attr, value)
    try:
        night.full_clean(exclude=["owner", "first_dealer", "club"])
    except ValidationError as invalid:
        raise InvalidHand(
            [_problem(k, said(str(m))) for k, ms in invalid.message_dict.items() for m in ms]
        ) from None
    night.save(update_fields=["date", "place", "stake_per_point", "currency"])
    moves = {old: new for old, new in zip(night.seating, names, strict=True) if old != new}
    if moves:
        _rename_players(night, moves)
        _rescore_all(night, _session(night), renamed=moves)
        changes += [["name", old, new] for old, new in moves.items()]
    if not changes:
        return None
    _keep_receipt(night, key, "night", digest, None, author)
    return _note_version(night, "details", changes, author)


@transaction.atomic
def change_house_rules(
    *,
    night: Night,
    rules: Mapping[str, Any],
    author: User | None,
    version: int | None = None,
    key: str | None = None,
) -> NightRevision | None:
    """New house rules for a night; every hand is re-scored under them. InvalidHand (with
    the hands the new rules refuse) changes nothing. None when no rule changed. Conflict
    when the rules were changed since the form was opened at `version`."""
    night = _lock(night)
    digest = digest_of("rules", dict(rules), version)
    if _first_outcome(night, key, "rules", digest) is not None:
        return None  # the same form sent again: it was saved the first time
    _check_night_version(night, version, "rules")
    complete, problems = resolve_house_rules(night.variant, dict(rules))
    if problems:
        raise InvalidHand(problems)
    old = dict(night.house_rules)
    changes = [
        [name, _shown(old.get(name)), _shown(value)]
        for name, value in complete.items()
        if old.get(name) != value
    ]
    if not changes:
        return None
    night.house_rules = complete
    night.save(update_fields=["house_rules"])
    _rescore_all(night, _session(night))
    _keep_receipt(night, key, "rules", digest, None, author)
    return _note_version(night, "rules", changes, author)


@transaction.atomic
def delete_night(*, night: Night, author: User | None) -> Night:
    """Delete a night softly: it leaves every list and statistic; Undo brings it back."""
    night = _lock(night)
    if night.deleted_at is None:
        night.deleted_at = timezone.now()
        night.save(update_fields=["deleted_at"])
        _note(night, "delete", [], author)
    return night


@transaction.atomic
def restore_night(*, night: Night, author: User | None) -> Night:
    """Undo a night's delete."""
    if night.deleted_at is not None:
        night.deleted_at = None
        night.save(update_fields=["deleted_at"])
        _note(night, "restore", [], author)
    return night


NO_SUCH_ACCOUNT = msg("no such account")


@transaction.atomic
def add_scorer(*, night: Night, username: str, author: User | None) -> NightScorer:
    """Hand the pen to another account (by its exact user name): it may record and edit
    hands. Raises InvalidHand (field `username`) for an unknown account (NO_SUCH_ACCOUNT)
    or the owner himself."""
    model = get_user_model()
    person = model.objects.filter(**{model.USERNAME_FIELD: username.strip()}).first()
    if person is None:
        raise InvalidHand([_problem("username", NO_SUCH_ACCOUNT)])
    if person.pk == night.owner_id:
        raise InvalidHand([_problem("username", msg("is the owner"))])
    scorer, created = NightScorer.objects.get_or_create(night=night, user=person)
    if created:
        _note(night, "scorers", [["co-scorer", "", str(person)]], author)
    return scorer


@transaction.atomic
def remove_scorer(*, night: Night, user_id: int, author: User | None) -> None:
    for scorer in NightScorer.objects.filter(night=night, user_id=user_id).select_related("user"):
        scorer.delete()
        _note(night, "scorers", [["co-scorer", str(scorer.user), ""]], author)


@transaction.atomic
def create_scorer_link(*, night: Night) -> ScorerLink:
    """The night's scorer link (the same one until revoked)."""
    link, _created = ScorerLink.objects.get_or_create(
        night=night, defaults={"token": secrets.token_urlsafe(32)}
    )
    return link


@transaction.atomic
def revoke_scorer_link(*, night: Night) -> None:
    ScorerLink.objects.filter(night=night).delete()


@transaction.atomic
def join_as_scorer(*, link: ScorerLink, user: User) -> Night:
    """Whoever opens a scorer link, logged in, becomes a co-scorer (the owner stays owner)."""
    night = link.night
    if user.pk != night.owner_id:
        _scorer, created = NightScorer.objects.get_or_create(night=night, user=user)
        if created:
            _note(night, "scorers", [["co-scorer", "", str(user)]], user)
    return night


SHARE_TOKEN_BYTES = 32  # 256 bits: 43 URL-safe characters


@transaction.atomic
def share_night(*, night: Night) -> NightShare:
    """The night's read-only share link, created if it has none (the same until revoked)."""
    share, _created = NightShare.objects.get_or_create(
        night=night, defaults={"token": secrets.token_urlsafe(SHARE_TOKEN_BYTES)}
    )
    return share


@transaction.atomic
def revoke_share(*, night: Night) -> None:
    NightShare.objects.filter(night=night).delete()


def keep_summaries(*, nights_done: Sequence[Night], summaries: Sequence[NightSummary]) -> None:
    """Replace the cached summaries of `nights_done` (the list of nights reads them; a GET
    that found them stale writes them here). A summary another request has just written
    is skipped: both hold the same."""
    NightSummary.objects.filter(night__in=nights_done).delete()
    NightSummary.objects.bulk_create(summaries, ignore_conflicts=True)


# --- backups ---------------------------------------------------------------------------------


@transaction.atomic
def restore_extras(*, night: Night, entry: Mapping[str, Any]) -> list[str]:
    """Give a just-restored night what its backup index entry carries (scorebook/backups.py):
    co-scorers, hand authors, history and links; what was left out, and why."""
    problems: list[str] = []
    users = backups.Users(problems)
    version = entry.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version >= 1:
        Night.all_objects.filter(pk=night.pk).update(version=version)
        night.version = version
    _restore_scorers(night, entry.get("scorers"), users)
    _restore_authors(night, entry.get("authors"), users)
    _restore_history(night, entry.get("history"), users)
    _restore_links(night, entry, problems)
    return problems


def _restore_scorers(night: Night, names: Any, users: backups.Users) -> None:
    for name in names if isinstance(names, list) else []:
        user = users.get(name, "co-scorer")
        if user is not None and user.pk != night.owner_id:
            NightScorer.objects.get_or_create(night=night, user=user)


def _restore_authors(night: Night, names: Any, users: backups.Users) -> None:
    """Each hand's author, by the rows' order (the sheet's `hands` were restored in it)."""
    if not isinstance(names, list):
        return
    rows = list(Hand.objects.filter(night=night).order_by("position").values_list("pk", flat=True))
    if len(rows) != len(names):
        users.problems.append(f"authors: {len(names)} for {len(rows)} hands: left out")
        return
    by_author: dict[int, list[int]] = {}
    for pk, name in zip(rows, names, strict=True):
        user = users.get(name, "author")
        if user is not None:
            by_author.setdefault(user.pk, []).append(pk)
    for user_pk, pks in by_author.items():  # one update per author, not one per hand
        Hand.objects.filter(pk__in=pks).update(author_id=user_pk)


def _restore_history(night: Night, items: Any, users: backups.Users) -> None:
    kept: list[tuple[NightRevision, datetime.datetime]] = []
    for item in items if isinstance(items, list) else []:
        try:
            if not isinstance(item, dict) or not isinstance(item["changes"], list):
                raise TypeError
            created = datetime.datetime.fromisoformat(item["created"])
            revision = NightRevision(
                night=night,
                kind=str(item["kind"])[:20],
                changes=item["changes"],
                author=users.get(item.get("author"), "history author"),
                version=item.get("version") if isinstance(item.get("version"), int) else None,
            )
        except (KeyError, TypeError, ValueError):
            users.problems.append(f"history entry {item!r} does not read: left out")
            continue
        kept.append((revision, created))
    made = NightRevision.objects.bulk_create([r for r, _created in kept])
    for revision, (_r, created) in zip(made, kept, strict=True):  # the insert stamped now
        revision.created = created
    NightRevision.objects.bulk_update(made, ["created"])


def _restore_links(night: Night, entry: Mapping[str, Any], problems: list[str]) -> None:
    """The share and scorer links with their tokens, so links handed out keep working."""
    for key, model, what in (
        ("share", NightShare, "share link"),
        ("scorer_link", ScorerLink, "scorer link"),
    ):
        token = entry.get(key)
        if not isinstance(token, str) or not 20 <= len(token) <= 64:
            continue
        if model.objects.filter(token=token).exists():
            problems.append(f"{what}: its token is another night's here: left out")
            continue
        model.objects.create(night=night, token=token)


def count_use(*, action: str, address: str | None, window: datetime.timedelta) -> None:
    """Count one use of `action` by a client's address (scorebook/limits.py); forget this
    action's uses that have left the window, so the table stays small."""
    now = timezone.now()
    AddressUse.objects.filter(action=action, at__lte=now - window).delete()
    AddressUse.objects.create(action=action, address=address, at=now)


KEEP_DELETED_DAYS = 30  # how long Undo can bring a deleted night back (purge_deleted_nights)


@transaction.atomic
def purge_deleted_nights(*, days: int = KEEP_DELETED_DAYS) -> int:
    """Remove for good the nights deleted more than `days` ago; returns how many."""
    cutoff = timezone.now() - datetime.timedelta(days=days)
    old = Night.all_objects.filter(deleted_at__lt=cutoff)
    count = old.count()
    # Seats protect their players: remove them first, then the nights (rows cascade).
    Seat.objects.filter(night__in=old).delete()
    old.delete()
    return count


def change_email(*, user: User, email: str) -> None:
    """The address password-reset links go to ("" for none). Several accounts may share
    one (a couple, a club): a reset mail then names each of them."""
    user.email = User.objects.normalize_email(email.strip())
    user.save(update_fields=["email"])
