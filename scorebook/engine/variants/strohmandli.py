"""Strohmandli: two-player tarokk without bidding, scored in result points per figure.

Spec: shared/rules/strohmandli.md (seed 003 "Strohmandli" and "Strohmandli-változat").
Each player collects result points (RP) for the figures he makes; a deal moves
Δ_A = RP_A − RP_B (§6). Each player's result points are booked as one zero-sum line that
lists his figures and credits (the opponent pays their sum), so the deltas are exactly the
sum of the lines. Matches (§10) never move money: they are tracked in the state, shown on
each deal's last line and in the table hint, and listed in `end_of_session.extra["matches"]`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import Msg, msg, nmsg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, Choice, Leaf, by_player, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
)
from scorebook.engine.variants._match import joined

TOTAL_CARD_POINTS = 94  # 42-card pack, seed 004 §7 (spec §1)
TRICKS = 21  # 42 cards, two players
ANNOUNCEMENT_TYPES = ("fej", "tuletroa", "negy_kiraly")
IRREGULARITY_KINDS = ("revoke", "false_announcement")
# How the hand form offers each announcement and irregularity.
ANNOUNCEMENT_CHOICES = {
    "fej": pmsg("strohmandli choice", "fej"),
    "tuletroa": pmsg("strohmandli choice", "tulétroá"),
    "negy_kiraly": pmsg("strohmandli choice", "négy király"),
}
IRREGULARITY_CHOICES = {
    "revoke": pmsg("strohmandli choice", "revoke (renonsz)"),
    "false_announcement": pmsg("strohmandli choice", "false announcement"),
}


def _field(label: Msg) -> Leaf:
    """A player field of the hand form, with its label."""
    return PLAYER.but(label=label)


# The hand record (spec §13.2), field by field: what `check_input` lets through to the reader.
# The announcements are base rules only, the captured figures the house variant only (§13.3):
# house rules, not record fields, so no `when`.
RECORD = fields(
    dealer=_field(pmsg("strohmandli field", "Dealer")),
    announcements=rows(
        player=_field(pmsg("strohmandli field", "Player")),
        type=TEXT.but(
            label=pmsg("strohmandli field", "Announced"),
            choices=tuple(Choice(t, ANNOUNCEMENT_CHOICES[t]) for t in ANNOUNCEMENT_TYPES),
        ),
        trick=INT.but(label=pmsg("strohmandli field", "On the lead of trick"), lo=1, hi=TRICKS),
    ),
    card_points=by_player(
        INT.but(label=pmsg("strohmandli field", "Card points (sum 94)"), lo=0, hi=TOTAL_CARD_POINTS)
    ),
    captures=fields(
        pagatfogas=_field(pmsg("strohmandli field", "Pagátfogás (caught the other's pagát)")),
        uhu=_field(pmsg("strohmandli field", "Uhu (trick 20 won with the II)")),
        pagatulti=_field(pmsg("strohmandli field", "Pagátulti (trick 21 won with his pagát)")),
        xxi_fogas=_field(pmsg("strohmandli field", "XXI-fogás")),
        tuletroa_captured=_field(pmsg("strohmandli field", "Tulétroá in his tricks")),
        negy_kiraly_captured=_field(pmsg("strohmandli field", "Four kings in his tricks")),
        pagatulti_failed=_field(pmsg("strohmandli field", "Own pagát lost trick 21")),
        uhu_failed=_field(pmsg("strohmandli field", "Own II lost trick 20")),
    ),
    irregularities=rows(
        player=_field(pmsg("strohmandli field", "Offender")),
        kind=TEXT.but(
            label=pmsg("strohmandli field", "Offence"),
            choices=tuple(Choice(k, IRREGULARITY_CHOICES[k]) for k in IRREGULARITY_KINDS),
        ),
    ),
    volat=PLAYER.but(
        derived=True
    ),  # an optional cross-check, not on the form (it follows from the card points)
    ignore=("ruleset", "players", "deal_number"),
)

# Point figures: (code, card points needed). Seed 003 "Strohmandli › Figurák" (játék 48,
# kassza 60, duplajáték 71, volát = every trick ⇔ 94).
CHAIN: tuple[tuple[str, int], ...] = (
    ("jatek", 48),
    ("kassza", 60),
    ("duplajatek", 71),
    ("volat", TOTAL_CARD_POINTS),
)
CHAIN_CODES = frozenset(code for code, _ in CHAIN)
THRESHOLDS: Mapping[str, int] = dict(CHAIN)

# Base rules: seed 003 "Strohmandli › Figurák" and "› Bejelentések".
BASE_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 6,
    "pagatfogas": 5,
    "uhu": 5,
    "pagatulti": 5,
    "fej": 1,  # announcement (Bejelentések)
    "tuletroa": 2,  # announcement (Bejelentések)
    "negy_kiraly": 4,  # announcement (Bejelentések)
}
# House variant: seed 003 "Strohmandli-változat" table ("Pagátulti … 6Briscola" = 6).
VARIANT_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 8,
    "pagatfogas": 3,
    "uhu": 4,
    "pagatulti": 6,
    "xxi_fogas": 5,
    "tuletroa_captured": 2,  # "volátban nem számít"
    "negy_kiraly_captured": 3,  # "volátban nem számít"
}

# Captures made in play, in the order of spec §13.4 item 1.
CAPTURES_BASE = ("pagatfogas", "uhu", "pagatulti")
CAPTURES_VARIANT = ("xxi_fogas", "tuletroa_captured", "negy_kiraly_captured")
CAPTURES_FAILED = ("pagatulti_failed", "uhu_failed")
CAPTURE_KEYS = CAPTURES_BASE + CAPTURES_VARIANT + CAPTURES_FAILED
# Each figure's name, and the reason shown after it (a point figure shows its threshold).
FIGURE_NAMES: Mapping[str, Msg] = {
    "jatek": pmsg("strohmandli figure", "játék"),
    "kassza": pmsg("strohmandli figure", "kassza"),
    "duplajatek": pmsg("strohmandli figure", "duplajáték"),
    "volat": pmsg("strohmandli figure", "volát"),
    "pagatfogas": pmsg("strohmandli figure", "pagátfogás"),
    "uhu": pmsg("strohmandli figure", "uhu"),
    "pagatulti": pmsg("strohmandli figure", "pagátulti"),
    "xxi_fogas": pmsg("strohmandli figure", "XXI-fogás"),
    "tuletroa_captured": pmsg("strohmandli figure", "tulétroá"),
    "negy_kiraly_captured": pmsg("strohmandli figure", "négy király"),
    "fej": pmsg("strohmandli figure", "fej"),
    "tuletroa": pmsg("strohmandli figure", "tulétroá"),
    "negy_kiraly": pmsg("strohmandli figure", "négy király"),
}
FIGURE_WHY: Mapping[str, Msg | str] = {
    "jatek": f"≥ {THRESHOLDS['jatek']}",
    "kassza": f"≥ {THRESHOLDS['kassza']}",
    "duplajatek": f"≥ {THRESHOLDS['duplajatek']}",
    "volat": msg("all 21 tricks"),
    "pagatfogas": msg("took the opponent's pagát"),
    "uhu": msg("won trick 20 with the II"),
    "pagatulti": msg("won trick 21 with his pagát"),
    "xxi_fogas": msg("took the opponent's XXI"),
    "tuletroa_captured": msg("took all three honours"),
    "negy_kiraly_captured": msg("took all four kings"),
    "fej": msg("announced, two honours"),
    "tuletroa": msg("announced, three honours"),
    "negy_kiraly": msg("announced, four kings"),
}


def _labels(values: Mapping[str, int]) -> dict[str, tuple[Msg, Msg]]:
    """Per figure: "name (why) value", then "name value"."""
    return {
        code: (
            msg(
                "{figure} ({why}) {value}",
                figure=FIGURE_NAMES[code],
                why=FIGURE_WHY[code],
                value=value,
            ),
            msg("{figure} {value}", figure=FIGURE_NAMES[code], value=value),
        )
        for code, value in values.items()
    }


# Not counted in a volát: "volátban nem számít" (seed 003 "Strohmandli-változat").
VOLAT_EXCLUDED = frozenset({"tuletroa_captured", "negy_kiraly_captured"})
# Keyed by "is the house variant" (ruleset).
LABELS = {False: _labels(BASE_VALUES), True: _labels(VARIANT_VALUES)}
# The chain figures made with n card points, for n = 0..94.
CHAIN_MADE: tuple[tuple[str, ...], ...] = tuple(
    tuple(code for code, need in CHAIN if n >= need) for n in range(TOTAL_CARD_POINTS + 1)
)
OFFENCE_NAMES = {
    "revoke": pmsg("strohmandli offence", "revoke"),
    "false_announcement": pmsg("strohmandli offence", "false announcement"),
}

RULES_SCORING = pmsg("strohmandli house rules", "Scoring")
# The dealer rotations by the words the house rules page shows for them.
ROTATION_NAMES: dict[str, Msg] = {
    "alternate": pmsg("strohmandli dealer rotation", "alternate"),
    "loser_deals": pmsg("strohmandli dealer rotation", "loser deals"),
    "winner_deals": pmsg("strohmandli dealer rotation", "winner deals"),
}
RULES_PENALTIES = pmsg("strohmandli house rules", "Penalties")
RULES_DEALS = msg("Dealer and matches")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "ruleset",
        "base",
        "choice",
        msg("The base rules, or the 'Strohmandli-változat' table (no announcements)."),
        choices=("base", "house_variant"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli ruleset", "base rules"),
            pmsg("strohmandli ruleset", "house variant"),
        ),
        label=pmsg("strohmandli house rule", "Rule set"),
    ),
    HouseRule(
        "figure_scoring",
        "all",
        "choice",
        msg("Several figures in one deal: every figure counts, or only the highest."),
        choices=("all", "highest_only"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli figure scoring", "every figure"),
            pmsg("strohmandli figure scoring", "highest only"),
        ),
        label=pmsg("strohmandli house rule", "Several figures"),
    ),
    HouseRule(
        "highest_only_scope",
        "threshold_chain",
        "choice",
        msg(
            "With 'highest only': the highest of játék/kassza/duplajáték/volát, or of all figures."
        ),
        choices=("threshold_chain", "all_figures"),
        group=RULES_SCORING,
        choice_labels=(
            pmsg("strohmandli highest only scope", "point figures only"),
            pmsg("strohmandli highest only scope", "all figures"),
        ),
        label=pmsg("strohmandli house rule", "Highest figure among"),
    ),
    HouseRule(
        "allow_fej_and_tuletroa",
        False,
        "bool",
        msg("One player may score both fej and tulétroá in the same deal."),
        group=RULES_SCORING,
        label=pmsg("strohmandli house rule", "Fej and tulétroá together"),
    ),
    HouseRule(
        "failed_ulti_penalty",
        0,
        "int",
        msg("Result points credited to the opponent for a failed pagátulti or uhu (0 = none)."),
        group=RULES_PENALTIES,
        minimum=0,
        label=pmsg("strohmandli house rule", "Failed ulti penalty"),
    ),
    HouseRule(
        "revoke_penalty_points",
        None,
        "optional_int",
        msg(
            "Result points credited to the opponent per revoke or false announcement (empty = none)."
        ),
        group=RULES_PENALTIES,
        minimum=1,
        label=pmsg("strohmandli house rule", "Revoke penalty"),
    ),
    HouseRule(
        "dealer_rotation",
        "alternate",
        "choice",
        msg(
            "Who deals next: alternately, the loser of the deal, or its winner (equal RP: alternate)."
        ),
        choices=tuple(ROTATION_NAMES),
        group=RULES_DEALS,
        choice_labels=tuple(ROTATION_NAMES.values()),
        label=pmsg("strohmandli house rule", "Dealer rotation"),
    ),
    HouseRule(
        "target_points",
        None,
        "optional_int",
        msg("A match ends when a player's match score reaches this (empty = no target)."),
        group=RULES_DEALS,
        minimum=1,
        label=pmsg("strohmandli house rule", "Match target"),
    ),
    HouseRule(
        "match_deals",
        None,
        "optional_int",
        msg("A match ends after this many deals (empty = no fixed length)."),
        group=RULES_DEALS,
        minimum=1,
        label=pmsg("strohmandli house rule", "Deals per match"),
    ),
)


@dataclass(frozen=True, slots=True)
class Match:
    """A run of consecutive deals (§10); scores are the players' RP in seating order."""

    first_deal: int
    last_deal: int
    scores: tuple[int, int]
    over: bool = False
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    next_dealer: str | None = None  # None before the first deal: the first dealer is free
    done: tuple[Match, ...] = ()  # the matches that ended (§10), in order
    # The running match: its first and last deal (0 = none running) and its scores.
    first_deal: int = 0
    last_deal: int = 0
    scores: tuple[int, int] = (0, 0)


