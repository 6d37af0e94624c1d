"""Four-player 54-card tarokk with trisákolás ("negyes54"): spec `negyes54.md`, seed 000.

Ten bid levels worth 3 … 26 units, combined bids ("… és ultimó") whose two parts are judged
separately (6 − 4 = 2, 10 − 6 = 4, 20 − 6 = 14), and trisákolás in three forms. No pots.
Seed 000 has headings but no section numbers: tariffs cite the heading.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from scorebook.engine.errors import Problems
from scorebook.engine.messages import Msg, msg, nmsg, pmsg
from scorebook.engine.payments import book_payment as _distribute
from scorebook.engine.payments import contra_multiplier
from scorebook.engine.record import Reader
from scorebook.engine.shape import (
    BOOL,
    INT,
    PLAYER,
    TEXT,
    Choice,
    When,
    by_player,
    choices,
    fields,
    maybe,
    rows,
    sparse,
)
from scorebook.engine.types import Entry, HouseRule, Line, Session, TableHint
from scorebook.engine.variants._tarokk54 import (
    BIDDING,
    CALLED_TAROKKS,
    CONTRAS_GROUP,
    LEVEL_NAMES,
    LEVELS,
    LOST,
    PENALTIES,
    TAROKK_NAMES,
    TRICKS,
    WON,
    FourSeatTable,
    State,
    contra_game,
    first_hand,
    hand_booked,
    offender_pays_each,
    read_irregularity,
    read_tricks,
    refuse_other_results,
    times,
)

KEY = "negyes54"
ALL_PASS = "trisakolas_all_pass"
CONTRACTS = (
    ALL_PASS,
    "trisakolas",
    "jatek",
    "ultimohivas",
    "betli",
    "jatek_es_ultimo",
    "harmas_jatek",
    "harmas_jatek_es_ultimo",
    "teritett_betli",
    "szolo_harmas",
    "szolo_harmas_es_ultimo",
)
NAMES = {
    ALL_PASS: pmsg("negyes54 contract", "trisákolás after an all-pass"),
    "trisakolas": pmsg("negyes54 contract", "trisákolás"),
    "jatek": pmsg("negyes54 contract", "játék"),
    "ultimohivas": pmsg("negyes54 contract", "ultimóhívás"),
    "betli": pmsg("negyes54 contract", "betli"),
    "jatek_es_ultimo": pmsg("negyes54 contract", "játék és ultimó"),
    "harmas_jatek": pmsg("negyes54 contract", "hármas játék"),
    "harmas_jatek_es_ultimo": pmsg("negyes54 contract", "hármas játék és ultimó"),
    "teritett_betli": pmsg("negyes54 contract", "terített betli"),
    "szolo_harmas": pmsg("negyes54 contract", "szólóhármas"),
    "szolo_harmas_es_ultimo": pmsg("negyes54 contract", "szólóhármas és ultimó"),
}
# Game part of the card-point bids (seed 000 "Játék" 4, "Hármasjáték" 10, "Szólóhármas" 20).
GAME_PART = {
    "jatek": 4,
    "jatek_es_ultimo": 4,
    "harmas_jatek": 10,
    "harmas_jatek_es_ultimo": 10,
    "szolo_harmas": 20,
    "szolo_harmas_es_ultimo": 20,
}
# The ultimó, alone or as part of a combined bid (seed 000 "Ultimóhívás"): 6 units.
ULTIMO = 6
ULTIMO_BIDS = ("ultimohivas", "jatek_es_ultimo", "harmas_jatek_es_ultimo", "szolo_harmas_es_ultimo")
# Betli 8, terített betli 16 (seed 000 "Betli", "Terített betli").
BETLI = {"betli": 8, "teritett_betli": 16}
# Trisákolás forms 2 and 3: 3 units (seed 000 "Trisákolás").
TRISAK = 3
CALLING = ("jatek", "ultimohivas", "jatek_es_ultimo")
# Who exchanges with the talon, so who can discard wrongly (seed 000 level headings).
DECLARER_EXCHANGES = (
    "jatek",
    "ultimohivas",
    "jatek_es_ultimo",
    "harmas_jatek",
    "harmas_jatek_es_ultimo",
)
# 64 points in the game: cards 52 + 12 tricks; 33 wins, 32–32 goes to the opponents.
TOTAL = 64
TO_WIN = 33
IRREGULARITIES = ("revoke", "wrong_discard", "illegal_ultimo_bid")
BID_CALLS = ("pass", "segitek", *CONTRACTS[1:])
IRREGULARITY_NAMES = {
    "revoke": pmsg("negyes54 irregularity", "revoke"),
    "wrong_discard": pmsg("negyes54 irregularity", "wrong discard"),
    "illegal_ultimo_bid": pmsg("negyes54 irregularity", "ultimóhívás without pagát, sas or king"),
}
RESULT_FIELDS = ("tricks", "declarer_side_points", "ultimo_won", "declarer_took_trick")

# The form lists the bids by level, then the two trisákolás forms.
CONTRACT_LABELS = {
    "jatek": pmsg("negyes54 choice", "játék"),
    "ultimohivas": pmsg("negyes54 choice", "ultimóhívás"),
    "betli": pmsg("negyes54 choice", "betli"),
    "jatek_es_ultimo": pmsg("negyes54 choice", "játék és ultimó"),
    "harmas_jatek": pmsg("negyes54 choice", "hármas játék"),
    "harmas_jatek_es_ultimo": pmsg("negyes54 choice", "hármas játék és ultimó"),
    "teritett_betli": pmsg("negyes54 choice", "terített betli"),
    "szolo_harmas": pmsg("negyes54 choice", "szóló hármas"),
    "szolo_harmas_es_ultimo": pmsg("negyes54 choice", "szóló hármas és ultimó"),
    "trisakolas": pmsg("negyes54 choice", "trisákolás"),
    ALL_PASS: pmsg("negyes54 choice", "trisákolás (all four passed)"),
}
IRREGULARITY_LABELS = {
    "revoke": pmsg("negyes54 choice", "revoke (renonsz)"),
    "wrong_discard": pmsg("negyes54 choice", "wrong discard"),
    "illegal_ultimo_bid": pmsg("negyes54 choice", "illegal ultimó bid"),
}
CONTRA_LEVELS = LEVELS[:3]  # none, kontra, rekontra: no higher contra in this game
CALLS = When("contract", CALLING)

# The hand record (spec §13, plus `bids` and `rekontra_by`, which the reader takes for the
# ultimó-bid rules), field by field: what `check_input` lets through to the reader, and
# each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=pmsg("negyes54 field", "Dealer")),
    contract=TEXT.but(
        label=pmsg("negyes54 field", "Game"),
        choices=choices((*CONTRACTS[2:], *reversed(CONTRACTS[:2])), CONTRACT_LABELS),
    ),
    declarer=PLAYER.but(label=pmsg("negyes54 field", "Declarer (felvevő)")),
    helper=PLAYER.but(
        label=pmsg("negyes54 field", "Helper (segítek)"), when=When("contract", ("trisakolas",))
    ),
    called_tarokk=INT.but(
        label=pmsg("negyes54 field", "Called tarokk"),
        choices=choices(CALLED_TAROKKS, TAROKK_NAMES),
        lo=min(CALLED_TAROKKS),
        hi=max(CALLED_TAROKKS),
        default=max(CALLED_TAROKKS),  # the XIX, called in most hands
        when=CALLS,
    ),
    partner=PLAYER.but(label=pmsg("negyes54 field", "Partner (holds it)"), when=CALLS),
    alone=BOOL.but(
        label=pmsg(
            "negyes54 field", "Called tarokk in the talon: declarer alone (ultimó bids only)"
        ),
        when=CALLS,
    ),
    # no contra after an all-pass (`_read_contra`)
    contra=INT.but(
        label=pmsg("negyes54 field", "Contra"),
        choices=choices(CONTRA_LEVELS, LEVEL_NAMES),
        lo=CONTRA_LEVELS[0],
        hi=CONTRA_LEVELS[-1],
        default=0,
        when=When("contract", CONTRACTS[1:]),
    ),
    rekontra_by=PLAYER,
    bids=rows(player=PLAYER, call=TEXT),
    result=sparse(
        tricks=by_player(
            INT.but(
                label=pmsg("negyes54 field", "Tricks (sum 12)"),
                lo=0,
                hi=TRICKS,
                when=When("contract", ("trisakolas", ALL_PASS)),
            )
        ),
        declarer_side_points=INT.but(
            label=pmsg("negyes54 field", "Declarer side's card points (0–64)"),
            lo=0,
            hi=TOTAL,
            when=When("contract", tuple(GAME_PART)),
        ),
        # hand-written radios in the template (null where the question does not apply)
        ultimo_won=BOOL.but(
            label=pmsg("negyes54 field", "Ultimó (bids with an ultimó)"),
            choices=(
                Choice(True, pmsg("negyes54 choice", "won")),
                Choice(False, pmsg("negyes54 choice", "lost")),
            ),
            when=When("contract", ULTIMO_BIDS),
        ),
        declarer_took_trick=BOOL.but(
            label=pmsg("negyes54 field", "Betli: did the declarer take a trick?"),
            choices=(
                Choice(False, pmsg("negyes54 choice", "no trick (won)")),
                Choice(True, pmsg("negyes54 choice", "took a trick (lost)")),
            ),
            when=When("contract", tuple(BETLI)),
        ),
    ),
    irregularity=maybe(
        type=TEXT.but(
            label=pmsg("negyes54 field", "Irregularity"),
            choices=choices(IRREGULARITIES, IRREGULARITY_LABELS),
        ),
        player=PLAYER.but(label=pmsg("negyes54 field", "Offender")),
    ),
)


def _bid_value(contract: str) -> int:
    """The full units of a bid (section 3): 3, 4, 6, 8, 10, 10, 16, 16, 20, 26."""
    if contract in BETLI:
        return BETLI[contract]
    if contract in ("trisakolas", ALL_PASS):
        return TRISAK
    return GAME_PART.get(contract, 0) + (ULTIMO if contract in ULTIMO_BIDS else 0)


RECORDING = pmsg("tarokk54 house rule group", "Recording the result")
HOUSE_RULES = (
    HouseRule(
        "dealer_rotation",
        "right",
        "choice",
        msg("N2: the deal passes to the dealer's right (direction of play) or left"),
        choices=("right", "left"),
        choice_labels=(
            pmsg("negyes54 dealer rotation", "right"),
            pmsg("negyes54 dealer rotation", "left"),
        ),
        label=pmsg("negyes54 house rule", "Direction of the deal"),
    ),
    HouseRule(
        "passed_player_may_help",
        False,
        "bool",
        msg("N3: a player who has passed may still say segítek (checked on the bid sequence)"),
        group=BIDDING,
        label=pmsg("negyes54 house rule", "Segítek after a pass"),
    ),
    HouseRule(
        "segitek_must_be_next_call",
        True,
        "bool",
        msg("N4: segítek must be the next non-pass call after the trisákolás bid"),
        group=BIDDING,
        label=pmsg("negyes54 house rule", "Segítek straight after the trisákolás"),
    ),
    HouseRule(
        "contra_on_trisakolas",
        True,
        "bool",
        msg("N5: a trisákolás bid (with or without helper) may be contra'd"),
        group=CONTRAS_GROUP,
        label=pmsg("negyes54 house rule", "Contra on trisákolás"),
    ),
    HouseRule(
        "partner_may_rekontra",
        False,
        "bool",
        msg(
            "N9: the partner (not only the declarer) may say rekontra (checked where the hand "
            "records who said it)"
        ),
        group=CONTRAS_GROUP,
        label=pmsg("negyes54 house rule", "Partner's rekontra"),
    ),
    HouseRule(
        "illegal_ultimo_bid_penalty",
        "as_revoke",
        "choice",
        msg("N6: ultimóhívás without pagát, sas or king: penalised as a revoke, or not at all"),
        choices=("as_revoke", "none"),
        choice_labels=(
            pmsg("negyes54 illegal ultimó bid penalty", "as a revoke"),
            pmsg("negyes54 illegal ultimó bid penalty", "no penalty"),
        ),
        group=PENALTIES,
        label=pmsg("negyes54 house rule", "Ultimóhívás without pagát, sas or king"),
    ),
    HouseRule(
        "revoke_penalty",
        True,
        "bool",
        msg("N7: a revoke or wrong discard costs the bid value to each other player"),
        group=PENALTIES,
        label=pmsg("negyes54 house rule", "Revoke penalty"),
    ),
    HouseRule(
        "king_ultimo_requires_king_win",
        True,
        "bool",
        msg(
            "N8: an ultimó with a king must win the last trick with that king (for whether "
            "the ultimó was won)"
        ),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "King ultimó only with the king's trick"),
    ),
    HouseRule(
        "jatek_all_skart_to_opponents",
        True,
        "bool",
        msg("N10: at játék all six skart cards count for the opponents (for the points)"),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "Játék: the whole skart to the opponents"),
    ),
    HouseRule(
        "partner_card_counts_for_ultimo",
        True,
        "bool",
        msg(
            "N11: the partner's pagát, sas or king also makes the ultimó (for whether the "
            "ultimó was won)"
        ),
        group=RECORDING,
        label=pmsg("negyes54 house rule", "Partner's card makes the ultimó too"),
    ),
)


# --- the hand record, read (spec section 13) --------------------------------------------
# Each section reader reads its fields, then applies that section's cross-field rules
# (`_check_…`): the problems come out in the order of the record, field by field.


class Hand(NamedTuple):
    """A négyes tarokk hand as read and checked from its record (a named tuple: built once
    per hand of a replayed night, so cheaply)."""

    dealer: str
    contract: str
    declarer: str | None  # None only at trisakolas_all_pass
    helper: str | None  # who said segítek to a trisákolás
    side: tuple[str, ...]  # the declarer with the partner or helper
    opponents: tuple[str, ...]
    contra: int
    penalty: tuple[str, str] | None  # (kind, offender): replaces the results
    unpenalised: tuple[str, str] | None  # an irregularity the house rules leave unpunished
    tricks: dict[str, int] | None  # per player, at a trisákolás
    took_trick: bool | None  # at a betli
    points: int | None  # the declarer side's, at a card-point bid
    ultimo_won: bool | None  # at a bid with ultimó


def read(session: Session, hand: Mapping[str, Any]) -> Hand:
    """The record as a checked hand; raises InvalidHand with every problem found."""
    players = session.players
    rules = session.house_rules
    r = Reader(hand, Problems())
    dealer = r.player("dealer", players)
    contract = r.choice("contract", CONTRACTS)
    declarer = _read_declarer(r, players, contract)
    others = [p for p in players if p != declarer]
    helper = _read_helper(r, contract, others)
    partner = _read_call(r, contract, others)
    side = tuple([p for p in (declarer, partner or helper) if p])
    opponents = tuple([p for p in players if p not in side])
    if "bids" in r.data:
        _read_bids(r, players, rules, first_hand(players, dealer), (contract, declarer, helper))
    contra = _read_contra(r, rules, contract)
    _check_rekontra(r, players, rules, contra, side)
    penalty, unpenalised = _read_irregularity(r, players, rules, contract, declarer)
    # under an applied penalty the results are optional and ignored (section 9)
    res = _read_result(r, players, contract) if penalty is None else None
    r.problems.raise_if_any()
    assert dealer is not None
    assert contract is not None
    tricks, took_trick, points, ultimo_won = res or (None, None, None, None)
    return Hand(
        dealer,
        contract,
        declarer,
        helper,
        side,
        opponents,
        contra,
        penalty,
        unpenalised,
        tricks,
        took_trick,
        points,
        ultimo_won,
    )


def _read_declarer(r: Reader, players: tuple[str, ...], contract: str | None) -> str | None:
    """The declarer: null exactly at trisakolas_all_pass."""
    if contract == ALL_PASS:
        if r.has("declarer"):
            r.problems.add(
                "declarer",
                msg("must be null when all four passed (trisákolás after an all-pass)"),
            )
        return None
    if contract is None:
        return None
    return r.player("declarer", players)


def _read_helper(r: Reader, contract: str | None, others: list[str]) -> str | None:
    """Who said segítek to the trisákolás bid (form 3), if anyone."""
    if contract == "trisakolas":
        return r.player("helper", others, optional=True)
    if r.has("helper"):
        r.problems.add(
            "helper",
            msg("only at trisákolás (must be null)"),
        )
    return None


def _read_call(r: Reader, contract: str | None, others: list[str]) -> str | None:
    """The call at the calling bids: the partner, or alone when the tarokk lay in the talon."""
    problems = r.problems
    alone = r.boolean("alone")
    if contract not in CALLING:
        for name in ("called_tarokk", "partner"):
            if r.has(name):
                problems.add(
                    name,
                    msg("only at játék, ultimóhívás, játék és ultimó (must be null)"),
                )
        if alone:
            problems.add(
                "alone",
                msg(
                    "must be false at {contract}: its sides follow from the contract",
                    contract=str(contract),
                ),
            )
        return None
    r.integer("called_tarokk", lo=min(CALLED_TAROKKS), hi=max(CALLED_TAROKKS))
    partner = r.player("partner", others, optional=True)
    if contract == "jatek" and alone:
        problems.add(
            "alone",
            msg("játék is never played alone: the called tarokk cannot lie in its talon"),
        )
    elif r.has("partner") == alone:
        problems.add(
            "partner",
            msg("give the partner, or alone = true, not both"),
        )
    return partner


def _read_contra(r: Reader, rules: Mapping[str, Any], contract: str | None) -> int:
    """The contra level: none after an all-pass, on trisákolás only under N5."""
    contra = r.integer("contra", lo=CONTRA_LEVELS[0], hi=CONTRA_LEVELS[-1], default=0) or 0
    if contra and contract == ALL_PASS:
        r.problems.add(
            "contra",
            msg("no contra after an all-pass (there is no declarer)"),
        )
    elif contra and contract == "trisakolas" and not rules["contra_on_trisakolas"]:
        r.problems.add(
            "contra",
            msg("the house rules play no contra on a trisákolás"),
        )
    return contra


def _check_rekontra(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    contra: int,
    side: tuple[str, ...],
) -> None:
    """N9 on who said rekontra (optional: the contra level alone cannot show it)."""
    if not r.has("rekontra_by"):
        return
    rekontra_by = r.player("rekontra_by", players)
    allowed = side if rules["partner_may_rekontra"] else side[:1]
    if contra != 2:
        r.problems.add(
            "rekontra_by",
            msg("only with a rekontra (contra = 2)"),
        )
    elif rekontra_by is not None and rekontra_by not in allowed:
        r.problems.add(
            "rekontra_by",
            msg("only the declarer may say rekontra (the house rules do not let the partner)")
            if rekontra_by in side
            else msg("rekontra is the declaring side's answer to a kontra"),
        )


def _read_irregularity(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    contract: str | None,
    declarer: str | None,
) -> tuple[tuple[str, str] | None, tuple[str, str] | None]:
    """The optional irregularity: (penalised, or left unpunished by N6/N7)."""
    ir, kind, offender = read_irregularity(r, IRREGULARITIES, players)
    if ir is None:
        return None, None
    _check_irregularity(r.problems, players, contract, declarer, kind, offender)
    if kind is None or offender is None:
        return None, None
    applies = (
        rules["illegal_ultimo_bid_penalty"] == "as_revoke"
        if kind == "illegal_ultimo_bid"
        else rules["revoke_penalty"]
    )
    return ((kind, offender), None) if applies else (None, (kind, offender))


def _check_irregularity(
    problems: Problems,
    players: tuple[str, ...],
    contract: str | None,
    declarer: str | None,
    kind: str | None,
    offender: str | None,
) -> None:
    """An illegal ultimó bid is the declarer's; a wrong discard needs an exchange."""
    if kind == "illegal_ultimo_bid" and (
        contract != "ultimohivas" or offender not in (None, declarer)
    ):
        problems.add(
            "irregularity.type",
            msg("an illegal ultimó bid is only the declarer's, at ultimóhívás"),
        )
    elif kind == "wrong_discard" and offender is not None and declarer is not None:
        if offender not in _exchangers(players, contract, declarer):
            problems.add(
                "irregularity.type",
                msg(
                    "a wrong discard needs an exchange: only the declarer of játék, "
                    "ultimóhívás, játék és ultimó, hármas játék, hármas játék és ultimó, "
                    "or one of the two players after him at játék"
                ),
            )
    elif kind == "wrong_discard" and contract not in DECLARER_EXCHANGES:
        problems.add(
            "irregularity.type",
            msg("nobody exchanges with the talon at {contract}", contract=str(contract)),
        )


