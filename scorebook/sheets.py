"""Nights to and from scoresheets (`scorebook/1`): import, export, CSV and backups.

Export reuses `scoresheet` (the engine's `write_sheet`). Import validates the whole
sheet with the engine (`read_sheet` + `replay`) and the app's own limits (name lengths, the
stake's digits, what the database can store), then creates the night, its seats and every
row in one transaction, with the same caches `services` keeps (entries and state per row),
so the night can be edited afterwards like any other. Seats are created in the sheet's
order, late joiners included, which is what `services` derives from the stored join events.
"""

from __future__ import annotations

import csv
import dataclasses
import datetime
import io
import json
import logging
import math
from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.utils import translation
from django.utils.translation import gettext, pgettext

from scorebook import money, nights, nightview, services
from scorebook import names as player_names
from scorebook.engine import registry
from scorebook.engine.errors import InvalidSheet, Problem
from scorebook.engine.messages import Msg, msg, said
from scorebook.engine.replay import EVENT_KEY, fold, replay
from scorebook.engine.scoresheet import MAX_PLACE as MAX_SHEET_PLACE
from scorebook.engine.scoresheet import Sheet, amount_json, read_sheet, write_sheet
from scorebook.engine.shape import complete
from scorebook.engine.types import Amount, Session, Variant
from scorebook.labels import label, pot_title
from scorebook.models import Club, Hand, Night, Player
from scorebook.nightview import NightView, night_view
from scorebook.settleup import settlement
from scorebook.speech import say

logger = logging.getLogger(__name__)

MAX_NAME = Player._meta.get_field("name").max_length or 60
_stake_field = Night._meta.get_field("stake_per_point")
MAX_STAKE_PLACES = _stake_field.decimal_places or 4
MAX_STAKE_WHOLE = (_stake_field.max_digits or 12) - MAX_STAKE_PLACES
MAX_DEPTH = 40  # nesting a hand record never needs; deeper input is refused, not recursed


def _problem(field: str, message: Msg, hand: int | None = None) -> Problem:
    return Problem(field, message, hand)


# --- reading ------------------------------------------------------------------------------


