"""A Paskievics hand record (spec §2, §13) read into a typed `Hand`, and checked.

Each record section has a small reader and, where the spec has cross-field rules for it, a
small check. The sections are read and checked in the record's order, so the problems of a
refused hand come in the order of its fields; every problem names its field path.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    FIGURE_GRID,
    INT,
    PLAYER,
    TEXT,
    Leaf,
    When,
    as_grid,
    choices,
    fields,
    maybe,
    named,
    only_when,
    rows,
)
from scorebook.engine.types import Session
from scorebook.engine.variants.paskievics.state import State
from scorebook.engine.variants.paskievics.tariffs import (
    ANNOUNCEABLE,
    CALLED_CARDS,
    CONTRA_NAME,
    COUNT_VALUE,
    DECL,
    GAME_TIER,
    HONOUR_POINTS,
    HONOURS,
    KINGS_POINTS,
    LEVEL_TALON,
    LEVELS,
    MAX_CONTRA,
    MOST_IN_DISCARDS,
    OPP,
    OUTCOMES,
    SIDE_FIELDS,
    SIDE_IN_SENTENCE,
    SIDES,
    TALON_CARDS,
    TOTAL_POINTS,
    TRICK_CARDS,
    other,
)

# The hand record (spec §13), field by field: what `check_input` lets through to `read_hand`,
# with each field as the hand form shows it (label, choices, range, what a new hand starts with).
CONVENTIONS = ("none", "yielded", "invit_xix", "invit_xviii")
ALONE_REASONS = ("self_call", "called_card_discarded")
IRREGULARITIES = ("renonsz", "wrong_discard")
COUNTS = tuple(COUNT_VALUE)
ANNOUNCED = (True, False)  # a tarokk count announced, or claimed after the hand
CONTRA_LEVELS = tuple(range(1, MAX_CONTRA + 1))  # the chips; none tapped = no contra (0)
CHOICE_LABEL: dict[str | int, Msg] = {
    "played": msg("played"),
    "all_pass": msg("all pass"),
    "honourless_fail": msg("honour-less failure"),
    "declined_three": msg("declined three"),
    "thrown_in": msg("thrown in"),
    "three": msg("three (hármas)"),
    "two": msg("two (kettős)"),
    "one": msg("one (egyes)"),
    "solo": msg("solo (szóló)"),
    "self_call": msg("self-call (önhívás)"),
    "called_card_discarded": msg("called card discarded"),
    "declarer": msg("declarer side"),
    "opponents": msg("opponents"),
    "double_game": msg("double game (duplajáték)"),
    "volat": msg("volát"),
    "trull": msg("trull (tuli)"),
    "four_kings": msg("four kings (négy király)"),
    "pagat_ultimo": msg("pagátultimó"),
    "xxi_catch": msg("XXI-catch (huszonegyfogás)"),
    "renonsz": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
    "none": msg("none"),
    "yielded": msg("yielded game (engedett)"),
    "invit_xix": pmsg("paskievics choice", "invit XIX"),
    "invit_xviii": pmsg("paskievics choice", "invit XVIII"),
    "skiz": msg("skíz"),
    "xxi": msg("XXI"),
    "pagat": msg("pagát"),
    8: pmsg("paskievics choice", "8"),
    9: pmsg("paskievics choice", "9"),
}
CONTRA_LABEL = dict(enumerate(CONTRA_NAME))
HOW_LABEL = {
    True: msg("announced"),
    False: pmsg("paskievics choice", "claimed after the hand"),
}
CARD_LABEL = {
    "XX": pmsg("paskievics card", "XX"),
    "XIX": msg("XIX"),
    "XVIII": msg("XVIII"),
    "XVII": msg("XVII"),
    "XVI": msg("XVI"),
    "XV": msg("XV"),
    "XIV": msg("XIV"),
    "XIII": msg("XIII"),
    "XII": msg("XII"),
    "XI": msg("XI"),
    "X": msg("X"),
    "IX": msg("IX"),
    "VIII": msg("VIII"),
    "VII": msg("VII"),
    "VI": msg("VI"),
    "V": msg("V"),
    "IV": msg("IV"),
    "III": msg("III"),
    "II": msg("II"),
}


def _field(text: Msg, kind: Leaf = TEXT, **schema: Any) -> Leaf:
    return kind.but(label=text, **schema)


# When a field applies (the form hides the rest): what the outcome leaves out.
PLAYED = When("outcome", ("played",))
BID = When("outcome", tuple(o for o in OUTCOMES if o != "all_pass"))
TALON_TAKEN = When("outcome", ("played", "honourless_fail", "thrown_in"))
SIDE = TEXT.but(choices=choices(SIDES, CHOICE_LABEL), when=PLAYED)
RECORD = fields(
    dealer=_field(msg("Dealer"), PLAYER),
    outcome=_field(
        msg("Outcome"),
        choices=choices(OUTCOMES, CHOICE_LABEL),
        default=OUTCOMES[0],
    ),
    bid=named(
        msg("Bid"),
        maybe(
            declarer=_field(msg("Declarer (felvevő)"), PLAYER, when=BID),
            level=_field(msg("Bid"), choices=choices(LEVELS, CHOICE_LABEL), when=BID),
        ),
    ),
    bidding_convention=maybe(
        kind=_field(
            pmsg("paskievics field", "Convention"),
            choices=choices(CONVENTIONS, CHOICE_LABEL),
            default=CONVENTIONS[0],
            when=BID,
        ),
        by=_field(pmsg("paskievics field", "By"), PLAYER, when=BID),
        honour=_field(
            pmsg("paskievics field", "With the honour"),
            choices=choices(HONOURS, CHOICE_LABEL),
            when=BID,
        ),
    ),
    thrown_in_by=_field(
        pmsg("paskievics field", "Thrown in by"), PLAYER, when=When("outcome", ("thrown_in",))
    ),
    talon_honours=rows(
        card=_field(
            pmsg("paskievics field", "Honour"),
            choices=choices(HONOURS, CHOICE_LABEL),
            when=TALON_TAKEN,
        ),
        taken_by=_field(pmsg("paskievics field", "Taken by"), PLAYER, when=TALON_TAKEN),
        paid_late=_field(pmsg("paskievics field", "paid late"), BOOL, when=TALON_TAKEN),
    ),
    tarokk_counts=named(
        msg("Tarokk counts (8 or 9)"),
        rows(
            seat=_field(msg("Player"), PLAYER, when=PLAYED),
            count=_field(
                pmsg("paskievics field", "Count"),
                INT,
                choices=choices(COUNTS, CHOICE_LABEL),
                when=PLAYED,
                after=".seat",
            ),
            announced=_field(
                msg("How"),
                BOOL,
                choices=choices(ANNOUNCED, HOW_LABEL),
                default=True,
                when=PLAYED,
                after=".seat",
            ),
        ),
    ),
    called_card=_field(
        pmsg("paskievics field", "Called card"),
        choices=choices(CALLED_CARDS, CARD_LABEL),
        default=CALLED_CARDS[0],
        when=PLAYED,
    ),
    partner=_field(
        pmsg("paskievics field", "Partner (holds the called card)"), PLAYER, when=PLAYED
    ),
    alone_reason=_field(
        pmsg("paskievics field", "Playing alone"),
        choices=choices(ALONE_REASONS, CHOICE_LABEL),
        when=PLAYED,
    ),
    called_card_discarded_by=_field(
        pmsg("paskievics field", "Called card lies in the discard of"),
        PLAYER,
        when=When("alone_reason", ("called_card_discarded",)),
    ),
    game_contra=_field(
        msg("Game contra"),
        INT,
        choices=choices(CONTRA_LEVELS, CONTRA_LABEL),
        lo=0,
        hi=MAX_CONTRA,
        when=PLAYED,
    ),
    # The announced figures: the form lays them out as a grid, a line per figure.
    announcements=only_when(
        PLAYED,
        named(
            msg("Announced figures"),
            as_grid(
                rows(
                    figure=TEXT.but(choices=choices(ANNOUNCEABLE, CHOICE_LABEL)),
                    by=PLAYER,
                    contra=INT.but(
                        lo=0,
                        hi=MAX_CONTRA,
                        choices=choices(CONTRA_LEVELS, CONTRA_LABEL),
                        after=".by",
                    ),
                ),
                replace(FIGURE_GRID, made_words="short"),
            ),
        ),
    ),
    result=named(
        msg("Declarer side's card points (0–94, with the declarer's discard)"),
        fields(
            declarer_card_points=_field(
                msg(
                    "Declarer side's card points (0–94, with the declarer's discard)",
                ),
                INT,
                lo=0,
                hi=TOTAL_POINTS,
                when=PLAYED,
            ),
            all_tricks_side=SIDE.but(label=msg("volát"), made="volat"),
            trull_side=SIDE.but(label=msg("trull"), made="trull"),
            four_kings_side=SIDE.but(label=msg("four kings"), made="four_kings"),
            pagat_ultimo_side=SIDE.but(label=msg("pagát ultimó"), made="pagat_ultimo"),
            xxi_catch_side=SIDE.but(label=pmsg("paskievics field", "XXI-catch"), made="xxi_catch"),
            pagat_lost_last_trick_side=SIDE.but(
                label=pmsg("paskievics field", "Pagát lost in the last trick"),
                help=pmsg(
                    "paskievics field",
                    "pays only with the house rule “Silent ultimó lost” (unless announced)",
                ),
                rule="silent_ultimo_failure_penalty",
            ),
        ),
    ),
    irregularity=maybe(
        kind=_field(
            msg("Irregularity"),
            choices=choices(IRREGULARITIES, CHOICE_LABEL),
            when=PLAYED,
        ),
        seat=_field(msg("Offender"), PLAYER, when=PLAYED),
    ),
)
EVENT_RECORD = fields(event=TEXT, player=PLAYER, seat_index=INT)


@dataclass(slots=True)
class Announcement:
    figure: str
    by: str
    side: str
    contra: int


@dataclass(slots=True)
class Hand:
    dealer: str
    outcome: str
    active: tuple[str, ...]
    declarer: str | None = None
    level: str | None = None
    partner: str | None = None
    alone_reason: str | None = None
    called_card: str | None = None
    discarded_by: str | None = None
    game_contra: int = 0
    announcements: list[Announcement] | None = None
    # announced items: "double_game" / "volat" (one side only), figures as "figure/side"
    ann: dict[str, Announcement] = field(default_factory=dict)
    points: int = 0
    sides: dict[str, str | None] | None = None
    counts: list[tuple[str, int, bool]] | None = None
    talon: list[tuple[str, str, bool]] | None = None
    irregularity: tuple[str, str] | None = None
    thrown_in_by: str | None = None


# Fields a hand that was not played leaves null or empty.
NOT_PLAYED_EMPTY = (
    "called_card",
    "partner",
    "alone_reason",
    "called_card_discarded_by",
    "announcements",
    "tarokk_counts",
    "result",
    "irregularity",
    "game_contra",
)
FIGURE_SIDE_FIELDS = ("trull_side", "four_kings_side", "pagat_ultimo_side", "xxi_catch_side")


def read_hand(session: Session, state: State, raw: Mapping[str, Any], number: int) -> Hand:
    """The record as a `Hand`; raises InvalidHand with every problem found."""
    problems = Problems()
    r = Reader(raw, problems)
    rules = session.house_rules
    hand = _read_head(r, state.seated, number)
    _read_bid(r, hand)
    _check_bid(problems, hand, rules, state.seated)
    _check_convention(problems, *_read_convention(r, hand.active), rules)
    _read_thrown_in(r, hand)
    _read_talon(r, hand, rules, len(state.seated))
    if hand.outcome == "played":
        _read_played(r, hand, rules["max_contra_level"])
    else:
        _must_be_absent(r, NOT_PLAYED_EMPTY, hand.outcome)
    problems.raise_if_any()
    return hand


def _read_played(r: Reader, hand: Hand, max_contra: int) -> None:
    _read_teams(r, hand)
    _check_teams(r, hand)
    hand.game_contra = _contra_level(r, "game_contra", max_contra)
    if hand.alone_reason == "called_card_discarded" and hand.game_contra < 1:
        r.problems.add(
            "game_contra",
            msg(
                "hivatalos kontra: at least 1 when the called card was discarded (Tolnai 1930, §47)"
            ),
        )
    _read_announcements(r, hand, max_contra)
    _read_result(r, hand)
    _read_counts(r, hand)
    _read_irregularity(r, hand)


# --- helpers -----------------------------------------------------------------------------
def _list(r: Reader, name: str) -> list[Any]:
    """The items of a list field (missing or null = none); each is then read on its own,
    so that the problems come item by item."""
    value = r.raw(name)
    if value is None or type(value) is list:
        return value or []
    r.items(name)  # words the problem
    return []


def _must_be_absent(r: Reader, names: tuple[str, ...], outcome: str) -> None:
    for name in names:
        value = r.raw(name)
        if value is None or value == [] or (name == "game_contra" and value == 0):
            continue
        if name == "game_contra":
            r.problems.add(
                name, msg("a contra on a game that was not played ({outcome})", outcome=outcome)
            )
        else:
            r.problems.add(name, msg("must be null or empty for {outcome}", outcome=outcome))


def _contra_level(r: Reader, name: str, max_level: int) -> int:
    level = r.integer(name, lo=0, hi=MAX_CONTRA, default=0)
    if level is None:
        return 0
    if level > max_level:
        r.problems.add(
            r.path(name),
            msg(
                "{contra} ({level}) is above this table's highest contra level {max_level}",
                contra=CONTRA_NAME[level],
                level=level,
                max_level=max_level,
            ),
        )
    return level


@lru_cache(maxsize=64)
def _active(seated: tuple[str, ...], dealer: str) -> tuple[str, ...]:
    """The four active players at a five-player table: all but the dealer."""
    return tuple([p for p in seated if p != dealer])


# --- the deal and the bidding ------------------------------------------------------------
def _read_head(r: Reader, seated: tuple[str, ...], number: int) -> Hand:
    """hand_no, dealer and outcome; without a dealer and an outcome nothing else is read."""
    hand_no = r.integer("hand_no", lo=1, optional=True)
    if hand_no is not None and hand_no != number:
        r.problems.add(
            "hand_no",
            msg("is {hand_no}, but this is hand {number}", hand_no=hand_no, number=number),
        )
    dealer = r.player("dealer", seated)
    outcome = r.choice("outcome", OUTCOMES)
    if dealer is None or outcome is None:
        r.problems.raise_if_any()
    assert dealer is not None
    assert outcome is not None
    # With five at the table the dealer sits out (seed 004 §8, §20).
    active = _active(seated, dealer) if len(seated) == 5 else seated
    return Hand(dealer, outcome, active)


def _read_bid(r: Reader, hand: Hand) -> None:
    bid = r.obj("bid", optional=True)
    outcome = hand.outcome
    if outcome == "all_pass":
        _must_be_absent(r, ("bid",), outcome)
    elif bid is not None:
        hand.declarer = bid.player("declarer", hand.active)
        hand.level = bid.choice("level", LEVELS)
    elif outcome != "thrown_in":
        r.problems.add("bid", msg("is required for {outcome}", outcome=outcome))


def _check_bid(
    problems: Problems, hand: Hand, rules: Mapping[str, Any], seated: tuple[str, ...]
) -> None:
    if hand.outcome == "declined_three":
        if hand.level not in (None, "three"):
            problems.add("bid.level", msg("only a three can be declined"))
        if not rules["temesvar_declined_three"]:
            problems.add(
                "outcome",
                msg("a declined three needs the house rule ‘Temesvár: declining a three’"),
            )
    elif hand.outcome == "honourless_fail" and hand.declarer is not None:
        fourth = _fourth_bidder(seated, hand.dealer, hand.active)
        if hand.declarer != fourth:
            problems.add(
                "bid.declarer",
                msg("an honour-less failure is the fourth bidder's ({player})", player=fourth),
            )


def _fourth_bidder(seated: tuple[str, ...], dealer: str, active: tuple[str, ...]) -> str:
    """The fourth bidder after three passes: the last active seat in bidding order, which
    starts at the dealer's right-hand neighbour (seed 004 §38)."""
    start = (seated.index(dealer) + 1) % len(seated)
    order = [seated[(start + i) % len(seated)] for i in range(len(seated))]
    return [p for p in order if p in active][-1]


