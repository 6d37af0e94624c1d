"""Magyar tarokk's hand record (spec §13): the typed `Hand`, the record schema the hand form
is built from, `read` (the record into a `Hand`, one reader per section) and the `_check_*`
rules between fields, each problem naming its field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    FIGURE_GRID,
    INT,
    PLAYER,
    TEXT,
    TEXTS,
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
from scorebook.engine.variants._hungarian import (
    CONTRA,
    DECLARER,
    OPPONENTS,
    SIDE,
    SIDES,
    check_no_game,
    other,
)
from scorebook.engine.variants._tarokk_count import TAROKKS, read_tarokk_counts
from scorebook.engine.variants.magyar.house_rules import voids
from scorebook.engine.variants.magyar.tariffs import (
    FIGURES,
    GAME_TIER,
    HONOURS,
    KEPT,
    LEVEL_NAMES,
    LEVELS,
    OUTCOMES,
    SOURCE_MAX_STEP,
    STEP_VALUE,
    TALON_FIGURE_CARDS,
    TALON_SIZE,
    TOTAL_CARD_POINTS,
    WIN_THRESHOLD,
    game_value,
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
    "played": msg("played"),
    "all_pass": msg("all pass"),
    "no_game": pmsg("magyar choice", "no game (abandoned)"),
}
LEVEL_LABELS = {
    "three": msg("three (hármas)"),
    "lower_three": pmsg("magyar choice", "lower three (alsó hármas)"),
    "two": msg("two (kettős)"),
    "one": msg("one (egyes)"),
    "solo": msg("solo (szóló)"),
}
FIGURE_LABELS = {
    "volat": msg("volát"),
    "double_game": msg("double game (duplajáték)"),
    "trull": msg("trull (tuli)"),
    "four_kings": msg("four kings (négy király)"),
    "pagat_ultimo": msg("pagátultimó"),
    "xxi_catch": msg("XXI-catch (huszonegyfogás)"),
}
TALON_CARD_LABELS = {
    "skiz": msg("skíz"),
    "xxi": msg("XXI"),
    "pagat": msg("pagát"),
    "king": msg("king"),
}
IRREGULARITY_LABELS = {
    "renonsz": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
}
PLAYED = When("outcome", ("played",))  # nothing but the dealer without a game
STEPPED = When("level", tuple(STEP_VALUE))  # every level but szóló takes talon cards

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, help, choices, range, default, and
# `when` it applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    outcome=TEXT.but(
        label=msg("Outcome"),
        choices=choices(OUTCOMES, OUTCOME_LABELS),
        default="played",
    ),
    declarer=PLAYER.but(label=msg("Declarer (felvevő)"), when=PLAYED),
    level=TEXT.but(label=msg("Game"), choices=choices(LEVELS, LEVEL_LABELS), when=PLAYED),
    # up to the source's last step per level with the house rule max_talon_step "source"
    talon_step=INT.but(
        label=pmsg("magyar field", "Talon step kept (1st, 2nd… group turned up)"),
        help=pmsg("magyar field", "empty in szóló"),
        lo=1,
        when=STEPPED,
    ),
    # a card is offered as often as the pack holds it (the king four times): one chip each
    talon_figure_cards=TEXTS.but(
        label=msg("Figure cards left to the opponents in the talon"),
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
    game_contra=CONTRA.but(label=msg("Game contra"), default=0, when=PLAYED),
    announcements=named(
        msg("Announced figures"),
        as_grid(
            only_when(
                PLAYED,
                rows(
                    figure=TEXT.but(
                        label=msg("Figure"),
                        # double game only with the house rule double_game (`_read_announcements`)
                        choices=choices(
                            ANNOUNCEABLE_WITH_DOUBLE,
                            FIGURE_LABELS,
                            rules={"double_game": "double_game"},
                        ),
                    ),
                    by=PLAYER.but(label=msg("Announced by")),
                    contra=CONTRA.but(label=msg("Contra"), after=".by"),
                ),
            ),
            FIGURE_GRID,
        ),
    ),
    # scored only with the house rule tarokk_count_bonus
    tarokk_counts=only_when(
        PLAYED,
        rows(
            seat=PLAYER.but(label=msg("Player"), rule="tarokk_count_bonus"),
            count=INT.but(label=msg("Tarokks"), lo=0, hi=TAROKKS, rule="tarokk_count_bonus"),
        ),
    ),
    result=only_when(
        PLAYED,
        maybe(
            declarer_card_points=INT.but(
                label=pmsg("magyar field", "Declarer's card points (0–94, with his discard)"),
                lo=0,
                hi=TOTAL_CARD_POINTS,
                when=PLAYED,
            ),
            all_tricks_side=SIDE.but(
                label=pmsg("magyar field", "All twelve tricks (volát)"), made="volat"
            ),
            trull_side=SIDE.but(
                label=pmsg("magyar field", "Trull (skíz, XXI, pagát)"), made="trull"
            ),
            four_kings_side=SIDE.but(label=msg("Four kings"), made="four_kings"),
            pagat_ultimo_side=SIDE.but(label=msg("Pagátultimó"), made="pagat_ultimo"),
            xxi_catch_side=SIDE.but(label=pmsg("magyar field", "XXI-catch"), made="xxi_catch"),
            # read only with the house rule silent_ultimo_failure_penalty
            pagat_lost_last_trick_side=SIDE.but(
                label=pmsg("magyar field", "Pagát beaten in the 12th trick"),
                help=pmsg("magyar field", "only with the silent-ultimo-failure house rule"),
                rule="silent_ultimo_failure_penalty",
            ),
        ),
    ),
    irregularity=only_when(
        PLAYED,
        maybe(
            kind=TEXT.but(
                label=msg("Irregularity"),
                choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
            ),
            seat=PLAYER.but(label=msg("Offender")),
        ),
    ),
)


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
        r.problems.add("talon_figure_cards", msg("must be a list"))
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
    _check_all_tricks(problems, points, all_tricks, made)
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
        problems.add("irregularity.kind", msg("there is no discard in szóló"))


def _check_all_tricks(
    problems: Problems,
    points: int | None,
    all_tricks: str | None,
    made: dict[str, str | None],
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
