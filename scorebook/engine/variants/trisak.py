"""Trisák tarokk (trisáktarokk), 4 players, 54 cards: spec `trisak.md`, seed 004 §73.

Six bid levels (játék 4 … hármas szóló 20), the trisákolás instead of level 1, pagát ultimó
tariffs per level, and the 10-point hand bonuses (doubled in hármas szóló). No pots.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import CONTRA_NAMES, contra_multiplier
from scorebook.engine.payments import book_payment as _distribute
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, by_player, fields, rows
from scorebook.engine.types import Entry, HouseRule, Line, Session, TableHint, Text
from scorebook.engine.variants._tarokk54 import (
    FourSeatTable,
    State,
    contra_word,
    hand_booked,
    names,
    times,
)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    contract=TEXT,
    declarer=PLAYER,
    called_tarokk=INT,
    partner=PLAYER,
    called_tarokk_not_held=BOOL,
    settled_half_fee=BOOL,
    game_contra=INT,
    ultimo=fields(side=TEXT, by=PLAYER, announced=BOOL, contra=INT, made=BOOL),
    hand_bonuses=rows(player=PLAYER, bonus=TEXT),
    result=fields(
        declarer_side_points=INT,
        declarer_took_trick=BOOL,
        trisak_points=by_player(INT),
        trisak_tricks=by_player(INT),
    ),
    irregularity=fields(type=TEXT, player=PLAYER),
)

KEY = "trisak"
CONTRACTS = (
    "no_game",
    "trisakolas",
    "jatek",
    "ultimohivas",
    "bettli",
    "harmas",
    "nyilt_bettli",
    "harmas_szolo",
)
NAMES = {
    "no_game": Text("no game", "nincs játék"),
    "trisakolas": Text("trisákolás", "trisákolás"),
    "jatek": Text("játék", "játék"),
    "ultimohivas": Text("ultimóhívás", "ultimóhívás"),
    "bettli": Text("bettli", "bettli"),
    "harmas": Text("hármasjáték", "hármasjáték"),
    "nyilt_bettli": Text("nyílt bettli", "nyílt bettli"),
    "harmas_szolo": Text("hármas szóló", "hármas szóló"),
}
# Game values per level (seed 004 §73: "díja 4 pont" … "Díja 20 pont"); at ultimóhívás the
# game part is 4 and the announced ultimó (below) 40.
GAME_VALUE = {
    "jatek": 4,
    "ultimohivas": 4,
    "bettli": 8,
    "harmas": 10,
    "nyilt_bettli": 15,
    "harmas_szolo": 20,
}
# Pagát ultimó (seed 004 §73 "Ultimó díja egyszerű játéknál csendesen 10, bemondva 20, a
# második fokozatnál csak bemondott ultimó van, díja 40, hármasnál …"): (silent, announced).
ULTIMO_VALUE = {
    "jatek": (10, 20),
    "ultimohivas": (0, 40),
    "harmas": (20, 40),
    "harmas_szolo": (40, 80),
}
CARD_GAMES = ("jatek", "ultimohivas", "harmas", "harmas_szolo")
BETTLIS = ("bettli", "nyilt_bettli")
CALLING = ("jatek", "ultimohivas")
# Only the declarer discards under restrictions (no honours or kings), at levels 1, 2, 4.
DISCARDING = ("jatek", "ultimohivas", "harmas")
# 106 card points in the pack (seed 004 §67); 54 wins, 53–53 goes to the opponents (§73).
PACK_POINTS = 106
TO_WIN = 54
TRICKS = 12
# Trisákolás (seed 004 §73): the top scorer pays 3 to each, or 9 to a player without a trick.
TRISAK_EACH = 3
TRISAK_NO_TRICK = 9
# Hand bonuses (seed 004 §73 "Egyéb bemondások"): 10 each, "hármas szólónál duplán".
BONUS_VALUE = 10
BONUSES = ("eight_tarokks", "four_kings", "trull", "little_honours")
BONUS_NAMES = {
    "eight_tarokks": Text("nyolc tarokk (eight tarokks)", "legalább 8 tarokk"),
    "four_kings": Text("négy király (four kings)", "négy király"),
    "trull": Text("tulétroá (trull)", "tulétroá"),
    "little_honours": Text("kis honnörök (little honours)", "kis honnörök"),
}
# How many players can hold each bonus in one deal: 4 kings, 3 honours, 7 cards for the
# little honours (4 each), 22 tarokks (8 each).
BONUS_MOST = {"eight_tarokks": 2, "four_kings": 1, "trull": 1, "little_honours": 1}
IRREGULARITIES = ("revoke", "wrong_discard")
SIDES = ("declarer", "opponents")

HOUSE_RULES = (
    HouseRule(
        "level1_first_hand_only",
        True,
        "bool",
        Text(
            "Tr1: only the first hand may bid játék (level 1) and so choose trisákolás",
            "Tr1: játékot (első fokozat), így trisákolást is csak az osztó jobbkeze mondhat",
        ),
        group=Text("Bidding", "Licit"),
    ),
    HouseRule(
        "all_pass_action",
        "redeal",
        "choice",
        Text(
            "Tr2: when everybody passes: redeal, or play a trisákolás",
            "Tr2: ha mindenki passzol: újraosztás, vagy trisákolás",
        ),
        choices=("redeal", "trisakolas"),
        choice_labels=(Text("redeal", "újraosztás"), Text("trisákolás", "trisákolás")),
        group=Text("Bidding", "Licit"),
    ),
    HouseRule(
        "hand_bonuses_in_trisakolas",
        True,
        "bool",
        Text(
            "Tr5: hand bonuses are paid in a trisákolás too",
            "Tr5: trisákolásnál is jár a kézben tartott lapokért a díj",
        ),
        group=Text("Hand bonuses", "Bemondások"),
    ),
    HouseRule(
        "kis_honnorok_stacking",
        False,
        "bool",
        Text(
            "Tr6: kis honnörök may be paid beside the same player's négy király or tulétroá",
            "Tr6: a kis honnörök ugyanannak a négy királya vagy tulétroája mellett is jár",
        ),
        group=Text("Hand bonuses", "Bemondások"),
    ),
    HouseRule(
        "hand_bonus_payers",
        "all_others",
        "choice",
        Text(
            "Tr7: who pays a hand bonus: every other player, or only the holder's opponents",
            "Tr7: ki fizeti a bemondást: mindenki más, vagy csak a tartó ellenfelei",
        ),
        choices=("all_others", "opposing_side"),
        choice_labels=(
            Text("every other player", "mindenki más"),
            Text("the opposing side", "az ellenfelek"),
        ),
        group=Text("Hand bonuses", "Bemondások"),
    ),
    HouseRule(
        "allow_contra",
        True,
        "bool",
        Text(
            "Tr8: the game and an announced ultimó may be contra'd",
            "Tr8: a játékra és a bemondott ultimóra lehet kontrát mondani",
        ),
        group=Text("Contras", "Kontrák"),
    ),
    HouseRule(
        "max_contra_level",
        "mordkontra",
        "choice",
        Text(
            "Tr8: the highest contra step: mordkontra (×32) or rekontra (×4)",
            "Tr8: a legmagasabb kontrafok: mordkontra (×32) vagy rekontra (×4)",
        ),
        choices=("mordkontra", "rekontra"),
        choice_labels=(
            Text("up to mordkontra (×32)", "mordkontráig (×32)"),
            Text("up to rekontra (×4)", "rekontráig (×4)"),
        ),
        group=Text("Contras", "Kontrák"),
    ),
    HouseRule(
        "ultimo_declarer_side_only",
        False,
        "bool",
        Text(
            "Tr9: only the declarer's side may announce or make the ultimó",
            "Tr9: ultimót csak a felvevő oldala mondhat be vagy csinálhat",
        ),
        group=Text("Ultimó", "Ultimó"),
    ),
    HouseRule(
        "penalty_includes_bonuses",
        False,
        "bool",
        Text(
            "Tr11: after a revoke or wrong discard the hand bonuses are still paid",
            "Tr11: renonsz vagy hibás skartolás után is kifizetik a bemondásokat",
        ),
        group=Text("Penalties", "Büntetések"),
    ),
    HouseRule(
        "settlement_per_player",
        22,
        "int",
        Text(
            "Tr12: ultimóhívás settled for half fee: what the declarer pays each other player",
            "Tr12: ultimóhívás féldíjas kiegyezése: mennyit fizet a felvevő mindenkinek",
        ),
        minimum=0,
        group=Text("Ultimó", "Ultimó"),
    ),
)


# --- text helpers ---------------------------------------------------------------------


def _hu_contra(level: int) -> str:
    return f" ({CONTRA_NAMES[level]})" if level else ""


# --- the variant ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Ultimo:
    side: str
    by: str
    announced: bool
    contra: int
    made: bool


@lru_cache(maxsize=4096)
def _game(
    contract: str,
    declarer: str,
    partner: str | None,
    members: tuple[str, ...],
    opponents: tuple[str, ...],
    game_contra: int,
    ultimo: _Ultimo | None,
    outcome: Any,
) -> tuple[tuple[Line, ...], Text]:
    """The game and ultimó lines of a card game or bettli. `outcome` is the declarer side's
    card points, or for a bettli whether the declarer took a trick. Cached: a night repeats
    the same outcomes, and lines are immutable."""
    lines: list[Line] = []
    name = NAMES[contract]
    who = f"{declarer} + {partner}" if partner else declarer
    value = GAME_VALUE[contract]
    if contract in BETTLIS:
        won = not outcome
        why = Text(
            "no trick taken" if won else "took a trick",
            "nem ütött" if won else "ütött",
        )
    else:
        points = outcome
        won = points >= TO_WIN
        why = Text(
            f"{points} {'≥' if won else '<'} 54 card points",
            f"{points} {'≥' if won else '<'} 54 pont",
        )
    game = value * contra_multiplier(game_contra)
    cw = contra_word(game_contra)
    outcome = Text("won", "megnyerve") if won else Text("lost", "elveszítve")
    winners, losers = (members, opponents) if won else (opponents, members)
    _distribute(
        winners,
        losers,
        game,
        lines,
        Text(
            f"{who}: {cw}{name.en} {outcome.en} ({why.en}): {times(value, game_contra)}",
            f"{who}: {cw}{name.hu} {outcome.hu} ({why.hu}): {times(value, game_contra)}",
        ),
    )
    summary_en = f"{who}: {cw}{name.en} {outcome.en}"
    summary_hu = f"{who}: {cw}{name.hu} {outcome.hu}"
    if ultimo is not None:
        silent, loud = ULTIMO_VALUE[contract]
        base = loud if ultimo.announced else silent
        amount = base * contra_multiplier(ultimo.contra)
        ours = members if ultimo.side == "declarer" else opponents
        theirs = opponents if ultimo.side == "declarer" else members
        winners, losers = (ours, theirs) if ultimo.made else (theirs, ours)
        kind = (
            Text(
                f"{contra_word(ultimo.contra)}announced ultimó",
                "bemondott ultimója",
            )
            if ultimo.announced
            else Text("silent ultimó", "csendes ultimója")
        )
        made = Text("made", "sikerült") if ultimo.made else Text("failed", "elbukott")
        _distribute(
            winners,
            losers,
            amount,
            lines,
            Text(
                f"{kind.en} of {ultimo.by} {made.en}: {times(base, ultimo.contra)}",
                f"{ultimo.by} {kind.hu}{_hu_contra(ultimo.contra)} {made.hu}: "
                f"{times(base, ultimo.contra)}",
            ),
        )
        summary_en += f", ultimó ({ultimo.by}) {made.en}"
        summary_hu += f", ultimó ({ultimo.by}) {made.hu}"
    return tuple(lines), Text(summary_en, summary_hu)


@lru_cache(maxsize=1024)
def _bonus_line(
    who: str, bonus: str, doubled: bool, payers: tuple[str, ...], by_side: bool
) -> Line:
    """One hand bonus: each payer pays v (10, doubled in hármas szóló) to the holder."""
    v = BONUS_VALUE * 2 if doubled else BONUS_VALUE
    arith = f"{BONUS_VALUE} × 2 = {v}" if doubled else str(v)
    whom = (
        Text("each opponent", "minden ellenféltől")
        if by_side
        else Text("each other player", "mindenki mástól")
    )
    name = BONUS_NAMES[bonus]
    dbl = Text(", doubled in hármas szóló", ", hármas szólóban dupla") if doubled else Text("", "")
    lines: list[Line] = []
    _distribute(
        [who],
        payers,
        v,
        lines,
        Text(
            f"{who}: {name.en}{dbl.en}: {arith} from {whom.en}",
            f"{who}: {name.hu}{dbl.hu}: {arith} pont {whom.hu}",
        ),
    )
    return lines[0]


class Trisak(FourSeatTable):
    key = KEY
    title = Text("Trisák tarokk", "Trisáktarokk")
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
        first_hand = players[(players.index(dealer) + 1) % 4] if dealer else None

        # declarer
        declarer: str | None = None
        if contract == "no_game":
            if r.has("declarer"):
                problems.add(
                    "declarer",
                    "must be null when nobody played (no_game)",
                    "üresen kell hagyni, ha nem volt játék (no_game)",
                )
        elif contract == "trisakolas" and rules["all_pass_action"] == "trisakolas":
            # null: the trisákolás played after an all-pass (Tr2)
            declarer = r.player("declarer", players, optional=True)
        elif contract is not None:
            declarer = r.player("declarer", players)
        if (
            declarer is not None
            and first_hand is not None
            and contract in ("jatek", "trisakolas")
            and rules["level1_first_hand_only"]
            and declarer != first_hand
        ):
            problems.add(
                "declarer",
                f"only the first hand ({first_hand}) may bid {NAMES[contract].en} "
                "(level1_first_hand_only)",
                f"{NAMES[contract].hu} csak az osztó jobbkeze ({first_hand}) lehet "
                "(level1_first_hand_only)",
            )
        if contract == "no_game" and rules["all_pass_action"] == "trisakolas":
            problems.add(
                "contract",
                "no_game is not possible: after an all-pass a trisákolás is played "
                "(all_pass_action)",
                "no_game nem lehet: ha mindenki passzol, trisákolás következik (all_pass_action)",
            )

        # the call (levels 1 and 2)
        calling = contract in CALLING
        partner: str | None = None
        not_held = r.boolean("called_tarokk_not_held")
        if calling:
            r.integer("called_tarokk", lo=2, hi=19)
            others = [p for p in players if p != declarer]
            partner = r.player("partner", others, optional=True)
            if r.has("partner") == not_held:
                problems.add(
                    "partner",
                    "give the partner, or called_tarokk_not_held = true, not both",
                    "a partner vagy a called_tarokk_not_held = true közül pontosan egy kell",
                )
        else:
            for name in ("called_tarokk", "partner"):
                if r.has(name):
                    problems.add(
                        name,
                        "only at jatek and ultimohivas (must be null)",
                        "csak játéknál és ultimóhívásnál (üresen kell hagyni)",
                    )
            if not_held:
                problems.add(
                    "called_tarokk_not_held",
                    "only at jatek and ultimohivas (must be false)",
                    "csak játéknál és ultimóhívásnál (hamisnak kell lennie)",
                )
        settled = r.boolean("settled_half_fee")
        if settled and not (contract == "ultimohivas" and not_held):
            problems.add(
                "settled_half_fee",
                "only at ultimohivas with the called tarokk not held",
                "csak ultimóhívásnál, ha a hívott tarokk fekszik",
            )
            settled = False
        played = contract not in (None, "no_game") and not settled
        side = [p for p in (declarer, partner) if p]
        opponents = [p for p in players if p not in side]

        # contras
        top = 5 if rules["max_contra_level"] == "mordkontra" else 2
        game_contra = self._contra(r, "game_contra", rules, top)
        if game_contra and (contract in ("no_game", "trisakolas") or settled):
            problems.add(
                "game_contra",
                f"must be 0 at {'a settled ultimóhívás' if settled else contract}",
                f"0-nak kell lennie ({'kiegyezett ultimóhívás' if settled else contract})",
            )

        # ultimó
        ultimo: _Ultimo | None = None
        u = r.obj("ultimo", optional=True)
        if u is not None:
            if not played or contract not in ULTIMO_VALUE:
                where = "a settled hand" if settled else str(contract)
                problems.add(
                    "ultimo",
                    f"no ultimó at {where} (must be null)",
                    f"{where}: itt nincs ultimó (üresen kell hagyni)",
                )
            else:
                # under a revoke / wrong-discard penalty the results (here `made`) are optional
                penalised = r.data.get("irregularity") is not None
                ultimo = self._ultimo(u, rules, top, contract, declarer, side, opponents, penalised)
        elif played and contract == "ultimohivas":
            problems.add(
                "ultimo",
                "is required at ultimohivas (the declarer's announced ultimó)",
                "ultimóhívásnál kötelező (a felvevő bemondott ultimója)",
            )

        # hand bonuses
        bonuses = self._bonuses(r, players, rules, contract, settled, ultimo)

        # irregularity
        irregular: tuple[str, str] | None = None
        ir = r.obj("irregularity", optional=True)
        if ir is not None:
            kind = ir.choice("type", IRREGULARITIES)
            offender = ir.player("player", players)
            if not played:
                problems.add(
                    "irregularity",
                    "nothing was played (must be null)",
                    "nem volt lejátszás (üresen kell hagyni)",
                )
            elif kind == "wrong_discard" and (
                contract not in DISCARDING or offender not in (None, declarer)
            ):
                problems.add(
                    "irregularity.type",
                    "a wrong discard is only the declarer's, at jatek, ultimohivas or harmas",
                    "hibás skartolás csak a felvevőé lehet, játéknál, ultimóhívásnál, hármasnál",
                )
            elif kind is not None and offender is not None:
                irregular = (kind, offender)

        # results
        result = self._result(r, players, contract, played, ir is not None)
        problems.raise_if_any()

        # --- scoring ---
        assert contract is not None
        assert dealer is not None
        lines: list[Line] = []
        if contract == "no_game":
            lines.append(
                Line(
                    Text(
                        "all passed: no game, the next dealer deals",
                        "mindenki passzolt: nincs játék, a következő oszt",
                    )
                )
            )
            summary = Text("no game", "nincs játék")
        elif settled:
            assert declarer is not None
            fee = rules["settlement_per_player"]
            _distribute(
                [p for p in players if p != declarer],
                [declarer],
                fee,
                lines,
                Text(
                    f"{declarer}: ultimóhívás, called tarokk not held, settled for half fee "
                    f"(game and ultimó): {fee} to each other player",
                    f"{declarer}: ultimóhívás, a hívott tarokk fekszik, kiegyezés fél díjban "
                    f"(játék és ultimó): {fee} pont mindenkinek",
                ),
            )
            summary = Text(
                f"{declarer}: ultimóhívás settled (−{3 * fee})",
                f"{declarer}: ultimóhívás, kiegyezés (−{3 * fee})",
            )
        elif irregular is not None:
            summary = self._penalty(lines, players, contract, irregular, game_contra, ultimo)
            if rules["penalty_includes_bonuses"]:
                self._pay_bonuses(lines, players, rules, contract, bonuses, side, opponents)
        else:
            assert result is not None
            if contract == "trisakolas":
                summary = self._trisak(lines, players, result)
            else:
                assert declarer is not None
                outcome = (
                    result.raw("declarer_took_trick")
                    if contract in BETTLIS
                    else result.raw("declarer_side_points")
                )
                booked, summary = _game(
                    contract,
                    declarer,
                    partner,
                    tuple(side),
                    tuple(opponents),
                    game_contra,
                    ultimo,
                    outcome,
                )
                lines.extend(booked)
            self._pay_bonuses(lines, players, rules, contract, bonuses, side, opponents)
        return hand_booked(state, number, dealer, players, lines, summary)

    # --- validation helpers ---------------------------------------------------------

    @staticmethod
    def _contra(r: Reader, name: str, rules: Mapping[str, Any], top: int) -> int:
        level = r.integer(name, lo=0, hi=5, default=0) or 0
        if level and not rules["allow_contra"]:
            r.problems.add(
                r.path(name),
                "contras are not played here (allow_contra is false): must be 0",
                "itt nincs kontra (allow_contra hamis): 0-nak kell lennie",
            )
            return 0
        if level > top:
            r.problems.add(
                r.path(name),
                f"{level} is above rekontra (max_contra_level)",
                f"{level} a rekontránál magasabb (max_contra_level)",
            )
            return 0
        return level

    def _ultimo(
        self,
        u: Reader,
        rules: Mapping[str, Any],
        top: int,
        contract: str,
        declarer: str | None,
        side: list[str],
        opponents: list[str],
        penalised: bool,
    ) -> _Ultimo | None:
        problems = u.problems
        which = u.choice("side", SIDES)
        members = side if which == "declarer" else opponents
        by = u.player("by", members) if which is not None else None
        announced = u.required_boolean("announced")
        contra = self._contra(u, "contra", rules, top)
        made = (
            u.required_boolean("made") if u.data.get("made") is not None or not penalised else False
        )
        if which == "opponents" and rules["ultimo_declarer_side_only"]:
            problems.add(
                "ultimo.side",
                "only the declarer's side has an ultimó here (ultimo_declarer_side_only)",
                "itt csak a felvevő oldalának lehet ultimója (ultimo_declarer_side_only)",
            )
        if contract == "ultimohivas":
            if which == "opponents" or (by is not None and by != declarer):
                problems.add(
                    "ultimo.by",
                    "at ultimohivas the ultimó is the declarer's",
                    "ultimóhívásnál az ultimó a felvevőé",
                )
            if announced is False:
                problems.add(
                    "ultimo.announced",
                    "at ultimohivas the ultimó is always announced",
                    "ultimóhívásnál az ultimó mindig bemondott",
                )
        if announced is False:
            if contra:
                problems.add(
                    "ultimo.contra",
                    "a silent ultimó cannot be contra'd",
                    "csendes ultimóra nem lehet kontrát mondani",
                )
            if made is False and not penalised:
                problems.add(
                    "ultimo.made",
                    "a silent ultimó is recorded only when made",
                    "csendes ultimót csak akkor írunk fel, ha sikerült",
                )
        if which is None or by is None or announced is None or made is None:
            return None
        return _Ultimo(which, by, announced, contra, made)

    def _bonuses(
        self,
        r: Reader,
        players: tuple[str, ...],
        rules: Mapping[str, Any],
        contract: str | None,
        settled: bool,
        ultimo: _Ultimo | None,
    ) -> list[tuple[str, str]]:
        problems = r.problems
        items = r.items("hand_bonuses")
        if items and (contract == "no_game" or settled):
            problems.add(
                "hand_bonuses",
                "must be empty when nothing was played",
                "üresnek kell lennie, ha nem volt lejátszás",
            )
            return []
        if items and contract == "trisakolas" and not rules["hand_bonuses_in_trisakolas"]:
            problems.add(
                "hand_bonuses",
                "no hand bonuses in a trisákolás (hand_bonuses_in_trisakolas is false)",
                "trisákolásnál nincs bemondás (hand_bonuses_in_trisakolas hamis)",
            )
            return []
        result: list[tuple[str, str]] = []
        for i, item in enumerate(items):
            who = item.player("player", players)
            bonus = item.choice("bonus", BONUSES)
            if who is None or bonus is None:
                continue
            field = f"hand_bonuses[{i}]"
            if (who, bonus) in result:
                problems.add(
                    field, f"{who} {bonus} is listed twice", f"{who} {bonus} kétszer szerepel"
                )
                continue
            if sum(1 for _, b in result if b == bonus) >= BONUS_MOST[bonus]:
                problems.add(
                    f"{field}.player",
                    f"{bonus} cannot be held by that many players in one deal",
                    f"{bonus} nem lehet ennyi játékos kezében egy leosztásban",
                )
                continue
            result.append((who, bonus))
        held = {b: w for w, b in result if b != "eight_tarokks"}
        for i, (who, bonus) in enumerate(result):
            field = f"hand_bonuses[{i}]"
            if bonus == "little_honours":
                if not rules["kis_honnorok_stacking"] and any(
                    held.get(b) == who for b in ("four_kings", "trull")
                ):
                    problems.add(
                        f"{field}.bonus",
                        f"{who} has négy király or tulétroá: kis honnörök is not paid beside "
                        "them (kis_honnorok_stacking is false)",
                        f"{who} négy királyt vagy tulétroát mondott: mellette kis honnörök nem "
                        "jár (kis_honnorok_stacking hamis)",
                    )
                elif any(held.get(b) not in (None, who) for b in ("four_kings", "trull")):
                    # another hand holds all kings or all honours: no mixed four left
                    problems.add(
                        f"{field}.player",
                        f"{who} cannot hold kis honnörök when another player holds négy király "
                        "or tulétroá",
                        f"{who} nem tarthat kis honnörököt, ha másnál van a négy király vagy a "
                        "tulétroá",
                    )
            if bonus == "trull" and ultimo is not None and ultimo.by != who:
                # the tulétroá includes the pagát, so nobody else can make an ultimó
                problems.add(
                    f"{field}.player",
                    f"{who} holds the pagát (tulétroá), so the ultimó cannot be {ultimo.by}'s",
                    f"{who} kezében a pagát (tulétroá), így az ultimó nem lehet {ultimo.by}-é",
                )
        return result

    def _result(
        self,
        r: Reader,
        players: tuple[str, ...],
        contract: str | None,
        played: bool,
        irregular: bool,
    ) -> Reader | None:
        problems = r.problems
        if not played:
            if r.has("result"):
                problems.add(
                    "result",
                    "must be null when nothing was played",
                    "üresen kell hagyni, ha nem volt lejátszás",
                )
            return None
        if irregular:
            return None  # the penalty replaces the results (section 9): ignored
        res = r.obj("result")
        if res is None or contract is None:
            return None
        wanted: tuple[str, ...]
        if contract == "trisakolas":
            wanted = ("trisak_points", "trisak_tricks")
            points = res.player_map("trisak_points", players, hi=PACK_POINTS)
            tricks = res.player_map("trisak_tricks", players, hi=TRICKS)
            if tricks is not None and len(tricks) == 4 and sum(tricks.values()) != TRICKS:
                problems.add(
                    "result.trisak_tricks",
                    f"the tricks sum to {sum(tricks.values())}, not 12",
                    f"az ütések összege {sum(tricks.values())}, nem 12",
                )
            if points is not None and len(points) == 4:
                if sum(points.values()) > PACK_POINTS - 6:
                    problems.add(
                        "result.trisak_points",
                        f"the card points sum to {sum(points.values())}, above 100 (the talon "
                        "is worth at least 6)",
                        f"a pontok összege {sum(points.values())}, több mint 100 (a talon "
                        "legalább 6 pont)",
                    )
                if tricks is not None and len(tricks) == 4:
                    for p in players:
                        t, pts = tricks[p], points[p]
                        if (t == 0 and pts) or pts < 4 * t:
                            problems.add(
                                f"result.trisak_points.{p}",
                                f"{pts} card points do not fit {t} tricks (at least {4 * t}, "
                                "0 without a trick)",
                                f"{pts} pont nem illik {t} ütéshez (legalább {4 * t}, ütés nélkül 0)",
                            )
        elif contract in CARD_GAMES:
            wanted = ("declarer_side_points",)
            res.integer("declarer_side_points", lo=0, hi=PACK_POINTS)
        else:
            wanted = ("declarer_took_trick",)
            res.required_boolean("declarer_took_trick")
        for name in (
            "declarer_side_points",
            "declarer_took_trick",
            "trisak_points",
            "trisak_tricks",
        ):
            if name not in wanted and res.data.get(name) is not None:
                problems.add(
                    f"result.{name}",
                    f"does not apply to {contract} (must be null)",
                    f"{contract} esetén nem értelmezett (üresen kell hagyni)",
                )
        return res

    # --- scoring helpers ------------------------------------------------------------

    @staticmethod
    def _trisak(lines: list[Line], players: tuple[str, ...], res: Reader) -> Text:
        points: dict[str, int] = res.raw("trisak_points")
        tricks: dict[str, int] = res.raw("trisak_tricks")
        shown = ", ".join(f"{p} {points[p]} ({tricks[p]})" for p in players)
        lines.append(
            Line(
                Text(
                    f"trisákolás: card points (tricks) {shown}",
                    f"trisákolás: pontok (ütések) {shown}",
                )
            )
        )
        most = max(points.values())
        top = [p for p in players if points[p] == most]
        zero = [p for p in players if tricks[p] == 0]
        for t in top:
            if zero:
                _distribute(
                    zero,
                    [t],
                    TRISAK_NO_TRICK,
                    lines,
                    Text(
                        f"{t} has the most card points ({most}) and pays 9 to each player "
                        f"without a trick ({names(zero)})",
                        f"{t} vitte a legtöbb pontot ({most}), 9 pontot fizet az ütés nélküli "
                        f"játékosnak ({names(zero)})",
                    ),
                )
            else:
                _distribute(
                    [p for p in players if p != t],
                    [t],
                    TRISAK_EACH,
                    lines,
                    Text(
                        f"{t} has the most card points ({most}) and pays 3 to each other player",
                        f"{t} vitte a legtöbb pontot ({most}), mindenkinek 3 pontot fizet",
                    ),
                )
        return Text(
            f"trisákolás: {names(top)} most points ({most})",
            f"trisákolás: {names(top)} a legtöbb pont ({most})",
        )

    @staticmethod
    def _penalty(
        lines: list[Line],
        players: tuple[str, ...],
        contract: str,
        irregular: tuple[str, str],
        game_contra: int,
        ultimo: _Ultimo | None,
    ) -> Text:
        kind, offender = irregular
        what = (
            Text("revoke", "renonsz") if kind == "revoke" else Text("wrong discard", "hibás skart")
        )
        if contract == "trisakolas":
            # trisákolás has no game value: its tariff, 3 (seed 004 §73 "3—3 pontot fizet")
            x = TRISAK_EACH
            arith = Text(f"X = trisákolás {x}", f"X = trisákolás {x}")
        else:
            value = GAME_VALUE[contract]
            x = value * contra_multiplier(game_contra)
            en = f"X = {contra_word(game_contra)}{NAMES[contract].en} {times(value, game_contra)}"
            hu = f"X = {contra_word(game_contra)}{NAMES[contract].hu} {times(value, game_contra)}"
            if ultimo is not None and ultimo.announced:
                loud = ULTIMO_VALUE[contract][1]
                u = loud * contra_multiplier(ultimo.contra)
                x += u
                en += f" + announced ultimó {times(loud, ultimo.contra)}, X = {x}"
                hu += f" + bemondott ultimó {times(loud, ultimo.contra)}, X = {x}"
            arith = Text(en, hu)
        _distribute(
            [p for p in players if p != offender],
            [offender],
            x,
            lines,
            Text(
                f"{what.en} by {offender}, nothing else is scored: {arith.en}; "
                f"{offender} pays X to each other player",
                f"{offender} {what.hu}, más nem számít: {arith.hu}; "
                f"{offender} mindenkinek X pontot fizet",
            ),
        )
        return Text(f"{what.en} by {offender} (−{3 * x})", f"{offender} {what.hu} (−{3 * x})")

    @staticmethod
    def _pay_bonuses(
        lines: list[Line],
        players: tuple[str, ...],
        rules: Mapping[str, Any],
        contract: str,
        bonuses: list[tuple[str, str]],
        side: list[str],
        opponents: list[str],
    ) -> None:
        doubled = contract == "harmas_szolo"
        by_side = rules["hand_bonus_payers"] == "opposing_side" and contract != "trisakolas"
        for who, bonus in bonuses:
            if by_side:
                payers = opponents if who not in opponents else side
            else:
                payers = [p for p in players if p != who]
            lines.append(_bonus_line(who, bonus, doubled, tuple(payers), by_side))

    # --- session --------------------------------------------------------------------

    def event(
        self, session: Session, state: State, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "trisák has no session events: the same four play all night",
            "a trisákban nincs ülésközi esemény: ugyanaz a négy játékos játszik",
        )

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        if state.last_dealer is None:
            return TableHint(
                next_dealer=None,
                notes=(
                    Text("seats and first dealer by drawing", "ülésrend és első osztó húzással"),
                ),
            )
        dealer = players[(players.index(state.last_dealer) + 1) % len(players)]
        first = players[(players.index(dealer) + 1) % len(players)]
        cutter = players[(players.index(dealer) + 2) % len(players)]
        return TableHint(
            next_dealer=dealer,
            notes=(
                Text(
                    f"{cutter} cuts; {first} is first hand (bids and leads first)",
                    f"{cutter} emel; {first} az osztó jobbkeze (elsőként licitál és hív ki)",
                ),
            ),
        )


VARIANT = Trisak()
