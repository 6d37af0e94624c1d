"""Tapper tarokk (tappertarokk): three players, 54 or 42 cards (spec `rules/tapper.md`).

The declarer plays alone against two; every item is an amount `a` per opponent (§6).
Hand-held bonuses (fejek, tulétroá, four kings) are paid to their holder by each other
player, whoever won, but only to a holder who took part in the bidding (seed 004 §71).

A hand is read in three steps: `read` (the record into a `Hand`, one reader per record
section), the `_check_*` rules (cross-field, each problem naming its field), then `score`
(the game, figures, bonuses, the ultimókassza, or an irregularity's penalty).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    INT,
    PLAYER,
    PLAYERS,
    TEXT,
    Choice,
    When,
    choices,
    fields,
    maybe,
    rows,
)
from scorebook.engine.types import Amount, EndOfSession, Entry, HouseRule, Line, Session
from scorebook.engine.variants._hungarian import (
    CONTRA_LABELS,
    CONTRA_LEVELS,
    DECLARER,
    GAME,
    OPPONENTS,
    POT,
    SIDE_LABELS,
    SIDES,
    PotGame,
    PotState,
    check_no_game,
    contra_of,
    kassza_fee,
    next_dealer,
    other,
    penalty_sum,
    signed,
    split_at_end,
    ultimo_failed,
)
from scorebook.engine.variants._tarokk_count import (
    TAROKKS,
    bonus_step_problem,
    is_bonus_step,
    read_tarokk_counts,
)

KEY = "tapper"
CONTRACTS = ("harmas", "also_harmas", "felso_harmas", "szolo")
# Contract values, seed 004 §70: hármas 3, alsó hármas 4, felső hármas 5, szóló 8.
GAME_VALUE = {"harmas": 3, "also_harmas": 4, "felso_harmas": 5, "szolo": 8}
CONTRACT_NAMES = {
    "harmas": pmsg("tapper tarokk contract", "hármas"),
    "also_harmas": pmsg("tapper tarokk contract", "alsó hármas"),
    "felso_harmas": pmsg("tapper tarokk contract", "felső hármas"),
    "szolo": pmsg("tapper tarokk contract", "szóló"),
}
# Card-point totals and thresholds, seed 004 §67, §70: 54 cards 70 / 36, 42 cards 66 / 34.
TOTAL = {54: 70, 42: 66}
THRESHOLD = {54: 36, 42: 34}
# Trick figures (silent, announced) in the hármas games, seed 004 §70; doubled in szóló
# ("szólónál ennek kétszerese").
FIGURES: dict[str, tuple[int, int, Msg]] = {
    "pagat_ultimo": (3, 6, pmsg("tapper tarokk figure", "pagát ultimó")),
    "volat": (12, 24, pmsg("tapper tarokk figure", "volát")),
}
# Hand-held bonuses, seed 004 §71: four kings 3, tulétroá 3, fejek 1; doubled in szóló.
BONUSES: dict[str, tuple[int, Msg]] = {
    "four_kings": (3, pmsg("tapper tarokk bonus", "four kings")),
    "trull": (3, pmsg("tapper tarokk bonus", "tulétroá (three honours)")),
    "heads": (1, pmsg("tapper tarokk bonus", "fejek (two honours)")),
}
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")


@dataclass(frozen=True, slots=True)
class CountBonusListRule(HouseRule):
    """Null or a list of {"min_tarokks": n, "value": v} (spec §4.3, §13).

    `HouseRule.check` knows no list-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value:
            return f'{value!r} is not null or a list of {{"min_tarokks": n, "value": v}}'
        seen: set[int] = set()
        for item in value:
            if not is_bonus_step(item):
                return f'{item!r} is not {{"min_tarokks": n, "value": v}}'
            problem = bonus_step_problem(item)
            if problem is not None:
                return problem
            if item["min_tarokks"] in seen:
                return f"min_tarokks {item['min_tarokks']} is given twice"
            seen.add(item["min_tarokks"])
        return None


def _rule(name: str, default: Any, kind: str, help: Msg, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, help, **kw)


KASSZA = pmsg("tapper tarokk house rule group", "Ultimókassza")
BONUS_GROUP = pmsg("tapper tarokk house rule group", "Hand bonuses")