def _read_convention(r: Reader, active: tuple[str, ...]) -> tuple[str | None, str | None]:
    """The bidding convention (validation only, spec §12 #17): its kind and honour."""
    conv = r.obj("bidding_convention", optional=True)
    if conv is None:
        return None, None
    kind = conv.choice("kind", CONVENTIONS, default="none")
    conv.player("by", active, optional=True)
    return kind, conv.choice("honour", HONOURS, optional=True)


def _check_convention(
    problems: Problems, kind: str | None, honour: str | None, rules: Mapping[str, Any]
) -> None:
    if (
        kind in ("invit_xix", "invit_xviii")
        and honour == "pagat"
        and not rules["allow_pagat_invit"]
    ):
        problems.add(
            "bidding_convention.honour",
            msg("an invit needs a high honour (an invit with the pagát is not played here)"),
        )


def _read_thrown_in(r: Reader, hand: Hand) -> None:
    if hand.outcome == "thrown_in":
        hand.thrown_in_by = r.player("thrown_in_by", hand.active)
    elif r.has("thrown_in_by"):
        _must_be_absent(r, ("thrown_in_by",), hand.outcome)


# --- talon honours (Újlak, seed 004 §40) ---------------------------------------------------
def _read_talon(r: Reader, hand: Hand, rules: Mapping[str, Any], seats: int) -> None:
    raw_items = _list(r, "talon_honours")
    if not raw_items:
        return
    _check_talon_allowed(r.problems, hand.outcome, rules, seats)
    hand.talon = []
    seen: set[str] = set()
    for i, raw in enumerate(raw_items):
        item = Reader(raw, r.problems, f"talon_honours[{i}]")
        card = item.choice("card", HONOURS)
        taker = item.player("taken_by", hand.active)
        late = item.boolean("paid_late")
        _check_talon_item(r.problems, hand, i, card, taker, seen)
        if card is not None:
            seen.add(card)
        if card is not None and taker is not None:
            hand.talon.append((card, taker, late))


