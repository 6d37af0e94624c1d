"""Strohmandli's deal record (spec §13): the record schema the hand form is built from, the
typed `Hand`, and `read`: each reader reads its section, then applies that section's
cross-field rules (`_check_…`), so the problems come out in the order of the record, field
by field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    INT,
    PLAYER,
    TEXT,
    Choice,
    Leaf,
    as_grid,
    by_player,
    choice_grid,
    fields,
    rows,
)
from scorebook.engine.types import Session
from scorebook.engine.variants.strohmandli.house_rules import ROTATION_NAMES
from scorebook.engine.variants.strohmandli.state import State
from scorebook.engine.variants.strohmandli.tariffs import (
    ANNOUNCEMENT_TYPES,
    CAPTURE_KEYS,
    CAPTURES_FAILED,
    CAPTURES_VARIANT,
    IRREGULARITY_KINDS,
    TOTAL_CARD_POINTS,
    TRICKS,
)

# How the hand form offers each announcement and irregularity.
ANNOUNCEMENT_CHOICES = {
    "fej": msg("fej"),
    "tuletroa": msg("tulétroá"),
    "negy_kiraly": msg("négy király"),
}
IRREGULARITY_CHOICES = {
    "revoke": msg("revoke (renonsz)"),
    "false_announcement": msg("false announcement"),
}


def _field(label: Msg) -> Leaf:
    """A player field of the hand form, with its label."""
    return PLAYER.but(label=label)


# The hand record (spec §13.2), field by field: what `check_input` lets through to the reader.
# The announcements are base rules only, the captured figures the house variant only (§13.3):
# house rules, not record fields, so no `when`.
RECORD = fields(
    dealer=_field(msg("Dealer")),
    announcements=as_grid(
        rows(
            player=_field(msg("Player")),
            type=TEXT.but(
                label=pmsg("strohmandli field", "Announced"),
                choices=tuple(Choice(t, ANNOUNCEMENT_CHOICES[t]) for t in ANNOUNCEMENT_TYPES),
            ),
            trick=INT.but(
                label=pmsg("strohmandli field", "On the lead of trick"),
                lo=1,
                hi=TRICKS,
                after=".player",
            ),
        ),
        choice_grid("type"),
    ),
    card_points=by_player(INT.but(label=msg("Card points (sum 94)"), lo=0, hi=TOTAL_CARD_POINTS)),
    captures=fields(
        pagatfogas=_field(pmsg("strohmandli field", "Pagátfogás (caught the other's pagát)")),
        uhu=_field(pmsg("strohmandli field", "Uhu (trick 20 won with the II)")),
        pagatulti=_field(pmsg("strohmandli field", "Pagátulti (trick 21 won with his pagát)")),
        xxi_fogas=_field(msg("XXI-fogás")),
        tuletroa_captured=_field(pmsg("strohmandli field", "Tulétroá in his tricks")),
        negy_kiraly_captured=_field(pmsg("strohmandli field", "Four kings in his tricks")),
        pagatulti_failed=_field(pmsg("strohmandli field", "Own pagát lost trick 21")),
        uhu_failed=_field(pmsg("strohmandli field", "Own II lost trick 20")),
    ),
    irregularities=rows(
        player=_field(msg("Offender")),
        kind=TEXT.but(
            label=pmsg("strohmandli field", "Offence"),
            choices=tuple(Choice(k, IRREGULARITY_CHOICES[k]) for k in IRREGULARITY_KINDS),
        ),
    ),
    # an optional cross-check, not on the form (it follows from the card points)
    volat=PLAYER.but(derived=True),
    ignore=("ruleset", "players", "deal_number"),
)


# -- read: the record into a checked hand, one small reader per record section ----------
# Each reader reads its section, then applies that section's cross-field rules (`_check_…`):
# the problems come out in the order of the record, field by field.


class Hand(NamedTuple):
    """A deal as read and checked from its record (a named tuple: built once per deal of a
    replayed night, so cheaply)."""

    dealer: str
    points: Mapping[str, int]  # card points per player
    announced: list[tuple[str, str]]  # (player, announcement), base rules only
    captures: Mapping[str, str | None]  # capture → the player who made it
    offences: list[tuple[str, str]]  # (offender, irregularity kind)


def read(session: Session, state: State, hand: Mapping[str, Any]) -> Hand:
    """The record as a checked hand; raises InvalidHand with every problem found."""
    players = session.players
    rules = session.house_rules
    variant = rules["ruleset"] == "house_variant"
    problems = Problems()
    r = Reader(hand, problems)
    problems.raise_if_any()  # not an object: nothing else to read
    # The common valid values are read directly (this runs for every replayed deal);
    # the Reader reads anything else, which names the problem.
    dealer = _read_dealer(r, players, rules, state.next_dealer)
    points = _read_card_points(r, players)
    announced = _read_announcements(r, players, rules, dealer, variant)
    captures = _read_captures(r, players, announced, points, variant)
    offences = _read_irregularities(r, players)
    _check_volat(r, players, points)
    problems.raise_if_any()
    assert dealer is not None
    assert points is not None
    return Hand(dealer, points, announced, captures, offences)


def _read_dealer(
    r: Reader, players: tuple[str, ...], rules: Mapping[str, Any], expected: str | None
) -> str | None:
    """The dealer (§13.3 item 2), who must be the one the rotation names."""
    dealer = r.data.get("dealer")
    if type(dealer) is not str or dealer not in players:
        dealer = r.player("dealer", players)
    if dealer is not None and expected is not None and dealer != expected:
        r.problems.add(
            "dealer",
            msg(
                "{dealer} cannot deal: {expected} deals this deal (dealer rotation: {rotation})",
                dealer=dealer,
                expected=expected,
                rotation=ROTATION_NAMES[rules["dealer_rotation"]],
            ),
        )
    return dealer


def _read_card_points(r: Reader, players: tuple[str, ...]) -> dict[str, int] | None:
    """The card points (§13.3 item 3); None unless they are usable for scoring."""
    cp = r.data.get("card_points")
    if not (
        type(cp) is dict
        and len(cp) == 2
        and all(type(cp.get(p)) is int and 0 <= cp[p] <= TOTAL_CARD_POINTS for p in players)
    ):
        cp = r.player_map("card_points", players, lo=0, hi=TOTAL_CARD_POINTS)
    if cp is None or len(cp) != 2:
        return None
    return _check_card_points(r.problems, players, cp)


def _check_card_points(
    problems: Problems, players: tuple[str, ...], cp: dict[str, int]
) -> dict[str, int] | None:
    for who in players:
        if cp[who] in (1, TOTAL_CARD_POINTS - 1):
            problems.add(
                f"card_points.{who}",
                msg(
                    "{points} is impossible: every trick holds at least 2 points, "
                    "so one player cannot have 1 or 93",
                    points=cp[who],
                ),
            )
    total = cp[players[0]] + cp[players[1]]
    if total != TOTAL_CARD_POINTS:
        problems.add(
            "card_points",
            msg(
                "{points_a} + {points_b} = {total}, not 94",
                points_a=cp[players[0]],
                points_b=cp[players[1]],
                total=total,
            ),
        )
        return None
    return cp


def _read_announcements(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    dealer: str | None,
    variant: bool,
) -> list[tuple[str, str]]:
    """The announcements (§13.3 item 4): base rules only."""
    raw = r.data.get("announcements")
    if raw is None or (isinstance(raw, list) and not raw):
        return []
    if variant and isinstance(raw, list) and raw:
        r.problems.add(
            "announcements", msg("the house variant has no announcements (every figure is silent)")
        )
        return []
    made: dict[tuple[str, str], int] = {}
    tricks: dict[int, int] = {}
    result: list[tuple[str, str]] = []
    for i, item in enumerate(r.items("announcements")):
        who = item.player("player", players)
        kind = item.choice("type", ANNOUNCEMENT_TYPES)
        trick = item.integer("trick", lo=1, hi=TRICKS, optional=True)
        here = f"announcements[{i}]"
        if trick is not None:
            _check_trick(r.problems, here, tricks, i, trick, who, dealer)
        if who is None or kind is None:
            continue
        if (who, kind) in made:
            r.problems.add(
                f"{here}.type", msg("{who} already announced {kind}", who=who, kind=kind)
            )
            continue
        other = players[1] if who == players[0] else players[0]
        _check_announcement(r.problems, here, made, who, other, kind, rules)
        made[(who, kind)] = i
        result.append((who, kind))
    return result


def _check_trick(
    problems: Problems,
    here: str,
    tricks: dict[int, int],
    i: int,
    trick: int,
    who: str | None,
    dealer: str | None,
) -> None:
    """One announcement per trick, and none by the dealer on trick 1 (he does not lead it)."""
    if trick in tricks:
        problems.add(
            f"{here}.trick",
            msg(
                "announcements[{index}] was already made on trick {trick}: "
                "one announcement at a time",
                index=tricks[trick],
                trick=trick,
            ),
        )
    else:
        tricks[trick] = i
    if trick == 1 and who is not None and who == dealer:
        problems.add(
            f"{here}.trick",
            msg("{who} deals, so he does not lead trick 1 and cannot announce on it", who=who),
        )


def _check_announcement(
    problems: Problems,
    here: str,
    made: Mapping[tuple[str, str], int],
    who: str,
    other: str,
    kind: str,
    rules: Mapping[str, Any],
) -> None:
    """An announcement against those made before it: honours and kings are few."""
    if kind == "fej" and (other, "fej") in made:
        problems.add(
            f"{here}.type",
            msg("{other} announced fej too: there are only three honours", other=other),
        )
    if kind == "negy_kiraly" and (other, "negy_kiraly") in made:
        problems.add(
            f"{here}.type",
            msg("{other} announced négy király too: there are only four kings", other=other),
        )
    if (kind in ("fej", "tuletroa") and (other, "tuletroa") in made) or (
        kind == "tuletroa" and (other, "fej") in made
    ):
        problems.add(
            f"{here}.type",
            msg(
                "{kind} by {who} is impossible: a tulétroá puts all three honours in one hand",
                kind=kind,
                who=who,
            ),
        )
    if not rules["allow_fej_and_tuletroa"] and (
        (kind == "fej" and (who, "tuletroa") in made)
        or (kind == "tuletroa" and (who, "fej") in made)
    ):
        problems.add(
            f"{here}.type",
            msg(
                "{who} cannot score both fej and tulétroá (the house rules do not allow it)",
                who=who,
            ),
        )


def _read_captures(
    r: Reader,
    players: tuple[str, ...],
    announced: list[tuple[str, str]],
    points: Mapping[str, int] | None,
    variant: bool,
) -> dict[str, str | None]:
    """The captures made in play (§13.3 item 5)."""
    captures: dict[str, str | None] = dict.fromkeys(CAPTURE_KEYS)
    cap = r.obj("captures")
    if cap is None:
        return captures
    problems = r.problems
    for key in cap.data:
        if key not in CAPTURE_KEYS:
            problems.add(
                f"captures.{key}",
                msg("is not a capture ({captures})", captures=", ".join(CAPTURE_KEYS)),
            )
    named = False
    for key in CAPTURE_KEYS:
        value = cap.data.get(key)
        if value is None:
            continue
        named = True
        if type(value) is str and value in players:
            captures[key] = value
        else:
            cap.player(key, players, optional=True)  # names the problem
    if named or announced:
        _check_variant_only(problems, captures, variant)
        _check_pagat(problems, players, captures)
        _check_honours(problems, captures)
        _check_announced_tuletroa(problems, players, captures, announced)
        _check_trickless(problems, captures, points)
    return captures


def _check_variant_only(
    problems: Problems, captures: Mapping[str, str | None], variant: bool
) -> None:
    if not variant:
        for key in CAPTURES_VARIANT:
            if captures[key] is not None:
                problems.add(
                    f"captures.{key}",
                    msg("exists only in the house variant (the ‘Strohmandli-változat’ table)"),
                )


def _check_pagat(
    problems: Problems, players: tuple[str, ...], captures: Mapping[str, str | None]
) -> None:
    """One pagát and one II: they are caught, won with, or lost, only once."""
    fogas, ulti = captures["pagatfogas"], captures["pagatulti"]
    ulti_failed = captures["pagatulti_failed"]
    if fogas is not None and ulti is not None:
        problems.add(
            "captures.pagatulti",
            msg("there is one pagát: {who} caught it, so nobody made pagátulti with it", who=fogas),
        )
    if ulti_failed is not None:
        other = players[1] if ulti_failed == players[0] else players[0]
        if fogas != other:
            problems.add(
                "captures.pagatulti_failed",
                msg(
                    "if {who}'s pagát lost trick 21, {other} has pagátfogás",
                    who=ulti_failed,
                    other=other,
                ),
            )
    if captures["uhu_failed"] is not None and captures["uhu"] is not None:
        problems.add(
            "captures.uhu_failed", msg("there is one II: an uhu was made, so no uhu failed")
        )


def _check_honours(problems: Problems, captures: Mapping[str, str | None]) -> None:
    """Whoever took all three honours holds the pagát and the XXI."""
    tuletroa = captures["tuletroa_captured"]
    if tuletroa is None:
        return
    fogas, ulti = captures["pagatfogas"], captures["pagatulti"]
    # The pagát ends in one player's tricks (two different owners: already refused).
    pagat_owner = fogas or ulti
    if fogas is not None and ulti is not None and fogas != ulti:
        pagat_owner = None
    if pagat_owner is not None and tuletroa != pagat_owner:
        problems.add(
            "captures.tuletroa_captured",
            msg(
                "the pagát ends in {owner}'s tricks, so {who} cannot hold all three honours",
                owner=pagat_owner,
                who=tuletroa,
            ),
        )
    if captures["pagatulti_failed"] == tuletroa:
        problems.add(
            "captures.tuletroa_captured",
            msg(
                "{who}'s pagát was lost in trick 21, so he cannot hold all three honours",
                who=tuletroa,
            ),
        )
    xxi = captures["xxi_fogas"]
    if xxi is not None and tuletroa != xxi:
        problems.add(
            "captures.xxi_fogas",
            msg(
                "the XXI ends in {owner}'s tricks, so {who} cannot hold all three honours",
                owner=xxi,
                who=tuletroa,
            ),
        )


def _check_announced_tuletroa(
    problems: Problems,
    players: tuple[str, ...],
    captures: Mapping[str, str | None],
    announced: list[tuple[str, str]],
) -> None:
    """A tulétroá announcer held the pagát."""
    for who, kind in announced:
        if kind != "tuletroa":
            continue
        if captures["pagatfogas"] == who:
            problems.add(
                "captures.pagatfogas",
                msg("{who} announced tulétroá, so the pagát was his own", who=who),
            )
        other = players[1] if who == players[0] else players[0]
        for key in ("pagatulti", "pagatulti_failed"):
            if captures[key] == other:
                problems.add(
                    f"captures.{key}",
                    msg("{who} announced tulétroá, so {other} had no pagát", who=who, other=other),
                )


def _check_trickless(
    problems: Problems, captures: Mapping[str, str | None], points: Mapping[str, int] | None
) -> None:
    """A player with 0 card points won no trick."""
    if points is None:
        return
    for key in CAPTURE_KEYS:
        named = captures[key]
        if named is not None and key not in CAPTURES_FAILED and points[named] == 0:
            problems.add(
                f"captures.{key}", msg("{who} has 0 card points, so he won no trick", who=named)
            )


def _read_irregularities(r: Reader, players: tuple[str, ...]) -> list[tuple[str, str]]:
    """The irregularities (§13.3 item 6): (offender, kind)."""
    offences: list[tuple[str, str]] = []
    for item in r.items("irregularities") if "irregularities" in r.data else ():
        offender = item.player("player", players)
        kind = item.choice("kind", IRREGULARITY_KINDS)
        if offender is not None and kind is not None:
            offences.append((offender, kind))
    return offences


def _check_volat(r: Reader, players: tuple[str, ...], points: Mapping[str, int] | None) -> None:
    """The volát field, if given, agrees with the card points (§13.3 item 7)."""
    if "volat" not in r.data:
        return
    given = r.data["volat"]
    if given is not None and given not in players:
        r.problems.add(
            "volat",
            msg(
                "{who} is not one of the players here ({players})",
                who=repr(given),
                players=", ".join(players),
            ),
        )
    elif points is not None:
        volat_player = next((p for p in players if points[p] == TOTAL_CARD_POINTS), None)
        if given != volat_player:
            r.problems.add(
                "volat",
                msg(
                    "disagrees with the card points: the volát is {who}'s",
                    who=volat_player or msg("nobody"),
                ),
            )
