"""Ultimo (Danish tarok): spec `rules/ultimo.md`, seed 001 (a Polish translation of the Danish
rules; `§n` below are the seed's numbered headings).

No bidding: three active players (of 3 or 4 seated; with 4 the person opposite the dealer sits
out), two stateful pools (`king`, `pagat`), declarations paid on the spot, in-play king and
Pagat events, the last trick (Ultimo, Przydupek, Tout, Nolo), and the card-point settlement
with the next dealer. Session events: a fourth person joins or a person leaves.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, NamedTuple

from scorebook.engine.errors import InvalidHand, InvalidSheet, Problem, Problems
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, INTS, PLAYER, PLAYERS, TEXT, by_player, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    NO_TEXT,
    Amount,
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
    Text,
)

# The hand record (spec §13.1) and the session events (§13.2) field by field: what
# `check_input` lets through to the readers below.
RECORD = fields(
    dealer=PLAYER,
    sitting_out=PLAYER,
    void=BOOL,
    redeal_requests=PLAYERS,
    declarations=rows(
        player=PLAYER,
        type=TEXT,
        level=TEXT,
        suit=TEXT,
        count=INT,
        missing=TEXT,
        with_pagat=BOOL,
    ),
    penalties=rows(
        player=PLAYER, reason=TEXT, trick=INT, refund_declarations=INTS, **{"class": TEXT}
    ),
    in_play=fields(kings_lost=by_player(INT), pagat=fields(player=PLAYER, result=TEXT)),
    last_trick=fields(
        winner=PLAYER, winning_card=TEXT, king_przydupek=PLAYERS, pagat_przydupek=PLAYER
    ),
    tout=PLAYER,
    nolo=PLAYER,
    card_points=by_player(INT),
)
EVENT_RECORD = fields(event=TEXT, player=PLAYER, seat_index=INT, rounding=TEXT)

KING = "king"
PAGAT = "pagat"
POT_NAMES = (KING, PAGAT)
POT_TEXT = {KING: Text("King pool", "király-kassza"), PAGAT: Text("Pagat pool", "pagát-kassza")}
POT_INTO_HU = {KING: "a király-kasszába", PAGAT: "a pagát-kasszába"}

# Tariff (seed 001 §15 "Punktacja i opłaty" unless noted; every amount is a multiple of 5)
FOUNDATION = 20  # §15 "Fundamenty": each seated person, into each pool, at start and on refill
DEALER_FEE = 5  # §15 "Rozdanie", §17: the dealer, into each pool
IN_PLAY = 5  # §15 "Podczas gry, ale nie w ostatnim sztychu": king/Pagat lost or Pagat won
KING_ULTIMO = 40  # §15 "Król Ultimo": from each other player
PAGAT_ULTIMO = 45  # §15 "Pagat Ultimo": from each other player (spec §12 item 1)
KING_PRZYDUPEK = 40  # §15 "Przydupek Króla": to each other player, plus the pool's contents
PAGAT_PRZYDUPEK = 45  # §15 "Przydupek Pagata": to each other player, plus the pool's contents
PLAIN_LAST_TRICK = 20  # §15 "Ostatni sztych"
NOLO = 25  # §15 "Nolo"
TOUT_DEFAULT = 85  # §15 "Tout" (house rule `tout_value`)
CARD_POINTS_TOTAL = 78  # §15, table after "Po rozliczeniach za ostatni sztych"
CARD_POINTS_PAR = 26  # §15: each player's count is compared with 26
# §18 "Kary": the offender pays this into EACH pool
PENALTY_AMOUNT = {"superficial": 0, "small": 5, "large": 20, "irreparable": 40}
# §15 "Deklaracja": rich 15, full 10, half 5 (kings and cavalry alike)
LEVEL_VALUE = {"rich": 15, "full": 10, "half": 5}

SUITS = ("hearts", "diamonds", "spades", "clubs")
SUIT_HU = {"hearts": "kőr", "diamonds": "káró", "spades": "pikk", "clubs": "treff"}
CAVALRY_CARDS = ("king", "queen", "cavalier", "jack")
CARD_HU = {"king": "király", "queen": "dáma", "cavalier": "lovas", "jack": "bubi"}
LEVEL_HU = {"rich": "gazdag", "full": "teljes", "half": "fél"}
CLASSES = ("superficial", "small", "large", "irreparable")
CLASS_HU = {
    "superficial": "formai",
    "small": "kis",
    "large": "nagy",
    "irreparable": "helyrehozhatatlan",
}
# Spec §13.1 reasons, plus "revoke" so that `revoke_penalty_class` can be recorded (§9.6).
REASONS = (
    "pools_not_moved",
    "misdeal_redeal",
    "declared_before_dealer",
    "lead_out_of_turn",
    "played_out_of_turn",
    "false_joker_demand",
    "wrong_discard",
    "declaration_error",
    "wrong_card_count",
    "failed_tout_joker_discard",
    "revoke",
    "other",
)
REASON_TEXT = {
    "pools_not_moved": Text("pools not moved", "nem tolta tovább a kasszákat"),
    "misdeal_redeal": Text("misdeal, redeal", "hibás osztás, újraosztás"),
    "declared_before_dealer": Text("declared before the dealer", "az osztó előtt jelentett"),
    "lead_out_of_turn": Text("led out of turn", "soron kívül hívott"),
    "played_out_of_turn": Text("played out of turn", "soron kívül tett"),
    "false_joker_demand": Text("false Joker demand", "alaptalan Joker-követelés"),
    "wrong_discard": Text("wrong discard", "hibás skartolás"),
    "declaration_error": Text("declaration error", "hibás bemondás"),
    "wrong_card_count": Text("wrong number of cards", "rossz lapszám"),
    "failed_tout_joker_discard": Text(
        "failed Tout after discarding the Joker", "bukott Tout Joker-skartolás után"
    ),
    "revoke": Text("revoke", "színre nem adás"),
    "other": Text("other", "egyéb"),
}
# The class a reason carries by §18 (spec §9.2); "other" takes the recorded class, and the
# failed-Tout and revoke classes come from house rules.
REASON_CLASS = {
    "pools_not_moved": "small",
    "misdeal_redeal": "small",
    "declared_before_dealer": "large",
    "lead_out_of_turn": "large",
    "played_out_of_turn": "large",
    "false_joker_demand": "large",
    "wrong_discard": "irreparable",
    "declaration_error": "irreparable",
    "wrong_card_count": "irreparable",
}
FAILED_TOUT_CLASS = {"small": "small", "large": "large", "irreparable_amount": "irreparable"}


@dataclass(frozen=True, slots=True)
class _NullableChoice(HouseRule):
    """A choice whose default is null: HouseRule.check compares types with the default."""

    def check(self, value: Any) -> str | None:
        if value is None or (isinstance(value, str) and value in self.choices):
            return None
        allowed = ", ".join(repr(c) for c in self.choices)
        return f"{value!r} is not one of {allowed}"


PAYMENTS = Text("Payments", "Fizetések")
PENALTIES = Text("Penalties and void hands", "Büntetések, érvénytelen leosztás")
SESSION = Text("Pools and session", "Kasszák és ülés")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "fourth_player_pays_ultimo",
        False,
        "bool",
        Text(
            "The person sitting out also pays Pagat Ultimo, King Ultimo and Tout (not recommended)",
            "A kimaradó negyedik is fizeti a Pagat Ultimót, a King Ultimót és a Tout-t (nem ajánlott)",
        ),
        group=PAYMENTS,
    ),
    HouseRule(
        "tout_value",
        TOUT_DEFAULT,
        "int",
        Text(
            "Tout: units from each other player (seed 85; pagat.com 135)",
            "Tout: ennyit fizet a másik két játékos (a forrás szerint 85; pagat.com: 135)",
        ),
        group=PAYMENTS,
        minimum=0,
    ),
    HouseRule(
        "tout_cancels_card_points",
        False,
        "bool",
        Text(
            "No card-point settlement after a Tout",
            "Tout után nincs kártyapont-elszámolás",
        ),
        group=PAYMENTS,
    ),
    HouseRule(
        "card_points_cap",
        None,
        "optional_int",
        Text(
            "Cap on one card-point settlement (empty = no cap)",
            "A kártyapont-elszámolás felső határa (üres = nincs)",
        ),
        group=PAYMENTS,
        minimum=0,
    ),
    HouseRule(
        "skat_points_to",
        "dealer",
        "choice",
        Text("Who counts the Skat point", "Kié a skart pontja"),
        choices=("dealer",),
        group=PAYMENTS,
        choice_labels=(Text("the dealer", "az osztóé"),),
    ),
    HouseRule(
        "void_hand_reverses_payments",
        False,
        "bool",
        Text(
            "A void hand reverses its declarations and in-play payments too",
            "Érvénytelen leosztásban a bemondások és játék közbeni fizetések is visszajárnak",
        ),
        group=PENALTIES,
    ),
    HouseRule(
        "redeal_allowed_after_declarations",
        True,
        "bool",
        Text(
            "A no-trump redeal may be asked after declarations (they are reversed)",
            "Tarokk nélküli újraosztás bemondás után is kérhető (a bemondások visszajárnak)",
        ),
        group=PENALTIES,
    ),
    HouseRule(
        "failed_tout_joker_penalty",
        "large",
        "choice",
        Text(
            "Penalty for a failed Tout after discarding the Joker",
            "Büntetés bukott Tout-ért Joker-skartolás után",
        ),
        choices=("small", "large", "irreparable_amount"),
        group=PENALTIES,
        choice_labels=(
            Text("small (5 into each pool)", "kis (5 mindkét kasszába)"),
            Text("large (20 into each pool)", "nagy (20 mindkét kasszába)"),
            Text("40 into each pool, hand stands", "40 mindkét kasszába, a leosztás érvényes"),
        ),
    ),
    _NullableChoice(
        "revoke_penalty_class",
        None,
        "choice",
        Text("Penalty for a revoke (empty = none)", "Büntetés színre nem adásért (üres = nincs)"),
        choices=(None, "large", "irreparable"),
        group=PENALTIES,
        choice_labels=(
            Text("none", "nincs"),
            Text("large", "nagy"),
            Text("irreparable (hand void)", "helyrehozhatatlan (érvénytelen leosztás)"),
        ),
    ),
    HouseRule(
        "misdeal_offender",
        "holder",
        "choice",
        Text(
            "Who pays for a wrong number of cards found in play",
            "Ki fizet a játék közben kiderült rossz lapszámért",
        ),
        choices=("holder", "dealer"),
        group=PENALTIES,
        choice_labels=(Text("the holder", "akinél van"), Text("the dealer", "az osztó")),
    ),
    HouseRule(
        "pool_split_remainder",
        "chips_from_next_dealer",
        "choice",
        Text(
            "End of session: what happens to the chips that do not split evenly",
            "Ülés vége: a kasszák egyenlően el nem osztható zsetonjai",
        ),
        choices=("chips_from_next_dealer", "exact", "carry_over"),
        group=SESSION,
        choice_labels=(
            Text("one chip each from the next dealer on", "egy-egy zseton a következő osztótól"),
            Text("exact shares", "pontos részek"),
            Text("stay in the pools", "a kasszákban maradnak"),
        ),
    ),
    HouseRule(
        "join_fee_rounding",
        "nearest",
        "choice",
        Text(
            "Joining fee (a third of each pool): rounding to 5",
            "Beszálló díj (a kasszák harmada): kerekítés 5-re",
        ),
        choices=("nearest", "up", "down"),
        group=SESSION,
        choice_labels=(
            Text("nearest", "legközelebbi"),
            Text("up", "felfelé"),
            Text("down", "lefelé"),
        ),
    ),
    HouseRule(
        "leaving_share",
        "equal_share",
        "choice",
        Text(
            "A person leaving takes his equal share of each pool",
            "A távozó megkapja a kasszák rá eső részét",
        ),
        choices=("equal_share", "none"),
        group=SESSION,
        choice_labels=(Text("equal share", "egyenlő rész"), Text("nothing", "semmi")),
    ),
)


class UltimoState(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    king: int
    pagat: int
    seated: tuple[str, ...]  # in seating (playing) order
    next_dealer: str | None  # None before the first hand: any seated person may deal


# ---------------------------------------------------------------------------------------------
# helpers


def _pay_each(payer: str, payees: tuple[str, ...], amount: int) -> dict[str, Amount]:
    deltas: dict[str, Amount] = dict.fromkeys(payees, amount)
    deltas[payer] = -amount * len(payees)
    return deltas


def _each_pays(payers: tuple[str, ...], payee: str, amount: int) -> dict[str, Amount]:
    deltas: dict[str, Amount] = dict.fromkeys(payers, -amount)
    deltas[payee] = amount * len(payers)
    return deltas


def _names(people: list[str]) -> str:
    return ", ".join(people)


def _round5_nearest(num: int, den: int) -> int:
    """num/den to the nearest multiple of 5; an exact half-way value goes down."""
    return 5 * -((5 * den - 2 * num) // (10 * den))


def _round5(num: int, den: int, how: str) -> int:
    if how == "up":
        return 5 * -(-num // (5 * den))
    if how == "down":
        return 5 * (num // (5 * den))
    return _round5_nearest(num, den)


def card_point_amount(points: int, cap: int | None) -> int:
    """Table D: 5 × round((p − 26) / 5) = 5 × floor((p − 24) / 5), optionally capped."""
    amount = 5 * ((points - CARD_POINTS_PAR + 2) // 5)
    if cap is not None:
        amount = max(-cap, min(cap, amount))
    return amount


def _refill_lines(pools: dict[str, int], seated: tuple[str, ...]) -> list[Line]:
    """§6.5: every seated person pays 20 into each empty pool (seed 001 §15 "Fundamenty")."""
    lines = []
    n = len(seated)
    for pot in POT_NAMES:
        if pools[pot] == 0:
            lines.append(_refill_line(pot, seated))
            pools[pot] = n * FOUNDATION
    return lines


@lru_cache(maxsize=256)
def _refill_line(pot: str, seated: tuple[str, ...]) -> Line:
    """One pool's refill: built once per pool and table (its deltas are only ever read)."""
    n = len(seated)
    name = POT_TEXT[pot]
    return Line(
        Text(
            f"{name.en} empty, refilled: {n} × {FOUNDATION} = {n * FOUNDATION}",
            f"Üres a {name.hu}, feltöltés: {n} × {FOUNDATION} = {n * FOUNDATION}",
        ),
        dict.fromkeys(seated, -FOUNDATION),
        {pot: n * FOUNDATION},
    )