def parse_json(raw: bytes | str) -> tuple[Any, list[Problem]]:
    """The document, or a problem saying why it is not JSON the app can store."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            return None, [_problem("sheet", msg("is not UTF-8 text"))]

    def refuse_constant(name: str) -> Any:
        raise ValueError(f"{name} is not a JSON number")

    try:
        data = json.loads(raw, parse_constant=refuse_constant)
    except (ValueError, RecursionError) as error:
        message = str(error) if not isinstance(error, RecursionError) else "nested too deeply"
        return None, [_problem("sheet", msg("not valid JSON: {message}", message=message))]
    return data, []


def _storable(value: Any, depth: int = 0) -> Msg | None:
    """Why a JSON value cannot be stored in every database we support, or None."""
    if depth > MAX_DEPTH:
        return msg("is nested too deeply")
    if isinstance(value, str):
        if "\x00" in value:
            return msg("contains a NUL character")
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return msg("contains an unpaired surrogate")
        return None
    if isinstance(value, float) and not math.isfinite(value):
        return msg("is not a finite number")
    if isinstance(value, Mapping):
        for key, item in value.items():
            trouble = _storable(key, depth + 1) or _storable(item, depth + 1)
            if trouble:
                return trouble
    if isinstance(value, list):
        for item in value:
            trouble = _storable(item, depth + 1)
            if trouble:
                return trouble
    return None


def _app_limits(data: Mapping[str, Any], sheet: Sheet) -> list[Problem]:
    """What the engine allows but the database does not keep."""
    problems: list[Problem] = []
    variant = registry.get(sheet.session.variant)
    fixed = variant.min_players == variant.max_players  # no one joins or leaves
    if fixed and len(sheet.session.players) > variant.max_players:
        problems.append(
            _problem(
                "players",
                msg(
                    "{key} is played by exactly {max_players}: nobody can join",
                    key=variant.key,
                    max_players=variant.max_players,
                ),
            )
        )
    if len(sheet.session.players) < variant.min_players:
        problems.append(
            _problem(
                "players",
                msg(
                    "{key} needs at least {min_players} players",
                    key=variant.key,
                    min_players=variant.min_players,
                ),
            )
        )
    for index, name in enumerate(sheet.session.players):
        if name != name.strip():
            problems.append(
                _problem(
                    f"players[{index}]",
                    msg("must not start or end with a space"),
                )
            )
        elif refused := player_names.problem(name):
            problems.append(_problem(f"players[{index}]", said(refused)))
    per_point = sheet.stake.per_point
    exponent = per_point.normalize().as_tuple().exponent
    places = max(-exponent, 0) if isinstance(exponent, int) else 0
    whole = per_point.adjusted() + 1 if per_point >= 1 else 0
    if places > MAX_STAKE_PLACES:
        problems.append(
            _problem(
                "stake.per_point",
                msg(
                    "has more than {stake_decimals} decimal places",
                    stake_decimals=MAX_STAKE_PLACES,
                ),
            )
        )
    elif whole > MAX_STAKE_WHOLE:
        problems.append(
            _problem(
                "stake.per_point",
                msg(
                    "has more than {stake_whole_digits} digits before the point",
                    stake_whole_digits=MAX_STAKE_WHOLE,
                ),
            )
        )
    if not (sheet.stake.currency.isascii()):
        problems.append(_problem("stake.currency", msg("must be three letters A–Z")))
    for number, record in _numbered(sheet.records):
        if not isinstance(record, Mapping):
            problems.append(_problem("hand", msg("must be a JSON object"), number))
            continue
        trouble = _storable(record)
        if trouble:
            problems.append(_problem("hand", trouble, number))
    trouble = _storable({k: v for k, v in data.items() if k != "hands"})
    if trouble:
        problems.append(_problem("sheet", trouble))
    return problems


def _numbered(records: tuple[Any, ...]) -> list[tuple[int | None, Any]]:
    """Each record with its hand number (None for session events)."""
    out: list[tuple[int | None, Any]] = []
    number = 1
    for record in records:
        if isinstance(record, Mapping) and EVENT_KEY in record:
            out.append((None, record))
        else:
            out.append((number, record))
            number += 1
    return out


def check_sheet(data: Any) -> tuple[Sheet | None, list[Problem]]:
    """Validate a whole scoresheet: every problem, each naming its hand and field. A sheet
    of more hands than a night may hold is refused before any of them is read."""
    hands = data.get("hands") if isinstance(data, Mapping) else None
    if isinstance(hands, list) and len(hands) > nights.MAX_ROWS:
        return None, [_problem("hands", nights.too_many_rows())]
    try:
        sheet = read_sheet(data)
    except InvalidSheet as refused:
        return None, list(refused.problems)
    except Exception:  # an engine bug must not become a 500
        logger.exception("reading a scoresheet failed")
        return None, [_problem("sheet", msg("could not be read"))]
    problems = _app_limits(data, sheet)
    if problems:
        return sheet, problems
    records = tuple(services.clean_record(r) for r in sheet.records)
    try:
        replay(sheet.session, records)
    except InvalidSheet as refused:
        return sheet, _name_events(sheet.session, records, list(refused.problems))
    except Exception:
        logger.exception("replaying a scoresheet failed")
        return sheet, [_problem("sheet", msg("the scorer could not read it"))]
    return dataclasses.replace(sheet, records=records), []


def _name_events(session: Any, records: tuple[Any, ...], problems: list[Problem]) -> list[Problem]:
    """A session event's problems name no hand (an event is not one): say which entry of
    `hands` it is, as the hand form's refusal is shown beside the event it refuses."""
    if all(p.hand is not None for p in problems):
        return problems
    state, number = None, 1
    for index, record in enumerate(records):
        try:
            after, _entries, found = fold(session, [record], state=state, first_number=number)
        except InvalidSheet:  # refused before any hand (the seating at the start): no event
            return problems
        is_event = isinstance(record, Mapping) and EVENT_KEY in record
        if found and is_event:
            where = f"hands[{index}] ({record.get(EVENT_KEY)}, after hand {number - 1}) · "
            return [
                Problem(where + p.field, p.message, p.hand) if p.hand is None else p
                for p in problems
            ]
        if found:
            break
        state, number = after, number + (0 if is_event else 1)
    return problems