GAME_GROUP = pmsg("tapper house rule group", "Game and figures")
PENALTY_GROUP = pmsg("tapper house rule group", "Penalties and annulment")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "deck_size",
        54,
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "Pack: 54 cards (70 card points, 36 wins) or 42 cards (66, 34 wins)",
        ),
        choices=(54, 42),
        choice_labels=(
            pmsg("tapper tarokk house rule", "54 cards"),
            pmsg("tapper tarokk house rule", "42 cards"),
        ),
        label=pmsg("tapper house rule", "Pack"),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Play with the ultimókassza (an announced ultimó takes or doubles it)",
        ),
        group=KASSZA,
        label=pmsg("tapper house rule", "Ultimókassza"),
    ),
    _rule(
        "kassza_stake",
        5,
        "int",
        pmsg(
            "tapper tarokk house rule",
            "Stake each player pays into the ultimókassza at the start and whenever it empties",
        ),
        group=KASSZA,
        minimum=0,
        label=pmsg("tapper house rule", "Kassza stake"),
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "At the end the ultimókassza is split equally (or carried over)",
        ),
        choices=("split_equally", "carry_over"),
        choice_labels=(
            pmsg("tapper tarokk house rule", "split equally"),
            pmsg("tapper tarokk house rule", "carry over"),
        ),
        group=KASSZA,
        label=pmsg("tapper house rule", "Kassza at the end of the night"),
    ),
    _rule(
        "kassza_shared_by_side",
        False,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "An opponents' ultimó takes or doubles the kassza for both opponents (half each)",
        ),
        group=KASSZA,
        label=pmsg("tapper house rule", "Kassza shared by the opponents"),
    ),
    _rule(
        "all_pass_kassza_payment",
        0,
        "int",
        pmsg(
            "tapper tarokk house rule", "Each player pays this into the ultimókassza when all pass"
        ),
        group=KASSZA,
        minimum=0,
        label=pmsg("tapper house rule", "Kassza payment when all pass"),
    ),
    _rule(
        "solo_doubles_game_value",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "Szóló doubles the game value too (8 → 16)"),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Szóló doubles the game"),
    ),
    _rule(
        "fejek_requires_bidding",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Fejek is paid only to a holder who took part in the bidding",
        ),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Fejek only for bidders"),
    ),
    _rule(
        "tuletroa_includes_fejek",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "A tulétroá holder is also paid fejek"),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Tulétroá includes fejek"),
    ),
    _rule(
        "hand_bonus_basis",
        "after_exchange",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "Hand bonuses count the hand held at the first lead (or as dealt)",
        ),
        choices=("after_exchange", "as_dealt"),
        choice_labels=(
            pmsg("tapper tarokk house rule", "as held at the first lead"),
            pmsg("tapper tarokk house rule", "as dealt"),
        ),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Hand bonuses: which hand counts"),
    ),
    _rule(
        "individual_contras",
        False,
        "bool",
        pmsg("tapper tarokk house rule", "A contra binds only the opponent who said it (not both)"),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Individual contras"),
    ),
    _rule(
        "opponent_figure_payment",
        "side",
        "choice",
        pmsg(
            "tapper tarokk house rule",
            "An opponent's ultimó is paid side against side (or only to/by that opponent)",
        ),
        choices=("side", "individual"),
        choice_labels=(
            pmsg("tapper tarokk house rule", "side against side"),
            pmsg("tapper tarokk house rule", "only with that opponent"),
        ),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Settling an opponent's ultimó"),
    ),
    CountBonusListRule(
        "tarokk_count_bonus",
        None,
        "json",
        pmsg(
            "tapper tarokk house rule",
            "A bonus for announcing many tarokks, in steps: from each step's number of "
            "tarokks on, each other player pays its amount (none: not played)",
        ),
        group=BONUS_GROUP,
        label=pmsg("tapper house rule", "Tarokk-count bonus"),
    ),
    _rule(
        "volat_replaces_game",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "A volát (made or announced) replaces the game (Tolnai 1930, §53)",
        ),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Volát replaces the game"),
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "Revoke / wrong discard: the offender pays each other player, the hand is void",
        ),
        group=PENALTY_GROUP,
        label=pmsg("tapper house rule", "Revoke and wrong discard"),
    ),
    _rule(
        "no_tarokk_annulment",
        True,
        "bool",
        pmsg(
            "tapper tarokk house rule",
            "A hand may be annulled when a player has no tarokk or only the XXI",
        ),
        group=PENALTY_GROUP,
        label=pmsg("tapper house rule", "Annulment without tarokks"),
    ),
    _rule(
        "volat_by_opponents",
        True,
        "bool",
        pmsg("tapper tarokk house rule", "The opponents may announce a volát too"),
        group=GAME_GROUP,
        label=pmsg("tapper house rule", "Opponents' volát"),
    ),
)


# --- the typed hand ---------------------------------------------------------------------

# Immutable NamedTuples: the cheapest immutable record to build (a replay reads thousands).


class Announcement(NamedTuple):
    figure: str
    side: str
    by: str
    contra: int
    contra_by: tuple[str, ...]  # the opponents whose payments the contra multiplies


class Result(NamedTuple):
    points: int
    made: dict[str, str | None]  # figure -> side
    ultimo_player: str | None


class Played(NamedTuple):
    declarer: str
    opponents: tuple[str, ...]
    contract: str
    participants: tuple[str, ...]  # who took part in the bidding
    game_contra: int
    game_contra_by: tuple[str, ...]
    announcements: tuple[Announcement, ...]
    bonuses: tuple[tuple[str, str], ...]  # (holder, bonus)
    counts: tuple[tuple[str, int], ...]
    irregularity: tuple[str, str | None] | None  # (type, offender)
    result: Result | None  # None when the hand is annulled or voided

    @property
    def annulled(self) -> bool:
        return self.irregularity is not None and self.irregularity[0] == "no_tarokk_annulment"


class Hand(NamedTuple):
    dealer: str
    played: Played | None  # None when all pass


FIGURE_KEYS = tuple(FIGURES)
BONUS_KEYS = tuple(BONUSES)
NO_GAME_NULLS = ("declarer", "contract", "result", "irregularity")
NO_GAME_EMPTIES = ("bid_participants", "announcements", "hand_bonuses", "tarokk_count")