@lru_cache(maxsize=256)
def _seat_roles(seated: tuple[str, ...], dealer: str) -> tuple[tuple[str, ...], str | None, str]:
    """(active players in playing order from the dealer, who sits out, next dealer)."""
    n = len(seated)
    i = seated.index(dealer)
    order = tuple(seated[(i + k) % n] for k in range(n))
    if n == 4:
        return (order[0], order[1], order[3]), order[2], order[1]
    return order, None, order[1]


def _declaration_name(decl: Mapping[str, Any]) -> Text:
    kind = decl["type"]
    if kind == "trumps":
        n = decl["count"]
        pagat = Text(" with the Pagat", " a pagáttal") if decl.get("with_pagat") else NO_TEXT
        return Text(f"{n} trumps (triumfy){pagat.en}", f"{n} tarokk (triumfy){pagat.hu}")
    if kind == "matadors":
        m = decl["count"]
        return Text(f"{m} matadors (matadorzy)", f"{m} matador (matadorzy)")
    level = decl["level"]
    missing = decl.get("missing")
    if kind == "kings":
        en = f"{level} king"
        hu = f"{LEVEL_HU[level]} király"
        if missing:
            en += f" without {missing}"
            hu += f", {SUIT_HU[missing]} nélkül"
        return Text(en, hu)
    suit = decl["suit"]
    en = f"{level} cavalry of {suit}"
    hu = f"{LEVEL_HU[level]} {SUIT_HU[suit]} lovasság"
    if missing:
        en += f" without the {missing}"
        hu += f", {CARD_HU[missing]} nélkül"
    return Text(en, hu)