def _check_talon_allowed(
    problems: Problems, outcome: str, rules: Mapping[str, Any], seats: int
) -> None:
    if not rules["ujlak_talon_honours"] or seats != 5:
        problems.add(
            "talon_honours",
            msg("recorded only with the house rule ‘Újlak talon honours’ at a five-player table"),
        )
    elif outcome in ("all_pass", "declined_three"):
        problems.add(
            "talon_honours",
            msg("nobody takes talon cards in {outcome}", outcome=outcome),
        )


def _check_talon_item(
    problems: Problems, hand: Hand, i: int, card: str | None, taker: str | None, seen: set[str]
) -> None:
    if card in seen:
        assert card is not None
        problems.add(f"talon_honours[{i}].card", msg("{card} listed twice", card=card))
    if hand.outcome == "honourless_fail" and taker is not None and taker == hand.declarer:
        problems.add(
            f"talon_honours[{i}].taken_by",
            msg("the honour-less bidder got no honour from the talon"),
        )


# --- teams -------------------------------------------------------------------------------
def _read_teams(r: Reader, hand: Hand) -> None:
    hand.called_card = r.choice("called_card", CALLED_CARDS)
    hand.alone_reason = r.choice("alone_reason", ALONE_REASONS, optional=True)
    partner = r.player("partner", hand.active, optional=True)
    hand.discarded_by = r.player("called_card_discarded_by", hand.active, optional=True)
    if hand.alone_reason is None:
        hand.partner = partner  # a partner who is the declarer is refused below
    _check_partner(r, hand, partner)


