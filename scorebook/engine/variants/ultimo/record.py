"""Reading and checking an Ultimo hand record (spec §6.8, §13.1).

`read_hand` reads the record section by section into a typed `Hand` (each reader names the
problems of its own fields), then runs the cross-field checks of §6.8, one function per rule
group, and refuses the hand with every problem found.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    INT,
    INTS,
    PLAYER,
    PLAYERS,
    TEXT,
    When,
    by_player,
    choices,
    fields,
    maybe,
    named,
    rows,
)
from scorebook.engine.types import Session
from scorebook.engine.variants.ultimo.hand import Declaration, Hand, Penalty
from scorebook.engine.variants.ultimo.state import UltimoState, seat_roles
from scorebook.engine.variants.ultimo.tariffs import (
    CARD_POINTS_TOTAL,
    CAVALRY_CARDS,
    CLASS_TEXT,
    CLASSES,
    DEALER_OFFENCES,
    DECLARATION_TYPES,
    FAILED_TOUT_CLASS,
    LEVELS,
    MATADORS_MAX,
    MATADORS_MIN,
    PENALTY_AMOUNT,
    REASON_CLASS,
    REASON_TEXT,
    REASONS,
    SKAT_MAX,
    SUIT_TEXT,
    SUITS,
    TRUMPS_MAX,
    TRUMPS_MIN,
)

# The hand record (spec §13.1) and the session events (§13.2) field by field: what
# `check_input` lets through to the readers below.
TRICKS = 25  # a hand's tricks; a penalty names one (0 = before the first lead)
KINGS = 4  # kings one player can lose in tricks 1–24
KINGS_LOST = tuple(range(1, KINGS + 1))  # the chips; none tapped = none lost
WINNING_CARDS = ("pagat", "king", "other")
PAGAT_RESULTS = ("won", "lost")
CHOICE_LABEL: dict[str | int, Msg] = {
    "pagat": msg("pagát"),
    "king": msg("king"),
    "other": msg("other card"),
    "won": msg("won"),
    "lost": msg("lost"),
    1: pmsg("ultimo choice", "1"),
    2: pmsg("ultimo choice", "2"),
    3: pmsg("ultimo choice", "3"),
    4: pmsg("ultimo choice", "4"),
}

# A declaration's type, level and missing card as the hand form offers them (spec §4 table A)
DECLARATION_LABEL: dict[str, Msg] = {
    "trumps": msg("trumps"),
    "matadors": msg("matadors"),
    "kings": msg("kings"),
    "cavalry": msg("cavalry"),
    "rich": msg("rich"),
    "full": msg("full"),
    "half": msg("half"),
    "king": msg("king"),
    "queen": msg("queen"),
    "cavalier": msg("cavalier"),
    "jack": msg("jack"),
}

# The hand record (spec §13.1), with each field as the hand form shows it.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    sitting_out=PLAYER.but(derived=True),
    void=BOOL.but(derived=True),
    redeal_requests=PLAYERS.but(label=pmsg("ultimo field", "Asked for a redeal")),
    declarations=named(
        msg("Declarations"),
        rows(
            player=PLAYER,
            type=TEXT.but(
                label=pmsg("ultimo field", "Declaration"),
                choices=choices(DECLARATION_TYPES, DECLARATION_LABEL),
            ),
            level=TEXT.but(
                label=pmsg("ultimo field", "Level (kings, cavalry)"),
                choices=choices(LEVELS, DECLARATION_LABEL),
                when=When(".type", ("kings", "cavalry")),
            ),
            suit=TEXT.but(
                label=pmsg("ultimo field", "Suit (cavalry)"),
                choices=choices(SUITS, SUIT_TEXT),
                when=When(".type", ("cavalry",)),
            ),
            count=INT.but(
                label=pmsg("ultimo field", "Count (trumps, matadors)"),
                lo=min(TRUMPS_MIN, MATADORS_MIN),
                hi=max(TRUMPS_MAX, MATADORS_MAX),
                when=When(".type", ("trumps", "matadors")),
            ),
            # a half king declaration misses a suit's king, a half cavalry one of its cards
            missing=TEXT.but(
                label=pmsg("ultimo field", "Missing (half)"),
                choices=choices(SUITS, SUIT_TEXT) + choices(CAVALRY_CARDS, DECLARATION_LABEL),
                when=When(".level", ("half",)),
            ),
            with_pagat=BOOL.but(
                label=pmsg("ultimo field", "Trumps with the Pagat"), when=When(".type", ("trumps",))
            ),
        ),
    ),
    penalties=rows(
        player=PLAYER.but(label=msg("Offender")),
        reason=TEXT.but(
            label=pmsg("ultimo field", "Reason"), choices=choices(REASONS, REASON_TEXT)
        ),
        trick=INT.but(
            label=pmsg("ultimo field", "Trick (0 = before the first lead)"), lo=0, hi=TRICKS
        ),
        refund_declarations=INTS.but(
            label=pmsg("ultimo field", "Declarations it refunds"), rows_of="declarations"
        ),
        **{
            "class": TEXT.but(
                label=pmsg("ultimo field", "Class"), choices=choices(CLASSES, CLASS_TEXT)
            )
        },
    ),
    in_play=fields(
        kings_lost=by_player(
            INT.but(
                label=pmsg("ultimo field", "Kings lost"),
                choices=choices(KINGS_LOST, CHOICE_LABEL),
                lo=0,
                hi=KINGS,
            )
        ),
        pagat=maybe(
            player=PLAYER.but(label=pmsg("ultimo field", "Pagat won or lost a trick: player")),
            result=TEXT.but(label=msg("Result"), choices=choices(PAGAT_RESULTS, CHOICE_LABEL)),
        ),
    ),
    last_trick=named(
        msg("Last trick"),
        fields(
            winner=PLAYER.but(label=pmsg("ultimo field", "Won by")),
            winning_card=TEXT.but(
                label=pmsg("ultimo field", "With"), choices=choices(WINNING_CARDS, CHOICE_LABEL)
            ),
            king_przydupek=PLAYERS.but(
                label=pmsg("ultimo field", "Played a king and did not win (King Przydupek)")
            ),
            pagat_przydupek=PLAYER.but(
                label=pmsg("ultimo field", "Played the Pagat and did not win (Pagat Przydupek)")
            ),
        ),
    ),
    tout=PLAYER.but(label=pmsg("ultimo field", "Tout (took all 25 tricks)")),
    nolo=PLAYER.but(label=pmsg("ultimo field", "Nolo (took no trick)")),
    card_points=named(
        msg("Card points (sum 78)"),
        by_player(INT.but(label=msg("Card points (sum 78)"), lo=0, hi=CARD_POINTS_TOTAL)),
    ),
)
EVENT_RECORD = fields(event=TEXT, player=PLAYER, seat_index=INT, rounding=TEXT)

# ---------------------------------------------------------------------------------------------
# declarations (spec §4 table A)


def _read_level(d: Reader, kind: str) -> tuple[str | None, str | None]:
    """A king or cavalry declaration's level, and the missing card a half one names."""
    level: str | None = d.choice("level", LEVELS)
    missing: str | None = None
    if level == "half":
        missing = d.choice("missing", SUITS if kind == "kings" else CAVALRY_CARDS)
    elif level is not None and d.has("missing"):
        d.problems.add(d.path("missing"), msg("only a half declaration names a missing card"))
    return level, missing