def _declaration_value(decl: Mapping[str, Any]) -> int:
    kind = decl["type"]
    if kind == "trumps":
        return 10 + 5 * (int(decl["count"]) - 10)  # §15: 10 trumps = 10, +5 per further trump
    if kind == "matadors":
        return 10 + 5 * (int(decl["count"]) - 3)  # §15: 3 matadors = 10, +5 per further one
    return LEVEL_VALUE[decl["level"]]


# ---------------------------------------------------------------------------------------------
# reading and checking a hand record (spec §6.8, §13.1)


@dataclass(slots=True)
class _Penalty:
    index: int
    player: str
    reason: str
    cls: str
    amount: int
    voids: bool
    refunds: list[int]


@dataclass(slots=True)
class _Hand:
    dealer: str
    active: tuple[str, ...]
    sitting_out: str | None
    next_dealer: str
    redeals: list[str]
    declarations: list[dict[str, Any]]
    penalties: list[_Penalty]
    void: bool
    kings_lost: dict[str, int]
    pagat: tuple[str, str] | None  # (player, "won" | "lost") in tricks 1–24
    winner: str | None
    winning_card: str | None
    king_przydupek: list[str]
    pagat_przydupek: str | None
    tout: str | None
    nolo: str | None
    card_points: dict[str, int] | None


class _Reader(Reader):
    """Reader with a fast path for well-formed values (the benchmark replays 20,000 hands/s).

    A value that is not plainly valid goes to Reader's own method, which names the problem.
    """

    def __init__(self, data: Any, problems: Problems, prefix: str = "") -> None:
        if type(data) is dict:
            self.problems = problems
            self.prefix = prefix
            self.data = data
        else:
            super().__init__(data, problems, prefix)

    def player(self, name: str, among: Any, *, optional: bool = False) -> str | None:
        value = self.data.get(name)
        if value is None and optional:
            return None
        if type(value) is str and value in among:
            return value
        return super().player(name, among, optional=optional)

    def choice(
        self, name: str, choices: Any, *, optional: bool = False, default: Any = None
    ) -> Any:
        value = self.data.get(name)
        if type(value) is str and value in choices:
            return value
        return super().choice(name, choices, optional=optional, default=default)

    def obj(self, name: str, *, optional: bool = False) -> Reader | None:
        value = self.data.get(name)
        if type(value) is dict:
            prefix = self.prefix  # `self.path(name)`, inline
            return _Reader(value, self.problems, f"{prefix}.{name}" if prefix else name)
        return super().obj(name, optional=optional)

    def players(self, name: str, among: Any, *, most: int | None = None) -> list[str]:
        value = self.data.get(name)
        if value is None or (type(value) is list and not value):
            return []  # what Reader.players gives for a missing or empty list
        return super().players(name, among, most=most)

    def items(self, name: str) -> list[Reader]:
        value = self.data.get(name)
        if not value:
            return [] if value is None or value == [] else super().items(name)
        if type(value) is list:
            path = self.path(name)
            return [_Reader(item, self.problems, f"{path}[{i}]") for i, item in enumerate(value)]
        return super().items(name)

    def player_map(
        self,
        name: str,
        players: Any,
        *,
        lo: int = 0,
        hi: int | None = None,
        optional: bool = False,
        complete: bool = True,
    ) -> dict[str, int] | None:
        value = self.data.get(name)
        if type(value) is dict and (not complete or len(value) == len(players)):
            top = CARD_POINTS_TOTAL if hi is None else hi
            for who, v in value.items():
                if type(v) is not int or not lo <= v <= top or who not in players:
                    break
            else:
                return value
        return super().player_map(name, players, lo=lo, hi=hi, optional=optional, complete=complete)


def _read_declarations(
    r: Reader, active: tuple[str, ...], problems: Problems
) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = []
    seen: set[tuple[str, ...]] = set()
    for d in r.items("declarations"):
        player = d.player("player", active)
        kind = d.choice("type", ("trumps", "matadors", "kings", "cavalry"))
        decl: dict[str, Any] = {"player": player, "type": kind}
        key: tuple[str, ...] | None = None
        if kind == "trumps":
            # 10…22: the 21 trumps and the Joker (spec §4 table A)
            decl["count"] = d.integer("count", lo=10, hi=22)
            decl["with_pagat"] = d.boolean("with_pagat")
            key = ("trumps",)
        elif kind == "matadors":
            decl["count"] = d.integer("count", lo=3, hi=22)  # Joker, Pagat, 21…2
            key = ("matadors",)
        elif kind in ("kings", "cavalry"):
            if kind == "cavalry":
                decl["suit"] = d.choice("suit", SUITS)
                key = ("cavalry", decl["suit"] or "")
            else:
                key = ("kings",)
            level = decl["level"] = d.choice("level", ("rich", "full", "half"))
            missing_choices = SUITS if kind == "kings" else CAVALRY_CARDS
            if level == "half":
                decl["missing"] = d.choice("missing", missing_choices)
            elif level is not None:
                decl["missing"] = None
                if d.has("missing"):
                    problems.add(
                        d.path("missing"),
                        "only a half declaration names a missing card",
                        "csak fél bemondásnál kell megnevezni a hiányzó lapot",
                    )
        if player is not None and key is not None:
            if (player, *key) in seen:
                problems.add(
                    d.path("suit" if kind == "cavalry" else "type"),
                    f"{player} already made this kind of declaration in this hand",
                    f"{player} már tett ilyen bemondást ebben a leosztásban",
                )
            seen.add((player, *key))
        result.append(decl)
    return result


