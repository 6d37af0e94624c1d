"""Királyhívó's hand record (spec kiralyhivo.md section 13): `read` it into a `Hand`, then
`check` the rules that tie its fields together. Every problem names its field.

`read` takes each section in table order (dealer and all-pass, irregularity, bid, called
king, contras and announcements, result); a section that depends on an earlier one (the
called king on the contract, the result on the kind of hand) reads only the fields that
exist for it and refuses the others. `check` then holds the rules between fields, one
function per group; it never sees the raw record.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.payments import CONTRA_LEVEL_NAMES, CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    FIGURE_GRID,
    INT,
    PLAYER,
    TEXT,
    Choice,
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
from scorebook.engine.variants.kiralyhivo.tariffs import (
    CALLING,
    CARD_INTEGER_PARTS,
    CONTRACTS,
    DECLARER,
    DISCARDING,
    FIGURE_NAMES,
    FIGURES,
    IRREGULARITIES,
    LAST_TRICK_FIGURES,
    LOCATIONS,
    MAX_LEVEL,
    OPPONENTS,
    SIDE_GENITIVE,
    SIDE_NAMES,
    SIDES,
    SUITS,
    TALON_ACTIONS,
    TOTAL,
)

# Contra levels 0 (none) to mordkontra; the house rule max_contra_level may stop lower.
LEVELS = tuple(range(len(CONTRA_NAMES)))
LEVEL_NAMES = CONTRA_LEVEL_NAMES
LEVEL = INT.but(choices=choices(LEVELS, LEVEL_NAMES), lo=LEVELS[0], hi=LEVELS[-1])
PLAYED = When("all_pass", (False,))  # no field but the dealer when all passed
SIDE = TEXT.but(choices=choices(SIDES, SIDE_NAMES), when=PLAYED)
CONTRACT_LABELS = {
    "hivas": msg("hívás"),
    "szolo": msg("szóló"),
    "harmas": msg("hármas"),
    "szolo_harmas": msg("szóló hármas"),
}
SUIT_LABELS = {
    "hearts": pmsg("kiralyhivo choice", "♥ kőr"),
    "diamonds": pmsg("kiralyhivo choice", "♦ káró"),
    "clubs": pmsg("kiralyhivo choice", "♣ treff"),
    "spades": pmsg("kiralyhivo choice", "♠ pikk"),
}
LOCATION_LABELS = {
    "player": pmsg("kiralyhivo choice", "held by a partner"),
    "declarer": pmsg("kiralyhivo choice", "self-call"),
    "talon": pmsg("kiralyhivo choice", "in the talon"),
}
TALON_ACTION_LABELS = {
    "throw": msg("thrown in"),
    "play_took_king_half": pmsg("kiralyhivo choice", "played, took the king (half)"),
    "play_left_king_half": pmsg("kiralyhivo choice", "played, left the king (half)"),
}
FIGURE_LABELS = {
    "trull": msg("tulétroá"),
    "four_kings": msg("four kings (négy király)"),
    "xxi_catch": msg("XXI-catch (huszonegyfogás)"),
    "pagat_ultimo": msg("pagátultimó"),
    "king_ultimo": msg("királyultimó"),
    "volat": msg("volát"),
}
IRREGULARITY_LABELS = {
    "revoke": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
    "no_tarokk_annulment": msg("annulled: no tarokk"),
}

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    all_pass=BOOL.but(
        label=msg("Outcome"),
        choices=(
            Choice(False, msg("played")),
            Choice(True, msg("all pass (passz)")),
        ),
        default=False,
    ),
    declarer=PLAYER.but(label=msg("Declarer (felvevő)"), when=PLAYED),
    contract=TEXT.but(
        label=msg("Game"),
        choices=choices(CONTRACTS, CONTRACT_LABELS),
        when=PLAYED,
    ),
    # hívás and szóló only (`_read_called_king`)
    called_king=TEXT.but(
        label=pmsg("kiralyhivo field", "Called king (hívás, szóló)"),
        choices=choices(SUITS, SUIT_LABELS),
        when=When("contract", CALLING),
    ),
    called_king_location=TEXT.but(
        label=pmsg("kiralyhivo field", "The called king was"),
        choices=choices(LOCATIONS, LOCATION_LABELS),
        when=When("contract", CALLING),
    ),
    # only when a partner holds it (`_read_partner`)
    partner=PLAYER.but(
        label=pmsg("kiralyhivo field", "Partner (holds the king)"),
        when=When("called_king_location", ("player",)),
    ),
    # only with the called king in the talon (`_read_talon_action`: at hívás; at szóló only
    # "throw", with the house rule throw_allowed_at_szolo)
    talon_king_action=TEXT.but(
        label=pmsg("kiralyhivo field", "King in the talon: what the declarer did"),
        choices=choices(TALON_ACTIONS, TALON_ACTION_LABELS),
        when=When("called_king_location", ("talon",)),
    ),
    game_contra=LEVEL.but(label=msg("Game contra"), default=0, when=PLAYED),
    announcements=named(
        msg("Announced figures"),
        as_grid(
            only_when(
                PLAYED,
                rows(
                    figure=TEXT.but(
                        label=msg("Figure"),
                        choices=choices(FIGURES, FIGURE_LABELS),
                        when=PLAYED,
                    ),
                    side=SIDE.but(label=msg("Side"), after=".by"),
                    by=PLAYER.but(label=msg("Announced by"), when=PLAYED),
                    contra=LEVEL.but(label=msg("Contra"), when=PLAYED, after=".by"),
                ),
            ),
            FIGURE_GRID,
        ),
    ),
    result=maybe(
        declarer_side_points=INT.but(
            label=pmsg("kiralyhivo field", "Declarer side's card points (0–70)"),
            lo=0,
            hi=TOTAL,
            when=PLAYED,
        ),
        figures_made=fields(
            trull=SIDE.but(label=pmsg("kiralyhivo field", "Tulétroá"), made="trull"),
            four_kings=SIDE.but(label=msg("Four kings"), made="four_kings"),
            xxi_catch=SIDE.but(label=pmsg("kiralyhivo field", "XXI-catch"), made="xxi_catch"),
            pagat_ultimo=SIDE.but(label=msg("Pagátultimó"), made="pagat_ultimo"),
            # made only by the declarer side at hívás or szóló (`_check_king_ultimo`)
            king_ultimo=TEXT.but(
                label=pmsg("kiralyhivo field", "Királyultimó"),
                choices=choices((DECLARER,), SIDE_NAMES),
                when=When("contract", CALLING),
                made="king_ultimo",
            ),
            volat=SIDE.but(
                label=pmsg("kiralyhivo field", "Volát (all twelve tricks)"), made="volat"
            ),
        ),
        # only with a called king in play (`_check_result`)
        called_king_taken_by_opponents=BOOL.but(
            label=pmsg("kiralyhivo field", "The opponents took the called king"),
            when=When("contract", CALLING),
        ),
        # read only with the house rule silent_ultimo_lost_pays (`_read_result`)
        pagat_lost_last_trick=SIDE.but(
            label=pmsg(
                "kiralyhivo field", "Pagát beaten in the last trick (silent-ultimó house rule)"
            )
        ),
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=msg("Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
            when=PLAYED,
        ),
        player=PLAYER.but(label=msg("Player"), when=PLAYED),
    ),
)


class Announcement(NamedTuple):
    position: int  # its place in the record's list, for the problem's field name
    figure: str
    side: str
    by: str  # "" when the record's `by` was refused (the hand is refused then)
    contra: int


class Result(NamedTuple):
    points: int | None  # declarer_side_points
    made: dict[str, str]  # figure → the side that made it
    king_taken: bool  # called_king_taken_by_opponents
    pagat_lost: str | None  # pagat_lost_last_trick (read with silent_ultimo_lost_pays)


class Hand(NamedTuple):
    dealer: str | None
    all_pass: bool
    irregularity: str | None = None  # its type; None also for a refused annulment
    offender: str | None = None  # irregularity.player
    annulled: bool = False  # no-tarokk annulment, also a refused one (no results then)
    penalised: bool = False  # revoke or strict wrong discard, paid as a penalty
    declarer: str | None = None
    contract: str | None = None
    called_king: str | None = None
    location: str | None = None  # called_king_location
    partner: str | None = None
    action: str | None = None  # talon_king_action
    side: tuple[str, ...] = ()  # the declarer side: declarer (and partner)
    opponents: tuple[str, ...] = ()
    game_contra: int = 0
    announcements: tuple[Announcement, ...] = ()
    result: Result | None = None
    result_given: bool = False  # the record has a result (refused at a hand without play)

    @property
    def thrown(self) -> bool:
        return self.action == "throw"

    @property
    def king_in_play(self) -> bool:
        """The called king is in play unless it stayed in the talon (spec section 2 item 8)."""
        return self.location in ("player", "declarer") or self.action == "play_took_king_half"

    @property
    def members(self) -> Mapping[str, tuple[str, ...]]:
        return {DECLARER: self.side, OPPONENTS: self.opponents}


# --- read --------------------------------------------------------------------------------


def read(r: Reader, session: Session) -> Hand:
    players = session.players
    rules = session.house_rules
    dealer = r.player("dealer", players)
    if _read_all_pass(r):
        _refuse_all_pass_fields(r)
        return Hand(dealer, True)
    irregularity, offender, annulled = _read_irregularity(r, rules, players)
    declarer = r.player("declarer", players, optional=annulled)
    contract = r.choice("contract", CONTRACTS, optional=annulled)
    called_king, location = _read_called_king(r, contract, annulled)
    # Whether contract and location are known, so that a field can be said not to fit.
    settled = contract is not None and (contract not in CALLING or location is not None)
    partner = _read_partner(r, players, location, settled)
    action = _read_talon_action(r, rules, contract, location, annulled, settled)
    penalised = (irregularity == "revoke" and rules["revoke_penalty"]) or (
        irregularity == "wrong_discard" and rules["wrong_discard_penalty"] == "strict"
    )
    side, opponents = _sides(players, declarer, contract, location, partner)
    max_level = MAX_LEVEL[rules["max_contra_level"]]
    game_contra = _read_level(r, "game_contra", max_level)
    # The teams are known once the partner is, or the declarer plays alone.
    known = declarer is not None and (len(side) == 2 or _alone(contract, location))
    announcements = _read_announcements(r, players, max_level, side if known else None)
    result, result_given = None, False
    # A refused talon action leaves unclear whether the hand was played: no result is judged.
    if action is not None or not r.has("talon_king_action"):
        result_given = r.has("result")
        if not (annulled or action == "throw" or penalised):
            result = _read_result(r, rules)
    return Hand(
        dealer,
        False,
        irregularity,
        offender,
        annulled,
        penalised,
        declarer,
        contract,
        called_king,
        location,
        partner,
        action,
        side,
        opponents,
        game_contra,
        announcements,
        result,
        result_given,
    )


def _read_all_pass(r: Reader) -> bool:
    if not r.has("all_pass"):
        r.problems.add("all_pass", msg("is required"))
    return r.boolean("all_pass")


def _refuse_all_pass_fields(r: Reader) -> None:
    """Everybody passed: the record holds nothing else (seed 004 §26)."""
    for name in (
        "declarer",
        "contract",
        "called_king",
        "called_king_location",
        "partner",
        "talon_king_action",
        "result",
        "irregularity",
    ):
        if r.has(name):
            r.problems.add(name, msg("must be null when all passed"))
    if r.raw("game_contra") not in (None, 0):
        r.problems.add("game_contra", msg("must be 0 when all passed"))
    if r.raw("announcements") not in (None, []):
        r.problems.add("announcements", msg("must be empty when all passed"))


def _read_irregularity(
    r: Reader, rules: Mapping[str, Any], players: tuple[str, ...]
) -> tuple[str | None, str | None, bool]:
    """(type, player, annulled). Read first: it decides which other fields are needed."""
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None, None, False
    kind = irr.choice("type", IRREGULARITIES)
    refused = kind == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]
    if refused:
        r.problems.add(
            "irregularity.type",
            msg(
                "no annulment here (by the house rules a hand without tarokk is not annulled): record the hand as played"
            ),
        )
        kind = None
    player = irr.player("player", players, optional=kind in (None, "no_tarokk_annulment"))
    # A refused annulment still has no results: only that problem is reported.
    return kind, player, refused or kind == "no_tarokk_annulment"


def _read_called_king(
    r: Reader, contract: str | None, annulled: bool
) -> tuple[str | None, str | None]:
    """The called king's suit and where it was (hívás, szóló; spec section 2 item 4)."""
    if contract in CALLING:
        king = r.choice("called_king", SUITS, optional=annulled)
        return king, r.choice("called_king_location", LOCATIONS, optional=annulled)
    if contract is not None:
        for name in ("called_king", "called_king_location"):
            if r.has(name):
                r.problems.add(
                    name,
                    msg("only at hívás or szóló (a called king)"),
                )
    return None, None