# What "highest only" keeps, by highest_only_scope == "threshold_chain".
ONLY = {
    True: msg("the highest of játék, kassza, duplajáték, volát"),
    False: msg("the single highest figure"),
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _higher(players: tuple[str, ...], scores: tuple[int, int]) -> str | None:
    if scores[0] > scores[1]:
        return players[0]
    if scores[1] > scores[0]:
        return players[1]
    return None


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
                    who=volat_player or pmsg("strohmandli volát", "nobody"),
                ),
            )


# -- score: each player's result points as one line, then the deal and its match --------
# Lean on purpose: this runs for every deal of every replay (Lines and dataclasses are the
# main cost, so a deal books one line per scoring player plus one).


def score(session: Session, state: State, number: int, hand: Hand) -> tuple[State, list[Entry]]:
    """The deal's lines (§13.4), the state after it and its entry."""
    players = session.players
    a, b = players
    rules = session.house_rules
    points = hand.points
    others, excluded = _figures(hand, a, b)
    lines: list[Line] = []
    ra = _seat_lines(lines, rules, hand, a, b, others[a], excluded[a])
    rb = _seat_lines(lines, rules, hand, b, a, others[b], excluded[b])
    new_state, n, sa, sb, ended = _advance(session, state, number, hand.dealer, ra, rb)
    lines.append(_deal_line(a, b, ra, rb, n, sa, sb, ended))
    summary = msg(
        "{a} {result_a} – {b} {result_b} result points ({points_a}:{points_b} card points)",
        a=a,
        result_a=ra,
        b=b,
        result_b=rb,
        points_a=points[a],
        points_b=points[b],
    )
    entry = Entry.from_lines(
        kind="hand",
        number=number,
        dealer=hand.dealer,
        players=players,
        pot_names=(),
        lines=lines,
        summary=summary,
    )
    return new_state, [entry]


