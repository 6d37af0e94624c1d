"""Magyar tarokk: three players, the declarer alone against two (spec `rules/magyar.md`).

The game value `G` grows with every talon group the declarer turns up before keeping one
(seed 004 §65); figures and contras follow the Paskievics rules Tolnai refers to.

A hand is read in three steps: `read` (the record into a `Hand`, one reader per record
section), the `_check_*` rules (cross-field, each problem naming its field), then `score`
(the item lines of §6, the settlement, the ultimókassza).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, pmsg
from scorebook.engine.payments import contra_multiplier, each_pays, split
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, TEXTS, When, choices, fields, maybe, rows
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

KEY = "magyar"
OUTCOMES = ("played", "all_pass", "no_game")
LEVELS = ("three", "lower_three", "two", "one", "solo")

TOTAL_CARD_POINTS = 94  # seed 004 §7 by reference, §66
WIN_THRESHOLD = 48  # seed 004 §65 ("legalább 48 pontot"); 47–47 the opponents win (§9)
DOUBLE_GAME_THRESHOLD = 71  # seed 004 §52 (only with double_game)
SOLO_VALUE = 10  # seed 004 §65 "Szólójáték 10 pont"
# Talon steps: G for keeping a group at step k (seed 004 §65): three k, lower three k + 1,
# two 2k, one 3k. (unit, offset) per level.
STEP_VALUE = {"three": (1, 0), "lower_three": (1, 1), "two": (2, 0), "one": (3, 0)}
# The source's last named step: 3rd three, 3rd lower three, 5th two, 11th one (seed 004 §65)
SOURCE_MAX_STEP = {"three": 3, "lower_three": 3, "two": 5, "one": 11}
# Talon cards kept per level; the rest of the 6-card talon goes to the opponents (§65)
KEPT = {"three": 3, "lower_three": 3, "two": 2, "one": 1, "solo": 0}
TALON_SIZE = 6
# Figures (silent, announced), seed 004 §65: tulétroá 1/2, négy király 1/2, pagát ultimó
# 5/10, huszonegyfogás 21/42.
FIGURES: dict[str, tuple[int, int, Msg]] = {
    "trull": (1, 2, pmsg("magyar tarokk figure", "trull")),
    "four_kings": (1, 2, pmsg("magyar tarokk figure", "four kings")),
    "pagat_ultimo": (5, 10, pmsg("magyar tarokk figure", "pagát ultimó")),
    "xxi_catch": (21, 42, pmsg("magyar tarokk figure", "XXI-catch")),
}
VOLAT = pmsg("magyar tarokk figure", "volát")  # silent 3G, announced 6G (seed 004 §65)
# silent 2G, announced 4G (seed 004 §52)
DOUBLE_GAME = pmsg("magyar tarokk figure", "double game")
GAME_TIER = ("volat", "double_game")
KASSZA_NO_GAME = 5  # per player on any no-game (seed 004 §26, via paskievics.md §8)
SILENT_ULTIMO_FAILURE = 5  # section 12 #11 (paskievics.md §12 #13)
TALON_FIGURE_CARDS = {"skiz": 1, "xxi": 1, "pagat": 1, "king": 4}
HONOURS = ("skiz", "xxi", "pagat")
EMPTY: Mapping[str, Amount] = MappingProxyType({})  # shared by explanation-only lines
SIDE_NAMES = {
    DECLARER: pmsg("magyar tarokk side", "declarer"),
    OPPONENTS: pmsg("magyar tarokk side", "opponents"),
}
# The side as the subject of a sentence ("silent volát of the declarer").
THE_SIDE = {
    DECLARER: pmsg("magyar tarokk side", "the declarer"),
    OPPONENTS: pmsg("magyar tarokk side", "the opponents"),
}

LEVEL_NAMES = {
    "three": pmsg("magyar tarokk level", "hármas"),
    "lower_three": pmsg("magyar tarokk level", "alsó hármas"),
    "two": pmsg("magyar tarokk level", "kettős"),
    "one": pmsg("magyar tarokk level", "egyes"),
    "solo": pmsg("magyar tarokk level", "szóló"),
}
# The talon step as a kettős or egyes is named by it ("harmadik kettős" in Hungarian): the
# source's steps, one message each, so that a language may name them by ordinal words.
STEP_ORDINALS = (
    pmsg("magyar tarokk talon step, ordinal", "1"),
    pmsg("magyar tarokk talon step, ordinal", "2"),
    pmsg("magyar tarokk talon step, ordinal", "3"),
    pmsg("magyar tarokk talon step, ordinal", "4"),
    pmsg("magyar tarokk talon step, ordinal", "5"),
    pmsg("magyar tarokk talon step, ordinal", "6"),
    pmsg("magyar tarokk talon step, ordinal", "7"),
    pmsg("magyar tarokk talon step, ordinal", "8"),
    pmsg("magyar tarokk talon step, ordinal", "9"),
    pmsg("magyar tarokk talon step, ordinal", "10"),
    pmsg("magyar tarokk talon step, ordinal", "11"),
)


@dataclass(frozen=True, slots=True)
class CountBonusRule(HouseRule):
    """A house rule whose value is null or {"min_tarokks": n, "value": v} (section 12 #5).

    `HouseRule.check` knows no object-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> str | None:
        if value is None:
            return None
        if not is_bonus_step(value):
            return f'{value!r} is not null or {{"min_tarokks": n, "value": v}}'
        return bonus_step_problem(value)


def _rule(name: str, default: Any, kind: str, help: Msg, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, help, **kw)


GAME_GROUP = pmsg("magyar house rule group", "Game and figures")
DEALING_GROUP = pmsg("magyar house rule group", "Bidding and dealing")
KASSZA_GROUP = pmsg("magyar house rule group", "Ultimókassza")
PENALTY_GROUP = pmsg("magyar house rule group", "Penalties")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "tariff_per_opponent",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Each opponent pays the full tariff (off: the amount is split, each opponent "
            "paying half)",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Full tariff from each opponent"),
    ),
    _rule(
        "max_talon_step",
        "source",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Last talon step: as the source (3rd three, 5th two, 11th one) or unlimited",
        ),
        choices=("source", "unlimited"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "as the source"),
            pmsg("magyar tarokk house rule", "unlimited"),
        ),
        group=DEALING_GROUP,
        label=pmsg("magyar house rule", "Last talon step"),
    ),
    _rule(
        "talon_counts_for_figures",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Left-over talon cards complete the opponents' trull or four kings",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Talon cards count for figures"),
    ),
    _rule(
        "double_game",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Double game (Tolnai 1930, §52): 2G silent, 4G announced, from 71 card points",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Double game"),
    ),
    CountBonusRule(
        "tarokk_count_bonus",
        None,
        "json",
        pmsg(
            "magyar tarokk house rule",
            "A bonus for announcing many tarokks: from the given number of tarokks on, each "
            "other player pays the given amount (none: not played)",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Tarokk-count bonus"),
    ),
    _rule(
        "all_pass_rule",
        "next_dealer",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "After an all-pass the next dealer deals (or the same dealer again)",
        ),
        choices=("next_dealer", "same_dealer"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "the next dealer deals"),
            pmsg("magyar tarokk house rule", "the same dealer again"),
        ),
        group=DEALING_GROUP,
        label=pmsg("magyar house rule", "All pass"),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "Ultimókassza as in Paskievics: 5 each on a no-game, announced ultimó takes or "
            "doubles it",
        ),
        group=KASSZA_GROUP,
        label=pmsg("magyar house rule", "Ultimókassza"),
    ),
    _rule(
        "game_tier_rule",
        "announced_else_max",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Without a volát announcement: pay the larger of the contra'd game and a silent "
            "volát (or the silent volát replaces the game)",
        ),
        choices=("announced_else_max", "announced_else_replace"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "the larger"),
            pmsg("magyar tarokk house rule", "the silent volát replaces"),
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Game vs. silent volát"),
    ),
    _rule(
        "volat_voids_silent",
        "trull_four_kings",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "A volát voids silent trull and four kings (or every silent figure)",
        ),
        choices=("trull_four_kings", "all_silent"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "trull and four kings"),
            pmsg("magyar tarokk house rule", "every silent figure"),
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Volát and silent figures"),
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        pmsg(
            "magyar tarokk house rule",
            "Wrong discard: the declarer pays each opponent Q (strict) or only loses his winnings",
        ),
        choices=("strict", "mild"),
        choice_labels=(
            pmsg("magyar tarokk house rule", "strict"),
            pmsg("magyar tarokk house rule", "mild"),
        ),
        group=PENALTY_GROUP,
        label=pmsg("magyar house rule", "Wrong discard"),
    ),
    _rule(
        "irregularity_voids_hand",
        True,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A revoke or strict wrong discard voids the normal settlement (off: penalty on top)",
        ),
        group=PENALTY_GROUP,
        label=pmsg("magyar house rule", "Revoke voids the settlement"),
    ),
    _rule(
        "silent_ultimo_failure_penalty",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A pagát played to the last trick and beaten costs its side 5",
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Silent ultimó lost"),
    ),
    _rule(
        "max_contra_level",
        5,
        "choice",
        pmsg("magyar tarokk house rule", "Highest contra: mordkontra (5) or rekontra (2)"),
        choices=(5, 2),
        choice_labels=(
            pmsg("magyar tarokk house rule", "up to mordkontra (5)"),
            pmsg("magyar tarokk house rule", "up to rekontra (2)"),
        ),
        group=GAME_GROUP,
        label=pmsg("magyar house rule", "Highest contra"),
    ),
    _rule(
        "no_tarokk_throw_in",
        False,
        "bool",
        pmsg(
            "magyar tarokk house rule",
            "A player with no tarokk or the XXI alone may throw the hand in (a no-game)",
        ),
        group=DEALING_GROUP,
        label=pmsg("magyar house rule", "Throwing in without tarokks"),
    ),
)