# The hand form's words for the values the reader accepts.
CONTRACT_LABELS = {
    "harmas": pmsg("tapper choice", "hármas"),
    "also_harmas": pmsg("tapper choice", "alsó hármas"),
    "felso_harmas": pmsg("tapper choice", "felső hármas"),
    "szolo": pmsg("tapper choice", "szóló"),
}
FIGURE_LABELS = {
    "pagat_ultimo": pmsg("tapper choice", "pagátultimó"),
    "volat": pmsg("tapper choice", "volát"),
}
BONUS_LABELS = {
    "four_kings": pmsg("tapper choice", "four kings (négy király)"),
    "trull": pmsg("tapper choice", "tulétroá (three honours)"),
    "heads": pmsg("tapper choice", "fejek (two honours)"),
}
IRREGULARITY_LABELS = {
    "revoke": pmsg("tapper choice", "revoke (renonsz)"),
    "wrong_discard": pmsg("tapper choice", "wrong discard"),
    "no_tarokk_annulment": pmsg("tapper choice", "annulled: no tarokk"),
}
PLAYED = When("all_pass", (False,))  # nothing but the dealer when all pass
SIDE = TEXT.but(choices=choices(SIDES, SIDE_LABELS), when=PLAYED)
CONTRA = INT.but(
    choices=choices(CONTRA_LEVELS, CONTRA_LABELS), lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1]
)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=pmsg("tapper field", "Dealer")),
    all_pass=BOOL.but(
        label=pmsg("tapper field", "Outcome"),
        choices=(
            Choice(False, pmsg("tapper choice", "played")),
            Choice(True, pmsg("tapper choice", "all pass (passz)")),
        ),
        default=False,
    ),
    declarer=PLAYER.but(label=pmsg("tapper field", "Declarer (felvevő)"), when=PLAYED),
    contract=TEXT.but(
        label=pmsg("tapper field", "Game"),
        choices=choices(CONTRACTS, CONTRACT_LABELS),
        when=PLAYED,
    ),
    bid_participants=PLAYERS.but(
        label=pmsg("tapper field", "Bid or held at least once (with the declarer)"),
        when=PLAYED,
    ),
    game_contra=CONTRA.but(label=pmsg("tapper field", "Game contra"), default=0, when=PLAYED),
    # read only with the house rule individual_contras (`_read_contra_by`)
    game_contra_by=PLAYERS.but(
        label=pmsg("tapper field", "Game contra given by (only with individual contras)"),
        when=PLAYED,
    ),
    announcements=rows(
        figure=TEXT.but(
            label=pmsg("tapper field", "Announced figure"),
            choices=choices(FIGURE_KEYS, FIGURE_LABELS),
            when=PLAYED,
        ),
        side=SIDE.but(label=pmsg("tapper field", "Announcing side")),
        by=PLAYER.but(label=pmsg("tapper field", "Announced by"), when=PLAYED),
        contra=CONTRA.but(label=pmsg("tapper field", "Contra"), when=PLAYED),
        contra_by=PLAYERS.but(
            label=pmsg("tapper field", "Contra given by (individual contras only)"), when=PLAYED
        ),
    ),
    result=fields(
        # 70 with the 54-card pack, 66 with 42 cards (house rule deck_size)
        declarer_points=INT.but(
            label=pmsg("tapper field", "Declarer's card points (0–70; 0–66 with 42 cards)"),
            lo=0,
            hi=max(TOTAL.values()),
            when=PLAYED,
        ),
        figures_made=fields(
            pagat_ultimo=SIDE.but(
                label=pmsg("tapper field", "Pagátultimó made by (announced or silent)")
            ),
            volat=SIDE.but(label=pmsg("tapper field", "Volát made by (announced or silent)")),
        ),
        pagat_ultimo_player=PLAYER.but(
            label=pmsg("tapper field", "Whose pagát won the last trick"), when=PLAYED
        ),
    ),
    hand_bonuses=rows(
        player=PLAYER.but(label=pmsg("tapper field", "Player"), when=PLAYED),
        bonus=TEXT.but(
            label=pmsg("tapper field", "Held"),
            choices=choices(BONUS_KEYS, BONUS_LABELS),
            when=PLAYED,
        ),
    ),
    # scored only with the house rule tarokk_count_bonus
    tarokk_count=rows(
        player=PLAYER.but(label=pmsg("tapper field", "Player"), when=PLAYED),
        count=INT.but(label=pmsg("tapper field", "Tarokks"), lo=0, hi=TAROKKS, when=PLAYED),
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=pmsg("tapper field", "Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
            when=PLAYED,
        ),
        player=PLAYER.but(label=pmsg("tapper field", "Player"), when=PLAYED),
    ),
)


# --- read: the record into a Hand, one reader per section --------------------------------


def read(session: Session, record: Mapping[str, Any]) -> Hand:
    """The hand record (spec §13) as a `Hand`; raises InvalidHand naming every problem."""
    problems = Problems()
    r = Reader(record, problems)
    r.integer("hand_no", lo=1, optional=True)
    dealer = r.player("dealer", session.players)
    all_pass = _read_all_pass(r)
    played: Played | None = None
    if all_pass:
        null = pmsg("tapper tarokk", "must be null when all pass")
        empty = pmsg("tapper tarokk", "must be empty when all pass")
        check_no_game(r, NO_GAME_NULLS, NO_GAME_EMPTIES, null, empty)
    elif all_pass is not None:
        played = _read_played(session, r)
    problems.raise_if_any()
    assert dealer is not None
    assert all_pass or played is not None
    return Hand(dealer, played)


def _read_all_pass(r: Reader) -> bool | None:
    value = r.raw("all_pass")
    if isinstance(value, bool):
        return value
    if value is None:
        r.problems.add("all_pass", pmsg("tapper tarokk", "is required"))
    else:
        text = pmsg("tapper tarokk", "{value} is not true or false", value=repr(value))
        r.problems.add("all_pass", text)
    return None


def _read_played(session: Session, r: Reader) -> Played | None:
    """A played hand's sections, each read then checked; None after a problem."""
    players, rules = session.players, session.house_rules
    declarer = r.player("declarer", players)
    contract = r.choice("contract", CONTRACTS)
    opponents = tuple([p for p in players if p != declarer])
    participants = r.players("bid_participants", players)
    if declarer is not None and declarer not in participants:
        r.problems.add(
            "bid_participants",
            pmsg("tapper tarokk", "must contain the declarer {declarer}", declarer=declarer),
        )
    game_contra = r.integer("game_contra", lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1], default=0)
    game_contra_by = _read_contra_by(r, "game_contra_by", rules, opponents, declarer)
    announcements = _read_announcements(r, rules, players, opponents, declarer)
    bonuses = _read_bonuses(r, players)
    counts = read_tarokk_counts(
        r, "tarokk_count", "player", players, scored=rules["tarokk_count_bonus"] is not None
    )
    irregularity = _read_irregularity(r, rules, players, declarer, contract)
    annulled = irregularity is not None and irregularity[0] == "no_tarokk_annulment"
    if annulled:
        _check_annulled(r)
    voided = annulled or (irregularity is not None and bool(rules["revoke_penalty"]))
    res = r.obj("result", optional=voided)
    result = _read_result(session, res, declarer, announcements) if res is not None else None
    if declarer is not None:
        _check_pagat_holder(r, declarer, bonuses, result)
    if declarer is None or contract is None or game_contra is None:
        return None
    return Played(
        declarer=declarer,
        opponents=opponents,
        contract=contract,
        participants=tuple(participants),
        game_contra=game_contra,
        game_contra_by=game_contra_by,
        announcements=announcements,
        bonuses=bonuses,
        counts=tuple(counts),
        irregularity=irregularity,
        result=result,
    )