def _exchangers(players: tuple[str, ...], contract: str | None, declarer: str) -> list[str]:
    """Who exchanges cards with the talon, and so can discard wrongly."""
    exchangers = [declarer] if contract in DECLARER_EXCHANGES else []
    if contract == "jatek":
        # the next two players after the declarer take one talon card each
        at = players.index(declarer)
        exchangers += [players[(at + 1) % 4], players[(at + 2) % 4]]
    return exchangers


_Result = tuple[dict[str, int] | None, bool | None, int | None, bool | None]


def _read_result(r: Reader, players: tuple[str, ...], contract: str | None) -> _Result | None:
    """The `result` object: (tricks, took_trick, points, ultimo_won) as the contract needs."""
    res = r.obj("result")
    if res is None or contract is None:
        return None
    tricks = took_trick = points = ultimo_won = None
    if contract in ("trisakolas", ALL_PASS):
        wanted: tuple[str, ...] = ("tricks",)
        tricks = read_tricks(res, "tricks", players)
    elif contract in BETLI:
        wanted = ("declarer_took_trick",)
        took_trick = res.required_boolean("declarer_took_trick")
    else:
        wanted = ()
        if contract in GAME_PART:
            wanted = ("declarer_side_points",)
            points = res.integer("declarer_side_points", lo=0, hi=TOTAL)
        if contract in ULTIMO_BIDS:
            wanted += ("ultimo_won",)
            ultimo_won = res.required_boolean("ultimo_won")
    refuse_other_results(res, contract, RESULT_FIELDS, wanted)
    return tricks, took_trick, points, ultimo_won