# --- the typed hand ---------------------------------------------------------------------

# Immutable NamedTuples: the cheapest immutable record to build (a replay reads thousands).


class Announcement(NamedTuple):
    figure: str
    by: str
    side: str
    contra: int


class Result(NamedTuple):
    points: int
    all_tricks: str | None
    made: dict[str, str | None]  # figure -> side
    pagat_lost: str | None


class Played(NamedTuple):
    declarer: str
    opponents: tuple[str, ...]
    level: str
    step: int | None
    g: int
    game_contra: int
    announcements: tuple[Announcement, ...]
    talon_cards: tuple[str, ...]
    counts: tuple[tuple[str, int], ...]
    result: Result | None  # None when an irregularity voids the settlement
    irregularity: tuple[str, str] | None  # (kind, seat)


class Hand(NamedTuple):
    dealer: str
    outcome: str
    played: Played | None  # None without a game (all pass, no game)


ANNOUNCEABLE = ("volat", "trull", "four_kings", "pagat_ultimo", "xxi_catch")
ANNOUNCEABLE_WITH_DOUBLE = ("volat", "double_game", *ANNOUNCEABLE[1:])
# Each figure and its result field, e.g. ("trull", "trull_side").
FIGURE_SIDE_FIELDS = tuple((f, f"{f}_side") for f in FIGURES)
NO_GAME_NULLS = ("declarer", "level", "talon_step", "result", "irregularity")
NO_GAME_EMPTIES = ("announcements", "tarokk_counts", "talon_figure_cards")
IRREGULARITIES = ("renonsz", "wrong_discard")