# --- writing ------------------------------------------------------------------------------


def _first_dealer(sheet: Sheet) -> str:
    for record in sheet.records:
        if EVENT_KEY not in record:
            dealer = record.get("dealer")
            if dealer in sheet.session.players:
                return str(dealer)
            break
    return sheet.session.players[0]


def create_night_from_sheet(
    *,
    owner: User,
    data: Any,
    date: datetime.date | None = None,
    place: str = "",
    first_dealer: str | None = None,
    checked: Sheet | None = None,
    club: Club | None = None,
) -> Night:
    """A new night holding the sheet (the club's night, its players in the club's roster,
    when `club` is given); raises InvalidSheet (every problem) and writes nothing.

    `date` and `place`, when given (the import form, a backup's index), win over the sheet's
    own; without either the night takes the sheet's, then today and no place. `checked` is
    what `check_sheet(data)` returned without problems, when the caller has already checked
    it (the import view): a sheet is read and replayed once. The write is
    `services.import_night`."""
    sheet, problems = (checked, []) if checked is not None else check_sheet(data)
    if problems or sheet is None:
        raise InvalidSheet(problems)
    session = sheet.session
    night = Night(
        owner=owner,
        club=club,
        variant=session.variant,
        house_rules=dict(session.house_rules),
        stake_per_point=sheet.stake.per_point,
        currency=sheet.stake.currency,
        place=(place or sheet.place or "")[:120],
        opening_pots=dict(session.opening_pots) if session.opening_pots is not None else None,
    )
    if date is not None:
        night.date = date
    elif sheet.date is not None:
        night.date = datetime.date.fromisoformat(sheet.date)
    dealer = first_dealer if first_dealer in session.players else _first_dealer(sheet)
    try:
        return services.import_night(
            night=night, session=session, dealer=dealer, records=_numbered(sheet.records)
        )
    except ValidationError as invalid:
        raise InvalidSheet(
            [
                _problem(name, said(str(message)))
                for name, messages in invalid.message_dict.items()
                for message in messages
            ]
        ) from None


# --- export -------------------------------------------------------------------------------


def complete_records(variant: Variant, records: list[Any]) -> list[Any]:
    """The hands with every field that applies written, null and false included
    (docs/scoresheet.md): the form stores only what was tapped, and a strict reader of the
    format wants the rest too. Events are written as they are."""
    schema = variant.record
    return [r if nights.EVENT_KEY in r else complete(r, schema) for r in records]


def scoresheet(view: NightView) -> dict[str, Any]:
    """The night as a `scorebook/1` scoresheet (what `manage.py score` reads)."""
    # A record that no longer reads is left out (it cannot be written as JSON); the backup
    # command refuses such a night instead, and `manage.py check_nights` repairs it.
    records = [r.record for r in view.live_rows if not nights.record_trouble(r.record)]
    records = complete_records(view.variant, records)
    night = view.night
    # The format allows 100 characters of place; the night keeps up to 120.
    return write_sheet(
        view.session,
        money.stake_of(night),
        records,
        date=str(night.date) if night.date else None,
        place=night.place[:MAX_SHEET_PLACE] or None,
    )