@dataclass(slots=True)
class _Auction:
    """The bid sequence so far (section 3)."""

    passed: set[str] = field(default_factory=set)
    top: str | None = None  # highest bid so far
    top_by: str | None = None
    trisak_by: str | None = None
    helped_by: str | None = None
    since_trisak: bool = False  # a non-pass call came after the trisákolás bid

    def call(
        self, problems: Problems, rules: Mapping[str, Any], at: str, who: str, call: str
    ) -> None:
        """One call; `at` is its field (`bids[i].call`)."""
        if call == "pass":
            self.passed.add(who)
        elif call == "segitek":
            self._segitek(problems, rules, at, who)
        else:
            self._bid(problems, at, who, call)

    def _segitek(self, problems: Problems, rules: Mapping[str, Any], at: str, who: str) -> None:
        """Segítek helps another player's trisákolás bid, under N3 and N4."""
        if self.trisak_by is None or who == self.trisak_by:
            problems.add(
                at,
                msg("segítek helps another player's trisákolás bid"),
            )
        elif who in self.passed and not rules["passed_player_may_help"]:
            problems.add(
                at,
                msg(
                    "{who} has passed and may not help (the house rules let no passed player help)",
                    who=who,
                ),
            )
        elif self.since_trisak and rules["segitek_must_be_next_call"]:
            problems.add(
                at,
                msg(
                    "segítek must be the next non-pass call after the trisákolás bid (the "
                    "house rules say so)"
                ),
            )
        else:
            self.helped_by = who

    def _bid(self, problems: Problems, at: str, who: str, call: str) -> None:
        """A bid, by a player who has not passed, above the highest so far."""
        if who in self.passed:
            problems.add(
                at,
                msg("{who} has passed and may not bid again", who=who),
            )
            return
        if self.top is not None and CONTRACTS.index(call) <= CONTRACTS.index(self.top):
            problems.add(
                at,
                msg("{call} does not rank above {top}", call=call, top=self.top),
            )
            return
        if self.trisak_by is not None:
            self.since_trisak = True
        self.top, self.top_by = call, who
        if call == "trisakolas":
            self.trisak_by, self.since_trisak = who, False

    def outcome(self, calls: int) -> tuple[str | None, str | None, str | None]:
        """(contract, declarer, helper) as the bids give them."""
        if calls >= 4 and self.top is None:
            return ALL_PASS, None, None
        if self.helped_by is not None:
            return "trisakolas", self.trisak_by, self.helped_by
        return self.top, self.top_by, None