# The hand form's words for the values the reader accepts.
OUTCOME_LABELS = {
    "played": pmsg("magyar choice", "played"),
    "all_pass": pmsg("magyar choice", "all pass"),
    "no_game": pmsg("magyar choice", "no game (abandoned)"),
}
LEVEL_LABELS = {
    "three": pmsg("magyar choice", "three (hármas)"),
    "lower_three": pmsg("magyar choice", "lower three (alsó hármas)"),
    "two": pmsg("magyar choice", "two (kettős)"),
    "one": pmsg("magyar choice", "one (egyes)"),
    "solo": pmsg("magyar choice", "solo (szóló)"),
}
FIGURE_LABELS = {
    "volat": pmsg("magyar choice", "volát"),
    "double_game": pmsg("magyar choice", "double game (duplajáték)"),
    "trull": pmsg("magyar choice", "trull (tuli)"),
    "four_kings": pmsg("magyar choice", "four kings (négy király)"),
    "pagat_ultimo": pmsg("magyar choice", "pagátultimó"),
    "xxi_catch": pmsg("magyar choice", "XXI-catch (huszonegyfogás)"),
}
TALON_CARD_LABELS = {
    "skiz": pmsg("magyar choice", "skíz"),
    "xxi": pmsg("magyar choice", "XXI"),
    "pagat": pmsg("magyar choice", "pagát"),
    "king": pmsg("magyar choice", "king"),
}
IRREGULARITY_LABELS = {
    "renonsz": pmsg("magyar choice", "revoke (renonsz)"),
    "wrong_discard": pmsg("magyar choice", "wrong discard"),
}
PLAYED = When("outcome", ("played",))  # nothing but the dealer without a game
STEPPED = When("level", tuple(STEP_VALUE))  # every level but szóló takes talon cards
SIDE = TEXT.but(choices=choices(SIDES, SIDE_LABELS))
CONTRA = INT.but(
    choices=choices(CONTRA_LEVELS, CONTRA_LABELS), lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1]
)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, help, choices, range, default, and
# `when` it applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=pmsg("magyar field", "Dealer")),
    outcome=TEXT.but(
        label=pmsg("magyar field", "Outcome"),
        choices=choices(OUTCOMES, OUTCOME_LABELS),
        default="played",
    ),
    declarer=PLAYER.but(label=pmsg("magyar field", "Declarer (felvevő)"), when=PLAYED),
    level=TEXT.but(
        label=pmsg("magyar field", "Game"), choices=choices(LEVELS, LEVEL_LABELS), when=PLAYED
    ),
    # up to the source's last step per level with the house rule max_talon_step "source"
    talon_step=INT.but(
        label=pmsg("magyar field", "Talon step kept (1st, 2nd… group turned up)"),
        help=pmsg("magyar field", "empty in szóló"),
        lo=1,
        when=STEPPED,
    ),
    # a card is offered as often as the pack holds it (the king four times): one chip each
    talon_figure_cards=TEXTS.but(
        label=pmsg("magyar field", "Figure cards left to the opponents in the talon"),
        help=pmsg(
            "magyar field", "Only when the house rule says talon cards do not count for figures."
        ),
        choices=choices(
            tuple(card for card, n in TALON_FIGURE_CARDS.items() for _ in range(n)),
            TALON_CARD_LABELS,
        ),
        when=PLAYED,  # in szóló the opponents take the whole talon (spec §65)
    ),
    # up to the house rule max_contra_level
    game_contra=CONTRA.but(label=pmsg("magyar field", "Game contra"), default=0, when=PLAYED),
    announcements=rows(
        figure=TEXT.but(
            label=pmsg("magyar field", "Figure"),
            # double game only with the house rule double_game (`_read_announcements`)
            choices=choices(
                ANNOUNCEABLE_WITH_DOUBLE, FIGURE_LABELS, rules={"double_game": "double_game"}
            ),
        ),
        by=PLAYER.but(label=pmsg("magyar field", "Announced by")),
        contra=CONTRA.but(label=pmsg("magyar field", "Contra")),
    ),
    # scored only with the house rule tarokk_count_bonus
    tarokk_counts=rows(
        seat=PLAYER.but(label=pmsg("magyar field", "Player")),
        count=INT.but(label=pmsg("magyar field", "Tarokks"), lo=0, hi=TAROKKS),
    ),
    result=maybe(
        declarer_card_points=INT.but(
            label=pmsg("magyar field", "Declarer's card points (0–94, with his discard)"),
            lo=0,
            hi=TOTAL_CARD_POINTS,
            when=PLAYED,
        ),
        all_tricks_side=SIDE.but(label=pmsg("magyar field", "All twelve tricks (volát)")),
        trull_side=SIDE.but(label=pmsg("magyar field", "Trull (skíz, XXI, pagát)")),
        four_kings_side=SIDE.but(label=pmsg("magyar field", "Four kings")),
        pagat_ultimo_side=SIDE.but(label=pmsg("magyar field", "Pagátultimó")),
        xxi_catch_side=SIDE.but(label=pmsg("magyar field", "XXI-catch")),
        # read only with the house rule silent_ultimo_failure_penalty
        pagat_lost_last_trick_side=SIDE.but(
            label=pmsg("magyar field", "Pagát beaten in the 12th trick"),
            help=pmsg("magyar field", "only with the silent-ultimo-failure house rule"),
        ),
    ),
    irregularity=maybe(
        kind=TEXT.but(
            label=pmsg("magyar field", "Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
        ),
        seat=PLAYER.but(label=pmsg("magyar field", "Offender")),
    ),
)


def game_value(level: str, step: int | None) -> int:
    if level == "solo" or step is None:
        return SOLO_VALUE
    unit, offset = STEP_VALUE[level]
    return unit * step + offset


def voids(session: Session, kind: str) -> bool:
    """Whether the irregularity replaces the normal settlement (spec §9, §12 #10)."""
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return False
    return bool(session.house_rules["irregularity_voids_hand"])


# --- read: the record into a Hand, one reader per section --------------------------------


def read(session: Session, record: Mapping[str, Any]) -> Hand:
    """The hand record (spec §13) as a `Hand`; raises InvalidHand naming every problem."""
    problems = Problems()
    r = Reader(record, problems)
    r.integer("hand_no", lo=1, optional=True)
    dealer = r.player("dealer", session.players)
    outcome = r.choice("outcome", OUTCOMES)
    played: Played | None = None
    if outcome == "played":
        played = _read_played(session, r)
    elif outcome is not None:
        null = pmsg(
            "magyar tarokk",
            "must be null unless the outcome is played (not {outcome})",
            outcome=outcome,
        )
        empty = pmsg(
            "magyar tarokk",
            "must be empty unless the outcome is played (not {outcome})",
            outcome=outcome,
        )
        check_no_game(r, NO_GAME_NULLS, NO_GAME_EMPTIES, null, empty)
    problems.raise_if_any()
    assert dealer is not None
    assert outcome is not None
    return Hand(dealer, outcome, played)


def _read_played(session: Session, r: Reader) -> Played | None:
    """A played hand's sections, each read then checked; None after a problem."""
    players, rules = session.players, session.house_rules
    declarer = r.player("declarer", players)
    level, step = _read_level(r, rules)
    game_contra = r.integer("game_contra", lo=0, hi=rules["max_contra_level"])
    talon_cards = _read_talon_cards(r, level)
    announcements = _read_announcements(r, rules, players, declarer)
    counts = read_tarokk_counts(
        r, "tarokk_counts", "seat", players, scored=rules["tarokk_count_bonus"] is not None
    )
    irregularity = _read_irregularity(r, players, declarer, level)
    res = r.obj("result", optional=irregularity is not None and voids(session, irregularity[0]))
    result = _read_result(session, res, talon_cards, irregularity) if res else None
    if declarer is None or level is None or game_contra is None:
        return None
    if level != "solo" and step is None:
        return None
    return Played(
        declarer=declarer,
        opponents=tuple([p for p in players if p != declarer]),
        level=level,
        step=step,
        g=game_value(level, step),
        game_contra=game_contra,
        announcements=announcements,
        talon_cards=talon_cards,
        counts=tuple(counts),
        result=result,
        irregularity=irregularity,
    )