def _check_partner(r: Reader, hand: Hand, partner: str | None) -> None:
    reason = hand.alone_reason
    if reason is None:
        if partner is None and not r.has("partner"):
            r.problems.add(
                "partner",
                msg("is required (or say why the declarer plays alone)"),
            )
        elif partner is not None and partner == hand.declarer:
            r.problems.add(
                "partner",
                msg("is the declarer: for a self-call choose ‘self-call’ under ‘Why alone’"),
            )
    elif reason == "self_call":
        if partner is not None and partner != hand.declarer:
            r.problems.add(
                "partner",
                msg("must be empty (or the declarer) at a self-call"),
            )
    elif partner is not None:
        r.problems.add(
            "partner",
            msg("must be null when the called card was discarded"),
        )


def _check_teams(r: Reader, hand: Hand) -> None:
    """called_card_discarded_by goes with alone_reason called_card_discarded, and only."""
    if hand.alone_reason != "called_card_discarded":
        if r.has("called_card_discarded_by"):
            r.problems.add(
                "called_card_discarded_by",
                msg("only when the declarer plays alone because the called card was discarded"),
            )
    elif hand.discarded_by is None and not r.has("called_card_discarded_by"):
        r.problems.add("called_card_discarded_by", msg("is required"))
    elif hand.discarded_by is not None and hand.discarded_by == hand.declarer:
        r.problems.add(
            "called_card_discarded_by",
            msg("must be another player than the declarer"),
        )