def _read_bids(
    r: Reader,
    players: tuple[str, ...],
    rules: Mapping[str, Any],
    first: str | None,
    recorded: tuple[str | None, str | None, str | None],
) -> None:
    """The optional bid sequence (section 2, "O the bid sequence"; section 3): checked
    for the bidding rules and N3/N4, and against the recorded contract, declarer and
    helper."""
    problems = r.problems
    before = len(problems.items)
    calls = r.items("bids")
    auction = _Auction()
    for i, item in enumerate(calls):
        at = f"bids[{i}]"
        who = item.player("player", players)
        call = item.choice("call", BID_CALLS)
        if who is None or call is None:
            continue
        if i == 0 and first is not None and who != first:
            problems.add(
                f"{at}.player",
                msg("the first hand ({first}) calls first", first=first),
            )
        if auction.helped_by is not None:
            problems.add(at, msg("segítek ended the bidding"))
            break
        auction.call(problems, rules, f"{at}.call", who, call)
    if len(problems.items) > before or not calls:
        return
    derived = auction.outcome(len(calls))
    if derived != recorded:
        contract, declarer, helper = recorded
        problems.add(
            "bids",
            msg(
                "the bids give {contract} by {declarer} (helper {helper}), not "
                "{recorded_contract} by {recorded_declarer} (helper {recorded_helper})",
                contract=str(derived[0]),
                declarer=str(derived[1]),
                helper=str(derived[2]),
                recorded_contract=str(contract),
                recorded_declarer=str(declarer),
                recorded_helper=str(helper),
            ),
        )