def _read_level(r: Reader, rules: Mapping[str, Any]) -> tuple[str | None, int | None]:
    """The level and its talon step (seed 004 §65); szóló has none."""
    level = r.choice("level", LEVELS)
    if level == "solo":
        if r.has("talon_step"):
            r.problems.add(
                "talon_step",
                pmsg("magyar tarokk", "must be null in szóló (no talon card is taken)"),
            )
        return level, None
    if level is None:
        return None, None
    hi = SOURCE_MAX_STEP[level] if rules["max_talon_step"] == "source" else None
    return level, r.integer("talon_step", lo=1, hi=hi)


def _read_talon_cards(r: Reader, level: str | None) -> tuple[str, ...]:
    """The figure cards among the talon cards left to the opponents (spec §7 #6)."""
    raw = r.raw("talon_figure_cards")
    if raw is None:
        return ()
    if not isinstance(raw, list):
        r.problems.add("talon_figure_cards", pmsg("magyar tarokk", "must be a list"))
        return ()
    cards: list[str] = []
    for i, card in enumerate(raw):
        if not isinstance(card, str) or card not in TALON_FIGURE_CARDS:
            r.problems.add(
                f"talon_figure_cards[{i}]",
                pmsg(
                    "magyar tarokk",
                    "{card} is not one of skiz, xxi, pagat, king",
                    card=repr(card),
                ),
            )
        elif cards.count(card) >= TALON_FIGURE_CARDS[card]:
            r.problems.add(
                f"talon_figure_cards[{i}]",
                pmsg(
                    "magyar tarokk",
                    "there are only {count} × {card} in the pack",
                    count=TALON_FIGURE_CARDS[card],
                    card=card,
                ),
            )
        else:
            cards.append(card)
    if level is not None:
        _check_talon_left(r.problems, level, len(raw))
    return tuple(cards)


def _read_announcements(
    r: Reader, rules: Mapping[str, Any], players: tuple[str, ...], declarer: str | None
) -> tuple[Announcement, ...]:
    """The announcements, each checked against the ones before it."""
    figures = ANNOUNCEABLE_WITH_DOUBLE if rules["double_game"] else ANNOUNCEABLE
    maxc = rules["max_contra_level"]
    announcements: list[Announcement] = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", figures)
        by = item.player("by", players)
        contra = item.integer("contra", lo=0, hi=maxc, default=0)
        if figure is None or by is None or contra is None or declarer is None:
            continue
        a = Announcement(figure, by, DECLARER if by == declarer else OPPONENTS, contra)
        if _check_announcement(r.problems, i, a, announcements):
            announcements.append(a)
    return tuple(announcements)


def _read_irregularity(
    r: Reader, players: tuple[str, ...], declarer: str | None, level: str | None
) -> tuple[str, str] | None:
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    kind = irr.choice("kind", IRREGULARITIES)
    seat = irr.player("seat", players)
    if kind == "wrong_discard" and seat is not None and declarer is not None:
        _check_wrong_discard(r.problems, seat, declarer, level)
    if kind is None or seat is None:
        return None
    return kind, seat


def _read_result(
    session: Session,
    res: Reader,
    talon: tuple[str, ...],
    irregularity: tuple[str, str] | None,
) -> Result | None:
    points = res.integer("declarer_card_points", lo=0, hi=TOTAL_CARD_POINTS)
    all_tricks = res.choice("all_tricks_side", SIDES, optional=True)
    made = {f: res.choice(field, SIDES, optional=True) for f, field in FIGURE_SIDE_FIELDS}
    pagat_lost = None
    if session.house_rules["silent_ultimo_failure_penalty"]:
        pagat_lost = res.choice("pagat_lost_last_trick_side", SIDES, optional=True)
    problems = res.problems
    _check_all_tricks(problems, points, all_tricks, made, pagat_lost)
    _check_pagat_beaten(problems, all_tricks, made, pagat_lost)
    if all_tricks == OPPONENTS and (irregularity is None or irregularity[0] != "wrong_discard"):
        _check_declarer_took_no_trick(problems, made)
    _check_honours(problems, made, pagat_lost)
    _check_talon_figures(problems, talon, made, pagat_lost)
    if points is None:
        return None
    return Result(points, all_tricks, made, pagat_lost)


# --- check: the cross-field rules, each problem naming its field -------------------------


def _check_talon_left(problems: Problems, level: str, given: int) -> None:
    """Only the talon cards the declarer did not keep go to the opponents (seed 004 §65)."""
    left = TALON_SIZE - KEPT[level]
    if given > left:
        problems.add(
            "talon_figure_cards",
            pmsg(
                "magyar tarokk",
                "only {left} talon cards are left to the opponents in {level}",
                left=left,
                level=LEVEL_NAMES[level],
            ),
        )


def _check_announcement(
    problems: Problems, i: int, a: Announcement, before: list[Announcement]
) -> bool:
    """Each side announces a figure once; volát and double game by one side only."""
    if any(b.figure == a.figure and b.side == a.side for b in before):
        if a.side == DECLARER:
            text = pmsg(
                "magyar tarokk",
                "{figure} is already announced by the declarer",
                figure=FIGURE_LABELS[a.figure],
            )
        else:
            text = pmsg(
                "magyar tarokk",
                "{figure} is already announced by the opponents",
                figure=FIGURE_LABELS[a.figure],
            )
        problems.add(f"announcements[{i}].figure", text)
        return False
    if a.figure in GAME_TIER and any(b.figure in GAME_TIER and b.side != a.side for b in before):
        problems.add(
            f"announcements[{i}].by",
            pmsg("magyar tarokk", "volát and double game may be announced by one side only"),
        )
        return False
    return True


def _check_wrong_discard(problems: Problems, seat: str, declarer: str, level: str | None) -> None:
    if seat != declarer:
        problems.add(
            "irregularity.seat",
            pmsg("magyar tarokk", "only the declarer discards, so only he can discard wrongly"),
        )
    elif level == "solo":
        problems.add("irregularity.kind", pmsg("magyar tarokk", "there is no discard in szóló"))