def _read_contra_by(
    r: Reader,
    name: str,
    rules: Mapping[str, Any],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[str, ...]:
    """The opponents a contra binds: both, unless `individual_contras` names them."""
    if not rules["individual_contras"] or r.raw(name) is None:
        return opponents
    chosen = r.players(name, opponents if declarer is not None else ())
    return tuple(o for o in opponents if o in chosen)


def _read_announcements(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[Announcement, ...]:
    """The announcements, each checked against its side and the ones before it."""
    announcements: list[Announcement] = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", FIGURE_KEYS)
        side = item.choice("side", SIDES)
        by = item.player("by", players)
        contra = item.integer("contra", lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1], default=0)
        contra_by = _read_contra_by(item, "contra_by", rules, opponents, declarer)
        if figure is None or side is None or by is None or contra is None or declarer is None:
            continue
        a = Announcement(figure, side, by, contra, contra_by)
        if _check_announcement(r.problems, rules, i, a, declarer, announcements):
            announcements.append(a)
    return tuple(announcements)


def _read_bonuses(r: Reader, players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The hand-held bonuses (§4.2), each checked against the ones before it."""
    bonuses: list[tuple[str, str]] = []
    for i, item in enumerate(r.items("hand_bonuses")):
        who = item.player("player", players)
        bonus = item.choice("bonus", BONUS_KEYS)
        if who is not None and bonus is not None and _check_bonus(r.problems, i, bonus, bonuses):
            bonuses.append((who, bonus))
    return tuple(bonuses)


def _read_irregularity(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    declarer: str | None,
    contract: str | None,
) -> tuple[str, str | None] | None:
    """The irregularity (§9) and its offender; a wrong discard is the declarer's."""
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    kind = irr.choice("type", IRREGULARITIES)
    offender = irr.player("player", players, optional=True)
    _check_irregularity(irr, rules, kind, offender, declarer, contract)
    if kind == "wrong_discard":
        offender = declarer
    if kind is None:
        return None
    return kind, offender


def _read_result(
    session: Session,
    res: Reader,
    declarer: str | None,
    announcements: tuple[Announcement, ...],
) -> Result | None:
    points = res.integer("declarer_points", lo=0, hi=TOTAL[session.house_rules["deck_size"]])
    made: dict[str, str | None] = dict.fromkeys(FIGURES)
    figures_made = res.obj("figures_made", optional=True)
    if figures_made is not None:
        for f in FIGURES:
            made[f] = figures_made.choice(f, SIDES, optional=True)
    ultimo_player = res.player("pagat_ultimo_player", session.players, optional=True)
    _check_volat(res.problems, session, points, made)
    if declarer is not None:
        _check_ultimo_player(res.problems, session, declarer, made, ultimo_player)
    if points is None:
        return None
    return Result(points, made, ultimo_player)


# --- check: the cross-field rules, each problem naming its field -------------------------


def _check_announcement(
    problems: Problems,
    rules: Mapping[str, Any],
    i: int,
    a: Announcement,
    declarer: str,
    before: list[Announcement],
) -> bool:
    """The announcer plays on the side named; each figure once; the opponents' volát only
    under the house rule."""
    field = f"announcements[{i}]"
    if a.side != (DECLARER if a.by == declarer else OPPONENTS):
        problems.add(
            f"{field}.side", pmsg("tapper tarokk", "{by} plays on the other side", by=a.by)
        )
        return False
    if any(b.figure == a.figure for b in before):
        problems.add(
            f"{field}.figure",
            pmsg("tapper tarokk", "{figure} is already announced", figure=FIGURE_LABELS[a.figure]),
        )
        return False
    if a.figure == "volat" and a.side == OPPONENTS and not rules["volat_by_opponents"]:
        problems.add(
            f"{field}.side",
            pmsg(
                "tapper tarokk",
                "the opponents may not announce a volát (by the house rules)",
            ),
        )
        return False
    return True


def _check_bonus(problems: Problems, i: int, bonus: str, before: list[tuple[str, str]]) -> bool:
    """One holder per bonus; three honours cannot make both tulétroá and fejek."""
    if any(b == bonus for _, b in before):
        problems.add(f"hand_bonuses[{i}].bonus", _held_once(bonus))
        return False
    if {bonus, *(b for _, b in before)} >= {"trull", "heads"}:
        problems.add(
            f"hand_bonuses[{i}].bonus",
            pmsg(
                "tapper tarokk",
                "there are three honours: tulétroá and fejek cannot both be held",
            ),
        )
        return False
    return True


def _held_once(bonus: str) -> Msg:
    """A bonus named twice: one message per bonus (the record's name in English)."""
    if bonus == "four_kings":
        return pmsg("tapper tarokk", "only one player can hold four kings")
    if bonus == "trull":
        return pmsg("tapper tarokk", "only one player can hold trull")
    return pmsg("tapper tarokk", "only one player can hold heads")


def _check_irregularity(
    irr: Reader,
    rules: Mapping[str, Any],
    kind: str | None,
    offender: str | None,
    declarer: str | None,
    contract: str | None,
) -> None:
    """A revoke names its revoker; only the declarer discards, and not in szóló; an
    annulment only under the house rule."""
    problems = irr.problems
    if kind == "revoke" and offender is None and not irr.has("player"):
        problems.add("irregularity.player", pmsg("tapper tarokk", "the revoker is required"))
    if kind == "wrong_discard":
        if offender is not None and declarer is not None and offender != declarer:
            problems.add("irregularity.player", pmsg("tapper tarokk", "only the declarer discards"))
        elif contract == "szolo":
            problems.add("irregularity.type", pmsg("tapper tarokk", "there is no discard in szóló"))
    if kind == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]:
        problems.add(
            "irregularity.type",
            pmsg("tapper tarokk", "annulment is off (by the house rules)"),
        )


def _check_annulled(r: Reader) -> None:
    """An annulment comes before the announcements (§9)."""
    for name in ("announcements", "tarokk_count"):
        if r.raw(name):
            r.problems.add(
                name,
                pmsg(
                    "tapper tarokk",
                    "an annulled hand has no announcements (annulment comes before them)",
                ),
            )


def _check_pagat_holder(
    r: Reader, declarer: str, bonuses: tuple[tuple[str, str], ...], result: Result | None
) -> None:
    """The tulétroá's holder holds the pagát at the first lead (honours are never discarded,
    §3): only he may announce the pagátultimó (§4.1, T7), and only his side make it."""
    holder = next((who for who, bonus in bonuses if bonus == "trull"), None)
    if holder is None:
        return
    raw = r.raw("announcements")
    for i, item in enumerate(raw if isinstance(raw, list) else ()):
        ultimo = isinstance(item, dict) and item.get("figure") == "pagat_ultimo"
        if ultimo and item.get("by") != holder:
            r.problems.add(
                f"announcements[{i}].by",
                pmsg(
                    "tapper tarokk",
                    "{holder} holds the tulétroá, so only he holds the pagát to announce it",
                    holder=holder,
                ),
            )
    if result is None:
        return
    side = DECLARER if holder == declarer else OPPONENTS
    made = result.made["pagat_ultimo"]
    if made is not None and made != side:
        text = (
            pmsg(
                "tapper tarokk",
                "{holder} holds the tulétroá, so the pagát is on the declarer side",
                holder=holder,
            )
            if side == DECLARER
            else pmsg(
                "tapper tarokk",
                "{holder} holds the tulétroá, so the pagát is on the opponents side",
                holder=holder,
            )
        )
        r.problems.add("result.figures_made.pagat_ultimo", text)
    elif made is not None and result.ultimo_player not in (None, holder):
        r.problems.add(
            "result.pagat_ultimo_player",
            pmsg(
                "tapper tarokk", "{holder} holds the tulétroá, so the pagát is his", holder=holder
            ),
        )


def _check_volat(
    problems: Problems, session: Session, points: int | None, made: dict[str, str | None]
) -> None:
    """A volát is the winner's, and leaves the other side no trick for its pagát."""
    volat = made["volat"]
    if volat is None:
        return
    if points is not None:
        won = points >= THRESHOLD[session.house_rules["deck_size"]]
        if won != (volat == DECLARER):
            text = (
                pmsg(
                    "tapper tarokk",
                    "a volát of the declarer does not fit {points} card points",
                    points=points,
                )
                if volat == DECLARER
                else pmsg(
                    "tapper tarokk",
                    "a volát of the opponents does not fit {points} card points",
                    points=points,
                )
            )
            problems.add("result.figures_made.volat", text)
    if made["pagat_ultimo"] == other(volat):
        text = (
            pmsg("tapper tarokk", "the declarer took every trick")
            if volat == DECLARER
            else pmsg("tapper tarokk", "the opponents took every trick")
        )
        problems.add("result.figures_made.pagat_ultimo", text)


def _check_ultimo_player(
    problems: Problems,
    session: Session,
    declarer: str,
    made: dict[str, str | None],
    ultimo_player: str | None,
) -> None:
    """The ultimó's player made it on his side; named when paid individually (§12 T7)."""
    ultimo = made["pagat_ultimo"]
    if ultimo_player is not None:
        if ultimo is None:
            problems.add(
                "result.pagat_ultimo_player", pmsg("tapper tarokk", "nobody made the ultimó")
            )
        elif (DECLARER if ultimo_player == declarer else OPPONENTS) != ultimo:
            text = (
                pmsg(
                    "tapper tarokk",
                    "{player} is not on the declarer side",
                    player=ultimo_player,
                )
                if ultimo == DECLARER
                else pmsg(
                    "tapper tarokk",
                    "{player} is not on the opponents side",
                    player=ultimo_player,
                )
            )
            problems.add("result.pagat_ultimo_player", text)
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if ultimo == OPPONENTS and ultimo_player is None and individual:
        problems.add(
            "result.pagat_ultimo_player",
            pmsg(
                "tapper tarokk",
                "is required: the opponents made the ultimó and it is paid individually",
            ),
        )


# --- score: the tariff lines and payments -----------------------------------------------


def _payment(declarer: str, opponents: tuple[str, ...], amounts: Mapping[str, int]) -> str | Msg:
    """Who pays whom for one item, `amounts` per opponent from the declarer's view."""
    first = amounts[opponents[0]]
    if all(amounts[o] == first for o in opponents) and first != 0:
        v = abs(first)
        if first > 0:
            return pmsg(
                "tapper tarokk", "each opponent pays {declarer} {value}", declarer=declarer, value=v
            )
        return pmsg(
            "tapper tarokk", "{declarer} pays each opponent {value}", declarer=declarer, value=v
        )
    parts = []
    for o in opponents:
        a = amounts[o]
        if a:
            parts.append(f"{o} → {declarer} {a}" if a > 0 else f"{declarer} → {o} {-a}")
    return ", ".join(parts) or "0"


def _booked(declarer: str, text: Msg, amounts: dict[str, int]) -> Line:
    """An item paid per opponent: each opponent pays the declarer his amount (or is paid)."""
    deltas: dict[str, Amount] = {declarer: sum(amounts.values())}
    for o, a in amounts.items():
        deltas[o] = -a
    return Line(text, deltas)


def _multiplied(
    base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...], sign: int
) -> dict[str, int]:
    """`base` per opponent, × 2^level for the opponents the contra binds, signed."""
    m = 2**level
    return {o: sign * base * (m if o in bound else 1) for o in opponents}