# --- scoring -----------------------------------------------------------------------------
# Cached where a night repeats the same outcomes (pure functions of hashable arguments;
# lines are immutable), so a replay books each of them once.


def score(hand: Hand, players: tuple[str, ...]) -> tuple[list[Line], Msg]:
    """The hand's lines and summary."""
    lines: list[Line] = []
    if hand.unpenalised is not None:
        lines.append(_unpenalised_line(*hand.unpenalised))
    if hand.penalty is not None:
        return lines, _penalty(lines, players, hand.contract, hand.contra, hand.penalty)
    if hand.contract == ALL_PASS:
        assert hand.tricks is not None
        booked, summary = _all_pass(players, tuple(hand.tricks[p] for p in players))
    elif hand.contract == "trisakolas":
        assert hand.declarer is not None
        assert hand.tricks is not None
        booked, summary = _trisak(
            hand.declarer,
            hand.helper,
            hand.side,
            hand.opponents,
            hand.contra,
            tuple(sorted(hand.tricks.items())),
        )
    else:
        booked, summary = _bid(
            hand.contract,
            hand.side,
            hand.opponents,
            hand.contra,
            hand.took_trick,
            hand.points,
            hand.ultimo_won,
        )
    lines.extend(booked)
    return lines, summary


def _unpenalised_line(kind: str, offender: str) -> Line:
    """An irregularity the house rules (N6, N7) leave unpunished, noted on the hand."""
    return Line(
        msg(
            "{irregularity} by {offender}: the house rules do not penalise it, the hand is "
            "scored from its results",
            irregularity=IRREGULARITY_NAMES[kind],
            offender=offender,
        )
    )