def _read_declaration(d: Reader, player: str | None, kind: str | None) -> Declaration | None:
    """The fields of one declaration by its type; None after a problem."""
    if kind == "trumps":
        count = d.integer("count", lo=TRUMPS_MIN, hi=TRUMPS_MAX)
        with_pagat = d.boolean("with_pagat")
        if player is None or count is None:
            return None
        return Declaration(player, kind, count, with_pagat)
    if kind == "matadors":
        count = d.integer("count", lo=MATADORS_MIN, hi=MATADORS_MAX)
        return None if player is None or count is None else Declaration(player, kind, count)
    if kind is None:
        return None
    suit = d.choice("suit", SUITS) if kind == "cavalry" else ""
    level, missing = _read_level(d, kind)
    if player is None or suit is None or level is None or (level == "half" and missing is None):
        return None
    return Declaration(player, kind, 0, False, level, suit, missing)


def _read_declarations(
    r: Reader, active: tuple[str, ...]
) -> tuple[list[Declaration], list[str | None]]:
    """The declarations, and who made each (None where the player is wrong), by index."""
    result: list[Declaration] = []
    made_by: list[str | None] = []
    seen: set[tuple[str, str, str]] = set()
    for d in r.items("declarations"):
        player = d.player("player", active)
        kind = d.choice("type", DECLARATION_TYPES)
        decl = _read_declaration(d, player, kind)
        made_by.append(player)
        if decl is not None:
            result.append(decl)
        if player is None or kind is None:
            continue
        # §4: at most one trumps, matadors and king declaration, one cavalry per suit
        suit = d.data.get("suit") if kind == "cavalry" else None
        key = (player, kind, suit if suit in SUITS else "")
        if key in seen:
            d.problems.add(
                d.path("suit" if kind == "cavalry" else "type"),
                msg("{who} already made this kind of declaration in this hand", who=player),
            )
        seen.add(key)
    return result, made_by