def _contra_arith(
    base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...]
) -> str | Msg:
    m = 2**level
    arith = f"{base} × {m} = {base * m}" if m > 1 else f"{base}"
    if m > 1 and len(bound) < len(opponents):
        return pmsg(
            "tapper tarokk", "{arith} ({who} only)", arith=arith, who=", ".join(bound) or "—"
        )
    return arith


@lru_cache(maxsize=4096)
def _game_text(
    name: Msg,
    game_base: int,
    game_contra: int,
    game_contra_by: tuple[str, ...],
    points: int,
    threshold: int,
    declarer: str,
    opponents: tuple[str, ...],
    amounts: tuple[int, ...],
) -> Msg:
    """§6 the game's line: its value (× contra), won or lost, and who pays whom."""
    args: dict[str, str | int | Msg] = {
        "game": contra_of(game_contra, pmsg("tapper tarokk", "game {contract}", contract=name)),
        "arith": _contra_arith(game_base, game_contra, game_contra_by, opponents),
        "points": points,
        "threshold": threshold,
        "each": _payment(declarer, opponents, dict(zip(opponents, amounts, strict=True))),
    }
    if points >= threshold:
        return pmsg(
            "tapper tarokk", "{game}: {arith}, won ({points} ≥ {threshold}): {each}", **args
        )
    return pmsg("tapper tarokk", "{game}: {arith}, lost ({points} < {threshold}): {each}", **args)


