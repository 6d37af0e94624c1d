"""Trisák tarokk's hand record (spec section 13): the record schema the hand form is built
from, the typed `Hand`, and `read`: each section reader reads its fields, then applies that
section's cross-field rules (`_check_…`), so the problems come out in the order of the
record, field by field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import msg, pmsg
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    INT,
    PLAYER,
    TEXT,
    Choice,
    When,
    as_grid,
    by_player,
    choice_grid,
    choices,
    fields,
    maybe,
    rows,
    sparse,
)
from scorebook.engine.types import Session
from scorebook.engine.variants._tarokk54 import (
    CALLED_TAROKKS,
    LEVEL_NAMES,
    LEVELS,
    TAROKK_NAMES,
    TRICKS,
    first_hand,
    read_irregularity,
    read_opening,
    read_tricks,
    refuse_other_results,
)
from scorebook.engine.variants.trisak.tariffs import (
    BETTLIS,
    BONUS_MOST,
    BONUSES,
    CALLING,
    CARD_GAMES,
    CONTRACTS,
    DISCARDING,
    IRREGULARITIES,
    NAMES,
    PACK_POINTS,
    RESULT_FIELDS,
    SIDES,
    TALON_LEAST,
    ULTIMO_VALUE,
)

# The form lists the games by level, then trisákolás and the hand without a game.
CONTRACT_LABELS = {
    "jatek": msg("játék"),
    "ultimohivas": msg("ultimóhívás"),
    "bettli": msg("betli"),
    "harmas": msg("hármas"),
    "nyilt_bettli": pmsg("trisak choice", "nyílt betli"),
    "harmas_szolo": msg("hármas szóló"),
    "trisakolas": msg("trisákolás"),
    "no_game": pmsg("trisak choice", "no game (all passed)"),
}
SIDE_LABELS = {
    "declarer": msg("declarer side"),
    "opponents": msg("opponents"),
}
BONUS_LABELS = {
    "eight_tarokks": msg("eight tarokks"),
    "four_kings": msg("four kings (négy király)"),
    "trull": msg("tulétroá"),
    "little_honours": pmsg("trisak choice", "kis honnörök"),
}
IRREGULARITY_LABELS = {
    "revoke": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
}
CALLS = When("contract", CALLING)
ULTIMO = When("contract", tuple(ULTIMO_VALUE))
ULTIMO_ASKED = When("contract", tuple(c for c in ULTIMO_VALUE if c != "ultimohivas"))
# Ultimó contras start at kontra: a 0 would keep an untouched ultimó from reading as none.
ULTIMO_LEVELS = LEVELS[1:]

# The hand record (spec §13), field by field: what `check_input` lets through to the reader,
# and each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    contract=TEXT.but(
        label=msg("Game"),
        choices=choices((*CONTRACTS[2:], *reversed(CONTRACTS[:2])), CONTRACT_LABELS),
    ),
    declarer=PLAYER.but(
        label=pmsg("trisak field", "Declarer (felvevő; at trisákolás the first to choose it)")
    ),
    called_tarokk=INT.but(
        label=pmsg("trisak field", "Called tarokk (játék, ultimóhívás)"),
        choices=choices(CALLED_TAROKKS, TAROKK_NAMES),
        lo=min(CALLED_TAROKKS),
        hi=max(CALLED_TAROKKS),
        default=CALLED_TAROKKS[0],  # the XIX, called unless the declarer holds it
        when=CALLS,
    ),
    partner=PLAYER.but(label=msg("Partner (holds it)"), when=CALLS),
    called_tarokk_not_held=BOOL.but(
        label=pmsg("trisak field", "Called tarokk in the talon or discard: declarer alone"),
        when=CALLS,
    ),
    settled_half_fee=BOOL.but(
        label=pmsg(
            "trisak field",
            "Ultimóhívás with the tarokk not held: settled for half the fee, not played",
        ),
        when=When("contract", ("ultimohivas",)),
    ),
    # no contra at a hand without a game or at trisákolás (`_read_game_contra`)
    game_contra=INT.but(
        label=msg("Game contra"),
        choices=choices(LEVELS, LEVEL_NAMES),
        lo=LEVELS[0],
        hi=LEVELS[-1],
        default=0,
        when=When("contract", CONTRACTS[2:]),
    ),
    ultimo=maybe(
        # at ultimóhívás the declarer's own, announced: not asked (`_fixed_by_ultimohivas`);
        # its contra and result are asked at once (they follow no tapped owner there)
        side=TEXT.but(
            label=msg("Side"),
            choices=choices(SIDES, SIDE_LABELS),
            when=ULTIMO_ASKED,
            after=".by",
        ),
        by=PLAYER.but(label=pmsg("trisak field", "Pagát of"), when=ULTIMO_ASKED),
        announced=BOOL.but(
            label=msg("How"),
            choices=(
                Choice(False, pmsg("trisak choice", "silent")),
                Choice(True, msg("announced")),
            ),
            when=ULTIMO_ASKED,
            after=".by",
        ),
        contra=INT.but(
            label=pmsg("trisak field", "Ultimó contra"),
            choices=choices(ULTIMO_LEVELS, LEVEL_NAMES),
            lo=LEVELS[0],
            hi=LEVELS[-1],
            when=ULTIMO,
        ),
        made=BOOL.but(
            label=msg("Result"),
            choices=(
                Choice(False, msg("failed")),
                Choice(True, msg("made")),
            ),
            when=ULTIMO,
        ),
    ),
    hand_bonuses=as_grid(
        rows(
            player=PLAYER.but(label=msg("Player")),
            bonus=TEXT.but(label=msg("Bonus"), choices=choices(BONUSES, BONUS_LABELS)),
        ),
        choice_grid("bonus"),
    ),
    result=sparse(
        declarer_side_points=INT.but(
            label=pmsg("trisak field", "Declarer side's card points"),
            lo=0,
            hi=PACK_POINTS,
            when=When("contract", CARD_GAMES),
        ),
        # null outside the betli games (the form shows it only for them)
        declarer_took_trick=BOOL.but(
            label=msg("Betli: did the declarer take a trick?"),
            choices=(
                Choice(False, msg("no trick (won)")),
                Choice(True, msg("took a trick (lost)")),
            ),
            when=When("contract", BETTLIS),
        ),
        trisak_points=by_player(
            INT.but(
                label=msg("Card points"),
                lo=0,
                hi=PACK_POINTS - TALON_LEAST,
                when=When("contract", ("trisakolas",)),
            )
        ),
        trisak_tricks=by_player(
            INT.but(
                label=msg("Tricks (sum 12)"),
                lo=0,
                hi=TRICKS,
                when=When("contract", ("trisakolas",)),
            )
        ),
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=msg("Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
        ),
        player=PLAYER.but(label=msg("Offender")),
    ),
)


# --- the hand record, read (spec section 13) --------------------------------------------
# Each section reader reads its fields, then applies that section's cross-field rules
# (`_check_…`): the problems come out in the order of the record, field by field.


class Ultimo(NamedTuple):
    """A pagát ultimó (part of `_game`'s cache key: a named tuple hashes cheaply)."""

    side: str
    by: str
    announced: bool
    contra: int
    made: bool


class Hand(NamedTuple):
    """A trisák hand as read and checked from its record (a named tuple: built once per
    hand of a replayed night, so cheaply)."""

    dealer: str
    contract: str
    declarer: str | None
    partner: str | None
    side: tuple[str, ...]  # the declarer and the called partner
    opponents: tuple[str, ...]
    settled: bool  # ultimóhívás settled for half fee (Tr12)
    game_contra: int
    ultimo: Ultimo | None
    bonuses: tuple[tuple[str, str], ...]  # (holder, bonus)
    irregular: tuple[str, str] | None  # (kind, offender): the penalty replaces the results
    # the declarer side's card points, or at a bettli whether the declarer took a trick
    outcome: int | bool | None
    trisak: tuple[dict[str, int], dict[str, int]] | None  # (card points, tricks)


def read(session: Session, hand: Mapping[str, Any]) -> Hand:
    """The record as a checked hand; raises InvalidHand with every problem found."""
    players = session.players
    rules = session.house_rules
    r, dealer, contract = read_opening(session, hand, CONTRACTS)
    declarer = _read_declarer(r, players, rules, contract, dealer)
    partner, not_held = _read_call(r, players, contract, declarer)
    settled = _read_settled(r, contract, not_held)
    played = contract not in (None, "no_game") and not settled
    side = tuple([p for p in (declarer, partner) if p])
    opponents = tuple([p for p in players if p not in side])
    top = 5 if rules["max_contra_level"] == "mordkontra" else 2
    game_contra = _read_game_contra(r, rules, top, contract, settled)
    ultimo = _read_ultimo(r, rules, top, contract, declarer, side, opponents, played, settled)
    bonuses = _read_bonuses(r, players, rules, contract, settled, ultimo)
    ir, kind, offender = read_irregularity(r, IRREGULARITIES, players)
    irregular = _check_irregularity(r, contract, declarer, played, ir, kind, offender)
    outcome, trisak = _read_result(r, players, contract, played, ir is not None)
    r.problems.raise_if_any()
    assert dealer is not None
    assert contract is not None
    return Hand(
        dealer,
        contract,
        declarer,
        partner,
        side,
        opponents,
        settled,
        game_contra,
        ultimo,
        bonuses,
        irregular,
        outcome,
        trisak,
    )


def _read_declarer(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    contract: str | None,
    dealer: str | None,
) -> str | None:
    """The declarer: none at no_game, optional at a trisákolás after an all-pass (Tr2)."""
    declarer: str | None = None
    if contract == "no_game":
        if r.has("declarer"):
            r.problems.add(
                "declarer",
                msg("must be null when nobody played (no game)"),
            )
    elif contract == "trisakolas" and rules["all_pass_action"] == "trisakolas":
        # null: the trisákolás played after an all-pass (Tr2)
        declarer = r.player("declarer", players, optional=True)
    elif contract is not None:
        declarer = r.player("declarer", players)
    _check_level1(r.problems, rules, contract, declarer, first_hand(players, dealer))
    if contract == "no_game" and rules["all_pass_action"] == "trisakolas":
        r.problems.add(
            "contract",
            msg(
                "“no game” is not possible: when everybody passes, the house rules play a "
                "trisákolás"
            ),
        )
    return declarer


def _check_level1(
    problems: Problems,
    rules: Mapping[str, Any],
    contract: str | None,
    declarer: str | None,
    first: str | None,
) -> None:
    """Tr1: only the first hand may bid játék, and so choose trisákolás."""
    if (
        declarer is not None
        and first is not None
        and contract in ("jatek", "trisakolas")
        and rules["level1_first_hand_only"]
        and declarer != first
    ):
        problems.add(
            "declarer",
            msg(
                "only the first hand ({first}) may bid {contract} (level1_first_hand_only)",
                first=first,
                contract=NAMES[contract],
            ),
        )


def _read_call(
    r: Reader, players: tuple[str, ...], contract: str | None, declarer: str | None
) -> tuple[str | None, bool]:
    """The call of levels 1 and 2: (partner, whether the called tarokk was not held)."""
    problems = r.problems
    not_held = r.boolean("called_tarokk_not_held")
    if contract not in CALLING:
        for name in ("called_tarokk", "partner"):
            if r.has(name):
                problems.add(
                    name,
                    msg("only at játék and ultimóhívás (must be null)"),
                )
        if not_held:
            problems.add(
                "called_tarokk_not_held",
                msg("only at játék and ultimóhívás (must be false)"),
            )
        return None, not_held
    r.integer("called_tarokk", lo=min(CALLED_TAROKKS), hi=max(CALLED_TAROKKS))
    partner = r.player("partner", [p for p in players if p != declarer], optional=True)
    if r.has("partner") == not_held:
        problems.add(
            "partner",
            msg(
                "give the partner, or tick “Called tarokk in the talon or discard: declarer "
                "alone”, not both"
            ),
        )
    return partner, not_held


def _read_settled(r: Reader, contract: str | None, not_held: bool) -> bool:
    """Tr12: an ultimóhívás whose called tarokk lies in the talon, settled for half fee."""
    settled = r.boolean("settled_half_fee")
    if settled and not (contract == "ultimohivas" and not_held):
        r.problems.add(
            "settled_half_fee",
            msg("only at ultimóhívás with the called tarokk not held"),
        )
        return False
    return settled


def _read_contra(r: Reader, name: str, rules: Mapping[str, Any], top: int) -> int:
    """A contra level, 0 when contras are off (Tr8) or above the top step."""
    level = r.integer(name, lo=LEVELS[0], hi=LEVELS[-1], default=0) or 0
    if level and not rules["allow_contra"]:
        r.problems.add(
            r.path(name),
            msg("must be 0: the house rules do not play contras"),
        )
        return 0
    if level > top:
        r.problems.add(
            r.path(name),
            msg("{level} is above rekontra (the house rules stop at rekontra)", level=level),
        )
        return 0
    return level


def _read_game_contra(
    r: Reader, rules: Mapping[str, Any], top: int, contract: str | None, settled: bool
) -> int:
    game_contra = _read_contra(r, "game_contra", rules, top)
    if game_contra and (contract in ("no_game", "trisakolas") or settled):
        r.problems.add(
            "game_contra",
            msg("must be 0 at a settled ultimóhívás")
            if settled
            else msg("must be 0 at {contract}", contract=str(contract)),
        )
    return game_contra


def _read_ultimo(
    r: Reader,
    rules: Mapping[str, Any],
    top: int,
    contract: str | None,
    declarer: str | None,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    played: bool,
    settled: bool,
) -> Ultimo | None:
    """The optional `ultimo` object, where the contract has one (seed 004 §73)."""
    u = r.obj("ultimo", optional=True)
    if u is None:
        if played and contract == "ultimohivas":
            r.problems.add(
                "ultimo",
                msg("is required at ultimóhívás (the declarer's announced ultimó)"),
            )
        return None
    if not played or contract not in ULTIMO_VALUE:
        r.problems.add(
            "ultimo",
            msg("no ultimó at a settled hand (must be null)")
            if settled
            else msg("no ultimó at {contract} (must be null)", contract=str(contract)),
        )
        return None
    # under a revoke / wrong-discard penalty the results (here `made`) are optional
    penalised = r.data.get("irregularity") is not None
    if contract == "ultimohivas" and declarer is not None:
        _fixed_by_ultimohivas(u, declarer)
    which = u.choice("side", SIDES)
    by = u.player("by", side if which == "declarer" else opponents) if which else None
    announced = u.required_boolean("announced")
    contra = _read_contra(u, "contra", rules, top)
    made = u.required_boolean("made") if u.has("made") or not penalised else False
    _check_ultimo_side(u.problems, rules, contract, declarer, which, by, announced)
    _check_silent_ultimo(u.problems, announced, contra, made, penalised)
    if which is None or by is None or announced is None or made is None:
        return None
    return Ultimo(which, by, announced, contra, made)


def _fixed_by_ultimohivas(u: Reader, declarer: str) -> None:
    """At ultimóhívás the ultimó is the declarer's own, announced: the form does not ask,
    the record says so (a value given is checked as it is, `_check_ultimo_side`)."""
    fixed = {"side": "declarer", "by": declarer, "announced": True}
    missing = {name: value for name, value in fixed.items() if u.raw(name) is None}
    if missing:
        u.data = {**u.data, **missing}
        for name, value in missing.items():
            u.infer(name, value)


def _check_ultimo_side(
    problems: Problems,
    rules: Mapping[str, Any],
    contract: str,
    declarer: str | None,
    which: str | None,
    by: str | None,
    announced: bool | None,
) -> None:
    """Tr9, and at ultimóhívás the ultimó is the declarer's, announced."""
    if which == "opponents" and rules["ultimo_declarer_side_only"]:
        problems.add(
            "ultimo.side",
            msg("the house rules give the ultimó to the declarer's side only"),
        )
    if contract != "ultimohivas":
        return
    if which == "opponents" or (by is not None and by != declarer):
        problems.add(
            "ultimo.by",
            msg("at ultimóhívás the ultimó is the declarer's"),
        )
    if announced is False:
        problems.add(
            "ultimo.announced",
            msg("at ultimóhívás the ultimó is always announced"),
        )


def _check_silent_ultimo(
    problems: Problems, announced: bool | None, contra: int, made: bool | None, penalised: bool
) -> None:
    """A silent ultimó has no contra and is written down only when made."""
    if announced is not False:
        return
    if contra:
        problems.add(
            "ultimo.contra",
            msg("a silent ultimó cannot be contra'd"),
        )
    if made is False and not penalised:
        problems.add(
            "ultimo.made",
            msg("a silent ultimó is recorded only when made"),
        )


def _read_bonuses(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    contract: str | None,
    settled: bool,
    ultimo: Ultimo | None,
) -> tuple[tuple[str, str], ...]:
    """The `hand_bonuses` list: (holder, bonus) pairs, each possible in one deal."""
    problems = r.problems
    items = r.items("hand_bonuses")
    if not items:
        return ()
    if contract == "no_game" or settled:
        problems.add(
            "hand_bonuses",
            msg("must be empty when nothing was played"),
        )
        return ()
    if contract == "trisakolas" and not rules["hand_bonuses_in_trisakolas"]:
        problems.add(
            "hand_bonuses",
            msg("no hand bonuses in a trisákolás (the house rules pay none there)"),
        )
        return ()
    result: list[tuple[str, str]] = []
    for i, item in enumerate(items):
        who = item.player("player", players)
        bonus = item.choice("bonus", BONUSES)
        if who is not None and bonus is not None and _bonus_fits(problems, i, who, bonus, result):
            result.append((who, bonus))
    held = {b: w for w, b in result if b != "eight_tarokks"}
    for i, (who, bonus) in enumerate(result):
        if bonus == "little_honours":
            _check_little_honours(problems, rules, f"hand_bonuses[{i}]", who, held)
        if bonus == "trull" and ultimo is not None and ultimo.by != who:
            # the tulétroá includes the pagát, so nobody else can make an ultimó
            problems.add(
                f"hand_bonuses[{i}].player",
                msg(
                    "{who} holds the pagát (tulétroá), so the ultimó cannot be {by}'s",
                    who=who,
                    by=ultimo.by,
                ),
            )
    return tuple(result)


def _bonus_fits(
    problems: Problems, i: int, who: str, bonus: str, result: list[tuple[str, str]]
) -> bool:
    """A bonus listed once, and held by no more players than one deal allows."""
    field = f"hand_bonuses[{i}]"
    if (who, bonus) in result:
        problems.add(field, msg("{who} {bonus} is listed twice", who=who, bonus=bonus))
        return False
    if sum(1 for _, b in result if b == bonus) >= BONUS_MOST[bonus]:
        problems.add(
            f"{field}.player",
            msg("{bonus} cannot be held by that many players in one deal", bonus=bonus),
        )
        return False
    return True


def _check_little_honours(
    problems: Problems, rules: Mapping[str, Any], field: str, who: str, held: dict[str, str]
) -> None:
    """Tr6, and no mixed four honours or kings left when another hand holds them all."""
    if not rules["kis_honnorok_stacking"] and any(
        held.get(b) == who for b in ("four_kings", "trull")
    ):
        problems.add(
            f"{field}.bonus",
            msg(
                "{who} has négy király or tulétroá: the house rules pay no kis honnörök "
                "beside them",
                who=who,
            ),
        )
    elif any(held.get(b) not in (None, who) for b in ("four_kings", "trull")):
        problems.add(
            f"{field}.player",
            msg(
                "{who} cannot hold kis honnörök when another player holds négy király or tulétroá",
                who=who,
            ),
        )


def _check_irregularity(
    r: Reader,
    contract: str | None,
    declarer: str | None,
    played: bool,
    ir: Reader | None,
    kind: str | None,
    offender: str | None,
) -> tuple[str, str] | None:
    """A revoke by anyone, or the declarer's wrong discard at levels 1, 2 and 4."""
    if ir is None:
        return None
    if not played:
        r.problems.add(
            "irregularity",
            msg("nothing was played (must be null)"),
        )
    elif kind == "wrong_discard" and (
        contract not in DISCARDING or offender not in (None, declarer)
    ):
        r.problems.add(
            "irregularity.type",
            msg("a wrong discard is only the declarer's, at játék, ultimóhívás or hármasjáték"),
        )
    elif kind is not None and offender is not None:
        return kind, offender
    return None


def _read_result(
    r: Reader, players: tuple[str, ...], contract: str | None, played: bool, irregular: bool
) -> tuple[int | bool | None, tuple[dict[str, int], dict[str, int]] | None]:
    """The `result` object: (card points or trick taken, trisákolás points and tricks)."""
    if not played:
        if r.has("result"):
            r.problems.add(
                "result",
                msg("must be null when nothing was played"),
            )
        return None, None
    if irregular:
        return None, None  # the penalty replaces the results (section 9): ignored
    res = r.obj("result")
    if res is None or contract is None:
        return None, None
    outcome: int | bool | None = None
    trisak = None
    if contract == "trisakolas":
        wanted: tuple[str, ...] = ("trisak_points", "trisak_tricks")
        trisak = _read_trisak_result(res, players)
    elif contract in CARD_GAMES:
        wanted = ("declarer_side_points",)
        outcome = res.integer("declarer_side_points", lo=0, hi=PACK_POINTS)
    else:
        wanted = ("declarer_took_trick",)
        outcome = res.required_boolean("declarer_took_trick")
    refuse_other_results(res, contract, RESULT_FIELDS, wanted)
    return outcome, trisak


def _read_trisak_result(
    res: Reader, players: tuple[str, ...]
) -> tuple[dict[str, int], dict[str, int]] | None:
    """Card points and tricks per player, which must fit the pack and each other."""
    points = res.player_map("trisak_points", players, hi=PACK_POINTS)
    tricks = read_tricks(res, "trisak_tricks", players)
    if points is None or len(points) != 4:
        return None
    if sum(points.values()) > PACK_POINTS - TALON_LEAST:
        res.problems.add(
            "result.trisak_points",
            msg(
                "the card points sum to {total}, above 100 (the talon is worth at least 6)",
                total=sum(points.values()),
            ),
        )
    if tricks is None or len(tricks) != 4:
        return None
    for p in players:
        t, pts = tricks[p], points[p]
        if (t == 0 and pts) or pts < 4 * t:
            res.problems.add(
                f"result.trisak_points.{p}",
                msg(
                    "{points} card points do not fit {tricks} tricks (at least {least}, 0 "
                    "without a trick)",
                    points=pts,
                    tricks=t,
                    least=4 * t,
                ),
            )
    return points, tricks