# --- announcements -----------------------------------------------------------------------
def _read_announcements(r: Reader, hand: Hand, max_contra: int) -> None:
    hand.announcements = []
    seen: set[tuple[str, str]] = set()
    # The declarer's side (a None in it matches nobody: every `by` is a player's name).
    decl_side = (hand.declarer, hand.partner)
    for i, raw in enumerate(_list(r, "announcements")):
        item = Reader(raw, r.problems, f"announcements[{i}]")
        figure = item.choice("figure", ANNOUNCEABLE)
        by = item.player("by", hand.active)
        contra = _contra_level(item, "contra", max_contra)
        if figure is None or by is None:
            continue
        side = DECL if by in decl_side else OPP
        if _check_announcement(r.problems, hand, i, figure, side, seen):
            a = Announcement(figure, by, side, contra)
            hand.announcements.append(a)
            hand.ann[figure if figure in GAME_TIER else f"{figure}/{side}"] = a


def _check_announcement(
    problems: Problems, hand: Hand, i: int, figure: str, side: str, seen: set[tuple[str, str]]
) -> bool:
    """At most one item per figure per side; the game tier from one side only."""
    if (figure, side) in seen:
        problems.add(
            f"announcements[{i}].figure",
            msg("{figure} is already announced by the {side}", figure=figure, side=side),
        )
        return False
    seen.add((figure, side))
    tier = hand.ann.get("double_game") or hand.ann.get("volat")
    if figure in GAME_TIER and tier is not None and tier.side != side:
        problems.add(
            f"announcements[{i}].by",
            msg("double game / volát may be announced by one side only"),
        )
        return False
    return True