def _game_value(session: Session, p: Played) -> int:
    base = GAME_VALUE[p.contract]
    if p.contract == "szolo" and session.house_rules["solo_doubles_game_value"]:
        return base * 2
    return base


def _game_line(session: Session, p: Played, res: Result, game_base: int) -> Line:
    """§6 the game, unless a volát (made or announced) replaces it (seed 004 §53)."""
    name = CONTRACT_NAMES[p.contract]
    volat = res.made["volat"] is not None or any(a.figure == "volat" for a in p.announcements)
    if session.house_rules["volat_replaces_game"] and volat:
        return Line(
            pmsg(
                "tapper tarokk",
                "game ({contract}) not scored: a volát replaces it",
                contract=name,
            )
        )
    threshold = THRESHOLD[session.house_rules["deck_size"]]
    sign = 1 if res.points >= threshold else -1
    amounts = _multiplied(game_base, p.game_contra, p.game_contra_by, p.opponents, sign)
    text = _game_text(
        name,
        game_base,
        p.game_contra,
        p.game_contra_by,
        res.points,
        threshold,
        p.declarer,
        p.opponents,
        tuple(amounts.values()),
    )
    return _booked(p.declarer, text, amounts)


def _only(amounts: dict[str, int], player: str) -> dict[str, int]:
    """§12 T7: only `player` of the opponents pays or is paid."""
    return {o: (a if o == player else 0) for o, a in amounts.items()}


def _announced_line(
    session: Session, p: Played, res: Result, a: Announcement, value: int, name: Msg
) -> Line:
    """An announced trick figure, × contra for the opponents it binds, made or failed."""
    won = res.made[a.figure] == a.side
    sign = 1 if (a.side if won else other(a.side)) == DECLARER else -1
    amounts = _multiplied(value, a.contra, a.contra_by, p.opponents, sign)
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if a.figure == "pagat_ultimo" and individual and a.side == OPPONENTS:
        amounts = _only(amounts, res.ultimo_player if won and res.ultimo_player else a.by)
    args: dict[str, str | int | Msg] = {
        "figure": contra_of(a.contra, name),
        "by": a.by,
        "arith": _contra_arith(value, a.contra, a.contra_by, p.opponents),
        "each": _payment(p.declarer, p.opponents, amounts),
    }
    if won:
        text = pmsg("tapper tarokk", "{figure} announced by {by}: {arith}, made: {each}", **args)
    else:
        text = pmsg("tapper tarokk", "{figure} announced by {by}: {arith}, failed: {each}", **args)
    return _booked(p.declarer, text, amounts)


def _silent_line(
    session: Session, p: Played, res: Result, figure: str, value: int, name: Msg
) -> Line:
    """A trick figure made silently, or against the other side's announcement (seed 004 §55)."""
    made_by = res.made[figure]
    assert made_by is not None
    amounts = dict.fromkeys(p.opponents, value if made_by == DECLARER else -value)
    player = res.ultimo_player if made_by == OPPONENTS and figure == "pagat_ultimo" else None
    if player and session.house_rules["opponent_figure_payment"] == "individual":
        amounts = _only(amounts, player)
    who: str | Msg = player or ""
    if not player:
        who = (
            pmsg("tapper tarokk side", "declarer")
            if made_by == DECLARER
            else pmsg("tapper tarokk side", "opponents")
        )
    text = pmsg(
        "tapper tarokk",
        "silent {figure} ({who}): {value}: {each}",
        figure=name,
        who=who,
        value=value,
        each=_payment(p.declarer, p.opponents, amounts),
    )
    return _booked(p.declarer, text, amounts)


def _figure_lines(session: Session, p: Played, res: Result) -> list[Line]:
    """§6 the trick figures (pagát ultimó, volát), doubled in szóló (seed 004 §70)."""
    factor = 2 if p.contract == "szolo" else 1  # "szólónál ennek kétszerese"
    lines: list[Line] = []
    announced_by_figure = {a.figure: a for a in p.announcements}  # one per figure
    for figure, (silent, announced, name) in FIGURES.items():
        a = announced_by_figure.get(figure)
        made_by = res.made[figure]
        if a is not None:
            lines.append(_announced_line(session, p, res, a, announced * factor, name))
        if made_by is not None and (a is None or a.side != made_by):
            lines.append(_silent_line(session, p, res, figure, silent * factor, name))
    return lines