# ---------------------------------------------------------------------------------------------
# penalties (spec §9)


def _penalty_class(session: Session, p: Reader, reason: str | None) -> str | None:
    """The recorded class, which must be the one the reason carries (spec §9.2)."""
    expected: str | None = None
    if reason in REASON_CLASS:
        expected = REASON_CLASS[reason]
    elif reason == "failed_tout_joker_discard":
        expected = FAILED_TOUT_CLASS[session.house_rules["failed_tout_joker_penalty"]]
    elif reason == "revoke":
        expected = session.house_rules["revoke_penalty_class"] or "superficial"
    if expected is None:
        cls: str | None = p.choice("class", CLASSES)
        return cls
    cls = p.choice("class", CLASSES, optional=True) or expected
    if cls != expected:
        p.problems.add(
            p.path("class"),
            msg("a {reason} penalty is {cls} here", reason=str(reason), cls=CLASS_TEXT[expected]),
        )
        return None
    return cls


def _check_offender(
    session: Session, p: Reader, player: str | None, reason: str | None, dealer: str
) -> None:
    """§18: the dealer is the offender of a misdeal, a wrong discard and a failed Tout."""
    dealer_only = reason in DEALER_OFFENCES or (
        reason == "wrong_card_count" and session.house_rules["misdeal_offender"] == "dealer"
    )
    if dealer_only and player is not None and player != dealer:
        p.problems.add(
            p.path("player"),
            msg(
                "the offender for {reason} is the dealer, {dealer}",
                reason=str(reason),
                dealer=dealer,
            ),
        )


def _refund_problem(
    idx: Any, made_by: list[str | None], player: str | None, taken: set[int]
) -> Msg | None:
    """What is wrong with one index of `refund_declarations`, if anything."""
    if isinstance(idx, bool) or not isinstance(idx, int):
        return msg("{value} is not a whole number", value=repr(idx))
    if not 0 <= idx < len(made_by):
        return pmsg("ultimo", "this hand has no such declaration")
    if player is not None and made_by[idx] != player:
        return pmsg(
            "ultimo",
            "only the offender's own declarations are refunded (this one belongs to: {who})",
            who=str(made_by[idx]),
        )
    if idx in taken:
        return pmsg("ultimo", "this declaration is already refunded by another penalty")
    return None


def _read_refunds(
    p: Reader, player: str | None, reason: str | None, made_by: list[str | None], done: set[int]
) -> list[int]:
    """§9.3: the wrong declarations a declaration_error returns, each once."""
    raw = p.raw("refund_declarations")
    field = p.path("refund_declarations")
    if raw is not None and raw != [] and reason != "declaration_error":
        p.problems.add(field, msg("only a declaration error refunds declarations"))
        return []
    if raw is not None and not isinstance(raw, list):
        p.problems.add(field, msg("must be a list"))
        return []
    refunds: list[int] = []
    for j, idx in enumerate(raw or ()):
        problem = _refund_problem(idx, made_by, player, done | set(refunds))
        if problem is None:
            refunds.append(idx)
        else:
            p.problems.add(f"{field}[{j}]", problem)
    return refunds


