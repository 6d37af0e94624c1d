"""Négyes tarokk 54 lappal: what a hand record holds (`RECORD`, spec section 13) and how
it is read into a `Hand`. The contract decides which fields exist (a helper at trisákolás,
a called tarokk at the calling bids, the tricks or the card points as the result); the
optional `bids` are replayed to hold the ultimó-bid rules. Each section's reader applies
its own cross-field rules (`_check_…`), so problems come out in record order.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
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
    by_player,
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
from scorebook.engine.variants.negyes54.tariffs import (
    ALL_PASS,
    BETLI,
    BID_CALLS,
    CALLING,
    CONTRACTS,
    DECLARER_EXCHANGES,
    GAME_PART,
    IRREGULARITIES,
    RESULT_FIELDS,
    TOTAL,
    ULTIMO_BIDS,
)

# The form lists the bids by level, then the two trisákolás forms.
CONTRACT_LABELS = {
    "jatek": msg("játék"),
    "ultimohivas": msg("ultimóhívás"),
    "betli": msg("betli"),
    "jatek_es_ultimo": msg("játék és ultimó"),
    "harmas_jatek": msg("hármas játék"),
    "harmas_jatek_es_ultimo": msg("hármas játék és ultimó"),
    "teritett_betli": msg("terített betli"),
    "szolo_harmas": msg("szóló hármas"),
    "szolo_harmas_es_ultimo": pmsg("negyes54 choice", "szóló hármas és ultimó"),
    "trisakolas": msg("trisákolás"),
    ALL_PASS: pmsg("negyes54 choice", "trisákolás (all four passed)"),
}
IRREGULARITY_LABELS = {
    "revoke": msg("revoke (renonsz)"),
    "wrong_discard": msg("wrong discard"),
    "illegal_ultimo_bid": pmsg("negyes54 choice", "illegal ultimó bid"),
}
CONTRA_LEVELS = LEVELS[:3]  # none, kontra, rekontra: no higher contra in this game
CALLS = When("contract", CALLING)

# The hand record (spec §13, plus `bids` and `rekontra_by`, which the reader takes for the
# ultimó-bid rules), field by field: what `check_input` lets through to the reader, and
# each field's schema for the hand form (label, choices, range, default, and `when` it
# applies): the form takes them from here, the reader checks the same constants.
RECORD = fields(
    dealer=PLAYER.but(label=msg("Dealer")),
    contract=TEXT.but(
        label=msg("Game"),
        choices=choices((*CONTRACTS[2:], *reversed(CONTRACTS[:2])), CONTRACT_LABELS),
    ),
    declarer=PLAYER.but(label=msg("Declarer (felvevő)")),
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
    partner=PLAYER.but(label=msg("Partner (holds it)"), when=CALLS),
    alone=BOOL.but(
        label=pmsg(
            "negyes54 field", "Called tarokk in the talon: declarer alone (ultimó bids only)"
        ),
        when=CALLS,
    ),
    # no contra after an all-pass (`_read_contra`)
    contra=INT.but(
        label=msg("Contra"),
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
                label=msg("Tricks (sum 12)"),
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
                Choice(True, msg("won")),
                Choice(False, msg("lost")),
            ),
            when=When("contract", ULTIMO_BIDS),
        ),
        declarer_took_trick=BOOL.but(
            label=msg("Betli: did the declarer take a trick?"),
            choices=(
                Choice(False, msg("no trick (won)")),
                Choice(True, msg("took a trick (lost)")),
            ),
            when=When("contract", tuple(BETLI)),
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
    r, dealer, contract = read_opening(session, hand, CONTRACTS)
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