def _figures(hand: Hand, a: str, b: str) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """§13.4 item 1: each player's figures besides the point chain, in the spec's order,
    and those a volát leaves out ("volátban nem számít", Strohmandli-változat)."""
    points, captures = hand.points, hand.captures
    volat = points[a] == TOTAL_CARD_POINTS or points[b] == TOTAL_CARD_POINTS
    others: dict[str, list[str]] = {a: [], b: []}
    excluded: dict[str, list[str]] = {a: [], b: []}
    for code in CAPTURES_BASE + CAPTURES_VARIANT:
        who = captures[code]
        if who is not None:
            if volat and code in VOLAT_EXCLUDED:
                excluded[who].append(code)
            else:
                others[who].append(code)
    for who, kind in hand.announced:
        others[who].append(kind)
    return others, excluded


def _kept(
    chain: tuple[str, ...], made: list[str], rules: Mapping[str, Any], values: Mapping[str, int]
) -> tuple[list[str], list[str]]:
    """§13.4 item 2, figure_scoring (§7.1): the figures that count and those that do not."""
    if rules["figure_scoring"] != "highest_only":
        return [*chain, *made], []
    if rules["highest_only_scope"] == "threshold_chain":
        return [*chain[-1:], *made], list(chain[:-1])
    every = [*chain, *made]
    if not every:
        return [], []
    best = max(values[code] for code in every)
    top = next(code for code in every if values[code] == best)
    return [top], [code for code in every if code != top]