def _read_penalties(
    session: Session, r: Reader, active: tuple[str, ...], dealer: str, made_by: list[str | None]
) -> list[Penalty]:
    result: list[Penalty] = []
    refunded: set[int] = set()
    for i, p in enumerate(r.items("penalties")):
        player = p.player("player", active)
        reason = p.choice("reason", REASONS)
        p.integer("trick", lo=0, hi=TRICKS, optional=True)
        cls = _penalty_class(session, p, reason)
        _check_offender(session, p, player, reason, dealer)
        refunds = _read_refunds(p, player, reason, made_by, refunded)
        if player is None or reason is None or cls is None:
            continue
        refunded.update(refunds)
        voids = cls == "irreparable" and reason != "failed_tout_joker_discard"
        if voids and any(q.voids for q in result):
            p.problems.add(
                p.path("class"), msg("the hand already ended with an irreparable penalty")
            )
        result.append(Penalty(i, player, reason, cls, PENALTY_AMOUNT[cls], voids, tuple(refunds)))
    return result


def _check_void(r: Reader, void: bool) -> None:
    """`void` may be given; it must then say what the penalties say (spec §13.1)."""
    given = r.raw("void")
    if not isinstance(given, bool):
        r.boolean("void")  # names the problem
    elif given != void:
        r.problems.add("void", msg("the hand is void exactly when it has an irreparable penalty"))


# ---------------------------------------------------------------------------------------------
# the play: tricks 1–24, the last trick, Tout and Nolo, card points


def _read_in_play(
    r: Reader, active: tuple[str, ...]
) -> tuple[dict[str, int], tuple[str, str] | None]:
    """Kings lost per player (only the non-zero counts) and the Pagat event of tricks 1–24."""
    ip = r.obj("in_play", optional=True)
    if ip is None:
        return {}, None
    lost = ip.player_map("kings_lost", active, lo=0, hi=KINGS, optional=True, complete=False)
    kings_lost = {k: v for k, v in (lost or {}).items() if v}
    pr = ip.obj("pagat", optional=True)
    if pr is None:
        return kings_lost, None
    who = pr.player("player", active)
    result = pr.choice("result", PAGAT_RESULTS)
    if who is None or result is None:
        return kings_lost, None
    return kings_lost, (who, result)


def _read_last_trick(
    r: Reader, active: tuple[str, ...], void: bool
) -> tuple[str | None, str | None, list[str], str | None]:
    """(winner, winning card, King Przydupek players, Pagat Przydupek player)."""
    if void:
        if r.raw("last_trick") is not None:
            r.problems.add("last_trick", msg("a void hand has no last trick: it must be null"))
        return None, None, [], None
    lt = r.obj("last_trick")
    if lt is None:
        return None, None, [], None
    return (
        lt.player("winner", active),
        lt.choice("winning_card", WINNING_CARDS),
        lt.players("king_przydupek", active, most=2),
        lt.player("pagat_przydupek", active, optional=True),
    )


def _read_tout_nolo(
    r: Reader, active: tuple[str, ...], void: bool
) -> tuple[str | None, str | None]:
    tout = r.player("tout", active, optional=True)
    nolo = r.player("nolo", active, optional=True)
    if void:
        for name, who in (("tout", tout), ("nolo", nolo)):
            if who is not None:
                r.problems.add(name, msg("a void hand has no last trick, so no Tout or Nolo"))
    return tout, nolo


def _read_card_points(
    session: Session, r: Reader, active: tuple[str, ...], void: bool, tout: Any, nolo: Any
) -> dict[str, int] | None:
    """Each active player's card points, summing to 78 (spec §13.1); null after a void hand
    or a Nolo, and may be null after a Tout when that cancels the settlement."""
    given = r.raw("card_points")
    if void or nolo is not None:
        if given is not None:
            r.problems.add(
                "card_points",
                msg("must be null: no card-point settlement after a void hand")
                if void
                else msg("must be null: no card-point settlement after a Nolo"),
            )
        return None
    if given is None and tout is not None and session.house_rules["tout_cancels_card_points"]:
        return None
    # they always add up to 78 (spec §13.1): one count left out is 78 minus the others
    card_points = r.counts_adding_up(
        "card_points", active, total=CARD_POINTS_TOTAL, hi=CARD_POINTS_TOTAL
    )
    if card_points is not None and len(card_points) == len(active):
        total = sum(card_points.values())
        if total != CARD_POINTS_TOTAL:
            r.problems.add(
                "card_points",
                msg(
                    "the card points add up to {total}, not {expected}",
                    total=total,
                    expected=CARD_POINTS_TOTAL,
                ),
            )
    return card_points