@lru_cache(maxsize=4096)
def _all_pass(players: tuple[str, ...], tricks: tuple[int, ...]) -> tuple[tuple[Line, ...], Msg]:
    """Form 1 (seed 000 "Trisákolás"): each pays each other player one unit per trick."""
    lines: list[Line] = []
    for p, t in zip(players, tricks, strict=True):
        if t == 0:
            lines.append(Line(msg("{who} took no trick: pays nothing", who=p)))
            continue
        offender_pays_each(
            lines,
            players,
            p,
            t,
            nmsg(
                "trisákolás after an all-pass: {who} took {count} trick, pays {count} to each "
                "other player",
                "trisákolás after an all-pass: {who} took {count} tricks, pays {count} to each "
                "other player",
                t,
                who=p,
            ),
        )
    shown = ", ".join(f"{p} {t}" for p, t in zip(players, tricks, strict=True))
    return tuple(lines), msg("trisákolás, all passed: tricks {shown}", shown=shown)


@lru_cache(maxsize=4096)
def _trisak(
    declarer: str,
    helper: str | None,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    tricks_by_player: tuple[tuple[str, int], ...],
) -> tuple[tuple[Line, ...], Msg]:
    """Forms 2 and 3: the bidder (with a helper) must take the fewest tricks; 3 units."""
    tricks = dict(tricks_by_player)
    who: str | Msg
    if helper is None:
        won, why = _alone_fewest(tricks[declarer], min(tricks[p] for p in opponents))
        who = declarer
    else:
        # Form 3: bidder and helper together take fewer tricks than the other pair.
        ours = sum(tricks[p] for p in side)
        theirs = sum(tricks[p] for p in opponents)
        won = ours < theirs
        why = pmsg(
            "negyes54 trisákolás",
            "{ours} {relation} {theirs} tricks",
            ours=ours,
            relation="<" if won else "≥",
            theirs=theirs,
        )
        who = msg("{declarer} + {helper} (segítek)", declarer=declarer, helper=helper)
    game = contra_game(contra, NAMES["trisakolas"])
    outcome = WON if won else LOST
    winners, losers = (side, opponents) if won else (opponents, side)
    lines: list[Line] = []
    _distribute(
        winners,
        losers,
        TRISAK * contra_multiplier(contra),
        lines,
        msg(
            "{who}: {game} {result} ({why}): {arithmetic}",
            who=who,
            game=game,
            result=outcome,
            why=why,
            arithmetic=times(TRISAK, contra),
        ),
    )
    summary = msg("{who}: {game} {result}", who=who, game=game, result=outcome)
    return tuple(lines), summary