def _seat_lines(
    lines: list[Line],
    rules: Mapping[str, Any],
    hand: Hand,
    me: str,
    you: str,
    made: list[str],
    excluded: list[str],
) -> int:
    """Books one player's result points (the opponent pays them); returns them."""
    variant = rules["ruleset"] == "house_variant"
    values = VARIANT_VALUES if variant else BASE_VALUES
    labels = LABELS[variant]
    mine = hand.points[me]
    kept, lost = _kept(CHAIN_MADE[mine], made, rules, values)
    total = 0
    parts: list[Msg] = []
    for code in kept:
        total += values[code]
        parts.append(labels[code][0])
    total += _credits(rules, hand, you, parts)
    if parts:
        lines.append(
            Line(
                nmsg(
                    "{me}, {points} card points: {parts} = {count} result point, {you} pays {count}",
                    "{me}, {points} card points: {parts} = {count} result points, "
                    "{you} pays {count}",
                    total,
                    me=me,
                    points=mine,
                    parts=joined(parts),
                    you=you,
                ),
                {me: total, you: -total},
            )
        )
    if lost or excluded:
        _not_counted(lines, rules, labels, me, lost, excluded)
    return total


def _not_counted(
    lines: list[Line],
    rules: Mapping[str, Any],
    labels: Mapping[str, tuple[Msg, Msg]],
    me: str,
    lost: list[str],
    excluded: list[str],
) -> None:
    """Books, in words only, the figures a player made that do not count: by figure_scoring
    highest_only, or in a volát."""
    if lost:
        chain_scope = rules["highest_only_scope"] == "threshold_chain"
        lines.append(
            Line(
                msg(
                    "{me}: not counted ({figures}): by the house rules only {kept} counts",
                    me=me,
                    figures=joined([labels[c][1] for c in lost], ", "),
                    kept=ONLY[chain_scope],
                )
            )
        )
    if excluded:
        lines.append(
            Line(
                msg(
                    "{me}: not counted in a volát: {figures}",
                    me=me,
                    figures=joined([labels[c][1] for c in excluded], ", "),
                )
            )
        )