def _bonus_line(
    session: Session, who: str, kind: str, participants: tuple[str, ...], solo: bool
) -> Line:
    """One hand-held bonus (§4.2), paid by each other player to a bidder (seed 004 §71)."""
    base, bname = BONUSES[kind]
    needs_bid = kind != "heads" or session.house_rules["fejek_requires_bidding"]
    if needs_bid and who not in participants:
        return Line(
            pmsg(
                "tapper tarokk",
                "{bonus} of {who}: not paid, {who} took no part in the bidding",
                bonus=bname,
                who=who,
            )
        )
    value = base * 2 if solo else base  # "Szólójátékban minden díj kétszeresére"
    arith = f"{base} × 2 = {value}" if solo else f"{value}"
    basis = (
        pmsg("tapper tarokk bonus basis", "held at the first lead")
        if session.house_rules["hand_bonus_basis"] == "after_exchange"
        else pmsg("tapper tarokk bonus basis", "held as dealt")
    )
    players = session.players
    return Line(
        pmsg(
            "tapper tarokk",
            "{bonus} of {who} ({basis}): {arith} from each other player",
            bonus=bname,
            who=who,
            basis=basis,
            arith=arith,
        ),
        {q: (value * (len(players) - 1) if q == who else -value) for q in players},
    )


def _bonus_lines(session: Session, p: Played) -> list[Line]:
    lines: list[Line] = []
    for who, bonus in p.bonuses:
        kinds = [bonus]
        if bonus == "trull" and session.house_rules["tuletroa_includes_fejek"]:
            kinds.append("heads")
        for kind in kinds:
            lines.append(_bonus_line(session, who, kind, p.participants, p.contract == "szolo"))
    return lines


def _stake_line(players: tuple[str, ...], stake: int, *, refill: bool) -> Line:
    n = len(players)
    if refill:
        text = pmsg(
            "tapper tarokk",
            "ultimókassza emptied: each player pays the stake again {stake} "
            "({count} × {stake} = {total})",
            stake=stake,
            count=n,
            total=n * stake,
        )
    else:
        text = pmsg(
            "tapper tarokk",
            "ultimókassza stake: each player pays {stake} ({count} × {stake} = {total})",
            stake=stake,
            count=n,
            total=n * stake,
        )
    return pots.pay_in(players, stake).line(POT, text)


def _failed_text(members: tuple[str, ...], balance: int) -> Callable[[pots.PotMove], Msg]:
    """The failed ultimó's words (the odd unit is added by `ultimo_failed`)."""

    def text(move: pots.PotMove) -> Msg:
        if len(members) > 1:
            return pmsg(
                "tapper tarokk",
                "announced ultimó failed: {who} double the ultimókassza {balance}: {share} each",
                who=pots.names(members),
                balance=balance,
                share=move.share,
            )
        return pmsg(
            "tapper tarokk",
            "announced ultimó failed: {who} doubles the ultimókassza, pays {balance}",
            who=pots.names(members),
            balance=balance,
        )

    return text