def _check_all_tricks(
    problems: Problems,
    points: int | None,
    all_tricks: str | None,
    made: dict[str, str | None],
    pagat_lost: str | None,
) -> None:
    """A side that took every trick has the card points, and the other side took none."""
    if all_tricks is None:
        return
    if points is not None and all_tricks == DECLARER and points < WIN_THRESHOLD:
        problems.add(
            "result.all_tricks_side",
            pmsg(
                "magyar tarokk",
                "the declarer cannot take all tricks with only {points} card points",
                points=points,
            ),
        )
    if points is not None and all_tricks == OPPONENTS and points >= WIN_THRESHOLD:
        problems.add(
            "result.all_tricks_side",
            pmsg(
                "magyar tarokk",
                "the opponents cannot take all tricks when the declarer has {points} card points",
                points=points,
            ),
        )
    for f in ("pagat_ultimo", "xxi_catch"):
        if made[f] == other(all_tricks):
            text = (
                pmsg("magyar tarokk", "the opponents took no trick (the declarer took all 12)")
                if all_tricks == DECLARER
                else pmsg("magyar tarokk", "the declarer took no trick (the opponents took all 12)")
            )
            problems.add(f"result.{f}_side", text)


def _check_pagat_beaten(
    problems: Problems, all_tricks: str | None, made: dict[str, str | None], pagat_lost: str | None
) -> None:
    if pagat_lost == DECLARER and DECLARER in (all_tricks, made["trull"]):
        # The declarer plays alone: whoever beats his pagát in the last trick is an opponent,
        # who takes the trick and the pagát. An opponent's pagát may be beaten by the
        # declarer or by its own partner's tarokk, so it fits either side taking every trick.
        text = (
            pmsg(
                "magyar tarokk",
                "an opponent beat the declarer's pagát and took it with the last trick, so the "
                "declarer did not take all 12 tricks",
            )
            if all_tricks == DECLARER
            else pmsg(
                "magyar tarokk",
                "an opponent beat the declarer's pagát and took it with the last trick, so the "
                "trull is not his",
            )
        )
        problems.add("result.pagat_lost_last_trick_side", text)


def _check_declarer_took_no_trick(problems: Problems, made: dict[str, str | None]) -> None:
    """Without a trick the declarer captured only his discard, which holds no king or honour
    (spec §3; a recorded wrong discard may)."""
    for f, what in (
        ("trull", pmsg("magyar tarokk figure, not held", "all three honours")),
        ("four_kings", pmsg("magyar tarokk figure, not held", "the four kings")),
    ):
        if made[f] == DECLARER:
            problems.add(
                f"result.{f}_side",
                pmsg(
                    "magyar tarokk",
                    "the opponents took all 12 tricks: the declarer captured only his discard, "
                    "where kings and honours may not be, so not {what}",
                    what=what,
                ),
            )


def _check_honours(problems: Problems, made: dict[str, str | None], pagat_lost: str | None) -> None:
    """A captured honour is not in the other side's trull; one pagát wins or loses."""
    if made["trull"] is not None:
        for f in ("pagat_ultimo", "xxi_catch"):
            if made[f] is not None and made[f] != made["trull"]:
                problems.add("result.trull_side", _honour_captured(made[f], f))
    if pagat_lost is not None and made["pagat_ultimo"] is not None:
        problems.add(
            "result.pagat_lost_last_trick_side",
            pmsg(
                "magyar tarokk",
                "there is only one pagát: it cannot both win and lose the last trick",
            ),
        )


def _honour_captured(side: str | None, figure: str) -> Msg:
    """The other side captured an honour of a trull: whose and which in the message."""
    if side == DECLARER and figure == "pagat_ultimo":
        return pmsg(
            "magyar tarokk",
            "the declarer captured the pagát, so the other side cannot hold all three honours",
        )
    if side == DECLARER:
        return pmsg(
            "magyar tarokk",
            "the declarer captured the XXI, so the other side cannot hold all three honours",
        )
    if figure == "pagat_ultimo":
        return pmsg(
            "magyar tarokk",
            "the opponents captured the pagát, so the other side cannot hold all three honours",
        )
    return pmsg(
        "magyar tarokk",
        "the opponents captured the XXI, so the other side cannot hold all three honours",
    )


def _check_talon_figures(
    problems: Problems, talon: tuple[str, ...], made: dict[str, str | None], pagat_lost: str | None
) -> None:
    """Talon cards left to the opponents never count for the declarer, and are not played
    (spec §7 #6)."""
    if made["trull"] == DECLARER and any(h in talon for h in HONOURS):
        problems.add(
            "result.trull_side",
            pmsg(
                "magyar tarokk",
                "an honour lies in the opponents' talon part: the declarer has no trull",
            ),
        )
    if made["four_kings"] == DECLARER and "king" in talon:
        problems.add(
            "result.four_kings_side",
            pmsg(
                "magyar tarokk",
                "a king lies in the opponents' talon part: the declarer has no four kings",
            ),
        )
    if made["xxi_catch"] is not None and "xxi" in talon:
        problems.add(
            "result.xxi_catch_side",
            pmsg("magyar tarokk", "the XXI lies in the talon and cannot be caught"),
        )
    if "pagat" not in talon:
        return
    for field, side in (
        ("result.pagat_ultimo_side", made["pagat_ultimo"]),
        ("result.pagat_lost_last_trick_side", pagat_lost),
    ):
        if side is not None:
            problems.add(
                field, pmsg("magyar tarokk", "the pagát lies in the talon and was not played")
            )


# --- score: the tariff lines and payments -----------------------------------------------


@lru_cache(maxsize=4096)
def _item_line(text: Msg, winner: str, value: int) -> tuple[Line, int]:
    """An item of §6 steps 1–2 as its breakdown line, and the signed value it adds to S."""
    s = value if winner == DECLARER else -value
    line = pmsg("magyar tarokk", "{item} → {value}", item=text, value=signed(s))
    return Line(line, EMPTY, EMPTY), s


class _Items:
    """The item lines of §6 steps 1–2 (explanations) and their signed sum S."""

    def __init__(self) -> None:
        self.lines: list[Line] = []
        self.total = 0

    def add(self, text: Msg, winner: str, value: int) -> None:
        line, s = _item_line(text, winner, value)
        self.total += s
        self.lines.append(line)

    def note(self, text: Msg) -> None:
        self.lines.append(Line(text))


def _silent_options(
    g: int, winner: str, side_points: int, all_tricks: str | None, double_on: bool
) -> list[tuple[int, Msg]]:
    """The winner's silent volát (3G) and silent double game (2G), where made."""
    who = THE_SIDE[winner]
    options: list[tuple[int, Msg]] = []
    if all_tricks == winner:
        text = pmsg(
            "magyar tarokk",
            "silent volát of {who}: 3 × {g} = {value}",
            who=who,
            g=g,
            value=3 * g,
        )
        options.append((3 * g, text))
    if double_on and side_points >= DOUBLE_GAME_THRESHOLD:
        text = pmsg(
            "magyar tarokk",
            "silent double game of {who}: 2 × {g} = {value}",
            who=who,
            g=g,
            value=2 * g,
        )
        options.append((2 * g, text))
    return options