def _credits(rules: Mapping[str, Any], hand: Hand, you: str, parts: list[Msg]) -> int:
    """§13.4 item 3: the credits for the opponent's failures and offences (never removed
    by figure_scoring); adds their parts, returns their sum."""
    total = 0
    failed_penalty: int = rules["failed_ulti_penalty"]
    if failed_penalty:
        for key, what in (("pagatulti_failed", "pagatulti"), ("uhu_failed", "uhu")):
            if hand.captures[key] == you:
                total += failed_penalty
                parts.append(
                    msg(
                        "{who}'s failed {figure} {points}",
                        who=you,
                        figure=FIGURE_NAMES[what],
                        points=failed_penalty,
                    )
                )
    revoke_points: int | None = rules["revoke_penalty_points"]
    if revoke_points is not None:
        for who, kind in hand.offences:
            if who == you:
                total += revoke_points
                parts.append(
                    msg(
                        "{offence} by {who} {points}",
                        offence=OFFENCE_NAMES[kind],
                        who=you,
                        points=revoke_points,
                    )
                )
    return total


def _deal_line(
    a: str, b: str, ra: int, rb: int, n: int, sa: int, sb: int, ended: str | None
) -> Line:
    """The deal's result points and, in words only, its match: matches never move money
    (§10)."""
    text = msg(
        "result points {a} {result_a}, {b} {result_b}: {a} {result_a} − {result_b} = {delta}, "
        "{b} {minus}; match {number}: {a} {match_a} – {b} {match_b}",
        a=a,
        result_a=ra,
        b=b,
        result_b=rb,
        delta=_signed(ra - rb),
        minus=_signed(rb - ra),
        number=n,
        match_a=sa,
        match_b=sb,
    )
    if ended is None:
        text = pmsg("strohmandli match", "{text}, drawn", text=text)
    elif ended:
        text = pmsg("strohmandli match", "{text}, {winner} wins the match", text=text, winner=ended)
    return Line(text)


def _advance(
    session: Session, state: State, number: int, dealer: str, ra: int, rb: int
) -> tuple[State, int, int, int, str | None]:
    """The state after a deal; the match's number and scores; how it ended: "" running,
    None drawn, else the winner."""
    a, b = session.players
    rules = session.house_rules
    # Next dealer (§12 item 9): equal RP always alternates.
    rotation = rules["dealer_rotation"]
    if rotation == "alternate" or ra == rb:
        next_dealer = b if dealer == a else a
    elif rotation == "loser_deals":
        next_dealer = a if ra < rb else b
    else:
        next_dealer = a if ra > rb else b
    # Matches (§10): after a match ends, the next deal starts a new one at 0 – 0.
    if state.first_deal:
        first = state.first_deal
        sa, sb = state.scores[0] + ra, state.scores[1] + rb
    else:
        first, sa, sb = number, ra, rb
    n = len(state.done) + 1
    target: int | None = rules["target_points"]
    length: int | None = rules["match_deals"]
    # Past the target with unequal scores (equal: play on), or the fixed length reached
    # (equal: a drawn match).
    if (target is not None and (sa >= target or sb >= target) and sa != sb) or (
        length is not None and number - first + 1 >= length
    ):
        winner = a if sa > sb else b if sb > sa else None
        match = Match(first, number, (sa, sb), True, winner)
        return State(next_dealer, (*state.done, match)), n, sa, sb, winner
    return State(next_dealer, state.done, first, number, (sa, sb)), n, sa, sb, ""