def _alone_fewest(t: int, fewest: int) -> tuple[bool, Msg]:
    """Form 2: fewer tricks than each other player (a tie with anyone loses)."""
    if t < fewest:
        return True, msg(
            "{tricks} tricks, fewer than each opponent (fewest {fewest})", tricks=t, fewest=fewest
        )
    return False, msg(
        "{tricks} tricks, not fewer than an opponent's {fewest}", tricks=t, fewest=fewest
    )


@lru_cache(maxsize=4096)
def _bid(
    contract: str,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    took_trick: bool | None,
    points: int | None,
    ultimo_won: bool | None,
) -> tuple[tuple[Line, ...], Msg]:
    """A betli or card-point bid, each part of a combined bid judged on its own."""
    game = contra_game(contra, NAMES[contract])
    who = " + ".join(side)
    mult = contra_multiplier(contra)
    parts = _bid_parts(contract, took_trick, points, ultimo_won)
    net = sum(v for _, v in parts)
    winners, losers = (side, opponents) if net > 0 else (opponents, side)
    expr = _arithmetic([v for _, v in parts], mult)
    if len(parts) == 1:
        # a single-element bid: "szólóhármas won (44 ≥ 33 points)"
        what = msg(
            "{who}: {game} {part}; a = {arithmetic}",
            who=who,
            game=game,
            part=parts[0][0],
            arithmetic=expr,
        )
    else:
        what = msg(
            "{who}: {game}: {first}, {second}; a = {arithmetic}",
            who=who,
            game=game,
            first=parts[0][0],
            second=parts[1][0],
            arithmetic=expr,
        )
    lines: list[Line] = []
    _distribute(winners, losers, abs(net) * mult, lines, what)
    summary = msg("{who}: {game} {net}", who=who, game=game, net=f"{net * mult:+d}")
    return tuple(lines), summary