# --- result ------------------------------------------------------------------------------
def _read_result(r: Reader, hand: Hand) -> None:
    res = r.obj("result")
    if res is None:
        return
    points = res.integer("declarer_card_points", lo=0, hi=TOTAL_POINTS)
    hand.points = points or 0
    hand.sides = sides = {name: res.choice(name, SIDES, optional=True) for name in SIDE_FIELDS}
    fits = True
    if points is not None and hand.level is not None:
        fits = _check_point_bounds(r.problems, sides["all_tricks_side"], points, hand.level)
    _check_volat_figures(r.problems, sides)
    _check_honours(r.problems, sides)
    _check_pagat_lost(r.problems, hand, sides)
    if points is not None and fits:
        _check_figure_points(r.problems, sides, points)


def _check_point_bounds(problems: Problems, volat: str | None, points: int, level: str) -> bool:
    """The card points the discards and the tricks allow (spec §13); False after a problem.

    The declarer's discard counts for his side, every other discard for the opponents
    (seed 004 §37). A side that took every trick leaves the other side its discards only;
    otherwise each side took at least one trick (four cards, at least 4 card points).
    """
    own = LEVEL_TALON[level]
    theirs = TALON_CARDS - own
    if volat == DECL:
        least, most = TOTAL_POINTS - MOST_IN_DISCARDS[theirs], TOTAL_POINTS - theirs
    elif volat == OPP:
        least, most = own, MOST_IN_DISCARDS[own]
    else:
        least, most = own + TRICK_CARDS, TOTAL_POINTS - theirs - TRICK_CARDS
    if points < least:
        problems.add("result.declarer_card_points", _too_few(volat, points, least))
    elif points > most:
        problems.add("result.declarer_card_points", _too_many(volat, points, most))
    else:
        return True
    return False