# ---------------------------------------------------------------------------------------------
# cross-field checks (spec §6.8), one function per rule group


def _check_tout_nolo(h: Hand, problems: Problems) -> None:
    """At most one of Tout and Nolo; Tout won the last trick, Nolo did not."""
    tout, nolo, winner = h.tout, h.nolo, h.winner
    if tout is not None and nolo is not None:
        problems.add("nolo", msg("must be null when someone has Tout"))
    if tout is not None and winner is not None and tout != winner:
        problems.add(
            "tout",
            msg(
                "the Tout player took every trick, so he won the last one (not {winner})",
                winner=winner,
            ),
        )
    if nolo is not None and nolo == winner:
        problems.add("nolo", msg("the Nolo player took no trick, so he did not win the last one"))


def _check_ultimo_cards(h: Hand, problems: Problems) -> None:
    """Four kings and one Pagat: how often each can be lost or win (spec §6.8)."""
    card = h.winning_card
    lost = sum(h.kings_lost.values())
    last_kings = len(h.king_przydupek) + (card == "king")
    if lost + last_kings > 4:
        problems.add(
            "in_play.kings_lost",
            msg(
                "kings lost in play plus kings in the last trick exceed 4 ({lost} + {last})",
                lost=lost,
                last=last_kings,
            ),
        )
    if h.pagat is not None and (card == "pagat" or h.pagat_przydupek is not None):
        problems.add(
            "in_play.pagat", msg("the Pagat was played in the last trick, so not in tricks 1–24")
        )
    if h.pagat_przydupek is not None and card in ("pagat", "king"):
        problems.add(
            "last_trick.pagat_przydupek",
            msg("a Pagat lost in the last trick cannot go with a trick won by the Pagat")
            if card == "pagat"
            else msg(
                "a Pagat lost in the last trick cannot go with a trick won by the king"
                " (the Pagat would beat it)"
            ),
        )


def _check_przydupek(h: Hand, problems: Problems) -> None:
    """A Przydupek player lost his card in the last trick, and plays one card to it."""
    if h.winner is not None:
        for j, who in enumerate(h.king_przydupek):
            if who == h.winner:
                problems.add(
                    f"last_trick.king_przydupek[{j}]", msg("the last-trick winner has no Przydupek")
                )
        if h.pagat_przydupek == h.winner:
            problems.add(
                "last_trick.pagat_przydupek", msg("the last-trick winner has no Przydupek")
            )
    if h.pagat_przydupek is not None and h.pagat_przydupek in h.king_przydupek:
        problems.add(
            "last_trick.pagat_przydupek",
            msg("one player plays one card to the last trick: not a king and the Pagat"),
        )


def _check_tout_tricks(h: Hand, problems: Problems) -> None:
    """The Tout player won every trick: no king or Pagat lost, nobody else's card points."""
    tout = h.tout
    if tout is None:
        return
    if h.kings_lost.get(tout):
        problems.add(
            f"in_play.kings_lost.{tout}", msg("the Tout player won every trick, so he lost no king")
        )
    if h.pagat is not None and (h.pagat[0] == tout) != (h.pagat[1] == "won"):
        problems.add("in_play.pagat", msg("with Tout only the Tout player wins tricks"))
    for who, points in (h.card_points or {}).items():
        if who not in (tout, h.dealer) and points:
            problems.add(f"card_points.{who}", msg("took no trick and has no Skat, so 0"))


def _check_trick_points(h: Hand, points: dict[str, int], problems: Problems) -> None:
    """Card points count one per trick taken and the Skat (its point and three cards, at most
    1 + 3 × 4) for the dealer (spec §1, §12 item 5). Without Tout, a player who took no trick
    has Nolo: so, with neither, everyone has a point. With Tout, the dealer has only the Skat."""
    for who, p in points.items():
        if h.tout is None and p == 0:
            problems.add(
                f"card_points.{who}",
                msg("0 means no trick taken, which is a Nolo: with no Nolo recorded, at least 1"),
            )
        elif h.tout not in (None, who) and who == h.dealer and not 1 <= p <= SKAT_MAX:
            problems.add(
                f"card_points.{who}",
                msg(
                    "the dealer took no trick beside the Tout: only the Skat, 1 to {most}",
                    most=SKAT_MAX,
                ),
            )