def same_night(user: User, session: Session, records: list[Any]) -> Night | None:
    """The user's night that a scoresheet repeats exactly (same game, players, rules and
    hands), so that importing one's own export twice is asked about first."""
    # Only nights with as many live rows as the sheet has hands are read row by row.
    candidates = (
        Night.objects.filter(owner=user, variant=session.variant)
        .annotate(live=Count("hands", filter=Q(hands__deleted=False)))
        .filter(live=len(records))
        .order_by("-pk")
    )
    variant = registry.get(session.variant)
    wanted = complete_records(variant, [dict(r) for r in records])  # as an export writes them
    for night in candidates:
        if list(night.seating) != list(session.players):
            continue
        rules = nights.complete_house_rules(nights.variant_of(night), night.house_rules)
        if rules != dict(session.house_rules):
            continue
        rows = Hand.objects.filter(night=night, deleted=False).order_by("position")
        if complete_records(variant, [r.record for r in rows]) == wanted:
            return night
    return None


def export_sheet(night: Night) -> dict[str, Any]:
    return scoresheet(night_view(night))


def dumps(doc: Any) -> str:
    """The bytes every download and backup uses, so that round trips compare exactly."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def _safe_text(value: str) -> str:
    """A text cell a spreadsheet will not run as a formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def _amount(value: Amount) -> str:
    return str(amount_json(value))


def _csv_header(players: list[str], pot_names: tuple[str, ...]) -> list[str]:
    """The column titles in the reader's language, as the players say them."""
    return [
        pgettext("csv column", "Hand no."),
        pgettext("csv column", "Entry"),
        gettext("Dealer"),
        *map(_safe_text, players),
        *map(pot_title, pot_names),
        pgettext("csv column", "Hand in short"),
    ]


def _csv_kind(kind: str) -> str:
    """A row's kind in words: a hand, a player joining or leaving, an opening booking."""
    return gettext("hand") if kind == "hand" else label(kind)


def export_csv(night: Night, lang: str | None = None) -> str:
    """One row per hand (and per event or automatic booking), a column per player and pot,
    in payment units; then the totals, and each player's money balance. The words (the
    header, kinds, the total and money rows) are in `lang`, by default the active language
    (the reader's); the numbers stay plain."""
    with translation.override(lang or translation.get_language()):
        return _csv_text(night)


def _csv_text(night: Night) -> str:
    view = night_view(night)
    players, pot_names = view.players, view.pot_names
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(_csv_header(players, pot_names))

    def row(number: str, entries: list[dict[str, Any]], amounts: dict[str, Any]) -> None:
        """A row from its JSON: what it adds up to, and its first entry's kind, dealer and
        summary (the breakdown lines are never read: a long night's CSV stays light)."""
        deltas: dict[str, Amount] = dict.fromkeys(players, 0)
        pots: dict[str, Amount] = dict.fromkeys(pot_names, 0)
        nightview.add_amounts(amounts, deltas, pots)
        first = entries[0] if entries else None
        summary = say(nights.message_from_json(first.get("summary") or {"id": ""})) if first else ""
        writer.writerow(
            [
                number,
                _csv_kind(first["kind"]) if first else "",
                _safe_text(first.get("dealer") or "") if first else "",
                *(_amount(deltas[p]) for p in players),
                *(_amount(pots[p]) for p in pot_names),
                _safe_text(summary),
            ]
        )

    if night.start_entries:
        row("", night.start_entries, nights.amounts_of(night.start_entries))
    for hand in view.live_rows:
        if hand.is_event and not hand.entries:
            writer.writerow(
                [
                    "",
                    _csv_kind(str(hand.record.get(EVENT_KEY))),
                    "",
                    *([""] * (len(players) + len(pot_names))),
                    _safe_text(str(hand.record.get("player") or "")),
                ]
            )
            continue
        row(str(hand.number or ""), hand.entries, hand.amounts)
    sums = view.sums()
    totals, pots = sums.totals, sums.pots
    writer.writerow(
        [
            gettext("Total (points)"),
            "",
            "",
            *(_amount(totals[p]) for p in players),
            *(_amount(pots[p]) for p in pot_names),
            "",
        ]
    )
    balances = settlement(view, sums)["balances"]
    writer.writerow(
        [
            pgettext("csv row", "Money"),
            night.currency,
            "",
            *(str(m) for _p, m in balances),
            *([""] * len(pot_names)),
            "",
        ]
    )
    return out.getvalue()