def _too_few(volat: str | None, points: int, least: int) -> Msg:
    if volat == DECL:
        return msg(
            "{points} is too few for all nine tricks (at least {least})", points=points, least=least
        )
    if volat == OPP:
        return msg(
            "{points} is too few when the opponents took every trick (at least {least})",
            points=points,
            least=least,
        )
    return msg(
        "{points} is too few when each side took a trick (at least {least})",
        points=points,
        least=least,
    )


def _too_many(volat: str | None, points: int, most: int) -> Msg:
    if volat == DECL:
        return msg(
            "{points} is too many for all nine tricks (at most {most})", points=points, most=most
        )
    if volat == OPP:
        return msg(
            "{points} is too many when the opponents took every trick (at most {most})",
            points=points,
            most=most,
        )
    return msg(
        "{points} is too many when each side took a trick (at most {most})",
        points=points,
        most=most,
    )


def _check_volat_figures(problems: Problems, sides: dict[str, str | None]) -> None:
    """The side that took every trick captured every honour and king; the other side
    captured nothing."""
    volat = sides["all_tricks_side"]
    if volat is None:
        return
    for name in FIGURE_SIDE_FIELDS:
        if sides[name] == other(volat):
            problems.add(
                f"result.{name}",
                msg("impossible: the {side} took every trick", side=SIDE_IN_SENTENCE[volat]),
            )
        elif sides[name] is None and name in ("trull_side", "four_kings_side"):
            problems.add(
                f"result.{name}",
                msg(
                    "must be {side}: the {side} took every trick, so every honour and king",
                    side=SIDE_IN_SENTENCE[volat],
                ),
            )