def _read_penalties(
    session: Session,
    r: Reader,
    active: tuple[str, ...],
    dealer: str,
    declarations: list[dict[str, Any]],
    problems: Problems,
) -> list[_Penalty]:
    result: list[_Penalty] = []
    refunded: set[int] = set()
    for i, p in enumerate(r.items("penalties")):
        player = p.player("player", active)
        reason = p.choice("reason", REASONS)
        p.integer("trick", lo=0, hi=25, optional=True)
        expected: str | None = None
        if reason in REASON_CLASS:
            expected = REASON_CLASS[reason]
        elif reason == "failed_tout_joker_discard":
            expected = FAILED_TOUT_CLASS[session.house_rules["failed_tout_joker_penalty"]]
        elif reason == "revoke":
            expected = session.house_rules["revoke_penalty_class"] or "superficial"
        if expected is None:
            cls = p.choice("class", CLASSES)
        else:
            cls = p.choice("class", CLASSES, optional=True) or expected
            if cls != expected:
                problems.add(
                    p.path("class"),
                    f"a {reason} penalty is {expected} here",
                    f"ez ({reason}) itt {CLASS_HU[expected]} büntetés",
                )
                cls = None
        dealer_only = reason in ("misdeal_redeal", "wrong_discard", "failed_tout_joker_discard")
        if reason == "wrong_card_count" and session.house_rules["misdeal_offender"] == "dealer":
            dealer_only = True
        if dealer_only and player is not None and player != dealer:
            problems.add(
                p.path("player"),
                f"the offender for {reason} is the dealer, {dealer}",
                f"ennél ({reason}) a vétkes az osztó: {dealer}",
            )
        refunds: list[int] = []
        raw = p.raw("refund_declarations")
        if raw is not None and raw != [] and reason != "declaration_error":
            problems.add(
                p.path("refund_declarations"),
                "only a declaration_error refunds declarations",
                "csak hibás bemondásnál (declaration_error) jár vissza bemondás",
            )
        elif raw is not None and not isinstance(raw, list):
            problems.add(p.path("refund_declarations"), "must be a list", "listának kell lennie")
        elif raw:
            for j, idx in enumerate(raw):
                field = f"{p.path('refund_declarations')}[{j}]"
                if isinstance(idx, bool) or not isinstance(idx, int):
                    problems.add(field, f"{idx!r} is not a whole number", f"{idx!r} nem egész szám")
                elif not 0 <= idx < len(declarations):
                    problems.add(
                        field,
                        f"there is no declarations[{idx}]",
                        f"nincs declarations[{idx}] bemondás",
                    )
                elif player is not None and declarations[idx]["player"] != player:
                    problems.add(
                        field,
                        f"declarations[{idx}] was not made by {player}",
                        f"a declarations[{idx}] bemondást nem {player} tette",
                    )
                elif idx in refunded or idx in refunds:
                    problems.add(
                        field,
                        f"declarations[{idx}] is refunded twice",
                        f"a declarations[{idx}] bemondás kétszer járna vissza",
                    )
                else:
                    refunds.append(idx)
        if player is None or reason is None or cls is None:
            continue
        refunded.update(refunds)
        voids = cls == "irreparable" and reason != "failed_tout_joker_discard"
        if voids and any(q.voids for q in result):
            problems.add(
                p.path("class"),
                "the hand already ended with an irreparable penalty",
                "a leosztás már véget ért egy helyrehozhatatlan büntetéssel",
            )
        result.append(_Penalty(i, player, reason, cls, PENALTY_AMOUNT[cls], voids, refunds))
    return result


