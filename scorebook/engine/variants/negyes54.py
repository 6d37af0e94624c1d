"""Four-player 54-card tarokk with trisákolás ("negyes54"): spec `negyes54.md`, seed 000.

Ten bid levels worth 3 … 26 units, combined bids ("… és ultimó") whose two parts are judged
separately (6 − 4 = 2, 10 − 6 = 4, 20 − 6 = 14), and trisákolás in three forms. No pots.
Seed 000 has headings but no section numbers: tariffs cite the heading.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import book_payment as _distribute
from scorebook.engine.payments import contra_multiplier
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, by_player, fields, rows
from scorebook.engine.types import Entry, HouseRule, Line, Session, TableHint, Text
from scorebook.engine.variants._tarokk54 import (
    FourSeatTable,
    State,
    contra_word,
    hand_booked,
    times,
)

# The hand record (spec §13, plus `bids` and `rekontra_by`, which the reader takes for the
# ultimó-bid rules), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    contract=TEXT,
    declarer=PLAYER,
    helper=PLAYER,
    called_tarokk=INT,
    partner=PLAYER,
    alone=BOOL,
    contra=INT,
    rekontra_by=PLAYER,
    bids=rows(player=PLAYER, call=TEXT),
    result=fields(
        tricks=by_player(INT), declarer_side_points=INT, ultimo_won=BOOL, declarer_took_trick=BOOL
    ),
    irregularity=fields(type=TEXT, player=PLAYER),
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
    ALL_PASS: Text("trisákolás after an all-pass", "trisákolás (mindenki passzolt)"),
    "trisakolas": Text("trisákolás", "trisákolás"),
    "jatek": Text("játék", "játék"),
    "ultimohivas": Text("ultimóhívás", "ultimóhívás"),
    "betli": Text("betli", "betli"),
    "jatek_es_ultimo": Text("játék és ultimó", "játék és ultimó"),
    "harmas_jatek": Text("hármas játék", "hármas játék"),
    "harmas_jatek_es_ultimo": Text("hármas játék és ultimó", "hármas játék és ultimó"),
    "teritett_betli": Text("terített betli", "terített betli"),
    "szolo_harmas": Text("szólóhármas", "szólóhármas"),
    "szolo_harmas_es_ultimo": Text("szólóhármas és ultimó", "szólóhármas és ultimó"),
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
TRICKS = 12
IRREGULARITIES = ("revoke", "wrong_discard", "illegal_ultimo_bid")
BID_CALLS = ("pass", "segitek", *CONTRACTS[1:])
IRREGULARITY_NAMES = {
    "revoke": Text("revoke", "renonsz"),
    "wrong_discard": Text("wrong discard", "hibás skart"),
    "illegal_ultimo_bid": Text(
        "ultimóhívás without pagát, sas or king", "ultimóhívás pagát, sas, király nélkül"
    ),
}
RESULT_FIELDS = ("tricks", "declarer_side_points", "ultimo_won", "declarer_took_trick")


def _bid_value(contract: str) -> int:
    """The full units of a bid (section 3): 3, 4, 6, 8, 10, 10, 16, 16, 20, 26."""
    if contract in BETLI:
        return BETLI[contract]
    if contract in ("trisakolas", ALL_PASS):
        return TRISAK
    return GAME_PART.get(contract, 0) + (ULTIMO if contract in ULTIMO_BIDS else 0)


BIDDING = Text("Bidding", "Licit")
RECORDING = Text("Recording the result", "Az eredmény felírása")
HOUSE_RULES = (
    HouseRule(
        "dealer_rotation",
        "right",
        "choice",
        Text(
            "N2: the deal passes to the dealer's right (direction of play) or left",
            "N2: az osztás jobbra (a játék irányába) vagy balra halad",
        ),
        choices=("right", "left"),
        choice_labels=(Text("right", "jobbra"), Text("left", "balra")),
    ),
    HouseRule(
        "passed_player_may_help",
        False,
        "bool",
        Text(
            "N3: a player who has passed may still say segítek (checked on the bid sequence)",
            "N3: aki passzolt, még mondhat segítek-et (a licitsoron ellenőrizve)",
        ),
        group=BIDDING,
    ),
    HouseRule(
        "segitek_must_be_next_call",
        True,
        "bool",
        Text(
            "N4: segítek must be the next non-pass call after the trisákolás bid",
            "N4: a segíteknek a trisákolás utáni első nem-passz bemondásnak kell lennie",
        ),
        group=BIDDING,
    ),
    HouseRule(
        "contra_on_trisakolas",
        True,
        "bool",
        Text(
            "N5: a trisákolás bid (with or without helper) may be contra'd",
            "N5: a bemondott trisákolásra (segítővel vagy anélkül) lehet kontrát mondani",
        ),
        group=Text("Contras", "Kontrák"),
    ),
    HouseRule(
        "partner_may_rekontra",
        False,
        "bool",
        Text(
            "N9: the partner (not only the declarer) may say rekontra (checked on rekontra_by)",
            "N9: a partner is mondhat rekontrát, nem csak a felvevő (rekontra_by alapján)",
        ),
        group=Text("Contras", "Kontrák"),
    ),
    HouseRule(
        "illegal_ultimo_bid_penalty",
        "as_revoke",
        "choice",
        Text(
            "N6: ultimóhívás without pagát, sas or king: penalised as a revoke, or not at all",
            "N6: ultimóhívás pagát, sas vagy király nélkül: renonszként büntetendő, vagy sehogy",
        ),
        choices=("as_revoke", "none"),
        choice_labels=(Text("as a revoke", "renonszként"), Text("no penalty", "nincs büntetés")),
        group=Text("Penalties", "Büntetések"),
    ),
    HouseRule(
        "revoke_penalty",
        True,
        "bool",
        Text(
            "N7: a revoke or wrong discard costs the bid value to each other player",
            "N7: renonsz vagy hibás skart a licit értékébe kerül mindenkinek",
        ),
        group=Text("Penalties", "Büntetések"),
    ),
    HouseRule(
        "king_ultimo_requires_king_win",
        True,
        "bool",
        Text(
            "N8: an ultimó with a king must win the last trick with that king (for ultimo_won)",
            "N8: királlyal csak akkor ultimó, ha a király viszi az utolsó ütést (ultimo_won)",
        ),
        group=RECORDING,
    ),
    HouseRule(
        "jatek_all_skart_to_opponents",
        True,
        "bool",
        Text(
            "N10: at játék all six skart cards count for the opponents (for the points)",
            "N10: játéknál a skart mind a hat lapja az ellenpárhoz számít (a pontokhoz)",
        ),
        group=RECORDING,
    ),
    HouseRule(
        "partner_card_counts_for_ultimo",
        True,
        "bool",
        Text(
            "N11: the partner's pagát, sas or king also makes the ultimó (for ultimo_won)",
            "N11: a partner pagátja, sasa vagy királya is ultimó (ultimo_won)",
        ),
        group=RECORDING,
    ),
)


WON = Text("won", "megnyerve")
LOST = Text("lost", "elveszítve")


# --- the variant ----------------------------------------------------------------------


class Negyes54(FourSeatTable):
    key = KEY
    title = Text(
        "Four-player 54-card tarokk with trisákolás", "Négyes tarokk 54 lappal, trisákolással"
    )
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # The hand record (spec section 13) ------------------------------------------------

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        players = session.players
        rules = session.house_rules
        problems = Problems()
        r = Reader(hand, problems)
        dealer = r.player("dealer", players)
        contract = r.choice("contract", CONTRACTS)

        # declarer: null iff trisakolas_all_pass
        declarer: str | None = None
        if contract == ALL_PASS:
            if r.has("declarer"):
                problems.add(
                    "declarer",
                    "must be null when all four passed (trisakolas_all_pass)",
                    "üresen kell hagyni, ha mind a négyen passzoltak (trisakolas_all_pass)",
                )
        elif contract is not None:
            declarer = r.player("declarer", players)
        others = [p for p in players if p != declarer]

        # helper (trisákolás with "segítek")
        helper: str | None = None
        if contract == "trisakolas":
            helper = r.player("helper", others, optional=True)
        elif r.has("helper"):
            problems.add(
                "helper",
                "only at trisakolas (must be null)",
                "csak trisákolásnál (üresen kell hagyni)",
            )

        # the call: partner or alone
        partner: str | None = None
        alone = r.boolean("alone")
        if contract in CALLING:
            r.integer("called_tarokk", lo=2, hi=19)
            partner = r.player("partner", others, optional=True)
            if contract == "jatek" and alone:
                problems.add(
                    "alone",
                    "játék is never played alone: the called tarokk cannot lie in its talon",
                    "játékot sosem játszanak egyedül: a hívott tarokk nem lehet a talonban",
                )
            elif r.has("partner") == alone:
                problems.add(
                    "partner",
                    "give the partner, or alone = true, not both",
                    "a partner vagy az alone = true közül pontosan egy kell",
                )
        else:
            for name in ("called_tarokk", "partner"):
                if r.has(name):
                    problems.add(
                        name,
                        "only at jatek, ultimohivas, jatek_es_ultimo (must be null)",
                        "csak játéknál, ultimóhívásnál, játék és ultimónál (üresen kell hagyni)",
                    )
            if alone:
                problems.add(
                    "alone",
                    f"must be false at {contract}: its sides follow from the contract",
                    f"{contract} esetén hamisnak kell lennie: az oldalak a licitből adódnak",
                )
        side = [p for p in (declarer, partner or helper) if p]
        opponents = [p for p in players if p not in side]

        if "bids" in r.data:
            first = players[(players.index(dealer) + 1) % 4] if dealer else None
            self._bids(r, players, rules, first, contract, declarer, helper)

        # contra
        contra = r.integer("contra", lo=0, hi=2, default=0) or 0
        if contra and contract == ALL_PASS:
            problems.add(
                "contra",
                "no contra after an all-pass (there is no declarer)",
                "mindenki passzolt: nincs kontra (nincs felvevő)",
            )
        elif contra and contract == "trisakolas" and not rules["contra_on_trisakolas"]:
            problems.add(
                "contra",
                "no contra on trisákolás here (contra_on_trisakolas is false)",
                "itt trisákolásra nincs kontra (contra_on_trisakolas hamis)",
            )

        # who said rekontra (optional; the record's contra level alone cannot show N9)
        if r.has("rekontra_by"):
            rekontra_by = r.player("rekontra_by", players)
            allowed = side if rules["partner_may_rekontra"] else side[:1]
            if contra != 2:
                problems.add(
                    "rekontra_by",
                    "only with a rekontra (contra = 2)",
                    "csak rekontránál (contra = 2)",
                )
            elif rekontra_by is not None and rekontra_by not in allowed:
                problems.add(
                    "rekontra_by",
                    "only the declarer may say rekontra (partner_may_rekontra is false)"
                    if rekontra_by in side
                    else "rekontra is the declaring side's answer to a kontra",
                    "rekontrát csak a felvevő mondhat (partner_may_rekontra hamis)"
                    if rekontra_by in side
                    else "rekontrát a felvevő oldala mondhat a kontrára",
                )

        # irregularity
        penalty: tuple[str, str] | None = None
        unpenalised: tuple[str, str] | None = None
        ir = r.obj("irregularity", optional=True)
        if ir is not None:
            kind = ir.choice("type", IRREGULARITIES)
            offender = ir.player("player", players)
            if kind == "illegal_ultimo_bid" and (
                contract != "ultimohivas" or offender not in (None, declarer)
            ):
                problems.add(
                    "irregularity.type",
                    "an illegal ultimó bid is only the declarer's, at ultimohivas",
                    "szabálytalan ultimóhívás csak a felvevőé lehet, ultimóhívásnál",
                )
            elif kind == "wrong_discard" and offender is not None and declarer is not None:
                exchangers = [declarer] if contract in DECLARER_EXCHANGES else []
                if contract == "jatek":
                    # the next two players after the declarer take one talon card each
                    at = players.index(declarer)
                    exchangers += [players[(at + 1) % 4], players[(at + 2) % 4]]
                if offender not in exchangers:
                    problems.add(
                        "irregularity.type",
                        "a wrong discard needs an exchange: only the declarer of jatek, "
                        "ultimohivas, jatek_es_ultimo, harmas_jatek, harmas_jatek_es_ultimo, "
                        "or one of the two players after him at jatek",
                        "hibás skart csak cserénél lehet: a játék, ultimóhívás, játék és ultimó, "
                        "hármas játék (és ultimó) felvevője, vagy játéknál az utána következő két "
                        "játékos",
                    )
            elif kind == "wrong_discard" and contract not in DECLARER_EXCHANGES:
                problems.add(
                    "irregularity.type",
                    f"nobody exchanges with the talon at {contract}",
                    f"{contract} esetén senki nem cserél a talonnal",
                )
            if kind is not None and offender is not None:
                applies = (
                    rules["illegal_ultimo_bid_penalty"] == "as_revoke"
                    if kind == "illegal_ultimo_bid"
                    else rules["revoke_penalty"]
                )
                if applies:
                    penalty = (kind, offender)
                else:
                    unpenalised = (kind, offender)

        # results
        # under an applied penalty the results are optional and ignored (section 9)
        res = None if penalty is not None else self._result(r, players, contract)
        problems.raise_if_any()

        # --- scoring ---
        assert contract is not None
        assert dealer is not None
        lines: list[Line] = []
        if unpenalised is not None:
            what = IRREGULARITY_NAMES[unpenalised[0]]
            rule = (
                "illegal_ultimo_bid_penalty"
                if unpenalised[0] == "illegal_ultimo_bid"
                else "revoke_penalty"
            )
            lines.append(
                Line(
                    Text(
                        f"{what.en} by {unpenalised[1]}: no penalty here ({rule}), the hand is "
                        "scored from its results",
                        f"{unpenalised[1]}: {what.hu}: itt nincs büntetés ({rule}), a leosztás "
                        "az eredménye szerint számít",
                    )
                )
            )
        if penalty is not None:
            summary = self._penalty(lines, players, contract, contra, penalty)
        else:
            assert res is not None
            if contract == ALL_PASS:
                booked, summary = _all_pass_lines(players, tuple(res["tricks"][p] for p in players))
                lines.extend(booked)
            else:
                assert declarer is not None
                if contract == "trisakolas":
                    booked, summary = _trisak_lines(
                        declarer,
                        helper,
                        tuple(side),
                        tuple(opponents),
                        contra,
                        tuple(sorted(res["tricks"].items())),
                    )
                    lines.extend(booked)
                else:
                    booked, summary = _bid_lines(
                        contract,
                        tuple(side),
                        tuple(opponents),
                        contra,
                        res.get("declarer_took_trick"),
                        res.get("declarer_side_points"),
                        res.get("ultimo_won"),
                    )
                    lines.extend(booked)
        return hand_booked(state, number, dealer, players, lines, summary)

    @staticmethod
    def _result(r: Reader, players: tuple[str, ...], contract: str | None) -> dict[str, Any] | None:
        problems = r.problems
        res = r.obj("result")
        if res is None or contract is None:
            return None
        wanted: tuple[str, ...]
        if contract in ("trisakolas", ALL_PASS):
            wanted = ("tricks",)
            tricks = res.player_map("tricks", players, hi=TRICKS)
            if tricks is not None and len(tricks) == 4 and sum(tricks.values()) != TRICKS:
                problems.add(
                    "result.tricks",
                    f"the tricks sum to {sum(tricks.values())}, not 12",
                    f"az ütések összege {sum(tricks.values())}, nem 12",
                )
        elif contract in BETLI:
            wanted = ("declarer_took_trick",)
            res.required_boolean("declarer_took_trick")
        else:
            wanted = ()
            if contract in GAME_PART:
                wanted = ("declarer_side_points",)
                res.integer("declarer_side_points", lo=0, hi=TOTAL)
            if contract in ULTIMO_BIDS:
                wanted += ("ultimo_won",)
                res.required_boolean("ultimo_won")
        for name in RESULT_FIELDS:
            if name not in wanted and res.data.get(name) is not None:
                problems.add(
                    f"result.{name}",
                    f"does not apply to {contract} (must be null)",
                    f"{contract} esetén nem értelmezett (üresen kell hagyni)",
                )
        return dict(res.data)

    @staticmethod
    def _bids(
        r: Reader,
        players: tuple[str, ...],
        rules: Mapping[str, Any],
        first: str | None,
        contract: str | None,
        declarer: str | None,
        helper: str | None,
    ) -> None:
        """The optional bid sequence (section 2, "O the bid sequence"; section 3): checked
        for the bidding rules and N3/N4, and against the contract, declarer and helper."""
        problems = r.problems
        before = len(problems.items)
        calls = r.items("bids")
        passed: set[str] = set()
        top: str | None = None  # highest bid so far
        top_by: str | None = None
        trisak_by: str | None = None
        helped_by: str | None = None
        since_trisak = False  # a non-pass call came after the trisákolás bid
        for i, item in enumerate(calls):
            field = f"bids[{i}]"
            who = item.player("player", players)
            call = item.choice("call", BID_CALLS)
            if who is None or call is None:
                continue
            if i == 0 and first is not None and who != first:
                problems.add(
                    f"{field}.player",
                    f"the first hand ({first}) calls first",
                    f"az osztó jobbkeze ({first}) licitál először",
                )
            if helped_by is not None:
                problems.add(field, "segítek ended the bidding", "a segítek lezárta a licitet")
                break
            if call == "pass":
                passed.add(who)
                continue
            if call == "segitek":
                if trisak_by is None or who == trisak_by:
                    problems.add(
                        f"{field}.call",
                        "segítek helps another player's trisákolás bid",
                        "segítek csak más trisákolás-licitjére mondható",
                    )
                elif who in passed and not rules["passed_player_may_help"]:
                    problems.add(
                        f"{field}.call",
                        f"{who} has passed and may not help (passed_player_may_help is false)",
                        f"{who} passzolt, nem segíthet (passed_player_may_help hamis)",
                    )
                elif since_trisak and rules["segitek_must_be_next_call"]:
                    problems.add(
                        f"{field}.call",
                        "segítek must be the next non-pass call after the trisákolás bid "
                        "(segitek_must_be_next_call)",
                        "a segíteknek a trisákolás utáni első nem-passz bemondásnak kell lennie "
                        "(segitek_must_be_next_call)",
                    )
                else:
                    helped_by = who
                continue
            if who in passed:
                problems.add(
                    f"{field}.call",
                    f"{who} has passed and may not bid again",
                    f"{who} passzolt, nem licitálhat újra",
                )
                continue
            if top is not None and CONTRACTS.index(call) <= CONTRACTS.index(top):
                problems.add(
                    f"{field}.call",
                    f"{call} does not rank above {top}",
                    f"{call} nem magasabb, mint {top}",
                )
                continue
            if trisak_by is not None:
                since_trisak = True
            top, top_by = call, who
            if call == "trisakolas":
                trisak_by, since_trisak = who, False
        if len(problems.items) > before:
            return
        if calls and len(calls) >= 4 and top is None:
            derived: tuple[str | None, str | None, str | None] = (ALL_PASS, None, None)
        elif helped_by is not None:
            derived = ("trisakolas", trisak_by, helped_by)
        else:
            derived = (top, top_by, None)
        if calls and derived != (contract, declarer, helper):
            problems.add(
                "bids",
                f"the bids give {derived[0]} by {derived[1]} (helper {derived[2]}), not "
                f"{contract} by {declarer} (helper {helper})",
                f"a licit szerint {derived[0]}, felvevő {derived[1]} (segítő {derived[2]}), nem "
                f"{contract}, {declarer} (segítő {helper})",
            )

    # --- scoring helpers ------------------------------------------------------------

    @staticmethod
    def _all_pass(lines: list[Line], players: tuple[str, ...], res: Mapping[str, Any]) -> Text:
        # Form 1 (seed 000 "Trisákolás"): each pays each other player one unit per trick.
        tricks: Mapping[str, int] = res["tricks"]
        for p in players:
            t = tricks[p]
            if t == 0:
                lines.append(
                    Line(Text(f"{p} took no trick: pays nothing", f"{p} nem ütött: nem fizet"))
                )
                continue
            _distribute(
                [q for q in players if q != p],
                [p],
                t,
                lines,
                Text(
                    f"trisákolás after an all-pass: {p} took {t} trick(s), pays {t} to each "
                    "other player",
                    f"trisákolás (mindenki passzolt): {p} {t} ütést vitt, mindenkinek {t} "
                    "pontot fizet",
                ),
            )
        shown = ", ".join(f"{p} {tricks[p]}" for p in players)
        return Text(f"trisákolás, all passed: tricks {shown}", f"trisákolás, passz: ütések {shown}")

    @staticmethod
    def _trisak(
        lines: list[Line],
        declarer: str,
        helper: str | None,
        side: list[str],
        opponents: list[str],
        contra: int,
        res: Mapping[str, Any],
    ) -> Text:
        tricks: Mapping[str, int] = res["tricks"]
        ours = sum(tricks[p] for p in side)
        theirs = sum(tricks[p] for p in opponents)
        if helper is None:
            # Form 2: fewer tricks than each other player (a tie with anyone loses).
            fewest = min(tricks[p] for p in opponents)
            won = tricks[declarer] < fewest
            t = tricks[declarer]
            why = (
                Text(
                    f"{t} tricks, fewer than each opponent (fewest {fewest})",
                    f"{t} ütés, kevesebb, mint bármelyik ellenfélé (legkevesebb {fewest})",
                )
                if won
                else Text(
                    f"{t} tricks, not fewer than an opponent's {fewest}",
                    f"{t} ütés, nem kevesebb, mint egy ellenfél {fewest} ütése",
                )
            )
            who = declarer
        else:
            # Form 3: bidder and helper together take fewer tricks than the other pair.
            won = ours < theirs
            why = Text(
                f"{ours} {'<' if won else '≥'} {theirs} tricks",
                f"{ours} {'<' if won else '≥'} {theirs} ütés",
            )
            who = f"{declarer} + {helper} (segítek)"
        amount = TRISAK * contra_multiplier(contra)
        cw = contra_word(contra)
        outcome = WON if won else LOST
        winners, losers = (side, opponents) if won else (opponents, side)
        _distribute(
            winners,
            losers,
            amount,
            lines,
            Text(
                f"{who}: {cw}trisákolás {outcome.en} ({why.en}): {times(TRISAK, contra)}",
                f"{who}: {cw}trisákolás {outcome.hu} ({why.hu}): {times(TRISAK, contra)}",
            ),
        )
        return Text(f"{who}: {cw}trisákolás {outcome.en}", f"{who}: {cw}trisákolás {outcome.hu}")

    @staticmethod
    def _bid(
        lines: list[Line],
        contract: str,
        declarer: str,
        side: list[str],
        opponents: list[str],
        contra: int,
        res: Mapping[str, Any],
    ) -> Text:
        name = NAMES[contract]
        who = " + ".join(side)
        cw = contra_word(contra)
        mult = contra_multiplier(contra)
        # (what en, what hu, signed units) per part of the bid, judged on its own
        parts: list[tuple[str, str, int]] = []
        if contract in BETLI:
            value = BETLI[contract]
            won = not res["declarer_took_trick"]
            parts.append(
                (
                    f"{'won, no trick taken' if won else 'lost, took a trick'}",
                    f"{'megnyerve, nem ütött' if won else 'elveszítve, ütött'}",
                    value if won else -value,
                )
            )
        if contract in GAME_PART:
            g = GAME_PART[contract]
            points = res["declarer_side_points"]
            won = points >= TO_WIN
            rel = "≥" if won else "<"
            parts.append(
                (
                    f"game {'won' if won else 'lost'} ({points} {rel} 33 points)",
                    f"játék {'megnyerve' if won else 'elveszítve'} ({points} {rel} 33 pont)",
                    g if won else -g,
                )
            )
        if contract in ULTIMO_BIDS:
            won = bool(res["ultimo_won"])
            parts.append(
                (
                    f"ultimó {'won' if won else 'lost'}",
                    f"ultimó {'sikerült' if won else 'elbukott'}",
                    ULTIMO if won else -ULTIMO,
                )
            )
        net = sum(v for _, _, v in parts)
        if len(parts) == 1:
            # a single-element bid: "szólóhármas won (44 ≥ 33 points)"
            en, hu, v = parts[0]
            en = en.removeprefix("game ").removeprefix("ultimó ")
            hu = hu.removeprefix("játék ").removeprefix("ultimó ")
            parts = [(en, hu, v)]
            sep = " "
        else:
            sep = ": "
        expr = f"{parts[0][2]:+d}" + "".join(
            f" {'+' if v >= 0 else '-'} {abs(v)}" for _, _, v in parts[1:]
        )
        if len(parts) > 1:
            expr = f"({expr})" if mult > 1 else f"{expr} = {net:+d}"
        if mult > 1:
            expr += f" × {mult} = {net * mult:+d}"
        winners, losers = (side, opponents) if net > 0 else (opponents, side)
        _distribute(
            winners,
            losers,
            abs(net) * mult,
            lines,
            Text(
                f"{who}: {cw}{name.en}{sep}{', '.join(p[0] for p in parts)}; a = {expr}",
                f"{who}: {cw}{name.hu}{sep}{', '.join(p[1] for p in parts)}; a = {expr}",
            ),
        )
        summary_en = f"{who}: {cw}{name.en} {net * mult:+d}"
        summary_hu = f"{who}: {cw}{name.hu} {net * mult:+d}"
        return Text(summary_en, summary_hu)

    @staticmethod
    def _penalty(
        lines: list[Line],
        players: tuple[str, ...],
        contract: str,
        contra: int,
        penalty: tuple[str, str],
    ) -> Text:
        kind, offender = penalty
        what = IRREGULARITY_NAMES[kind]
        # Seed 004 §62*/§38 style (section 9): the bid value × contra to each other player;
        # the all-pass trisákolás has no bid: 3.
        value = _bid_value(contract)
        level = 0 if contract == ALL_PASS else contra
        x = value * contra_multiplier(level)
        _distribute(
            [p for p in players if p != offender],
            [offender],
            x,
            lines,
            Text(
                f"{what.en} by {offender}, nothing else is scored: X = {contra_word(level)}"
                f"{NAMES[contract].en} {times(value, level)}; {offender} pays X to each other "
                "player",
                f"{offender}: {what.hu}, más nem számít: X = {contra_word(level)}"
                f"{NAMES[contract].hu} {times(value, level)}; {offender} mindenkinek X pontot "
                "fizet",
            ),
        )
        return Text(f"{what.en} by {offender} (−{3 * x})", f"{offender}: {what.hu} (−{3 * x})")

    # --- session --------------------------------------------------------------------

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "negyes54 has no session events: the same four play all night",
            "a négyes tarokkban nincs ülésközi esemény: ugyanaz a négy játékos játszik",
        )

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        if state.last_dealer is None:
            return TableHint(next_dealer=None)
        step = 1 if session.house_rules["dealer_rotation"] == "right" else -1
        dealer = players[(players.index(state.last_dealer) + step) % 4]
        first = players[(players.index(dealer) + 1) % 4]
        return TableHint(
            next_dealer=dealer,
            notes=(
                Text(
                    f"{first} is first hand (bids and leads first)",
                    f"{first} az osztó jobbkeze (elsőként licitál és hív ki)",
                ),
            ),
        )


# Cached scoring of the outcomes (pure functions of hashable arguments; lines are immutable):
# a night repeats the same few outcomes, so a replay books them once.


@lru_cache(maxsize=4096)
def _all_pass_lines(
    players: tuple[str, ...], tricks: tuple[int, ...]
) -> tuple[tuple[Line, ...], Text]:
    lines: list[Line] = []
    summary = Negyes54._all_pass(
        lines, players, {"tricks": dict(zip(players, tricks, strict=True))}
    )
    return tuple(lines), summary


@lru_cache(maxsize=4096)
def _trisak_lines(
    declarer: str,
    helper: str | None,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    tricks: tuple[tuple[str, int], ...],
) -> tuple[tuple[Line, ...], Text]:
    lines: list[Line] = []
    summary = Negyes54._trisak(
        lines, declarer, helper, list(side), list(opponents), contra, {"tricks": dict(tricks)}
    )
    return tuple(lines), summary


@lru_cache(maxsize=4096)
def _bid_lines(
    contract: str,
    side: tuple[str, ...],
    opponents: tuple[str, ...],
    contra: int,
    took_trick: bool | None,
    points: int | None,
    ultimo_won: bool | None,
) -> tuple[tuple[Line, ...], Text]:
    lines: list[Line] = []
    res = {
        "declarer_took_trick": took_trick,
        "declarer_side_points": points,
        "ultimo_won": ultimo_won,
    }
    summary = Negyes54._bid(lines, contract, side[0], list(side), list(opponents), contra, res)
    return tuple(lines), summary


VARIANT = Negyes54()