def _how_it_ended(m: Match) -> Msg:
    """A match as its line ends: still running, drawn, or won by a player."""
    if not m.over:
        return pmsg("strohmandli match", "still running")
    if m.winner is None:
        return pmsg("strohmandli match", "drawn")
    return msg("won by {winner}", winner=m.winner)


class Strohmandli:
    key = "strohmandli"
    title = pmsg("game title", "Strohmandli (two-player tarokk)")
    min_players = 2
    max_players = 2
    pot_names: tuple[str, ...] = ()  # "kassza" is a figure, not a pot (§8)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # -- session ------------------------------------------------------------------------

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        return State(), []

    def event(
        self, session: Session, state: Any, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        raise InvalidHand.one("event", msg("Strohmandli has no session events (join, leave)"))

    # -- one deal -----------------------------------------------------------------------

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        return score(session, state, number, read(session, state, hand))

    # -- the session's end and the table ------------------------------------------------

    def _matches(self, session: Session, state: State) -> list[Match]:
        """The matches as §13.4 reports them: without a target or a fixed length, the one
        open-ended match is over at the end of the session."""
        matches = list(state.done)
        if state.first_deal:
            rules = session.house_rules
            over = rules["target_points"] is None and rules["match_deals"] is None
            winner = _higher(session.players, state.scores) if over else None
            matches.append(Match(state.first_deal, state.last_deal, state.scores, over, winner))
        return matches

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        players = session.players
        a, b = players
        lines: list[Line] = []
        listed: list[dict[str, Any]] = []
        for i, m in enumerate(self._matches(session, state), start=1):
            listed.append(
                {
                    "first_deal": m.first_deal,
                    "last_deal": m.last_deal,
                    "scores": {a: m.scores[0], b: m.scores[1]},
                    "over": m.over,
                    "winner": m.winner,
                }
            )
            lines.append(
                Line(
                    msg(
                        "match {number} (deals {first}–{last}): {a} {score_a} – {b} {score_b}, {how}",
                        number=i,
                        first=m.first_deal,
                        last=m.last_deal,
                        a=a,
                        score_a=m.scores[0],
                        b=b,
                        score_b=m.scores[1],
                        how=_how_it_ended(m),
                    )
                )
            )
        # Matches never move money (§10): nothing is paid out and there are no pots.
        return EndOfSession(
            payouts=dict.fromkeys(players, 0),
            pots_left={},
            lines=tuple(lines),
            extra={"matches": listed},
        )

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        a, b = players
        rules = session.house_rules
        target: int | None = rules["target_points"]
        length: int | None = rules["match_deals"]
        notes: list[Msg] = []
        done = state.done
        if done and not state.first_deal:
            last = done[-1]
            notes.append(
                msg(
                    "match {number}: {a} {score_a} – {b} {score_b}, {how}",
                    number=len(done),
                    a=a,
                    score_a=last.scores[0],
                    b=b,
                    score_b=last.scores[1],
                    how=_how_it_ended(last),
                )
            )
        current, n = state.scores, len(done) + 1
        played = state.last_deal - state.first_deal + 1 if state.first_deal else 0
        text = msg(
            "match {number}: {a} {score_a} – {b} {score_b}",
            number=n,
            a=a,
            score_a=current[0],
            b=b,
            score_b=current[1],
        )
        if target is not None:
            text = msg("{text}, playing to {target}", text=text, target=target)
        if length is not None:
            text = msg("{text}, deal {deal} of {length}", text=text, deal=played + 1, length=length)
        notes.append(text)
        if state.next_dealer is None:
            notes.append(msg("first deal: either player may deal"))
            return TableHint(next_dealer=players[0], notes=tuple(notes))
        return TableHint(next_dealer=state.next_dealer, notes=tuple(notes))

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        loaded: State = load_dataclass(State, data)
        return loaded


VARIANT = Strohmandli()