def _game_won(contra: int, winner: str, points: int, arith: str) -> Msg:
    """The game's item: the game (× contra), who won it and with how many card points."""
    game = contra_of(contra, GAME)
    if winner == DECLARER:
        return pmsg(
            "magyar tarokk",
            "{game}, won by the declarer ({points} card points): {arith}",
            game=game,
            points=points,
            arith=arith,
        )
    return pmsg(
        "magyar tarokk",
        "{game}, won by the opponents ({points} card points): {arith}",
        game=game,
        points=points,
        arith=arith,
    )


@lru_cache(maxsize=4096)
def _game_item(
    g: int, contra: int, decl_points: int, all_tricks: str | None, double_on: bool, replace: bool
) -> tuple[Msg, str, int]:
    """§6 step 2 without an announced volát or double game: the game, or a silent volát /
    double game (replacing it, or paid when more than it). Text, winning side, value."""
    winner = DECLARER if decl_points >= WIN_THRESHOLD else OPPONENTS
    side_points = decl_points if winner == DECLARER else TOTAL_CARD_POINTS - decl_points
    m = contra_multiplier(contra)
    game = g * m
    arith = f"{g} × {m} = {game}" if m > 1 else f"{game}"
    text = _game_won(contra, winner, decl_points, arith)
    options = _silent_options(g, winner, side_points, all_tricks, double_on)
    if replace:
        # Silent volát, else silent double game, else the game (seed 004 §53 literal).
        if not options:
            return text, winner, game
        value, text = options[0]
        return pmsg("magyar tarokk", "{item} (replaces the game)", item=text), winner, value
    value = game
    for option_value, option_text in options:
        if option_value > value:
            value = option_value
            text = pmsg(
                "magyar tarokk",
                "{item} (more than the game {game})",
                item=option_text,
                game=game,
            )
    if value == game and options:  # the game beats every silent option: say which
        text = pmsg(
            "magyar tarokk",
            "{item} (not paid: {silent}, as the game is worth at least as much)",
            item=text,
            silent=options[0][1],
        )
    return text, winner, value


def _announced(figure: Msg, by: str, arith: str, won: bool) -> Msg:
    """An announced figure, volát or double game: its value, made or failed."""
    if won:
        return pmsg(
            "magyar tarokk",
            "{figure} announced by {by}: {arith}, made",
            figure=figure,
            by=by,
            arith=arith,
        )
    return pmsg(
        "magyar tarokk",
        "{figure} announced by {by}: {arith}, failed",
        figure=figure,
        by=by,
        arith=arith,
    )


def _tier_text(name: Msg, factor: int, a: Announcement, g: int, won: bool) -> Msg:
    """An announced volát (6G) or double game (4G), × contra, made or failed."""
    m = contra_multiplier(a.contra)
    times = f" × {m}" if m > 1 else ""
    head = f"{factor} × {g}{times} = {factor * g * m}"
    text = _announced(contra_of(a.contra, name), a.by, head, won)
    if name is VOLAT:
        text = pmsg("magyar tarokk", "{item} (no game fee with a volát)", item=text)
    return text