def _kassza(session: Session, p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """§8: an announced ultimó takes the pot or doubles it; an emptied pot is refilled."""
    a = next((x for x in p.announcements if x.figure == "pagat_ultimo"), None)
    if a is None:
        return [], pot
    members: tuple[str, ...] = (a.by,)
    if session.house_rules["kassza_shared_by_side"] and a.side == OPPONENTS:
        members = p.opponents
    if res.made["pagat_ultimo"] != a.side:
        line, pot = ultimo_failed(pot, members, a.by, _failed_text(members, pot))
        return [line], pot
    if pot <= 0:
        return [Line(pmsg("tapper tarokk", "ultimókassza is empty"))], pot
    line, pot = pots.ultimo_made(POT, pot, members)
    stake = session.house_rules["kassza_stake"]
    if pot == 0 and stake > 0:
        return [line, _stake_line(session.players, stake, refill=True)], stake * len(
            session.players
        )
    return [line], pot


def _penalty(session: Session, p: Played, game_base: int) -> Line:
    """§9: the offender pays each other player the game and every announced figure."""
    assert p.irregularity is not None
    kind, offender = p.irregularity
    who = offender or p.declarer
    factor = 2 if p.contract == "szolo" else 1
    parts = [(GAME, game_base, 2**p.game_contra)]
    for a in p.announcements:
        _, announced, fname = FIGURES[a.figure]
        parts.append((fname, announced * factor, 2**a.contra))
    q_sum, x = penalty_sum(parts)
    others = [q for q in session.players if q != who]
    return Line(
        pmsg(
            "tapper tarokk",
            "{offence} by {who}: {sum}; {who} pays {x} to each other player "
            "(2 × {x} = {total}); the hand is otherwise void",
            offence=_irregularity_name(kind),
            who=who,
            sum=q_sum,
            x=x,
            total=2 * x,
        ),
        {who: -x * len(others)} | dict.fromkeys(others, x),
    )


def _count_line(players: tuple[str, ...], table: list[Any], who: str, count: int) -> Line:
    """§4.3: a tarokk count is paid the value of the highest bonus step it reaches."""
    reached = [t for t in table if t["min_tarokks"] <= count]
    if not reached:
        return Line(
            pmsg(
                "tapper tarokk",
                "{who} announced {count} tarokks: below every bonus step, nothing",
                who=who,
                count=count,
            )
        )
    step = max(reached, key=lambda t: t["min_tarokks"])
    value, need = step["value"], step["min_tarokks"]
    text = pmsg(
        "tapper tarokk",
        "{who} announced {count} tarokks (≥ {need}): {value} from each other player",
        who=who,
        count=count,
        need=need,
        value=value,
    )
    return Line(text, {q: (value * (len(players) - 1) if q == who else -value) for q in players})


def _count_lines(session: Session, p: Played) -> list[Line]:
    """§4.3: each tarokk count announced, paid by its bonus step."""
    table = session.house_rules["tarokk_count_bonus"]
    if not table or not p.counts:
        return []
    return [_count_line(session.players, table, who, count) for who, count in p.counts]


def _irregularity_name(kind: str) -> Msg:
    if kind == "revoke":
        return pmsg("tapper tarokk irregularity", "revoke")
    return pmsg("tapper tarokk irregularity", "wrong discard")


def _split_rest(text: Msg, rest: int) -> Msg:
    """The end of the night's split: the remainder that stays in the ultimókassza."""
    return pmsg("tapper tarokk", "{item}, {rest} stays", item=text, rest=rest)


class Tapper(PotGame):
    key = KEY
    title = pmsg("game title", "Tapper tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None
    no_events = pmsg(
        "tapper tarokk", "Tapper has no session events: exactly three players play (spec §10)"
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        players = session.players
        opening = (session.opening_pots or {}).get(POT, 0)
        stake = session.house_rules["kassza_stake"]
        # §8.1: the stake is paid when the pot opens empty; a carried-over balance is kept.
        if not session.house_rules["ultimo_kassza"] or opening > 0 or stake <= 0:
            return PotState(players[-1], opening), []
        entry = Entry.from_lines(
            kind="kassza_stake",
            number=None,
            dealer=None,
            players=players,
            pot_names=self.pot_names,
            lines=[_stake_line(players, stake, refill=False)],
            summary=pmsg("tapper tarokk summary", "ultimókassza stake"),
        )
        return PotState(players[-1], stake * len(players)), [entry]

    def end_of_session(self, session: Session, state: PotState) -> EndOfSession:
        rules = session.house_rules
        if (
            not rules["ultimo_kassza"]
            or rules["kassza_end_of_session"] == "carry_over"
            or state.pot <= 0
        ):
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        # §8.6: split equally; floor shares, the remainder stays (paskievics.md §8).
        return split_at_end(session.players, state.pot, _split_rest, always=False)

    def play(
        self, session: Session, state: PotState, hand: Mapping[str, Any], number: int
    ) -> tuple[PotState, list[Entry]]:
        return self.score(session, state, read(session, hand), number)

    def score(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        p = hand.played
        if p is None:
            return self._all_pass(session, state, hand.dealer, number)
        name = CONTRACT_NAMES[p.contract]
        pot = state.pot
        if p.annulled:
            lines = [
                Line(
                    pmsg(
                        "tapper tarokk",
                        "hand annulled (no tarokk / the XXI alone): no game, nothing paid",
                    )
                )
            ]
            summary = pmsg(
                "tapper tarokk",
                "{declarer}: {contract}, annulled",
                declarer=p.declarer,
                contract=name,
            )
        elif p.irregularity is not None and session.house_rules["revoke_penalty"]:
            lines = [_penalty(session, p, _game_value(session, p)), *_count_lines(session, p)]
            summary = pmsg(
                "tapper tarokk",
                "{declarer}: {contract}, {offence} by {who}",
                declarer=p.declarer,
                contract=name,
                offence=_irregularity_name(p.irregularity[0]),
                who=str(p.irregularity[1]),
            )
        else:
            lines, pot = self._settled(session, p, pot)
            summary = self._summary(session, p, lines)
            lines += _count_lines(session, p)
        entry = self.entry(session, number, hand.dealer, lines, summary)
        return PotState(next_dealer(session.players, hand.dealer), pot), [entry]

    @staticmethod
    def _settled(session: Session, p: Played, pot: int) -> tuple[list[Line], int]:
        """§6–§8: the game, the trick figures, the hand bonuses and the ultimókassza."""
        assert p.result is not None
        lines: list[Line] = []
        if p.irregularity is not None:
            text = pmsg(
                "tapper tarokk",
                "{offence} recorded, no penalty (house rule)",
                offence=_irregularity_name(p.irregularity[0]),
            )
            lines.append(Line(text))
        lines.append(_game_line(session, p, p.result, _game_value(session, p)))
        lines += _figure_lines(session, p, p.result)
        lines += _bonus_lines(session, p)
        if session.house_rules["ultimo_kassza"]:
            kassza_lines, pot = _kassza(session, p, p.result, pot)
            lines += kassza_lines
        return lines, pot

    @staticmethod
    def _summary(session: Session, p: Played, lines: list[Line]) -> Msg:
        """The declarer's game, won or lost, and his net (before the tarokk counts)."""
        assert p.result is not None
        points = p.result.points
        net = sum(line.deltas.get(p.declarer, 0) for line in lines)
        args: dict[str, str | int | Msg] = {
            "declarer": p.declarer,
            "contract": contra_of(p.game_contra, CONTRACT_NAMES[p.contract]),
            "points": points,
            "net": signed(net),
        }
        if points >= THRESHOLD[session.house_rules["deck_size"]]:
            return pmsg("tapper tarokk", "{declarer}: {contract} won ({points}), {net}", **args)
        return pmsg("tapper tarokk", "{declarer}: {contract} lost ({points}), {net}", **args)

    def _all_pass(
        self, session: Session, state: PotState, dealer: str, number: int
    ) -> tuple[PotState, list[Entry]]:
        """All pass: no game; each player may pay a fee into the ultimókassza (§8)."""
        players = session.players
        lines = [Line(pmsg("tapper tarokk", "all pass: no game"))]
        pot = state.pot
        fee = session.house_rules["all_pass_kassza_payment"]
        if session.house_rules["ultimo_kassza"] and fee > 0:
            n = len(players)
            text = pmsg(
                "tapper tarokk",
                "ultimókassza: {each} from each player ({count} × {each} = {total})",
                each=fee,
                count=n,
                total=n * fee,
            )
            lines.append(kassza_fee(players, fee, text))
            pot += n * fee
        summary = pmsg("tapper tarokk summary", "all pass")
        entry = self.entry(session, number, dealer, lines, summary)
        return PotState(next_dealer(players, dealer), pot), [entry]


VARIANT = Tapper()