def _read_partner(
    r: Reader, players: tuple[str, ...], location: str | None, settled: bool
) -> str | None:
    if location == "player":
        return r.player("partner", players)
    if r.has("partner") and settled:
        r.problems.add(
            "partner",
            msg("only when the called king was held by a partner"),
        )
    return None


def _read_talon_action(
    r: Reader,
    rules: Mapping[str, Any],
    contract: str | None,
    location: str | None,
    annulled: bool,
    settled: bool,
) -> str | None:
    """The called king in the talon: throw or play on (hívás; szóló only with the switch)."""
    at_szolo = rules["throw_allowed_at_szolo"]
    action: str | None = None
    if location == "talon" and contract == "hivas":
        action = r.choice("talon_king_action", TALON_ACTIONS, optional=annulled)
    elif location == "talon" and contract == "szolo" and at_szolo:
        action = r.choice("talon_king_action", ("throw",), optional=True)
    elif r.has("talon_king_action") and settled:
        if at_szolo:
            text = msg("only at hívás with the called king in the talon (or szóló, only throw)")
        else:
            text = msg("only at hívás with the called king in the talon")
        r.problems.add("talon_king_action", text)
    return action


def _alone(contract: str | None, location: str | None) -> bool:
    """The declarer plays without a partner (spec section 6)."""
    return contract in ("harmas", "szolo_harmas") or location in ("declarer", "talon")