def _check_honours(problems: Problems, sides: dict[str, str | None]) -> None:
    trull = sides["trull_side"]
    # The skíz always wins its trick, so trull and XXI-catch belong to the same side.
    if trull and sides["xxi_catch_side"] not in (None, trull):
        problems.add(
            "result.xxi_catch_side",
            msg("impossible: the other side captured all three honours"),
        )
    # The trull side captured the pagát, so the other side's pagát cannot win trick nine.
    if trull and sides["pagat_ultimo_side"] not in (None, trull):
        problems.add(
            "result.pagat_ultimo_side",
            msg("impossible: the other side captured all three honours"),
        )
    # A side whose skíz caught the XXI and whose pagát won the last trick captured all three
    # honours (a volát says so already, above).
    caught = sides["xxi_catch_side"]
    proven = caught and caught == sides["pagat_ultimo_side"]
    if trull is None and proven and sides["all_tricks_side"] is None:
        problems.add(
            "result.trull_side",
            msg(
                "must be {side}: its skíz caught the XXI and its pagát won the last trick",
                side=str(caught),
            ),
        )


def _check_pagat_lost(problems: Problems, hand: Hand, sides: dict[str, str | None]) -> None:
    """A pagát played to the ninth trick and beaten there, by an opponent's tarokk or by the
    partner's own (seed 004 §54, spec §13): only the ultimó cannot have been made. A
    declarer playing alone has no partner, so an opponent beat his pagát."""
    lost = sides["pagat_lost_last_trick_side"]
    if lost is None:
        return
    if sides["pagat_ultimo_side"] is not None:
        problems.add(
            "result.pagat_lost_last_trick_side",
            msg("only one pagát can be in the last trick with the ultimó made"),
        )
    if lost != DECL or hand.partner is not None:
        return
    if sides["trull_side"] == DECL:
        problems.add(
            "result.pagat_lost_last_trick_side",
            msg(
                "impossible: the declarer plays alone, so an opponent captured his pagát, "
                "yet he made the trull"
            ),
        )
    elif sides["all_tricks_side"] == DECL:
        problems.add(
            "result.pagat_lost_last_trick_side",
            msg("impossible: the declarer plays alone, so an opponent won the last trick"),
        )


def _check_figure_points(problems: Problems, sides: dict[str, str | None], points: int) -> None:
    """A side's card points cover the honours and kings its figures prove it captured."""
    made = sides["trull_side"] or sides["four_kings_side"]
    if not (made or sides["pagat_ultimo_side"] or sides["xxi_catch_side"]):
        return
    if points < _min_points(sides, DECL) or TOTAL_POINTS - points < _min_points(sides, OPP):
        problems.add(
            "result.declarer_card_points",
            msg("{points} does not fit the captured figures", points=points),
        )


def _min_points(sides: dict[str, str | None], side: str) -> int:
    """The card points a side certainly holds, from the figures it captured."""
    honours: set[str] = set()
    if sides["trull_side"] == side:
        honours |= {"skiz", "xxi", "pagat"}
    if sides["xxi_catch_side"] == side:
        honours |= {"skiz", "xxi"}
    if sides["pagat_ultimo_side"] == side:
        honours.add("pagat")
    kings = KINGS_POINTS if sides["four_kings_side"] == side else 0
    return HONOUR_POINTS * len(honours) + kings


# --- tarokk counts and irregularity ------------------------------------------------------
def _read_counts(r: Reader, hand: Hand) -> None:
    hand.counts = []
    seen: set[str] = set()
    for i, raw in enumerate(_list(r, "tarokk_counts")):
        item = Reader(raw, r.problems, f"tarokk_counts[{i}]")
        seat = item.player("seat", hand.active)
        count = item.choice("count", COUNTS)
        announced = item.boolean("announced", default=True)
        if seat is not None and seat in seen:
            path = f"tarokk_counts[{i}].seat"
            r.problems.add(path, msg("{player} listed twice", player=seat))
        elif seat is not None and count is not None:
            seen.add(seat)
            hand.counts.append((seat, count, announced))


def _read_irregularity(r: Reader, hand: Hand) -> None:
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return
    kind = irr.choice("kind", IRREGULARITIES)
    seat = irr.player("seat", hand.active)
    if kind is not None and seat is not None:
        hand.irregularity = (kind, seat)