def read_hand(session: Session, state: UltimoState, hand: Mapping[str, Any]) -> _Hand:
    problems = Problems()
    r = _Reader(hand, problems)
    dealer = r.player("dealer", state.seated)
    problems.raise_if_any()  # everything below depends on who deals
    assert dealer is not None
    active, sitting_out, next_dealer = _seat_roles(state.seated, dealer)

    if "sitting_out" in r.data and r.raw("sitting_out") != sitting_out:
        problems.add(
            "sitting_out",
            f"with {dealer} dealing, the person sitting out is {sitting_out or 'nobody'}",
            f"ha {dealer} oszt, {sitting_out or 'senki'} marad ki",
        )
    redeals = r.players("redeal_requests", active)
    get = r.data.get
    # Most hands have no declaration or penalty: skip the readers for a missing or empty list
    # (they return nothing for it, and word a problem for anything else).
    raw_declarations, raw_penalties = get("declarations"), get("penalties")
    declarations = (
        []
        if raw_declarations is None or raw_declarations == []
        else _read_declarations(r, active, problems)
    )
    penalties = (
        []
        if raw_penalties is None or raw_penalties == []
        else _read_penalties(session, r, active, dealer, declarations, problems)
    )
    void = any(p.voids for p in penalties) if penalties else False
    given_void = get("void")
    if given_void is not None and not isinstance(given_void, bool):
        r.boolean("void")  # names the problem
    elif given_void is not None and given_void != void:
        problems.add(
            "void",
            "the hand is void exactly when it has an irreparable penalty",
            "a leosztás pontosan akkor érvénytelen, ha helyrehozhatatlan büntetés történt",
        )

    kings_lost: dict[str, int] = {}
    pagat: tuple[str, str] | None = None
    ip = r.obj("in_play", optional=True)
    if ip is not None:
        kings_lost = {
            k: v
            for k, v in (
                ip.player_map("kings_lost", active, lo=0, hi=4, optional=True, complete=False) or {}
            ).items()
            if v
        }
        pr = ip.obj("pagat", optional=True)
        if pr is not None:
            who = pr.player("player", active)
            result = pr.choice("result", ("won", "lost"))
            if who is not None and result is not None:
                pagat = (who, result)

    winner = card = pagat_przydupek = None
    king_przydupek: list[str] = []
    if void:
        if get("last_trick") is not None:
            problems.add(
                "last_trick",
                "a void hand has no last trick: it must be null",
                "érvénytelen leosztásnak nincs utolsó ütése: üresnek kell lennie",
            )
    else:
        lt = r.obj("last_trick")
        if lt is not None:
            winner = lt.player("winner", active)
            card = lt.choice("winning_card", ("pagat", "king", "other"))
            king_przydupek = lt.players("king_przydupek", active, most=2)
            pagat_przydupek = lt.player("pagat_przydupek", active, optional=True)

    tout = r.player("tout", active, optional=True)
    nolo = r.player("nolo", active, optional=True)
    if void:
        for name, who in (("tout", tout), ("nolo", nolo)):
            if who is not None:
                problems.add(
                    name,
                    "a void hand has no last trick, so no Tout or Nolo",
                    "érvénytelen leosztásban nincs Tout és Nolo",
                )
    cancels = tout is not None and session.house_rules["tout_cancels_card_points"]
    card_points: dict[str, int] | None = None
    if void or nolo is not None:
        if get("card_points") is not None:
            problems.add(
                "card_points",
                "must be null: no card-point settlement after "
                + ("a void hand" if void else "a Nolo"),
                "üresnek kell lennie: "
                + ("érvénytelen leosztásban" if void else "Nolo után")
                + " nincs kártyapont-elszámolás",
            )
    elif not (cancels and get("card_points") is None):
        card_points = r.player_map("card_points", active, lo=0, hi=CARD_POINTS_TOTAL)
        if card_points is not None and len(card_points) == len(active):
            total = sum(card_points.values())
            if total != CARD_POINTS_TOTAL:
                problems.add(
                    "card_points",
                    f"the card points add up to {total}, not {CARD_POINTS_TOTAL}",
                    f"a kártyapontok összege {total}, nem {CARD_POINTS_TOTAL}",
                )

    # Cross-field rules (spec §6.8)
    if tout is not None and nolo is not None:
        problems.add(
            "nolo",
            "must be null when someone has Tout",
            "üresnek kell lennie, ha valakinek Tout-ja van",
        )
    if tout is not None and winner is not None and tout != winner:
        problems.add(
            "tout",
            f"the Tout player took every trick, so he won the last one (not {winner})",
            f"a Tout játékosa vitte az utolsó ütést is (nem {winner})",
        )
    if nolo is not None and nolo == winner:
        problems.add(
            "nolo",
            "the Nolo player took no trick, so he did not win the last one",
            "a Nolo játékosa egy ütést sem vitt, az utolsót sem",
        )
    last_kings = len(king_przydupek) + (card == "king")
    if sum(kings_lost.values()) + last_kings > 4:
        problems.add(
            "in_play.kings_lost",
            f"kings lost in play plus kings in the last trick exceed 4 ({sum(kings_lost.values())} + {last_kings})",
            f"a játék közben elvesztett és az utolsó ütésbeli királyok száma több 4-nél ({sum(kings_lost.values())} + {last_kings})",
        )
    if pagat is not None and (card == "pagat" or pagat_przydupek is not None):
        problems.add(
            "in_play.pagat",
            "the Pagat was played in the last trick, so not in tricks 1–24",
            "a pagát az utolsó ütésben ment ki, nem az 1–24. ütésben",
        )
    if pagat_przydupek is not None and card in ("pagat", "king"):
        problems.add(
            "last_trick.pagat_przydupek",
            "a Pagat lost in the last trick cannot go with a trick won by the "
            + ("Pagat" if card == "pagat" else "king (the Pagat would beat it)"),
            "az utolsó ütésben elvesztett pagát mellett nem nyerhet "
            + ("a pagát" if card == "pagat" else "király (a pagát ütné)"),
        )
    if winner is not None:
        for j, who in enumerate(king_przydupek):
            if who == winner:
                problems.add(
                    f"last_trick.king_przydupek[{j}]",
                    "the last-trick winner has no Przydupek",
                    "az utolsó ütés nyerőjének nincs Przydupekje",
                )
        if pagat_przydupek == winner:
            problems.add(
                "last_trick.pagat_przydupek",
                "the last-trick winner has no Przydupek",
                "az utolsó ütés nyerőjének nincs Przydupekje",
            )
    if pagat_przydupek is not None and pagat_przydupek in king_przydupek:
        problems.add(
            "last_trick.pagat_przydupek",
            "one player plays one card to the last trick: not a king and the Pagat",
            "egy játékos egy lapot tesz az utolsó ütésbe: nem lehet király és pagát is",
        )
    if tout is not None:
        if kings_lost.get(tout):
            problems.add(
                f"in_play.kings_lost.{tout}",
                "the Tout player won every trick, so he lost no king",
                "a Tout játékosa minden ütést vitt, királyt nem veszített",
            )
        if pagat is not None and (pagat[0] == tout) != (pagat[1] == "won"):
            problems.add(
                "in_play.pagat",
                "with Tout only the Tout player wins tricks",
                "Tout mellett csak a Tout játékosa üt",
            )
        if card_points is not None:
            for who, points in card_points.items():
                if who not in (tout, dealer) and points:
                    problems.add(
                        f"card_points.{who}",
                        "took no trick and has no Skat, so 0",
                        "nem ütött és nem övé a skart, így 0",
                    )
    if nolo is not None and pagat == (nolo, "won"):
        problems.add(
            "in_play.pagat",
            "the Nolo player took no trick, so he did not win one with the Pagat",
            "a Nolo játékosa nem ütött, pagáttal sem",
        )
    if tout is not None:
        for k, pen in enumerate(penalties):
            if pen.reason == "failed_tout_joker_discard" and pen.player == tout:
                problems.add(
                    f"penalties[{k}].reason",
                    f"{tout} made his Tout",
                    f"{tout} megcsinálta a Tout-t",
                )
    problems.raise_if_any()
    return _Hand(
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


# ---------------------------------------------------------------------------------------------
# scoring


# Line builders. A hand's lines repeat from hand to hand (same names, same amounts), so they are
# built once and cached: a Line is an immutable value (its deltas are only ever read), and the
# cache keeps a full replay well above the 20,000 hands/s the benchmark asks for.
_cached = lru_cache(maxsize=4096)


@_cached
def _others(active: tuple[str, ...], who: str) -> tuple[str, ...]:
    return tuple(p for p in active if p != who)


@_cached
def _fee_line(d: str) -> Line:
    return Line(
        Text(
            f"Dealer fee: {d} pays {DEALER_FEE} into each pool",
            f"Osztási díj: {d} {DEALER_FEE}-öt fizet mindkét kasszába",
        ),
        {d: -2 * DEALER_FEE},
        {KING: DEALER_FEE, PAGAT: DEALER_FEE},
    )


@_cached
def _redeal_line(who: str, d: str, reversed_: bool) -> Line:
    return Line(
        Text(
            f"Redeal asked by {who} (no trump): {d} deals again, no fee"
            + ("; any declarations of the first deal were reversed" if reversed_ else ""),
            f"Újraosztást kért {who} (nincs tarokkja): {d} újra oszt, díj nélkül"
            + ("; az első osztás bemondásai visszajártak" if reversed_ else ""),
        )
    )


def _declaration_key(decl: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        decl["type"],
        decl.get("count"),
        bool(decl.get("with_pagat")),
        decl.get("level"),
        decl.get("suit"),
        decl.get("missing"),
    )


def _declaration_from_key(key: tuple[Any, ...]) -> dict[str, Any]:
    kind, count, with_pagat, level, suit, missing = key
    return {
        "type": kind,
        "count": count,
        "with_pagat": with_pagat,
        "level": level,
        "suit": suit,
        "missing": missing,
    }


@_cached
def _declaration_line(who: str, others: tuple[str, ...], key: tuple[Any, ...]) -> Line:
    decl = _declaration_from_key(key)
    v, name = _declaration_value(decl), _declaration_name(decl)
    names, n = ", ".join(others), len(others)
    return Line(
        Text(
            f"{who} declares {name.en}: {v} from each of {names} = {v * n}",
            f"{who} bemondása, {name.hu}: {v} a többiektől ({names}) = {v * n}",
        ),
        _each_pays(others, who, v),
    )


@_cached
def _king_lost_line(who: str, others: tuple[str, ...], n: int) -> Line:
    names = ", ".join(others)
    deltas = _pay_each(who, others, IN_PLAY * n)
    deltas[who] -= IN_PLAY * n
    return Line(
        Text(
            f"{who} lost {'a king' if n == 1 else f'{n} kings'} in play:"
            f" {n} × {IN_PLAY} to each of {names} and {n} × {IN_PLAY} into the King pool",
            f"{who} {n} királyt veszített játék közben: {n} × {IN_PLAY} a többieknek"
            f" ({names}) és {n} × {IN_PLAY} a király-kasszába",
        ),
        deltas,
        {KING: IN_PLAY * n},
    )


@_cached
def _pagat_line(who: str, others: tuple[str, ...], result: str) -> Line:
    names = ", ".join(others)
    if result == "lost":
        deltas = _pay_each(who, others, IN_PLAY)
        deltas[who] -= IN_PLAY
        return Line(
            Text(
                f"{who} lost the Pagat in play: {IN_PLAY} to each of {names}"
                f" and {IN_PLAY} into the Pagat pool",
                f"{who} elvesztette a pagátot játék közben: {IN_PLAY} a többieknek"
                f" ({names}) és {IN_PLAY} a pagát-kasszába",
            ),
            deltas,
            {PAGAT: IN_PLAY},
        )
    return Line(
        Text(
            f"{who} won a trick with the Pagat: {IN_PLAY} from each of {names}"
            " (nothing from the pool)",
            f"{who} pagáttal ütött: {IN_PLAY} a többiektől ({names}), a kasszából semmi",
        ),
        _each_pays(others, who, IN_PLAY),
    )


@_cached
def _penalty_line(who: str, reason: str, cls: str, voids: bool) -> Line:
    a = PENALTY_AMOUNT[cls]
    why = REASON_TEXT[reason]
    return Line(
        Text(
            f"{cls.capitalize()} penalty, {who} ({why.en}): {a} into each pool"
            + ("; the hand is void" if voids else ""),
            f"{CLASS_HU[cls].capitalize()} büntetés, {who} ({why.hu}):"
            f" {a} mindkét kasszába" + ("; a leosztás érvénytelen" if voids else ""),
        ),
        {who: -2 * a} if a else {},
        {KING: a, PAGAT: a} if a else {},
    )


@_cached
def _snapshot_line(k_star: int, p_star: int) -> Line:
    return Line(
        Text(
            f"Pools counted before the last trick: King {k_star}, Pagat {p_star}",
            f"A kasszák az utolsó ütés előtt: király {k_star}, pagát {p_star}",
        )
    )


@_cached
def _prize_line(name: str, who: str, value: int, group: tuple[str, ...]) -> Line:
    names, n = ", ".join(group), len(group)
    return Line(
        Text(
            f"{name} by {who}: {value} × {n} = {value * n} from {names}",
            f"{name} – {who}: {value} × {n} = {value * n} ({names} fizet)",
        ),
        _each_pays(group, who, value),
    )


@_cached
def _take_line(who: str, pot: str, amount: int) -> Line:
    name = POT_TEXT[pot]
    return Line(
        Text(f"{name.en} taken by {who}: {amount}", f"A {name.hu} tartalmát {who} viszi: {amount}"),
        {who: amount},
        {pot: -amount},
    )


@_cached
def _nolo_line(who: str, group: tuple[str, ...]) -> Line:
    n = len(group)
    return Line(
        Text(
            f"Nolo by {who}: {NOLO} × {n} = {NOLO * n} from {', '.join(group)};"
            " it cancels every last-trick reward",
            f"Nolo – {who}: {NOLO} × {n} = {NOLO * n} ({', '.join(group)} fizet);"
            " az utolsó ütés jutalmai elmaradnak",
        ),
        _each_pays(group, who, NOLO),
    )


@_cached
def _plain_line(who: str, group: tuple[str, ...], przydupek: bool) -> Line:
    if przydupek:
        return Line(
            Text(
                f"Last trick by {who} with a plain card: nothing, because of the Przydupek",
                f"Utolsó ütés – {who}, sima lappal: nem jár érte semmi a Przydupek miatt",
            )
        )
    names, n = ", ".join(group), len(group)
    return Line(
        Text(
            f"Last trick by {who}: {PLAIN_LAST_TRICK} × {n} = {PLAIN_LAST_TRICK * n} from {names}",
            f"Utolsó ütés – {who}: {PLAIN_LAST_TRICK} × {n} = {PLAIN_LAST_TRICK * n}"
            f" ({names} fizet)",
        ),
        _each_pays(group, who, PLAIN_LAST_TRICK),
    )


@_cached
def _przydupek_line(who: str, others: tuple[str, ...], pot: str, star: int) -> Line:
    names = ", ".join(others)
    each = KING_PRZYDUPEK if pot == KING else PAGAT_PRZYDUPEK
    deltas = _pay_each(who, others, each)
    deltas[who] -= star
    en, hu = ("King", "Király") if pot == KING else ("Pagat", "Pagát")
    name = POT_TEXT[pot]
    return Line(
        Text(
            f"{en} Przydupek by {who}: {each} to each of {names},"
            f" and {star} into the {name.en} (its contents when counted)",
            f"{hu}-Przydupek – {who}: {each} a többieknek ({names}),"
            f" és {star} {POT_INTO_HU[pot]} (a számolt tartalma)",
        ),
        deltas,
        {pot: star},
    )


@_cached
def _card_points_part(nd: str, who: str, p: int, cap: int | None) -> tuple[str, str, int]:
    """One player's part of the card-point line: English, Hungarian, and the amount the next
    dealer pays him (a > 0) or he pays the next dealer (a < 0), table D. Cached on its own:
    whole card-point lines rarely repeat, one player's part very often does."""
    a = card_point_amount(p, cap)
    if a > 0:
        return f"{who} {p} → {nd} pays {who} {a}", f"{who} {p} → {nd} fizet {who} részére {a}", a
    if a < 0:
        return (
            f"{who} {p} → {who} pays {nd} {-a}",
            f"{who} {p} → {who} fizet {nd} részére {-a}",
            a,
        )
    return f"{who} {p} → 0", f"{who} {p} → 0", a


@_cached
def _card_points_line(nd: str, points: tuple[tuple[str, int], ...], cap: int | None) -> Line:
    en: list[str] = []
    hu: list[str] = []
    settle: dict[str, Amount] = {}
    for who, p in points:
        part_en, part_hu, a = _card_points_part(nd, who, p, cap)
        en.append(part_en)
        hu.append(part_hu)
        if a:
            settle[who] = a
            settle[nd] = settle.get(nd, 0) - a
    capped = Text(f", at most {cap}", f", legfeljebb {cap}") if cap is not None else NO_TEXT
    return Line(
        Text(
            f"Card points against 26, rounded to 5{capped.en}, settled with the next dealer"
            f" {nd}: {'; '.join(en)}",
            f"Kártyapontok 26-hoz képest, 5-re kerekítve{capped.hu}, a következő osztóval"
            f" ({nd}): {'; '.join(hu)}",
        ),
        settle,
    )


def _reversed(line: Line) -> Line:
    return Line(
        Text(
            f"Void hand, reversed: {line.text.en}",
            f"Érvénytelen leosztás, visszajár: {line.text.hu}",
        ),
        {k: -v for k, v in line.deltas.items()},
        {k: -v for k, v in line.pots.items()},
    )


def score_hand(session: Session, state: UltimoState, h: _Hand) -> tuple[list[Line], dict[str, int]]:
    """The lines of one hand (spec §6) and the pools after it."""
    king, pagat = state.king, state.pagat
    active = h.active
    d = h.dealer

    # 6.1 dealer fee
    lines = [_fee_line(d)]
    king += DEALER_FEE
    pagat += DEALER_FEE
    for who in h.redeals:
        lines.append(_redeal_line(who, d, session.house_rules["redeal_allowed_after_declarations"]))

    # 6.2 declarations
    for decl in h.declarations:
        who = decl["player"]
        lines.append(_declaration_line(who, _others(active, who), _declaration_key(decl)))

    # 6.3 in-play events of tricks 1–24
    in_play: list[Line] = []
    for who, n in h.kings_lost.items():
        in_play.append(_king_lost_line(who, _others(active, who), n))
        king += IN_PLAY * n
    if h.pagat is not None:
        who, result = h.pagat
        in_play.append(_pagat_line(who, _others(active, who), result))
        if result == "lost":
            pagat += IN_PLAY
    lines += in_play

    # 6.3a penalties (§18 "Kary"): paid into each pool, before the count of the last trick
    for pen in h.penalties:
        lines.append(_penalty_line(pen.player, pen.reason, pen.cls, pen.voids))
        king += pen.amount
        pagat += pen.amount

    pools = {KING: king, PAGAT: pagat}
    if h.void:
        _void_lines(session, h, pools, lines, in_play)
    else:
        _last_trick(session, h, pools, lines)
    if not (pools[KING] and pools[PAGAT]):
        lines += _refill_lines(pools, state.seated)

    # 6.6 card points against 26, settled with the next dealer (table D)
    if h.card_points is not None and not (
        h.tout is not None and session.house_rules["tout_cancels_card_points"]
    ):
        nd = h.next_dealer
        points = tuple((who, h.card_points[who]) for who in active if who != nd)
        lines.append(_card_points_line(nd, points, session.house_rules["card_points_cap"]))
    return lines, pools


def _void_lines(
    session: Session, h: _Hand, pools: dict[str, int], lines: list[Line], in_play: list[Line]
) -> None:
    """§9.3: the wrong declarations' money goes back; the rest stands unless the house rule."""
    refunded: set[int] = set()
    for pen in h.penalties:
        for idx in pen.refunds:
            refunded.add(idx)
            decl = h.declarations[idx]
            who, v, name = decl["player"], _declaration_value(decl), _declaration_name(decl)
            others = _others(h.active, who)
            names = ", ".join(others)
            lines.append(
                Line(
                    Text(
                        f"{who} returns the wrong declaration {name.en}: {v} to each of {names}",
                        f"{who} visszaadja a hibás bemondást ({name.hu}): {v} a többieknek ({names})",
                    ),
                    _pay_each(who, others, v),
                )
            )
    if not session.house_rules["void_hand_reverses_payments"]:
        return
    for i, decl in enumerate(h.declarations):
        if i in refunded:
            continue
        who, v = decl["player"], _declaration_value(decl)
        others = _others(h.active, who)
        names = ", ".join(others)
        lines.append(
            Line(
                Text(
                    f"Void hand: {who}'s declaration reversed, {v} back to each of {names}",
                    f"Érvénytelen leosztás: {who} bemondása visszajár, {v} a többieknek ({names})",
                ),
                _pay_each(who, others, v),
            )
        )
    for line in in_play:
        lines.append(_reversed(line))
        for pot, amount in line.pots.items():
            pools[pot] -= int(amount)


def _last_trick(session: Session, h: _Hand, pools: dict[str, int], lines: list[Line]) -> None:
    """§6.4 with the ordering rule: count the pools, the winner takes the count, and each
    Przydupek player pays the count in."""
    k_star, p_star = pools[KING], pools[PAGAT]
    active = h.active
    w = h.winner
    assert w is not None
    card = h.winning_card
    przydupek = bool(h.king_przydupek) or h.pagat_przydupek is not None
    if przydupek:
        # The ordering rule: the winner takes the count and each Przydupek pays the count in
        lines.append(_snapshot_line(k_star, p_star))
    # §12 item 1: by default the sitting-out person pays nothing but foundations
    fourth = h.sitting_out if session.house_rules["fourth_player_pays_ultimo"] else None
    if h.tout is not None:
        t = h.tout
        group = _others(active, t) + ((fourth,) if fourth else ())
        lines.append(_prize_line("Tout", t, session.house_rules["tout_value"], group))
        lines.append(_take_line(t, KING, k_star))
        lines.append(_take_line(t, PAGAT, p_star))
        pools[KING] = pools[PAGAT] = 0
    elif h.nolo is not None:
        lines.append(_nolo_line(h.nolo, _others(active, h.nolo)))
    elif card == "pagat" or card == "king":
        group = _others(active, w) + ((fourth,) if fourth else ())
        if card == "pagat":
            lines.append(_prize_line("Pagat Ultimo", w, PAGAT_ULTIMO, group))
            lines.append(_take_line(w, PAGAT, p_star))
            pools[PAGAT] = 0
        else:
            lines.append(_prize_line("King Ultimo", w, KING_ULTIMO, group))
            lines.append(_take_line(w, KING, k_star))
            pools[KING] = 0
    else:
        lines.append(_plain_line(w, _others(active, w), przydupek))
    for who in h.king_przydupek:
        lines.append(_przydupek_line(who, _others(active, who), KING, k_star))
        pools[KING] += k_star
    if h.pagat_przydupek is not None:
        who = h.pagat_przydupek
        lines.append(_przydupek_line(who, _others(active, who), PAGAT, p_star))
        pools[PAGAT] += p_star


@_cached
def _summary_text(
    dealer: str,
    declarations: int,
    outcome: str,
    who: str | None,
    king_przydupek: tuple[str, ...],
    pagat_przydupek: str | None,
    penalty: bool,
) -> Text:
    en = [f"{dealer} deals"]
    hu = [f"oszt: {dealer}"]
    if declarations:
        en.append(f"{declarations} declaration(s)")
        hu.append(f"{declarations} bemondás")
    if outcome == "void":
        en.append("void")
        hu.append("érvénytelen")
    elif outcome == "last trick":
        en.append(f"last trick {who}")
        hu.append(f"utolsó ütés: {who}")
    else:
        en.append(f"{outcome} by {who}")
        hu.append(f"{outcome}: {who}")
    for p in king_przydupek:
        en.append(f"King Przydupek {p}")
        hu.append(f"király-Przydupek: {p}")
    if pagat_przydupek:
        en.append(f"Pagat Przydupek {pagat_przydupek}")
        hu.append(f"pagát-Przydupek: {pagat_przydupek}")
    if penalty:
        en.append("penalty")
        hu.append("büntetés")
    return Text("; ".join(en), "; ".join(hu))


def _summary(h: _Hand) -> Text:
    if h.void:
        outcome, who = "void", None
    elif h.tout:
        outcome, who = "Tout", h.tout
    elif h.nolo:
        outcome, who = "Nolo", h.nolo
    elif h.winning_card == "pagat":
        outcome, who = "Pagat Ultimo", h.winner
    elif h.winning_card == "king":
        outcome, who = "King Ultimo", h.winner
    else:
        outcome, who = "last trick", h.winner
    return _summary_text(
        h.dealer,
        len(h.declarations),
        outcome,
        who,
        tuple(h.king_przydupek),
        h.pagat_przydupek,
        any(p.amount for p in h.penalties) if h.penalties else False,
    )


# ---------------------------------------------------------------------------------------------
# session events


def _event_entry(session: Session, kind: str, lines: list[Line], summary: Text) -> Entry:
    return Entry.from_lines(
        kind=kind,
        number=None,
        dealer=None,
        players=session.players,
        pot_names=POT_NAMES,
        lines=lines,
        summary=summary,
    )


def _foundations(session: Session, pools: dict[str, int], seated: tuple[str, ...]) -> list[Entry]:
    lines = _refill_lines(pools, seated)
    if not lines:
        return []
    return [_event_entry(session, "foundations", lines, Text("Foundations", "Alapbefizetés"))]


def _join(
    session: Session, state: UltimoState, event: Mapping[str, Any]
) -> tuple[UltimoState, list[Entry]]:
    problems = Problems()
    r = _Reader(event, problems)
    unseated = [p for p in session.players if p not in state.seated and p in session.late_joiners]
    who = r.player("player", unseated)
    how = session.house_rules["join_fee_rounding"]
    if len(state.seated) >= 4:
        problems.add("player", "four are seated already", "már négyen ülnek az asztalnál")
    if who is not None and r.has("seat_index"):
        index = session.players.index(who)
        if r.integer("seat_index") != index:
            problems.add(
                "seat_index",
                f"{who} sits at index {index} of the players",
                f"{who} helye a játékosok között: {index}",
            )
    if r.has("rounding") and r.raw("rounding") != how:
        problems.add(
            "rounding",
            f"the house rule join_fee_rounding is {how!r}",
            f"a join_fee_rounding házszabály értéke {how!r}",
        )
    problems.raise_if_any()
    assert who is not None
    n = len(state.seated)
    pools = {KING: state.king, PAGAT: state.pagat}
    lines = []
    for pot in POT_NAMES:
        # §17: a third of the pool (one equal claim of the three seated), rounded to 5
        fee = _round5(pools[pot], n, how)
        name = POT_TEXT[pot]
        lines.append(
            Line(
                Text(
                    f"{who} joins: {name.en} {pools[pot]} / {n} → {fee} ({how})",
                    f"{who} beszáll: {name.hu} {pools[pot]} / {n} → {fee} ({how})",
                ),
                {who: -fee} if fee else {},
                {pot: fee} if fee else {},
            )
        )
        pools[pot] += fee
    seated = tuple(p for p in session.players if p in state.seated or p == who)
    entries = [_event_entry(session, "join", lines, Text(f"{who} joins", f"{who} beszáll"))]
    entries += _foundations(session, pools, seated)
    return UltimoState(pools[KING], pools[PAGAT], seated, state.next_dealer), entries


def _leave(
    session: Session, state: UltimoState, event: Mapping[str, Any]
) -> tuple[UltimoState, list[Entry]]:
    problems = Problems()
    r = _Reader(event, problems)
    who = r.player("player", state.seated)
    if len(state.seated) <= 3:
        problems.add(
            "player",
            "only two would remain: end the session instead (spec §10.5)",
            "csak ketten maradnának: inkább az ülés véget ér (§10.5)",
        )
    problems.raise_if_any()
    assert who is not None
    n = len(state.seated)
    pools = {KING: state.king, PAGAT: state.pagat}
    lines = []
    share_rule = session.house_rules["leaving_share"]
    for pot in POT_NAMES:
        name = POT_TEXT[pot]
        if share_rule == "none":
            lines.append(
                Line(
                    Text(
                        f"{who} leaves: no share of the {name.en}",
                        f"{who} távozik, nem kap részt: {name.hu}",
                    )
                )
            )
            continue
        # spec §10.5: 1/N of the pool, rounded to the nearest 5 (a tie goes down)
        share = _round5_nearest(pools[pot], n)
        lines.append(
            Line(
                Text(
                    f"{who} leaves: {name.en} {pools[pot]} / {n} → {share}",
                    f"{who} távozik: {name.hu} {pools[pot]} / {n} → {share}",
                ),
                {who: share} if share else {},
                {pot: -share} if share else {},
            )
        )
        pools[pot] -= share
    seated = tuple(p for p in state.seated if p != who)
    next_dealer = state.next_dealer
    if next_dealer == who:  # the deal passes on to the right
        next_dealer = state.seated[(state.seated.index(who) + 1) % n]
    entries = [_event_entry(session, "leave", lines, Text(f"{who} leaves", f"{who} távozik"))]
    entries += _foundations(session, pools, seated)
    return UltimoState(pools[KING], pools[PAGAT], seated, next_dealer), entries


# ---------------------------------------------------------------------------------------------
# the variant


class Ultimo:
    key = "ultimo"
    title = Text("Ultimo (Danish tarok)", "Ultimo (dán tarokk)")
    min_players = 3
    max_players = 4
    pot_names = POT_NAMES
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = EVENT_RECORD

    def start(self, session: Session) -> tuple[UltimoState, list[Entry]]:
        seated = tuple(p for p in session.players if p not in session.late_joiners)
        if not 3 <= len(seated) <= 4:
            raise InvalidSheet(
                [
                    Problem(
                        "players",
                        Text(
                            f"Ultimo needs 3 or 4 seated at the start, not {len(seated)}",
                            f"Az Ultimóhoz kezdéskor 3 vagy 4 ülő játékos kell, nem {len(seated)}",
                        ),
                    )
                ]
            )
        opening = session.opening_pots
        if opening is None:
            # §15 "Fundamenty": each seated person pays 20 into each pool
            pools = {KING: 0, PAGAT: 0}
            entries = _foundations(session, pools, seated)
        else:
            # Pools carried over from an earlier session open as they are: no foundations
            pools = {pot: int(opening.get(pot, 0)) for pot in POT_NAMES}
            entries = []
        return UltimoState(pools[KING], pools[PAGAT], seated, None), entries

    def play(
        self, session: Session, state: UltimoState, hand: Mapping[str, Any], number: int
    ) -> tuple[UltimoState, list[Entry]]:
        h = read_hand(session, state, hand)
        lines, pools = score_hand(session, state, h)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=h.dealer,
            players=session.players,
            pot_names=POT_NAMES,
            lines=lines,
            summary=_summary(h),
        )
        # After a void hand, too, the next dealer in rotation deals (seed 001 §18)
        return UltimoState(pools[KING], pools[PAGAT], state.seated, h.next_dealer), [entry]

    def event(
        self, session: Session, state: UltimoState, event: Mapping[str, Any]
    ) -> tuple[UltimoState, list[Entry]]:
        kind = event.get("event")
        if kind == "join":
            return _join(session, state, event)
        if kind == "leave":
            return _leave(session, state, event)
        if kind in ("foundations", "end_of_session"):
            raise InvalidHand.one(
                "event",
                f"{kind} is booked automatically, not recorded",
                f"{kind}: automatikusan könyvelődik, nem kell rögzíteni",
            )
        raise InvalidHand.one(
            "event",
            f"{kind!r} is not an Ultimo session event (join, leave)",
            f"{kind!r} nem Ultimo-eseménye az ülésnek (join, leave)",
        )

    def end_of_session(self, session: Session, state: UltimoState) -> EndOfSession:
        """§10.6 (seed 001 §15 "Po ostatnim rozdaniu sesji"): split both pools equally."""
        seated = state.seated
        n = len(seated)
        total = state.king + state.pagat
        nd = state.next_dealer
        start = seated.index(nd) if nd is not None and nd in seated else 0
        order = [seated[(start + k) % n] for k in range(n)]
        rule = session.house_rules["pool_split_remainder"]
        payouts: dict[str, Amount] = dict.fromkeys(session.players, 0)
        lines = [
            Line(
                Text(
                    f"Pools: King {state.king} + Pagat {state.pagat} = {total}, split among {n}",
                    f"Kasszák: király {state.king} + pagát {state.pagat} = {total}, {n} felé osztva",
                )
            )
        ]
        left = 0
        if rule == "exact":
            share = Fraction(total, n)
            for who in order:
                payouts[who] = share if share.denominator != 1 else int(share)
            lines.append(
                Line(Text(f"Each gets {total} / {n}", f"Mindenki ennyit kap: {total} / {n}"))
            )
        else:
            chips, odd = divmod(total, 5)
            each, extra = divmod(chips, n)
            for who in order:
                payouts[who] = 5 * each
            lines.append(
                Line(
                    Text(
                        f"{chips} chips of 5 = {n} × {each} + {extra}: each gets {5 * each}",
                        f"{chips} darab 5-ös zseton = {n} × {each} + {extra}: mindenki ennyit kap: {5 * each}",
                    )
                )
            )
            if rule == "chips_from_next_dealer":
                for who in order[:extra]:
                    payouts[who] += 5
                if odd:  # only with odd opening pots: the units go with the first chip
                    payouts[order[0]] += odd
                if extra or odd:
                    lines.append(
                        Line(
                            Text(
                                f"Leftover chips, one each from the next dealer on: {_names(order[:extra] or order[:1])}",
                                f"A maradék zsetonok egyenként a következő osztótól: {_names(order[:extra] or order[:1])}",
                            )
                        )
                    )
            else:
                left = 5 * extra + odd
                lines.append(
                    Line(
                        Text(
                            f"{left} stays in the pools for the next session",
                            f"{left} a kasszákban marad a következő ülésre",
                        )
                    )
                )
        # What is carried over stays in the King pool first, then the Pagat pool.
        king_left = min(state.king, left)
        pots_left: dict[str, Amount] = {KING: king_left, PAGAT: left - king_left}
        for who in order:
            lines.append(
                Line(
                    Text(f"{who} receives {payouts[who]}", f"{who} kap: {payouts[who]}"),
                )
            )
        return EndOfSession(payouts, pots_left, tuple(lines))

    def table_hint(self, session: Session, state: UltimoState) -> TableHint:
        dealer = state.next_dealer if state.next_dealer in state.seated else state.seated[0]
        _, sitting_out, _ = _seat_roles(state.seated, dealer)
        notes = (
            Text(
                f"King pool {state.king}, Pagat pool {state.pagat}",
                f"Király-kassza {state.king}, pagát-kassza {state.pagat}",
            ),
        )
        return TableHint(dealer, (sitting_out,) if sitting_out else (), 1, notes)

    def dump_state(self, state: UltimoState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> UltimoState:
        state: UltimoState = load_dataclass(UltimoState, data)
        return state


VARIANT = Ultimo()