def _sides(
    players: tuple[str, ...],
    declarer: str | None,
    contract: str | None,
    location: str | None,
    partner: str | None,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The declarer side and the opponents (spec section 6)."""
    if declarer is None:
        return (), ()
    side = (declarer,) if _alone(contract, location) or partner is None else (declarer, partner)
    return side, tuple([p for p in players if p not in side])


def _read_level(r: Reader, name: str, max_level: int) -> int:
    """A contra level, 0 when missing; above the house rule's top it is refused."""
    level = r.integer(name, lo=LEVELS[0], hi=LEVELS[-1], default=0)
    if level is None:
        return 0
    if level > max_level:
        r.problems.add(
            r.path(name),
            msg(
                "{level} is above the house rules' highest contra ({contra})",
                level=level,
                contra=CONTRA_NAMES[max_level],
            ),
        )
        return 0
    return level


def _read_announcements(
    r: Reader, players: tuple[str, ...], max_level: int, team: tuple[str, ...] | None
) -> tuple[Announcement, ...]:
    """Every announcement whose figure and side could be read. Once the declarer's team is
    known (`team`), an announcement's side follows from its announcer: no tap for it."""
    result = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", FIGURES)
        side = item.choice("side", SIDES, optional=team is not None)
        by = item.player("by", players)
        if side is None and team is not None and by is not None:
            side = DECLARER if by in team else OPPONENTS
            item.infer("side", side)
        level = _read_level(item, "contra", max_level)
        if figure is not None and side is not None:
            result.append(Announcement(i, figure, side, by or "", level))
    return tuple(result)


def _read_result(r: Reader, rules: Mapping[str, Any]) -> Result | None:
    res = r.obj("result")
    if res is None:
        return None
    points = res.integer("declarer_side_points", lo=0, hi=TOTAL)
    made = _read_figures_made(res)
    king_taken = res.boolean("called_king_taken_by_opponents")
    pagat_lost = None
    if rules["silent_ultimo_lost_pays"]:
        pagat_lost = res.choice("pagat_lost_last_trick", SIDES, optional=True)
    return Result(points, made, king_taken, pagat_lost)


def _read_figures_made(res: Reader) -> dict[str, str]:
    """figure → side that made it (spec section 13: a missing key = null = not made)."""
    made: dict[str, str] = {}
    fm = res.obj("figures_made", optional=True)
    if fm is None:
        return made
    for figure, side in fm.data.items():
        if figure in FIGURE_NAMES and side in SIDES:
            made[figure] = side
        elif figure not in FIGURE_NAMES:
            res.problems.add(
                fm.path(str(figure)),
                msg("is not a figure ({figures})", figures=", ".join(FIGURES)),
            )
        elif side is not None:
            res.problems.add(
                fm.path(figure),
                msg("{value} is not declarer, opponents or null", value=repr(side)),
            )
    return made


# --- check -------------------------------------------------------------------------------


def check(hand: Hand, rules: Mapping[str, Any], problems: Problems) -> None:
    """The rules between fields (spec section 13), after every field was read."""
    if hand.all_pass:
        return
    _check_call(hand, problems)
    if hand.irregularity is not None:
        _check_irregularity(hand, problems)
    if hand.announcements:
        _check_announcements(hand, rules, problems)
    _check_no_play(hand, problems)
    if hand.result is not None:
        _check_result(hand, hand.result, rules["talon_counts_for_figures"], problems)


def _check_call(hand: Hand, problems: Problems) -> None:
    if hand.partner is not None and hand.partner == hand.declarer:
        problems.add(
            "partner",
            msg(
                "the partner cannot be the declarer (record a self-call as ‘The called king was: self-call’)"
            ),
        )
    if hand.annulled and hand.thrown:
        problems.add(
            "talon_king_action",
            msg("a thrown hand is not played, so it cannot be annulled"),
        )


def _check_irregularity(hand: Hand, problems: Problems) -> None:
    kind, declarer = hand.irregularity, hand.declarer
    if hand.thrown and kind in ("revoke", "wrong_discard"):
        problems.add(
            "irregularity.type",
            msg("a thrown hand is not played: no revoke or discard to penalise"),
        )
    if kind != "wrong_discard":
        return
    if hand.contract is not None and hand.contract not in DISCARDING:
        problems.add(
            "irregularity.type",
            msg("a wrong discard only at hívás or hármas (the only contracts with an exchange)"),
        )
    if hand.offender is not None and declarer is not None and hand.offender != declarer:
        problems.add(
            "irregularity.player",
            msg("only the declarer ({declarer}) discards", declarer=declarer),
        )


def _check_announcements(hand: Hand, rules: Mapping[str, Any], problems: Problems) -> None:
    """`by` on its side, királyultimó by the declarer side at hívás or szóló, one per
    (figure, side), both sides only with allow_reannounce_after_contra (spec section 13)."""
    members = hand.members
    seen: dict[str, list[str]] = {}
    for i, figure, side, by, _ in hand.announcements:
        path = f"announcements[{i}]"
        team = members[side]
        if by and team and by not in team:
            problems.add(
                f"{path}.by",
                msg(
                    "{by} is not on the {side} ({team})",
                    by=by,
                    side=SIDE_GENITIVE[side],
                    team=", ".join(team),
                ),
            )
        if figure == "king_ultimo" and (side != DECLARER or hand.contract not in CALLING):
            problems.add(
                f"{path}.figure",
                msg("királyultimó only at hívás or szóló, and only by the declarer side"),
            )
            continue
        sides = seen.setdefault(figure, [])
        if side in sides:
            problems.add(
                f"{path}.figure",
                msg(
                    "{figure} is announced twice by the {side}",
                    figure=FIGURE_NAMES[figure],
                    side=SIDE_GENITIVE[side],
                ),
            )
        elif sides and not rules["allow_reannounce_after_contra"]:
            problems.add(
                f"{path}.figure",
                msg(
                    "{figure} is already announced by the other side (by the house rules a figure is announced by one side only)",
                    figure=FIGURE_NAMES[figure],
                ),
            )
        else:
            sides.append(side)


def _check_no_play(hand: Hand, problems: Problems) -> None:
    """Throw and annulled hands: no announcements, game_contra 0, result null."""
    if not (hand.thrown or hand.annulled):
        return
    if hand.announcements:
        problems.add(
            "announcements",
            msg("none at a thrown or annulled hand"),
        )
    if hand.game_contra:
        problems.add(
            "game_contra",
            msg("must be 0 at a thrown or annulled hand"),
        )
    if hand.result_given:
        problems.add(
            "result",
            msg("must be null at a thrown or annulled hand"),
        )


def _check_result(hand: Hand, result: Result, talon_counts: bool, problems: Problems) -> None:
    made = result.made
    if "king_ultimo" in made:
        made = _check_king_ultimo(hand, made, problems)
    _check_last_trick(made, problems)
    _check_cards(hand, result, made, talon_counts, problems)
    if result.king_taken and not (hand.contract in CALLING and hand.king_in_play):
        problems.add(
            "result.called_king_taken_by_opponents",
            msg("only with a called king in play (not one that stayed in the talon)"),
        )
    if result.pagat_lost is not None and "pagat_ultimo" in result.made:
        problems.add(
            "result.pagat_lost_last_trick",
            msg("the pagát cannot both win and be beaten in the last trick"),
        )


def _check_king_ultimo(hand: Hand, made: dict[str, str], problems: Problems) -> dict[str, str]:
    """Királyultimó is made only by the declarer side, at hívás or szóló, with the called
    king in play; `made` without a refused one."""
    if made["king_ultimo"] == DECLARER and hand.contract in CALLING and hand.king_in_play:
        return made
    problems.add(
        "result.figures_made.king_ultimo",
        msg(
            "királyultimó is made only by the declarer side, at hívás or szóló, "
            "with the called king in play"
        ),
    )
    return {figure: s for figure, s in made.items() if figure != "king_ultimo"}


def _check_last_trick(made: dict[str, str], problems: Problems) -> None:
    """Pagátultimó, királyultimó and volát all say who won the last trick."""
    last = None
    for figure in LAST_TRICK_FIGURES:
        if figure in made:
            if last is not None and made[figure] != last:
                problems.add(
                    f"result.figures_made.{figure}",
                    msg("contradicts who won the last trick (see volát / pagátultimó)"),
                )
            last = made[figure]


# --- the cards ---------------------------------------------------------------------------
# A result the cards cannot give is refused, never scored. The tricks hold 48 cards; the
# other six count for a side without being won (spec sections 3 and 6): the declarer's
# three discards (hívás, hármas) or, at szóló, the called king's talon half for the
# declarer side; the talon cards left for the opponents.


class Extras(NamedTuple):
    """The cards outside the tricks that count for each side."""

    own: int  # for the declarer side
    own_king: bool  # they hold the called king (its talon half at szóló)
    theirs: int  # for the opponents
    their_king: bool  # they hold the called king (its talon half left at hívás)
    talon: bool = True  # the talon cards among them count (for figures: K11)


@lru_cache(maxsize=64)
def extras(contract: str | None, location: str | None, action: str | None) -> Extras:
    if contract in DISCARDING:
        return Extras(3, False, 3, action == "play_left_king_half")
    if location == "talon":  # szóló: the king's half counts for the declarer
        return Extras(3, True, 3, False)
    return Extras(0, False, 6, False)


def lowest(cards: int, king: bool = False) -> int:
    """The fewest card points a pile of `cards` cards can be worth (seed 004 §66)."""
    if cards == 0:
        return 0
    return (CARD_INTEGER_PARTS["king"] if king else 0) + cards // 3 + (cards % 3 == 2)


def highest(cards: int) -> int:
    """The most card points a pile of `cards` cards can be worth (honours and kings)."""
    return CARD_INTEGER_PARTS["king"] * cards + cards // 3 + (cards % 3 == 2)


def _check_cards(
    hand: Hand, result: Result, made: dict[str, str], talon_counts: bool, problems: Problems
) -> None:
    """The card points and figures the piles allow (spec sections 1, 3, 4, 6)."""
    more = extras(hand.contract, hand.location, hand.action)
    if result.points is not None:
        _check_points(result.points, made.get("volat"), more, problems)
    if made:
        if not talon_counts:
            made = _check_talon_king(hand, made, problems)
            more = without_talon(more, hand.contract)
        _check_figures(hand, made, result.king_taken, more, problems)
    _check_king_taken(hand, result, made, problems)


def without_talon(more: Extras, contract: str | None) -> Extras:
    """The cards outside the tricks that count for figures when talon cards do not
    (talon_counts_for_figures off, spec K11): the declarer's discards only. Card points
    still count every card."""
    return Extras(more.own if contract in DISCARDING else 0, False, 0, False, talon=False)


def _check_talon_king(hand: Hand, made: dict[str, str], problems: Problems) -> dict[str, str]:
    """A called king that stays in the talon counts for nobody's four kings (K11); `made`
    without a refused one."""
    in_talon = (hand.contract == "szolo" and hand.location == "talon") or (
        hand.action == "play_left_king_half"
    )
    if not (in_talon and "four_kings" in made):
        return made
    problems.add(
        "result.figures_made.four_kings",
        msg(
            "nobody can have made it: the called king stays in the talon, and by the "
            "house rules the talon does not count for figures"
        ),
    )
    return {figure: s for figure, s in made.items() if figure != "four_kings"}


@lru_cache(maxsize=64)
def _bounds(more: Extras, volat: str | None) -> tuple[int, int]:
    """The fewest and the most card points the declarer side can have."""
    low = lowest(more.own, more.own_king)
    high = TOTAL - lowest(more.theirs, more.their_king)
    if volat == DECLARER:
        low = max(low, TOTAL - highest(more.theirs))
    elif volat == OPPONENTS:
        high = min(high, highest(more.own))
    return low, high


def _check_points(points: int, volat: str | None, more: Extras, problems: Problems) -> None:
    low, high = _bounds(more, volat)
    if points < low:
        why = _why_low(low, volat, more)
        problems.add(
            "result.declarer_side_points",
            msg("{points} is below {low}: {why}", points=points, low=low, why=why),
        )
    elif points > high:
        why = _why_high(high, volat, more)
        problems.add(
            "result.declarer_side_points",
            msg("{points} is above {high}: {why}", points=points, high=high, why=why),
        )


def _own_cards(more: Extras) -> Msg:
    if more.own_king:
        return pmsg("kiralyhivo cards", "the called king's talon half")
    return pmsg("kiralyhivo cards", "its three discards")


def _why_low(low: int, volat: str | None, more: Extras) -> Msg:
    if volat == DECLARER and low == TOTAL - highest(more.theirs):
        return msg(
            "the declarer side took every trick (volát): the opponents have only their "
            "{cards} talon cards, worth at most {points}",
            cards=more.theirs,
            points=TOTAL - low,
        )
    return msg(
        "{own} ({cards} cards) count for the declarer side",
        own=_own_cards(more),
        cards=more.own,
    )


def _why_high(high: int, volat: str | None, more: Extras) -> Msg:
    if volat == OPPONENTS and high == highest(more.own):
        if not more.own:
            return msg("the opponents took every trick (volát): the declarer side has no card")
        return msg(
            "the opponents took every trick (volát): the declarer side has only {own} "
            "({cards} cards)",
            own=_own_cards(more),
            cards=more.own,
        )
    return msg(
        "the opponents keep {cards} talon cards, worth at least {points}",
        cards=more.theirs,
        points=TOTAL - high,
    )


def _other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def _check_figures(
    hand: Hand, made: dict[str, str], king_taken: bool, more: Extras, problems: Problems
) -> None:
    """A figure recorded for a side whose pile cannot hold it (spec section 4)."""
    refused: set[str] = set()

    def refuse(figure: str, side: str, why: Msg) -> None:
        if figure not in refused:
            refused.add(figure)
            problems.add(
                f"result.figures_made.{figure}",
                msg("the {side} cannot have made it: {why}", side=SIDE_GENITIVE[side], why=why),
            )

    volat = made.get("volat")
    if volat is not None:
        loser = _other(volat)
        cards = more.own if loser == DECLARER else more.theirs
        if made.get("xxi_catch") == loser:  # a catch needs a trick
            refuse("xxi_catch", loser, _no_trick(loser, volat, cards, more.talon))
        for figure, fewest in (("four_kings", 4), ("trull", 3)):
            if made.get(figure) == loser and cards < fewest:
                refuse(figure, loser, _no_trick(loser, volat, cards, more.talon))
    for figure, card in (
        ("xxi_catch", msg("XXI")),
        ("pagat_ultimo", msg("pagát")),
    ):
        side = made.get(figure)
        if side is not None and made.get("trull") == _other(side):
            refuse(
                "trull",
                _other(side),
                msg(
                    "the {card} is in the {side}'s tricks ({figure})",
                    card=card,
                    side=SIDE_GENITIVE[side],
                    figure=FIGURE_LABELS[figure],
                ),
            )
    if "four_kings" in made:
        king = _called_king_pile(hand, made, king_taken)
        if king is not None and made["four_kings"] == _other(king[0]):
            refuse("four_kings", _other(king[0]), king[1])
    # Only when talon cards count can the volát side hold every card (K11).
    if volat is not None and more.talon and not (more.own if volat == OPPONENTS else more.theirs):
        _check_volat_holds_all(hand, made, volat, problems)


def _no_trick(loser: str, volat: str, cards: int, talon: bool) -> Msg:
    if volat == DECLARER:
        by = pmsg("kiralyhivo volat", "volát by the declarer side")
    else:
        by = pmsg("kiralyhivo volat", "volát by the opponents")
    if not talon:
        return msg(
            "the {loser} took no trick ({volat}), and by the house rules only the "
            "discards count for figures, not the talon ({cards} cards)",
            loser=SIDE_GENITIVE[loser],
            volat=by,
            cards=cards,
        )
    return msg(
        "the {loser} took no trick ({volat}) and {cards} cards outside the tricks",
        loser=SIDE_GENITIVE[loser],
        volat=by,
        cards=cards,
    )


def _called_king_pile(hand: Hand, made: dict[str, str], king_taken: bool) -> tuple[str, Msg] | None:
    """The side whose pile holds the called king, when the record says so, and why."""
    if made.get("king_ultimo") == DECLARER:
        return DECLARER, msg("the called king is in the declarer side's last trick (királyultimó)")
    if hand.contract == "szolo" and hand.location == "talon":
        return DECLARER, msg("the called king's talon half counts for the declarer")
    if hand.action == "play_left_king_half":
        return OPPONENTS, msg("the called king's talon half was left to the opponents")
    if king_taken:
        return OPPONENTS, msg("the opponents took the called king home")
    return None


def _check_volat_holds_all(
    hand: Hand, made: dict[str, str], volat: str, problems: Problems
) -> None:
    """No card outside the tricks counts for the other side: the volát side holds every
    card of the pack, every honour and every king."""
    for a in hand.announcements:
        if a.side == volat and a.figure in ("trull", "four_kings") and made.get(a.figure) != volat:
            problems.add(
                f"result.figures_made.{a.figure}",
                msg(
                    "must be {value}: the {side} took every trick and hold every card",
                    value=SIDE_NAMES[volat],
                    side=SIDE_GENITIVE[volat],
                ),
            )


def _check_king_taken(hand: Hand, result: Result, made: dict[str, str], problems: Problems) -> None:
    if hand.contract not in CALLING or not hand.king_in_play:
        return
    volat, field = made.get("volat"), "result.called_king_taken_by_opponents"
    if result.king_taken and (volat == DECLARER or made.get("king_ultimo") == DECLARER):
        problems.add(
            field,
            msg("the declarer side took the called king home (volát / királyultimó)"),
        )
    elif volat == OPPONENTS and not result.king_taken:
        problems.add(
            field,
            msg("must be true: the opponents took every trick (volát), the called king too"),
        )