def _bid_parts(
    contract: str, took_trick: bool | None, points: int | None, ultimo_won: bool | None
) -> list[tuple[Msg, int]]:
    """(what, signed units) per part of the bid; a part alone does not name itself."""
    parts: list[tuple[Msg, int]] = []
    combined = contract in GAME_PART and contract in ULTIMO_BIDS
    if contract in BETLI:
        value = BETLI[contract]
        if not took_trick:
            parts.append((pmsg("negyes54 betli", "won, no trick taken"), value))
        else:
            parts.append((pmsg("negyes54 betli", "lost, took a trick"), -value))
    if contract in GAME_PART:
        assert points is not None
        parts.append(_game_part(GAME_PART[contract], points, combined))
    if contract in ULTIMO_BIDS:
        won = bool(ultimo_won)
        if combined:
            part = (
                pmsg("negyes54 bid part", "ultimó won")
                if won
                else pmsg("negyes54 bid part", "ultimó lost")
            )
        else:
            part = (
                pmsg("negyes54 ultimóhívás", "won") if won else pmsg("negyes54 ultimóhívás", "lost")
            )
        parts.append((part, ULTIMO if won else -ULTIMO))
    return parts


def _game_part(value: int, points: int, combined: bool) -> tuple[Msg, int]:
    """The card-point part: 'game won (44 ≥ 33 points)', or without 'game' alone."""
    won = points >= TO_WIN
    rel = "≥" if won else "<"
    if combined and won:
        part = pmsg(
            "negyes54 bid part",
            "game won ({points} {relation} 33 points)",
            points=points,
            relation=rel,
        )
    elif combined:
        part = pmsg(
            "negyes54 bid part",
            "game lost ({points} {relation} 33 points)",
            points=points,
            relation=rel,
        )
    elif won:
        part = pmsg(
            "negyes54 bid part", "won ({points} {relation} 33 points)", points=points, relation=rel
        )
    else:
        part = pmsg(
            "negyes54 bid part", "lost ({points} {relation} 33 points)", points=points, relation=rel
        )
    return part, value if won else -value


def _arithmetic(values: list[int], mult: int) -> str:
    """'+4 - 6 = -2', '(+4 - 6) × 2 = -4' or '+8 × 2 = +16'."""
    net = sum(values)
    expr = f"{values[0]:+d}" + "".join(f" {'+' if v >= 0 else '-'} {abs(v)}" for v in values[1:])
    if len(values) > 1:
        expr = f"({expr})" if mult > 1 else f"{expr} = {net:+d}"
    if mult > 1:
        expr += f" × {mult} = {net * mult:+d}"
    return expr


def _penalty(
    lines: list[Line],
    players: tuple[str, ...],
    contract: str,
    contra: int,
    penalty: tuple[str, str],
) -> Msg:
    """Seed 004 §62*/§38 style (section 9): the offender pays the bid value × contra to each
    other player; the all-pass trisákolás has no bid: 3."""
    kind, offender = penalty
    value = _bid_value(contract)
    level = 0 if contract == ALL_PASS else contra
    x = value * contra_multiplier(level)
    offender_pays_each(
        lines,
        players,
        offender,
        x,
        pmsg(
            "negyes54 penalty",
            "{irregularity} by {offender}, nothing else is scored: X = {game} {arithmetic}; "
            "{offender} pays X to each other player",
            irregularity=IRREGULARITY_NAMES[kind],
            offender=offender,
            game=contra_game(level, NAMES[contract]),
            arithmetic=times(value, level),
        ),
    )
    return pmsg(
        "negyes54 penalty",
        "{irregularity} by {offender} (−{total})",
        irregularity=IRREGULARITY_NAMES[kind],
        offender=offender,
        total=3 * x,
    )


# --- the variant ----------------------------------------------------------------------


class Negyes54(FourSeatTable):
    key = KEY
    title = pmsg("game title", "Four-player 54-card tarokk with trisákolás")
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None
    no_events = msg("negyes54 has no session events: the same four play all night")

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        checked = read(session, hand)
        lines, summary = score(checked, session.players)
        return hand_booked(state, number, checked.dealer, session.players, lines, summary)

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        if state.last_dealer is None:
            return TableHint(next_dealer=None)
        step = 1 if session.house_rules["dealer_rotation"] == "right" else -1
        dealer = players[(players.index(state.last_dealer) + step) % 4]
        first = players[(players.index(dealer) + 1) % 4]
        return TableHint(
            next_dealer=dealer,
            notes=(msg("{first} is first hand (bids and leads first)", first=first),),
        )


VARIANT = Negyes54()