def _check_nolo_tricks(h: Hand, problems: Problems) -> None:
    if h.pagat == (h.nolo, "won"):
        problems.add(
            "in_play.pagat",
            msg("the Nolo player took no trick, so he did not win one with the Pagat"),
        )


def _check_failed_tout(h: Hand, problems: Problems) -> None:
    """§9.4: a failed-Tout penalty cannot go to the player who made his Tout."""
    for pen in h.penalties:
        if pen.reason == "failed_tout_joker_discard" and pen.player == h.tout:
            problems.add(
                f"penalties[{pen.index}].reason",
                msg("{who} made his Tout", who=str(h.tout)),
            )


def check_hand(h: Hand, problems: Problems) -> None:
    """The cross-field rules of §6.8, in the order their problems are listed. A group that
    cannot apply to the hand is skipped (a replay checks thousands of plain hands)."""
    _check_tout_nolo(h, problems)
    _check_ultimo_cards(h, problems)
    if h.king_przydupek or h.pagat_przydupek is not None:
        _check_przydupek(h, problems)
    if h.tout is not None:
        _check_tout_tricks(h, problems)
    if h.nolo is not None:
        _check_nolo_tricks(h, problems)
    if h.tout is not None and h.penalties:
        _check_failed_tout(h, problems)
    if h.card_points is not None and h.nolo is None:
        _check_trick_points(h, h.card_points, problems)


# ---------------------------------------------------------------------------------------------
# the whole record


def _check_sitting_out(r: Reader, dealer: str, sitting_out: str | None) -> None:
    """`sitting_out` is derived; when given, it must be the person opposite the dealer."""
    if r.raw("sitting_out") != sitting_out:
        r.problems.add(
            "sitting_out",
            msg(
                "with {dealer} dealing, the person sitting out is {who}",
                dealer=dealer,
                who=sitting_out,
            )
            if sitting_out
            else msg("with {dealer} dealing, the person sitting out is nobody", dealer=dealer),
        )


def _read(session: Session, state: UltimoState, r: Reader) -> Hand:
    """Every section of the record, in its order; problems are collected, not raised."""
    dealer = r.player("dealer", state.seated)
    r.problems.raise_if_any()  # everything below depends on who deals
    assert dealer is not None
    active, sitting_out, next_dealer = seat_roles(state.seated, dealer)
    get = r.data.get
    if "sitting_out" in r.data:
        _check_sitting_out(r, dealer, sitting_out)
    redeals = r.players("redeal_requests", active)
    # Most hands have no declaration or penalty: skip the readers for a missing or empty list
    # (they return nothing for it, and word a problem for anything else).
    declarations: list[Declaration] = []
    made_by: list[str | None] = []
    if get("declarations") not in (None, []):
        declarations, made_by = _read_declarations(r, active)
    penalties: list[Penalty] = []
    if get("penalties") not in (None, []):
        penalties = _read_penalties(session, r, active, dealer, made_by)
    void = any(p.voids for p in penalties) if penalties else False
    if get("void") is not None:
        _check_void(r, void)
    kings_lost, pagat = _read_in_play(r, active)
    winner, card, king_przydupek, pagat_przydupek = _read_last_trick(r, active, void)
    tout, nolo = _read_tout_nolo(r, active, void)
    card_points = _read_card_points(session, r, active, void, tout, nolo)
    return Hand(
        dealer,
        active,
        sitting_out,
        next_dealer,
        redeals,
        declarations,
        penalties,
        void,
        kings_lost,
        pagat,
        winner,
        card,
        king_przydupek,
        pagat_przydupek,
        tout,
        nolo,
        card_points,
    )


def read_hand(session: Session, state: UltimoState, record: Mapping[str, Any]) -> Hand:
    """The record as a typed hand, or InvalidHand naming every wrong field."""
    problems = Problems()
    hand = _read(session, state, Reader(record, problems))
    check_hand(hand, problems)
    problems.raise_if_any()
    return hand