def _tier_item(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 2: an announced volát, else an announced double game, else the game."""
    volat = double = None
    for a in p.announcements:  # usually none
        if a.figure == "volat":
            volat = a
        elif a.figure == "double_game":
            double = a
    if volat is not None:
        won = res.all_tricks == volat.side
        value = 6 * p.g * contra_multiplier(volat.contra)
        items.add(
            _tier_text(VOLAT, 6, volat, p.g, won), volat.side if won else other(volat.side), value
        )
    elif double is not None:
        points = res.points if double.side == DECLARER else TOTAL_CARD_POINTS - res.points
        won = points >= DOUBLE_GAME_THRESHOLD
        value = 4 * p.g * contra_multiplier(double.contra)
        items.add(
            _tier_text(DOUBLE_GAME, 4, double, p.g, won),
            double.side if won else other(double.side),
            value,
        )
    else:
        rules = session.house_rules
        text, winner, value = _game_item(
            p.g,
            p.game_contra,
            res.points,
            res.all_tricks,
            bool(rules["double_game"]),
            rules["game_tier_rule"] == "announced_else_replace",
        )
        items.add(text, winner, value)


@lru_cache(maxsize=1024)
def _announced_figure_text(figure: str, contra: int, by: str, won: bool) -> Msg:
    """An announced figure (§6 step 1): its value × contra, made or failed."""
    _, announced, name = FIGURES[figure]
    m = contra_multiplier(contra)
    value = announced * m
    arith = f"{announced} × {m} = {value}" if m > 1 else f"{value}"
    return _announced(contra_of(contra, name), by, arith, won)


def _needs_talon(figure: str, talon: tuple[str, ...]) -> bool:
    """Whether the opponents' trull / four kings needs a talon card (spec §7 #6)."""
    if figure == "trull":
        return any(h in talon for h in HONOURS)
    return figure == "four_kings" and "king" in talon


def _figure_items(session: Session, p: Played, res: Result, items: _Items) -> None:
    """§6 step 1, §7 #3–#6: each figure, announced (× contra) or silent, for either side."""
    rules = session.house_rules
    voided: tuple[str, ...] = ("trull", "four_kings")
    if rules["volat_voids_silent"] == "all_silent":
        voided = ("trull", "four_kings", "pagat_ultimo", "xxi_catch")
    announced = {(a.figure, a.side): a for a in p.announcements}
    figures = {a.figure for a in p.announcements}
    for figure, (silent, _, name) in FIGURES.items():
        made = res.made[figure]
        if made is None and figure not in figures:
            continue  # nothing to pay (the common case)
        if (
            made == OPPONENTS
            and not rules["talon_counts_for_figures"]
            and _needs_talon(figure, p.talon_cards)
        ):
            made = None
            items.note(
                pmsg(
                    "magyar tarokk",
                    "{figure} of the opponents needs a talon card: not counted",
                    figure=name,
                )
            )
        for side in SIDES:
            a = announced.get((figure, side))
            if a is not None:
                won = made == side
                value = FIGURES[figure][1] * contra_multiplier(a.contra)
                items.add(
                    _announced_figure_text(figure, a.contra, a.by, won),
                    side if won else other(side),
                    value,
                )
            elif made == side:
                if res.all_tricks is not None and figure in voided:
                    text = pmsg(
                        "magyar tarokk",
                        "silent {figure} ({side}): not paid with a volát",
                        figure=name,
                        side=SIDE_NAMES[side],
                    )
                    items.note(text)
                    continue
                text = pmsg(
                    "magyar tarokk",
                    "silent {figure} ({side}): {value}",
                    figure=name,
                    side=SIDE_NAMES[side],
                    value=silent,
                )
                items.add(text, side, silent)


def _pagat_lost_item(p: Played, res: Result, items: _Items) -> None:
    """§12 #11: a silent pagát beaten in the last trick costs its side 5."""
    side = res.pagat_lost
    if side is None or any(a.figure == "pagat_ultimo" and a.side == side for a in p.announcements):
        return
    if side == DECLARER:
        text = pmsg(
            "magyar tarokk",
            "pagát of the declarer beaten in the last trick: {value}",
            value=SILENT_ULTIMO_FAILURE,
        )
    else:
        text = pmsg(
            "magyar tarokk",
            "pagát of the opponents beaten in the last trick: {value}",
            value=SILENT_ULTIMO_FAILURE,
        )
    items.add(text, other(side), SILENT_ULTIMO_FAILURE)


@lru_cache(maxsize=4096)
def _settle_text(decl: str, s: int, per_opponent: bool) -> tuple[Msg, Amount]:
    """Spec §6 step 3 for S ≠ 0: the text, and what each opponent pays (negative: receives)."""
    if per_opponent:
        share: Amount = abs(s)
        if s > 0:
            text = pmsg(
                "magyar tarokk",
                "S = {s}: {declarer} receives {share} from each opponent, 2 × {share} = {total}",
                s=signed(s),
                declarer=decl,
                share=str(share),
                total=str(2 * share),
            )
        else:
            text = pmsg(
                "magyar tarokk",
                "S = {s}: {declarer} pays {share} to each opponent, 2 × {share} = {total}",
                s=signed(s),
                declarer=decl,
                share=str(share),
                total=str(2 * share),
            )
        return text, share if s > 0 else -share
    half, rest = split(abs(s), 2)
    share = half if rest == 0 else Fraction(abs(s), 2)
    if s > 0:
        text = pmsg(
            "magyar tarokk",
            "S = {s}: {declarer} receives {amount} split between the opponents: "
            "{amount} ÷ 2 = {share} each",
            s=signed(s),
            declarer=decl,
            amount=abs(s),
            share=str(share),
        )
        return text, share
    text = pmsg(
        "magyar tarokk",
        "S = {s}: {declarer} pays {amount} split between the opponents: "
        "{amount} ÷ 2 = {share} each",
        s=signed(s),
        declarer=decl,
        amount=abs(s),
        share=str(share),
    )
    return text, -share


def _settle(session: Session, p: Played, s: int) -> Line:
    """Spec §6 step 3: each opponent pays S (or half of it), or the mild wrong discard."""
    decl = p.declarer
    if (
        p.irregularity is not None
        and p.irregularity[0] == "wrong_discard"
        and session.house_rules["wrong_discard_penalty"] == "mild"
        and s > 0
    ):
        text = pmsg(
            "magyar tarokk",
            "S = {s}, but {declarer} discarded wrongly (mild): he receives nothing",
            s=signed(s),
            declarer=decl,
        )
        return Line(text)
    if s == 0:
        return Line(pmsg("magyar tarokk", "S = 0: nobody pays"))
    text, amount = _settle_text(decl, s, bool(session.house_rules["tariff_per_opponent"]))
    deltas: dict[str, Amount] = {decl: 2 * amount}
    for opponent in p.opponents:
        deltas[opponent] = -amount
    return Line(text, deltas)


def _failed_text(members: tuple[str, ...], balance: int) -> Callable[[pots.PotMove], Msg]:
    """The failed ultimó's words (the odd unit is added by `ultimo_failed`)."""

    def text(move: pots.PotMove) -> Msg:
        if len(members) > 1:
            return pmsg(
                "magyar tarokk",
                "announced ultimó failed: {who} double the ultimókassza, {balance} ÷ 2 = "
                "{share} each",
                who=pots.names(members),
                balance=balance,
                share=move.share,
            )
        return pmsg(
            "magyar tarokk",
            "announced ultimó failed: {who} double the ultimókassza, {balance}",
            who=pots.names(members),
            balance=balance,
        )

    return text


def _kassza(p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """paskievics.md §8: each side's announced ultimó takes the pot or doubles it."""
    lines: list[Line] = []
    ultimos = {a.side: a for a in p.announcements if a.figure == "pagat_ultimo"}
    for side in SIDES:
        a = ultimos.get(side)
        if a is None:
            continue
        members = (p.declarer,) if side == DECLARER else p.opponents
        if res.made["pagat_ultimo"] != side:
            line, pot = ultimo_failed(pot, members, a.by, _failed_text(members, pot))
        elif pot <= 0:
            line = Line(pmsg("magyar tarokk", "ultimókassza is empty: nothing to take"))
        else:
            line, pot = pots.ultimo_made(POT, pot, members)
        lines.append(line)
    return lines, pot


def _announced_value(a: Announcement, g: int) -> tuple[Msg, int, int]:
    """An announcement's part of Q: its name, base value and contra multiplier."""
    if a.figure == "volat":
        return VOLAT, 6 * g, contra_multiplier(a.contra)
    if a.figure == "double_game":
        return DOUBLE_GAME, 4 * g, contra_multiplier(a.contra)
    return FIGURES[a.figure][2], FIGURES[a.figure][1], contra_multiplier(a.contra)


def _irregularity(session: Session, p: Played, irr: tuple[str, str], voided: bool) -> list[Line]:
    """Spec §9: the offender pays each other player Q, the game and every announcement."""
    kind, seat = irr
    if kind == "wrong_discard" and session.house_rules["wrong_discard_penalty"] == "mild":
        return []  # handled in the settlement line
    parts = [(GAME, p.g, contra_multiplier(p.game_contra))]
    parts += [_announced_value(a, p.g) for a in p.announcements]
    q_sum, q = penalty_sum(parts)
    offence = (
        pmsg("magyar tarokk irregularity", "revoke (renonsz)")
        if kind == "renonsz"
        else pmsg("magyar tarokk irregularity", "wrong discard")
    )
    others = [x for x in session.players if x != seat]
    args: dict[str, str | int | Msg] = {
        "offence": offence,
        "seat": seat,
        "sum": q_sum,
        "q": q,
        "total": 2 * q,
    }
    if voided:
        text = pmsg(
            "magyar tarokk",
            "{offence} by {seat}: Q = {sum}; {seat} pays {q} to each other player "
            "(2 × {q} = {total}); the normal settlement is void",
            **args,
        )
    else:
        text = pmsg(
            "magyar tarokk",
            "{offence} by {seat}: Q = {sum}; {seat} pays {q} to each other player "
            "(2 × {q} = {total}), on top of the settlement",
            **args,
        )
    return [Line(text, {seat: -q * len(others)} | dict.fromkeys(others, q))]


def _counts(session: Session, p: Played) -> list[Line]:
    """Section 12 #5: a tarokk count of at least n is paid v by each other player."""
    bonus = session.house_rules["tarokk_count_bonus"]
    if bonus is None:
        return []
    need, value = bonus["min_tarokks"], bonus["value"]
    lines: list[Line] = []
    for seat, count in p.counts:
        if count < need:
            text = pmsg(
                "magyar tarokk",
                "{seat} announced {count} tarokks: fewer than {need}, no bonus",
                seat=seat,
                count=count,
                need=need,
            )
            lines.append(Line(text))
            continue
        text = pmsg(
            "magyar tarokk",
            "{seat} announced {count} tarokks: {value} from each other player "
            "(2 × {value} = {total})",
            seat=seat,
            count=count,
            value=value,
            total=2 * value,
        )
        lines.append(Line(text, each_pays(session.players, seat, value)))
    return lines


@cache
def _game_name(level: str, step: int | None) -> Msg:
    name = LEVEL_NAMES[level]
    if level == "solo" or step is None:
        return name
    if level in ("two", "one"):
        # Named by the step's ordinal in Hungarian ("harmadik kettős").
        ordinal = (
            STEP_ORDINALS[step - 1]
            if step <= len(STEP_ORDINALS)
            else pmsg("magyar tarokk talon step, ordinal", "{step}", step=step)
        )
        return pmsg(
            "magyar tarokk game, two or one",
            "{level} (talon step {step})",
            level=name,
            step=ordinal,
        )
    return pmsg("magyar tarokk game", "{level} (talon step {step})", level=name, step=step)


@cache
def _g_line(level: str, step: int | None, g: int) -> Line:
    name = _game_name(level, step)
    if level == "solo" or step is None:
        return Line(pmsg("magyar tarokk", "game value: szóló, G = {g}", g=g))
    unit, offset = STEP_VALUE[level]
    if unit == 1 and offset == 0:
        arith = f"G = {g}"
    elif offset:
        arith = f"G = {step} + {offset} = {g}"
    else:
        arith = f"G = {unit} × {step} = {g}"
    return Line(pmsg("magyar tarokk", "game value: {game}, {arith}", game=name, arith=arith))


def _summary(p: Played, s: int | None) -> Msg:
    game = contra_of(p.game_contra, _game_name(p.level, p.step))
    if s is not None:
        return pmsg(
            "magyar tarokk",
            "{declarer}: {game} (G = {g}), S = {s}",
            declarer=p.declarer,
            game=game,
            g=p.g,
            s=signed(s),
        )
    assert p.irregularity is not None
    kind, seat = p.irregularity
    offence = (
        pmsg("magyar tarokk irregularity", "renonsz")
        if kind == "renonsz"
        else pmsg("magyar tarokk irregularity", "wrong discard")
    )
    return pmsg(
        "magyar tarokk",
        "{declarer}: {game} (G = {g}), {offence} by {seat}",
        declarer=p.declarer,
        game=game,
        g=p.g,
        offence=offence,
        seat=seat,
    )


class Magyar(PotGame):
    key = KEY
    title = pmsg("game title", "Magyar tarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None
    no_events = pmsg(
        "magyar tarokk",
        "Magyar tarokk has no session events: exactly three players play (spec §10)",
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        # Seat convention (spec §1): the last player deals first, so the first is first hand.
        return PotState(next_dealer=session.players[-1], pot=pot), []

    def end_of_session(self, session: Session, state: PotState) -> EndOfSession:
        if not session.house_rules["ultimo_kassza"] or state.pot <= 0:
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        return split_at_end(session.players, state.pot, _carried_over, always=True)

    def play(
        self, session: Session, state: PotState, hand: Mapping[str, Any], number: int
    ) -> tuple[PotState, list[Entry]]:
        return self.score(session, state, read(session, hand), number)

    def score(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        p = hand.played
        if p is None:
            return self._no_game(session, state, hand, number)
        lines = [_g_line(p.level, p.step, p.g)]
        pot = state.pot
        voided = p.irregularity is not None and voids(session, p.irregularity[0])
        s: int | None = None
        if not voided:
            assert p.result is not None
            items = _Items()
            _tier_item(session, p, p.result, items)
            _figure_items(session, p, p.result, items)
            _pagat_lost_item(p, p.result, items)
            s = items.total
            lines += items.lines
            lines.append(_settle(session, p, s))
            if session.house_rules["ultimo_kassza"]:
                pot_lines, pot = _kassza(p, p.result, pot)
                lines += pot_lines
        if p.irregularity is not None:
            lines += _irregularity(session, p, p.irregularity, voided)
        lines += _counts(session, p)
        entry = self.entry(session, number, hand.dealer, lines, _summary(p, s))
        return PotState(next_dealer(session.players, hand.dealer), pot), [entry]

    def _no_game(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        """All pass or no game: nothing paid, but 5 each into the ultimókassza (§8)."""
        rules = session.house_rules
        following = next_dealer(session.players, hand.dealer)
        if hand.outcome == "all_pass":
            text = pmsg("magyar tarokk", "all pass: no game, nothing paid")
            summary = pmsg("magyar tarokk summary", "all pass")
            if rules["all_pass_rule"] == "same_dealer":
                following = hand.dealer
        else:
            text = pmsg("magyar tarokk", "no game (abandoned by agreement)")
            if rules["no_tarokk_throw_in"]:
                text = pmsg(
                    "magyar tarokk",
                    "no game (abandoned or thrown in: no tarokk / the XXI alone)",
                )
            summary = pmsg("magyar tarokk summary", "no game")
        lines = [Line(text)]
        pot = state.pot
        if rules["ultimo_kassza"]:
            n, k = len(session.players), KASSZA_NO_GAME
            fee = pmsg(
                "magyar tarokk",
                "ultimókassza: {each} from each player ({count} × {each} = {total})",
                each=k,
                count=n,
                total=n * k,
            )
            lines.append(kassza_fee(session.players, k, fee))
            pot += n * k
        entry = self.entry(session, number, hand.dealer, lines, summary)
        return PotState(following, pot), [entry]


def _carried_over(text: Msg, rest: int) -> Msg:
    """The end of the night's split: what stays in the ultimókassza for the next night."""
    return pmsg("magyar tarokk", "{item}, {rest} carried over", item=text, rest=rest)


VARIANT = Magyar()
