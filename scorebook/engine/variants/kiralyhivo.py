"""Királyhívó tarokk (king-calling tarokk): four players, 54 cards, a called king.

Spec: shared/rules/kiralyhivo.md; source: seed 004 (Tolnai 1930) §66–§69, with the general
rules of the Paskievics chapter it imports (§26, §38, §48, §53–§55, §62*).

Every scored item is an amount `a` per opponent, signed from the declarer side's point of
view (spec section 6). Pair vs pair: declarer and partner +a each, the two opponents −a each.
One vs three (hármas, szólóhármas, self-call, called king in the talon): declarer +3a, each
opponent −a.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
    Text,
)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    all_pass=BOOL,
    declarer=PLAYER,
    contract=TEXT,
    called_king=TEXT,
    called_king_location=TEXT,
    partner=PLAYER,
    talon_king_action=TEXT,
    game_contra=INT,
    announcements=rows(figure=TEXT, side=TEXT, by=PLAYER, contra=INT),
    result=fields(
        declarer_side_points=INT,
        figures_made=fields(
            trull=TEXT,
            four_kings=TEXT,
            xxi_catch=TEXT,
            pagat_ultimo=TEXT,
            king_ultimo=TEXT,
            volat=TEXT,
        ),
        called_king_taken_by_opponents=BOOL,
        pagat_lost_last_trick=TEXT,
    ),
    irregularity=fields(type=TEXT, player=PLAYER),
)

KEY = "kiralyhivo"
POT = "ultimokassza"
POTS = (POT,)
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)

CONTRACTS = ("hivas", "szolo", "harmas", "szolo_harmas")
CONTRACT_NAMES = {
    "hivas": "hívás",
    "szolo": "szóló",
    "harmas": "hármas",
    "szolo_harmas": "szólóhármas",
}
CALLING = ("hivas", "szolo")  # the two contracts with a called king (seed 004 §68–§69)
DISCARDING = ("hivas", "harmas")  # the two contracts with a talon exchange (seed 004 §68–§69)

# Game values: hívás 6, szóló 8, hármas 10, szólóhármas 20 (seed 004 §69).
BASE = {"hivas": 6, "szolo": 8, "harmas": 10, "szolo_harmas": 20}
# Figures (tulétroá, négy király, huszonegyfogás, the ultimós), silent / announced, by
# contract (seed 004 §69: hívás 2/4, szóló 4/8, hármas 6/12, szólóhármas 8/16).
FIGURE_VALUES = {"hivas": (2, 4), "szolo": (4, 8), "harmas": (6, 12), "szolo_harmas": (8, 16)}
# The ultimó values printed for hívás only (seed 004 §69: "ultimó csendesen 2, bemondva 4").
HIVAS_ULTIMO = (2, 4)
# Volát, silent / announced (seed 004 §69: 12/24, 24/48, 24/48, 48/96).
VOLAT_VALUES = {"hivas": (12, 24), "szolo": (24, 48), "harmas": (24, 48), "szolo_harmas": (48, 96)}
# figure → (silent, announced) per (contract, ultimo_values_follow_figures), spec K2.
VALUES = {
    (contract, follow): {
        figure: VOLAT_VALUES[contract]
        if figure == "volat"
        else HIVAS_ULTIMO
        if figure in ("pagat_ultimo", "king_ultimo") and not follow
        else FIGURE_VALUES[contract]
        for figure in ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "king_ultimo", "volat")
    }
    for contract in BASE
    for follow in (True, False)
}
THROW_PAYMENT = 4  # to each of the three others (seed 004 §68: "4—4 pontot fizet")
KING_FINE = 2  # to each opponent (seed 004 §68–§69: "2—2 pontot fizet")
NO_GAME_POT = 5  # each player into the ultimókassza when there is no game (seed 004 §38)
WIN = 36  # of 70 card points (seed 004 §68)
TOTAL = 70  # card points of the 54-card pack (seed 004 §67)

FIGURES = ("trull", "four_kings", "xxi_catch", "pagat_ultimo", "king_ultimo", "volat")
FIGURE_NAMES = {
    "trull": "tulétroá",
    "four_kings": "négy király",
    "xxi_catch": "huszonegyfogás",
    "pagat_ultimo": "pagátultimó",
    "king_ultimo": "királyultimó",
    "volat": "volát",
}
# Figures that say who won the last trick.
LAST_TRICK_FIGURES = ("volat", "pagat_ultimo", "king_ultimo")
# Silent ones a made volát cancels (seed 004 §53).
VOLAT_CANCELS = ("trull", "four_kings")
# Opponents announcing these must contra the game at once (seed 004 §50, §51).
MUST_CONTRA = ("trull", "four_kings")

SUITS = ("hearts", "diamonds", "clubs", "spades")
KING_NAMES = {
    "hearts": Text("♥K", "kőr király"),
    "diamonds": Text("♦K", "káró király"),
    "clubs": Text("♣K", "treff király"),
    "spades": Text("♠K", "pikk király"),
}
LOCATIONS = ("player", "declarer", "talon")
TALON_ACTIONS = ("throw", "play_took_king_half", "play_left_king_half")
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")
MAX_LEVEL = {"mordkontra": 5, "rekontra": 2}

# Card values counted in threes (seed 004 §66): the integer part of each card's value.
CARD_INTEGER_PARTS = {"honour": 4, "king": 4, "queen": 3, "knight": 2, "jack": 1, "other": 0}


def pile_points(cards: Iterable[str]) -> int:
    """Card points of a pile counted in threes (seed 004 §66).

    Cards are named by kind: honour (skíz, XXI, pagát), king, queen, knight, jack, other.
    Each full group of three is worth 1 plus its integer parts, a final pair 1 plus its
    integer parts, a final single card its integer part only.
    """
    count = parts = 0
    for card in cards:
        parts += CARD_INTEGER_PARTS[card]
        count += 1
    return parts + count // 3 + (1 if count % 3 == 2 else 0)


def _rule(name: str, default: Any, kind: str, en: str, hu: str, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, Text(en, hu), **kw)


HOUSE_RULES = (
    _rule(
        "ultimo_values_follow_figures",
        True,
        "bool",
        "Ultimós take the figure values of the level (off: 2 silent / 4 announced at every level)",
        "Az ultimók a szint figuraértékét kapják (ki: minden szinten 2 csendes / 4 bemondva)",
    ),
    _rule(
        "allow_voluntary_self_call",
        False,
        "bool",
        "The declarer may call one of his own kings without holding all four",
        "A felvevő négy király nélkül is hívhatja saját királyát (önhívás)",
    ),
    _rule(
        "talon_king_fine_stacks",
        False,
        "bool",
        "Leaving the called king's talon half costs 4 to each opponent instead of 2",
        "A hívott király talonfelének otthagyása ellenfelenként 4 (2 helyett)",
    ),
    _rule(
        "throw_allowed_at_szolo",
        False,
        "bool",
        "At szóló with the called king in the talon the declarer may throw too",
        "Szólónál is dobhat a felvevő, ha a hívott király a talonban van",
    ),
    _rule(
        "max_contra_level",
        "mordkontra",
        "choice",
        "Highest contra: the full ladder (mordkontra) or only up to rekontra",
        "Legmagasabb kontra: a teljes létra (mordkontra) vagy csak rekontra",
        choices=("mordkontra", "rekontra"),
        choice_labels=(
            Text("up to mordkontra", "mordkontráig"),
            Text("up to rekontra", "rekontráig"),
        ),
    ),
    _rule(
        "volat_replaces_game",
        True,
        "bool",
        "A volát (made or announced) replaces the game",
        "A volát (megcsinálva vagy bemondva) a játék helyett számít",
    ),
    _rule(
        "volat_cancels_silent_figures",
        True,
        "bool",
        "A made volát cancels silent tulétroá and négy király",
        "Megcsinált volátnál a csendes tulétroá és négy király nem jár",
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        "A revoker pays each other player the game and the announced figures",
        "A renonszoló mindenkinek kifizeti a játékot és a bemondásokat",
    ),
    _rule(
        "no_tarokk_annulment",
        True,
        "bool",
        "A hand where a player has no tarokk (or only the XXI) is annulled",
        "Érvénytelen a leosztás, ha valakinek nincs tarokkja (vagy csak a XXI)",
    ),
    _rule(
        "wrong_discard_penalty",
        "strict",
        "choice",
        "Wrong discard: strict (paid like a revoke) or mild (the discarder bears his side's result)",
        "Hibás skart: szigorú (mint a renonsz) vagy enyhe (a skartoló viseli pártja eredményét)",
        choices=("strict", "mild"),
        choice_labels=(Text("strict", "szigorú"), Text("mild", "enyhe")),
    ),
    _rule(
        "penalty_includes_contras",
        True,
        "bool",
        "Revoke and wrong-discard payments include the contra multipliers",
        "A renonsz és a hibás skart fizetése a kontrákkal együtt számít",
    ),
    _rule(
        "talon_counts_for_figures",
        True,
        "bool",
        "Talon cards count for the figures of the side they count for (recording convention)",
        "A talon lapjai annak a pártnak a figuráihoz számítanak, amelyé (rögzítési szokás)",
    ),
    _rule(
        "silent_ultimo_lost_pays",
        False,
        "bool",
        "A pagát beaten in the last trick pays the silent pagátultimó value",
        "Az utolsó ütésben elfogott pagát kifizeti a csendes pagátultimót",
    ),
    _rule(
        "allow_reannounce_after_contra",
        True,
        "bool",
        "Both sides may announce the same figure (seed 004 §55)",
        "Ugyanazt a figurát mindkét párt bemondhatja (Tolnai, 55. §)",
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        "Play with an ultimókassza (5 each per hand without a game; the pagátultimó takes it)",
        "Ultimókasszával (játék nélküli leosztásnál 5-5; a pagátultimó viszi)",
        group=Text("Ultimókassza", "Ultimókassza"),
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        "At the end of the night the kassza is split equally or carried over",
        "Az este végén a kasszát egyenlően elosztják vagy továbbviszik",
        choices=("split_equally", "carry_over"),
        choice_labels=(
            Text("split equally", "egyenlően szétosztva"),
            Text("carry over", "átvisszük"),
        ),
        group=Text("Ultimókassza", "Ultimókassza"),
    ),
    _rule(
        "five_players",
        False,
        "choice",
        "Five players (dealer sits out): not described for Királyhívó, not supported",
        "Öt játékos (az osztó kimarad): a királyhívónál nincs leírva, nem támogatott",
        choices=(False,),
        choice_labels=(Text("not supported", "nem támogatott"),),
    ),
)


class KiralyhivoState(NamedTuple):
    # A NamedTuple, not a frozen dataclass: one is built per hand, and a tuple is several
    # times cheaper to build (dump_state / load_state give the same JSON either way).
    last_dealer: str | None
    pot: int
    hands: int


def _mult(level: int) -> str:
    return f" × {2**level} ({CONTRA_NAMES[level]})" if level else ""


@lru_cache(maxsize=256)
def _arith(value: int, level: int) -> str:
    """`6` or `6 × 2 (kontra) = 12`."""
    return (
        f"{value} × {2**level} ({CONTRA_NAMES[level]}) = {value * 2**level}"
        if level
        else str(value)
    )


def _names(who: Iterable[str]) -> str:
    return ", ".join(who)


class _Flow:
    """Spreads an amount `a` per opponent over the hand's sides, and says who pays whom."""

    __slots__ = ("alone", "back", "forth", "opponents", "side")

    def __init__(self, side: tuple[str, ...], opponents: tuple[str, ...]) -> None:
        self.side = side
        self.opponents = opponents
        self.alone = len(side) == 1
        ours, theirs = ", ".join(side), ", ".join(opponents)
        self.forth = f"{theirs} → {ours}"  # the declarer side wins the item
        self.back = f"{ours} → {theirs}"

    def item(self, en: str, hu: str, a: int) -> Line:
        # `_new_tuple(Text, …)` / `_new_tuple(Line, …)`: the same NamedTuples as `Text(…)` /
        # `Line(…)`, without their Python-level `__new__` (several items per hand).
        if a == 0:
            return _new_tuple(Line, (_new_tuple(Text, (en, hu)), NOTHING, NOTHING))
        n, arrow = (a, self.forth) if a > 0 else (-a, self.back)
        o = self.opponents
        if self.alone:  # one vs three: the declarer gets or pays 3a
            deltas = {self.side[0]: 3 * a, o[0]: -a, o[1]: -a, o[2]: -a}
        else:  # pair vs pair: each loser pays one winner
            deltas = {self.side[0]: a, self.side[1]: a, o[0]: -a, o[1]: -a}
        tail_en, tail_hu = _flow_tail(arrow, n, self.alone)
        return _new_tuple(Line, (_new_tuple(Text, (en + tail_en, hu + tail_hu)), deltas, NOTHING))


_new_tuple = tuple.__new__


@lru_cache(maxsize=1024)
def _flow_tail(arrow: str, n: int, alone: bool) -> tuple[str, str]:
    """Who pays whom, appended to an item: `; A, B → C, D: 2 each` (one vs three: `= 3n`)."""
    if alone:
        return f"; {arrow}: {n} each = {3 * n}", f"; {arrow}: fejenként {n} = {3 * n}"
    return f"; {arrow}: {n} each", f"; {arrow}: fejenként {n}"


NO_CALL = Text("", "")
# One shared empty mapping for lines without amounts: fewer objects for the collector to scan.
NOTHING: Mapping[str, int] = MappingProxyType({})


def _line(
    text: Text, deltas: Mapping[str, int] = NOTHING, pots: Mapping[str, int] = NOTHING
) -> Line:
    return Line(text, deltas, pots)


SIDE_NAMES = {
    DECLARER: Text("declarer side", "felvevő párt"),
    OPPONENTS: Text("opponents", "ellenpárt"),
}


def _has(hand: Mapping[str, Any], name: str) -> bool:
    return hand.get(name) is not None


# Fast paths: a valid value is returned at once; the Reader words the problem otherwise.
def _choice(r: Reader, name: str, choices: tuple[str, ...], *, optional: bool = False) -> Any:
    value = r.data.get(name)
    if value.__class__ is str and value in choices:
        return value
    return r.choice(name, choices, optional=optional)


def _player(
    r: Reader, name: str, players: tuple[str, ...], *, optional: bool = False
) -> str | None:
    value = r.data.get(name)
    if value.__class__ is str and value in players:
        return value
    return r.player(name, players, optional=optional)


class Kiralyhivo:
    key = KEY
    title = Text("Királyhívó (king-calling tarokk)", "Királyhívó tarokk")
    min_players = 4
    max_players = 4
    pot_names = POTS
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # --- session -------------------------------------------------------------------------

    def start(self, session: Session) -> tuple[KiralyhivoState, list[Entry]]:
        pot = (session.opening_pots or {}).get(POT, 0)
        return KiralyhivoState(None, pot, 0), []

    def event(
        self, session: Session, state: KiralyhivoState, event: Mapping[str, Any]
    ) -> tuple[KiralyhivoState, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "Királyhívó has no session events: always the same four players (seed 004 §68)",
            "A királyhívóban nincs ülésesemény: mindig ugyanaz a négy játékos (Tolnai, 68. §)",
        )

    def end_of_session(self, session: Session, state: KiralyhivoState) -> EndOfSession:
        payouts = dict.fromkeys(session.players, 0)
        balance = state.pot
        if session.house_rules["kassza_end_of_session"] == "carry_over" or balance == 0:
            lines = (
                (
                    _line(
                        Text(
                            f"ultimókassza carried over: {balance}",
                            f"az ultimókassza továbbvíve: {balance}",
                        )
                    ),
                )
                if balance
                else ()
            )
            return EndOfSession(payouts, {POT: balance}, lines)
        move = pots.take(balance, session.players)
        share, rest = move.share, move.rest
        line = move.line(
            POT,
            Text(
                f"ultimókassza {balance} split equally: {balance} ÷ 4 = {share} each, {rest} stays",
                f"az ultimókassza ({balance}) egyenlően elosztva: {balance} ÷ 4 = fejenként {share}, {rest} marad",
            ),
        )
        return EndOfSession(dict(move.deltas), {POT: rest}, (line,))

    def table_hint(self, session: Session, state: KiralyhivoState) -> TableHint:
        players = session.players
        nxt = None
        if state.last_dealer is not None:
            # The deal moves to the right, the direction of play (seed 004 §18, §26).
            nxt = players[(players.index(state.last_dealer) + 1) % len(players)]
        notes: tuple[Text, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.balance_note(state.pot),)
        return TableHint(nxt, (), 1, notes)

    def dump_state(self, state: KiralyhivoState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> KiralyhivoState:
        state: KiralyhivoState = load_dataclass(KiralyhivoState, data)
        return state

    # --- one hand ------------------------------------------------------------------------

    def play(
        self, session: Session, state: KiralyhivoState, hand: Mapping[str, Any], number: int
    ) -> tuple[KiralyhivoState, list[Entry]]:
        problems = Problems()
        r = Reader(hand, problems)
        players = session.players
        rules = session.house_rules
        kassza = rules["ultimo_kassza"]
        get = r.data.get
        # Fast paths: a plainly valid field is taken as it is; `_player` / `_choice` (the
        # Reader) word the problem otherwise.
        dealer = get("dealer")
        if not (dealer.__class__ is str and dealer in players):
            dealer = _player(r, "dealer", players)
        all_pass = hand.get("all_pass")
        if all_pass.__class__ is not bool:
            if all_pass is None:
                problems.add("all_pass", "is required", "kötelező megadni")
            all_pass = r.boolean("all_pass")
        if all_pass:
            return self._all_pass(session, state, r, problems, dealer, number, kassza)

        # Irregularity first: it decides which other fields are needed.
        irr_type: str | None = None
        irr_player: str | None = None
        refused_annulment = False
        irr = r.obj("irregularity", optional=True) if hand.get("irregularity") is not None else None
        if irr is not None:
            irr_type = _choice(irr, "type", IRREGULARITIES)
            if irr_type == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]:
                problems.add(
                    "irregularity.type",
                    "no annulment with the house rule no_tarokk_annulment off: record the hand as played",
                    "a no_tarokk_annulment házszabály nélkül nincs érvénytelenítés: a leosztást le kell játszani",
                )
                irr_type = None
                refused_annulment = True
            irr_player = _player(
                irr, "player", players, optional=irr_type in (None, "no_tarokk_annulment")
            )
        # A refused annulment still has no results: only that problem is reported.
        annulled = irr_type == "no_tarokk_annulment" or refused_annulment

        declarer = get("declarer")
        if not (declarer.__class__ is str and declarer in players):
            declarer = _player(r, "declarer", players, optional=annulled)
        contract = get("contract")
        if not (contract.__class__ is str and contract in CONTRACTS):
            contract = _choice(r, "contract", CONTRACTS, optional=annulled)

        # Called king, partner and the talon king (spec section 13).
        called_king = location = partner = action = None
        if contract in CALLING:
            called_king = get("called_king")
            if not (called_king.__class__ is str and called_king in SUITS):
                called_king = _choice(r, "called_king", SUITS, optional=annulled)
            location = get("called_king_location")
            if not (location.__class__ is str and location in LOCATIONS):
                location = _choice(r, "called_king_location", LOCATIONS, optional=annulled)
        elif contract is not None:
            for name in ("called_king", "called_king_location"):
                if _has(hand, name):
                    problems.add(
                        name,
                        "only at hívás or szóló (a called king)",
                        "csak hívásnál és szólónál (hívott király)",
                    )
        # Whether contract and location are known, so that a field can be said not to fit.
        settled = contract is not None and (contract not in CALLING or location is not None)
        if location == "player":
            partner = get("partner")
            if not (partner.__class__ is str and partner in players):
                partner = _player(r, "partner", players)
            if partner is not None and partner == declarer:
                problems.add(
                    "partner",
                    "the partner cannot be the declarer (record a self-call as called_king_location declarer)",
                    "a partner nem lehet a felvevő (önhívásnál called_king_location: declarer)",
                )
        elif _has(hand, "partner") and settled:
            problems.add(
                "partner",
                "only when called_king_location is player",
                "csak ha called_king_location értéke player",
            )
        if location == "talon" and contract == "hivas":
            action = _choice(r, "talon_king_action", TALON_ACTIONS, optional=annulled)
            if annulled and action == "throw":
                problems.add(
                    "talon_king_action",
                    "a thrown hand is not played, so it cannot be annulled",
                    "az eldobott játékot nem játsszák le, így nem is lehet érvénytelen",
                )
        elif location == "talon" and contract == "szolo" and rules["throw_allowed_at_szolo"]:
            action = _choice(r, "talon_king_action", ("throw",), optional=True)
            if annulled and action == "throw":
                problems.add(
                    "talon_king_action",
                    "a thrown hand is not played, so it cannot be annulled",
                    "az eldobott játékot nem játsszák le, így nem is lehet érvénytelen",
                )
        elif _has(hand, "talon_king_action") and settled:
            problems.add(
                "talon_king_action",
                "only at hívás with the called king in the talon"
                + (" (or szóló, only throw)" if rules["throw_allowed_at_szolo"] else ""),
                "csak hívásnál, ha a hívott király a talonban van"
                + (" (vagy szólónál, csak dobás)" if rules["throw_allowed_at_szolo"] else ""),
            )
        thrown = action == "throw"
        action_refused = action is None and _has(hand, "talon_king_action")
        if thrown and irr_type in ("revoke", "wrong_discard"):
            problems.add(
                "irregularity.type",
                "a thrown hand is not played: no revoke or discard to penalise",
                "az eldobott játékot nem játsszák le: nincs mit büntetni",
            )
        if irr_type == "wrong_discard":
            if contract is not None and contract not in DISCARDING:
                problems.add(
                    "irregularity.type",
                    "a wrong discard only at hívás or hármas (the only contracts with an exchange)",
                    "hibás skart csak hívásnál és hármasnál lehet (csak ott van csere)",
                )
            if irr_player is not None and declarer is not None and irr_player != declarer:
                problems.add(
                    "irregularity.player",
                    f"only the declarer ({declarer}) discards",
                    f"csak a felvevő ({declarer}) skartol",
                )

        # Sides (spec section 6).
        alone = contract in ("harmas", "szolo_harmas") or location in ("declarer", "talon")
        side: tuple[str, ...] = ()
        opponents: tuple[str, ...] = ()
        if declarer is not None:
            side = (declarer,) if alone or partner is None else (declarer, partner)
            opponents = tuple([p for p in players if p not in side])
        members = {DECLARER: side, OPPONENTS: opponents}

        max_level = MAX_LEVEL[rules["max_contra_level"]]
        game_contra = self._level(r, "game_contra", max_level)
        announcements = (
            self._announcements(r, rules, contract, members, max_level, players)
            if hand.get("announcements") not in (None, [])
            else []
        )
        if (thrown or annulled) and (announcements or game_contra):
            if announcements:
                problems.add(
                    "announcements",
                    "none at a thrown or annulled hand",
                    "eldobott vagy érvénytelen leosztásnál nincs bemondás",
                )
            if game_contra:
                problems.add(
                    "game_contra",
                    "must be 0 at a thrown or annulled hand",
                    "eldobott vagy érvénytelen leosztásnál 0",
                )

        # The called king is in play unless it stayed in the talon (spec section 2 item 8).
        king_in_play = location in ("player", "declarer") or action == "play_took_king_half"
        penalised = (irr_type == "revoke" and rules["revoke_penalty"]) or (
            irr_type == "wrong_discard" and rules["wrong_discard_penalty"] == "strict"
        )
        points = None
        made: dict[str, str] = {}
        king_taken = False
        pagat_lost = None
        if action_refused:
            pass  # played or thrown is unclear: the result is not judged
        elif thrown or annulled:
            if _has(hand, "result"):
                problems.add(
                    "result",
                    "must be null at a thrown or annulled hand",
                    "eldobott vagy érvénytelen leosztásnál null",
                )
        elif not penalised:
            res = r.obj("result")
            if res is not None:
                points = res.data.get("declarer_side_points")
                if not (points.__class__ is int and 0 <= points <= TOTAL):
                    points = res.integer("declarer_side_points", lo=0, hi=TOTAL)
                made = self._figures_made(res, contract, king_in_play)
                taken = res.data.get("called_king_taken_by_opponents")
                king_taken = (
                    taken is True
                    if taken is None or taken.__class__ is bool
                    else res.boolean("called_king_taken_by_opponents")
                )
                if king_taken and not (contract in CALLING and king_in_play):
                    problems.add(
                        "result.called_king_taken_by_opponents",
                        "only with a called king in play (not one that stayed in the talon)",
                        "csak játékban lévő hívott királlyal (nem a talonban maradttal)",
                    )
                if rules["silent_ultimo_lost_pays"]:
                    pagat_lost = _choice(res, "pagat_lost_last_trick", SIDES, optional=True)
                    if pagat_lost is not None and "pagat_ultimo" in made:
                        problems.add(
                            "result.pagat_lost_last_trick",
                            "the pagát cannot both win and be beaten in the last trick",
                            "a pagát nem nyerheti meg és nem veszítheti el egyszerre az utolsó ütést",
                        )
        problems.raise_if_any()
        assert declarer is not None or annulled

        # --- scoring ---------------------------------------------------------------------
        lines: list[Line] = []
        pot = state.pot
        name = CONTRACT_NAMES.get(contract or "", "")
        king = KING_NAMES[called_king] if called_king else None
        if annulled:
            who = f" ({irr_player})" if irr_player else ""
            lines.append(
                _line(
                    Text(
                        f"hand annulled: a player{who} has no tarokk (seed 004 §38); nobody pays",
                        f"érvénytelen leosztás: egy játékosnak{who} nincs tarokkja (Tolnai, 38. §); nincs fizetés",
                    )
                )
            )
            summary = Text("annulled (no tarokk)", "érvénytelen (nincs tarokk)")
            if kassza:
                pot = self._no_game_pot(lines, players, pot)
            return self._done(session, state, number, dealer, lines, summary, pot)
        assert declarer is not None
        assert contract is not None
        voluntary = location == "declarer" and bool(rules["allow_voluntary_self_call"])
        head = self._head(declarer, name, king, location, partner, voluntary)

        if thrown:
            assert king is not None
            pay = THROW_PAYMENT
            deltas = dict.fromkeys(opponents, pay)
            deltas[declarer] = -pay * len(opponents)
            lines.append(
                _line(
                    Text(
                        f"throw, {king.en} in the talon (seed 004 §68): {declarer} → {_names(opponents)}: {pay} each = {3 * pay}",
                        f"dobás, {king.hu} a talonban (Tolnai, 68. §): {declarer} → {_names(opponents)}: fejenként {pay} = {3 * pay}",
                    ),
                    deltas,
                )
            )
            summary = Text(
                f"{declarer} {name}, {king.en} in the talon: thrown",
                f"{declarer} {name}, {king.hu} a talonban: dobás",
            )
            if kassza:
                pot = self._no_game_pot(lines, players, pot)
            return self._done(session, state, number, dealer, lines, summary, pot)

        if penalised:
            assert irr_type is not None
            assert irr_player is not None
            self._penalty(
                lines,
                head,
                rules,
                contract,
                game_contra,
                announcements,
                irr_type,
                irr_player,
                players,
            )
            kind = (
                Text("revoke", "renonsz")
                if irr_type == "revoke"
                else Text("wrong discard", "hibás skart")
            )
            summary = Text(
                f"{declarer} {name}: {kind.en} by {irr_player}",
                f"{declarer} {name}: {irr_player} {kind.hu}",
            )
            return self._done(session, state, number, dealer, lines, summary, pot)

        assert points is not None
        net = self._score(
            lines,
            head,
            rules,
            contract,
            _Flow(side, opponents),
            game_contra,
            announcements,
            made,
            points,
            king_taken,
            action,
            pagat_lost,
            king,
        )
        if irr_type == "revoke":
            lines.append(
                _line(
                    Text(
                        f"revoke by {irr_player}: not penalised (house rule revoke_penalty off)",
                        f"{irr_player} renonsza: nincs büntetés (revoke_penalty házszabály ki)",
                    )
                )
            )
        elif irr_type == "wrong_discard":
            lines.append(self._mild(net, declarer, side, opponents))
        if kassza:
            pot = self._kassza(lines, pot, announcements, made, members)
        won = points >= WIN
        call = self._call(king, partner, location)
        summary = Text(
            f"{declarer} {name}{call.en}, {points} card points, {'won' if won else 'lost'}",
            f"{declarer} {name}{call.hu}, {points} pont, {'nyert' if won else 'bukott'}",
        )
        return self._done(session, state, number, dealer, lines, summary, pot)

    # --- reading helpers -----------------------------------------------------------------

    @staticmethod
    def _level(r: Reader, name: str, max_level: int) -> int:
        value = r.data.get(name)
        if value.__class__ is int and 0 <= value <= max_level:
            return value
        level = r.integer(name, lo=0, hi=5, default=0)
        if level is None:
            return 0
        if level > max_level:
            r.problems.add(
                r.path(name),
                f"{level} is above the house rule max_contra_level ({CONTRA_NAMES[max_level]})",
                f"{level} magasabb a max_contra_level házszabálynál ({CONTRA_NAMES[max_level]})",
            )
            return 0
        return level

    def _announcements(
        self,
        r: Reader,
        rules: Mapping[str, Any],
        contract: str | None,
        members: Mapping[str, tuple[str, ...]],
        max_level: int,
        players: tuple[str, ...],
    ) -> list[tuple[str, str, str, int]]:
        """(figure, side, by, contra level) per announcement, checked (spec section 13)."""
        result: list[tuple[str, str, str, int]] = []
        seen: dict[str, list[str]] = {}
        problems = r.problems
        raw = r.data.get("announcements")
        if raw.__class__ is not list:
            r.items("announcements")  # words the problem
            return result
        for i, data in enumerate(raw):
            # Fast path for a well-formed item; the Reader words the problems otherwise.
            figure = side = by = None
            level: Any = None
            if data.__class__ is dict:
                figure, side, by = data.get("figure"), data.get("side"), data.get("by")
                level = data.get("contra")
                if level is None:
                    level = 0
            if not (
                figure.__class__ is str
                and figure in FIGURE_NAMES
                and side.__class__ is str
                and side in SIDES
                and by.__class__ is str
                and by in players
                and level.__class__ is int
                and 0 <= level <= max_level
            ):
                item = Reader(data, problems, f"announcements[{i}]")
                figure = _choice(item, "figure", FIGURES)
                side = _choice(item, "side", SIDES)
                by = _player(item, "by", players)
                level = self._level(item, "contra", max_level)
            if figure is None or side is None:
                continue
            path = f"announcements[{i}]"
            if by is not None and members[side] and by not in members[side]:
                problems.add(
                    f"{path}.by",
                    f"{by} is not on the {SIDE_NAMES[side].en} ({_names(members[side])})",
                    f"{by} nem a(z) {SIDE_NAMES[side].hu} tagja ({_names(members[side])})",
                )
            if figure == "king_ultimo" and (side != DECLARER or contract not in CALLING):
                problems.add(
                    f"{path}.figure",
                    "királyultimó only at hívás or szóló, and only by the declarer side",
                    "királyultimó csak hívásnál és szólónál, és csak a felvevő pártjától",
                )
                continue
            sides = seen.setdefault(figure, [])
            if side in sides:
                problems.add(
                    f"{path}.figure",
                    f"{FIGURE_NAMES[figure]} is announced twice by the {SIDE_NAMES[side].en}",
                    f"a(z) {SIDE_NAMES[side].hu} kétszer mondta be: {FIGURE_NAMES[figure]}",
                )
                continue
            if sides and not rules["allow_reannounce_after_contra"]:
                problems.add(
                    f"{path}.figure",
                    f"{FIGURE_NAMES[figure]} is already announced by the other side "
                    "(house rule allow_reannounce_after_contra off)",
                    f"a(z) {FIGURE_NAMES[figure]} már a másik párt bemondása "
                    "(allow_reannounce_after_contra házszabály ki)",
                )
                continue
            sides.append(side)
            result.append((figure, side, by or "", level))
        return result

    @staticmethod
    def _figures_made(res: Reader, contract: str | None, king_in_play: bool) -> dict[str, str]:
        """figure → side that made it (spec section 13: a missing key = null = not made)."""
        made: dict[str, str] = {}
        if res.data.get("figures_made") is None:
            return made  # what `res.obj` gives for a missing or null optional object
        fm = res.obj("figures_made", optional=True)
        if fm is None:
            return made
        for figure, side in fm.data.items():
            if side is None and figure in FIGURE_NAMES:
                continue
            if (
                side.__class__ is str
                and side in SIDES
                and figure in FIGURE_NAMES
                and figure != "king_ultimo"
            ):
                made[figure] = side  # the usual case, as the `else` below books it
                continue
            path = fm.path(str(figure))
            if figure not in FIGURE_NAMES:
                res.problems.add(
                    path,
                    f"is not a figure ({', '.join(FIGURES)})",
                    f"nem figura ({', '.join(FIGURES)})",
                )
            elif side not in SIDES:
                res.problems.add(
                    path,
                    f"{side!r} is not declarer, opponents or null",
                    f"{side!r} nem declarer, opponents vagy null",
                )
            elif figure == "king_ultimo" and (
                side != DECLARER or contract not in CALLING or not king_in_play
            ):
                res.problems.add(
                    path,
                    "királyultimó is made only by the declarer side, at hívás or szóló, "
                    "with the called king in play",
                    "királyultimót csak a felvevő pártja csinálhat, hívásnál vagy szólónál, "
                    "játékban lévő hívott királlyal",
                )
            else:
                made[figure] = side
        # Pagátultimó, királyultimó and volát all say who won the last trick.
        last = None
        for figure in LAST_TRICK_FIGURES:
            if figure in made:
                if last is not None and made[figure] != last:
                    res.problems.add(
                        fm.path(figure),
                        "contradicts who won the last trick (see volat / pagat_ultimo)",
                        "ellentmond annak, hogy ki vitte az utolsó ütést (volat / pagat_ultimo)",
                    )
                last = made[figure]
        return made

    # --- scoring helpers -----------------------------------------------------------------

    @staticmethod
    @lru_cache(maxsize=256)
    def _call(king: Text | None, partner: str | None, location: str | None) -> Text:
        if king is None:
            return NO_CALL
        if location == "player":
            return Text(f" ({king.en}: {partner})", f" ({king.hu}: {partner})")
        if location == "declarer":
            return Text(f" ({king.en}: self-call)", f" ({king.hu}: önhívás)")
        return Text(f" ({king.en}: in the talon)", f" ({king.hu}: a talonban)")

    @staticmethod
    @lru_cache(maxsize=1024)
    def _head(
        declarer: str,
        name: str,
        king: Text | None,
        location: str | None,
        partner: str | None,
        voluntary_self_call: bool,
    ) -> Text:
        """The contract and its sides, e.g. `hívás by A (calls ♥K: partner C)`; built once
        per distinct case (a night has a few hundred)."""
        if king is None:
            return Text(f"{name} by {declarer} (alone)", f"{name}, {declarer} (egyedül)")
        if location == "player":
            return Text(
                f"{name} by {declarer} (calls {king.en}: partner {partner})",
                f"{name}, {declarer} ({king.hu} hívva: partner {partner})",
            )
        if location == "declarer":
            if voluntary_self_call:
                return Text(
                    f"{name} by {declarer} (calls his own {king.en}: self-call, alone)",
                    f"{name}, {declarer} (saját {king.hu} hívva: önhívás, egyedül)",
                )
            return Text(
                f"{name} by {declarer} (calls his own {king.en}: self-call, he holds all four kings; alone)",
                f"{name}, {declarer} (saját {king.hu} hívva: önhívás, mind a négy király nála; egyedül)",
            )
        return Text(
            f"{name} by {declarer} ({king.en} in the talon: alone)",
            f"{name}, {declarer} ({king.hu} a talonban: egyedül)",
        )

    @staticmethod
    def _values(rules: Mapping[str, Any], contract: str, figure: str) -> tuple[int, int]:
        return VALUES[contract, rules["ultimo_values_follow_figures"]][figure]

    def _score(
        self,
        lines: list[Line],
        head: Text,
        rules: Mapping[str, Any],
        contract: str,
        flow: _Flow,
        game_contra: int,
        announcements: list[tuple[str, str, str, int]],
        made: Mapping[str, str],
        points: int,
        king_taken: bool,
        action: str | None,
        pagat_lost: str | None,
        king: Text | None,
    ) -> int:
        """Book the items of a played hand (spec section 6); return the net `a`."""
        values = VALUES[contract, rules["ultimo_values_follow_figures"]]
        net = 0
        announced = set()
        volat_announced = False
        for f, s, _, _ in announcements:
            announced.add((f, s))
            volat_announced = volat_announced or f == "volat"
        volat_made = "volat" in made

        # 1. The game (seed 004 §68–§69), unless a volát replaces it (seed 004 §53).
        if rules["volat_replaces_game"] and (volat_made or volat_announced):
            lines.append(
                _line(
                    Text(
                        f"{head.en}: game not scored ({points} card points), the volát replaces it (seed 004 §53)",
                        f"{head.hu}: a játék nem számít ({points} pont), a volát helyettesíti (Tolnai, 53. §)",
                    )
                )
            )
        else:
            base = BASE[contract]
            a = base * 2**game_contra
            arith = _arith(base, game_contra)
            if points >= WIN:
                en = f"{head.en}: won, {points} ≥ {WIN} card points: {arith}"
                hu = f"{head.hu}: megnyerve, {points} ≥ {WIN} pont: {arith}"
            else:
                en = f"{head.en}: lost, {points} < {WIN} card points: {arith}"
                hu = f"{head.hu}: elbukva, {points} < {WIN} pont: {arith}"
                a = -a
            lines.append(flow.item(en, hu, a))
            net += a

        # 2. Figures, each on its own (seed 004 §53–§55, §68–§69).
        for figure, s, by, level in announcements:
            silent, value = values[figure]
            a = value * 2**level
            fig = FIGURE_NAMES[figure]
            who = SIDE_NAMES[s]
            arith = _arith(value, level)
            if made.get(figure) == s:
                en = f"{fig} announced by {by} ({who.en}), made: {arith}"
                hu = f"bemondott {fig} ({by}, {who.hu}), megcsinálva: {arith}"
                signed = a if s == DECLARER else -a
            else:
                en = f"{fig} announced by {by} ({who.en}), failed: {arith}"
                hu = f"bemondott {fig} ({by}, {who.hu}), elbukva: {arith}"
                signed = -a if s == DECLARER else a
            lines.append(flow.item(en, hu, signed))
            net += signed
            if s == OPPONENTS and figure in MUST_CONTRA and game_contra == 0:
                lines.append(
                    _line(
                        Text(
                            f"note: {by} announced {fig} without a kontra on the game (seed 004 §50, §51 asks for one)",
                            f"megjegyzés: {by} kontra nélkül mondta be: {fig} (Tolnai, 50. §; az 51. § szerint kontrázni kell)",
                        )
                    )
                )
        for figure in FIGURES if made else ():
            maker = made.get(figure)
            if maker is None or (figure, maker) in announced:
                continue
            silent = values[figure][0]
            fig = FIGURE_NAMES[figure]
            who = SIDE_NAMES[maker]
            if volat_made and figure in VOLAT_CANCELS and rules["volat_cancels_silent_figures"]:
                lines.append(
                    _line(
                        Text(
                            f"silent {fig} ({who.en}) not paid: a volát was made (seed 004 §53)",
                            f"csendes {fig} ({who.hu}) nem jár: volát lett (Tolnai, 53. §)",
                        )
                    )
                )
                continue
            signed = silent if maker == DECLARER else -silent
            lines.append(
                flow.item(
                    f"silent {fig}, {who.en}: {silent}",
                    f"csendes {fig}, {who.hu}: {silent}",
                    signed,
                )
            )
            net += signed
        if pagat_lost is not None and ("pagat_ultimo", pagat_lost) not in announced:
            silent = values["pagat_ultimo"][0]
            who = SIDE_NAMES[pagat_lost]
            signed = -silent if pagat_lost == DECLARER else silent
            lines.append(
                flow.item(
                    f"silent pagátultimó lost, {who.en} (house rule silent_ultimo_lost_pays): {silent}",
                    f"csendes pagátultimó elbukva, {who.hu} (silent_ultimo_lost_pays házszabály): {silent}",
                    signed,
                )
            )
            net += signed

        # 3. Called-king fines, never multiplied (seed 004 §68–§69), charged once (spec K5).
        if action == "play_left_king_half":
            assert king is not None
            fine = KING_FINE * 2 if rules["talon_king_fine_stacks"] else KING_FINE
            arith = f"{KING_FINE} + {KING_FINE} = {fine}" if fine != KING_FINE else f"{fine}"
            lines.append(
                flow.item(
                    f"{king.en}'s talon half left to the opponents (seed 004 §68): fine {arith}",
                    f"a(z) {king.hu} talonfele az ellenfeleknél maradt (Tolnai, 68. §): bírság {arith}",
                    -fine,
                )
            )
            net -= fine
        elif king_taken:
            assert king is not None
            lines.append(
                flow.item(
                    f"called {king.en} taken home by the opponents (seed 004 §69): fine {KING_FINE}",
                    f"a hívott {king.hu} az ellenfélhez került (Tolnai, 69. §): bírság {KING_FINE}",
                    -KING_FINE,
                )
            )
            net -= KING_FINE
        return net

    @staticmethod
    def _penalty(
        lines: list[Line],
        head: Text,
        rules: Mapping[str, Any],
        contract: str,
        game_contra: int,
        announcements: list[tuple[str, str, str, int]],
        irr_type: str,
        offender: str,
        players: tuple[str, ...],
    ) -> None:
        """Revoke (seed 004 §62*) or strict wrong discard (seed 004 §38): the offender pays
        each other player the game and every announcement, as they stand."""
        with_contras = rules["penalty_includes_contras"]
        base = BASE[contract]
        level = game_contra if with_contras else 0
        parts = [f"{base}{_mult(level)}"]
        x = base * 2**level
        for figure, _s, _by, contra in announcements:
            _, value = Kiralyhivo._values(rules, contract, figure)
            lvl = contra if with_contras else 0
            parts.append(f"{value}{_mult(lvl)} ({FIGURE_NAMES[figure]})")
            x += value * 2**lvl
        others = tuple(p for p in players if p != offender)
        deltas = dict.fromkeys(others, x)
        deltas[offender] = -x * len(others)
        arith = " + ".join(parts)
        if irr_type == "revoke":
            what = Text("revoke (seed 004 §62*)", "renonsz (Tolnai, 62*. §)")
        else:
            what = Text("wrong discard (seed 004 §38)", "hibás skart (Tolnai, 38. §)")
        lines.append(
            _line(
                Text(
                    f"{head.en}; {what.en} by {offender}: X = {arith} = {x}; {offender} → {_names(others)}: {x} each = {3 * x}",
                    f"{head.hu}; {what.hu}, {offender}: X = {arith} = {x}; {offender} → {_names(others)}: fejenként {x} = {3 * x}",
                ),
                deltas,
            )
        )

    @staticmethod
    def _mild(net: int, declarer: str, side: tuple[str, ...], opponents: tuple[str, ...]) -> Line:
        """Mild wrong discard (spec K9): the declarer alone bears his side's result."""
        n = abs(net)
        head_en = (
            f"wrong discard by {declarer}, mild (seed 004 §38): he bears the result {net:+} alone"
        )
        head_hu = f"hibás skart ({declarer}), enyhe (Tolnai, 38. §): az eredményt ({net:+}) egyedül viseli"
        if net == 0 or (len(side) == 1 and net < 0):
            return _line(Text(f"{head_en}; nothing changes", f"{head_hu}; nincs változás"))
        if len(side) == 1:  # won alone: nobody pays
            deltas = dict.fromkeys(opponents, n)
            deltas[declarer] = -3 * n
            return _line(
                Text(f"{head_en}: nobody pays him", f"{head_hu}: senki nem fizet neki"), deltas
            )
        partner = side[1]
        if net > 0:  # the opponents pay nothing, he pays his partner n
            deltas = dict.fromkeys(opponents, n)
            deltas[declarer] = -2 * n
            return _line(
                Text(
                    f"{head_en}: the opponents pay nothing; {declarer} → {partner}: {n}",
                    f"{head_hu}: az ellenfelek nem fizetnek; {declarer} → {partner}: {n}",
                ),
                deltas,
            )
        # Lost: he pays 2n, n to each opponent; his partner pays nothing.
        deltas = {declarer: -n, partner: n}
        return _line(
            Text(
                f"{head_en}: {declarer} → {_names(opponents)}: {n} each = {2 * n}; {partner} pays nothing",
                f"{head_hu}: {declarer} → {_names(opponents)}: fejenként {n} = {2 * n}; {partner} nem fizet",
            ),
            deltas,
        )

    @staticmethod
    def _no_game_pot(lines: list[Line], players: tuple[str, ...], pot: int) -> int:
        move = pots.pay_in(players, NO_GAME_POT)
        lines.append(
            move.line(
                POT,
                Text(
                    f"no game: each pays {NO_GAME_POT} into the ultimókassza (seed 004 §38): 4 × {NO_GAME_POT} = {4 * NO_GAME_POT}",
                    f"nincs játék: mindenki {NO_GAME_POT}-öt fizet az ultimókasszába (Tolnai, 38. §): 4 × {NO_GAME_POT} = {4 * NO_GAME_POT}",
                ),
            )
        )
        return pot + move.change

    @staticmethod
    def _kassza(
        lines: list[Line],
        pot: int,
        announcements: list[tuple[str, str, str, int]],
        made: Mapping[str, str],
        members: Mapping[str, tuple[str, ...]],
    ) -> int:
        """Announced pagátultimó takes or doubles the ultimókassza (seed 004 §54*), the
        declarer side's announcement first (spec section 8)."""
        for s in SIDES:
            by = next(
                (b for f, side, b, _ in announcements if f == "pagat_ultimo" and side == s), None
            )
            if by is None or pot == 0:
                continue
            team = members[s]
            k = len(team)
            if made.get("pagat_ultimo") == s:
                move = pots.take(pot, team)
                share, rest = move.share, move.rest
                lines.append(
                    move.line(
                        POT,
                        Text(
                            f"pagátultimó made (seed 004 §54*): {by} takes the ultimókassza: {pot}"
                            if k == 1
                            else f"pagátultimó made (seed 004 §54*): {_names(team)} take the ultimókassza {pot}: {pot} ÷ {k} = {share} each, {rest} stays",
                            f"pagátultimó megcsinálva (Tolnai, 54*. §): {by} viszi az ultimókasszát: {pot}"
                            if k == 1
                            else f"pagátultimó megcsinálva (Tolnai, 54*. §): {_names(team)} viszik az ultimókasszát ({pot}): {pot} ÷ {k} = fejenként {share}, {rest} marad",
                        ),
                    )
                )
            else:
                move = pots.double(pot, team, by)
                share, rest = move.share, move.rest
                extra_en = f", {by} also pays the remainder {rest}" if rest else ""
                extra_hu = f", {by} a maradékot ({rest}) is fizeti" if rest else ""
                lines.append(
                    move.line(
                        POT,
                        Text(
                            f"pagátultimó failed (seed 004 §54*): {by} doubles the ultimókassza: pays {pot}"
                            if k == 1
                            else f"pagátultimó failed (seed 004 §54*): {_names(team)} double the ultimókassza {pot}: {pot} ÷ {k} = {share} each{extra_en}",
                            f"pagátultimó elbukva (Tolnai, 54*. §): {by} megduplázza az ultimókasszát: fizet {pot}"
                            if k == 1
                            else f"pagátultimó elbukva (Tolnai, 54*. §): {_names(team)} megduplázzák az ultimókasszát ({pot}): {pot} ÷ {k} = fejenként {share}{extra_hu}",
                        ),
                    )
                )
            pot += move.change
        return pot

    def _all_pass(
        self,
        session: Session,
        state: KiralyhivoState,
        r: Reader,
        problems: Problems,
        dealer: str | None,
        number: int,
        kassza: bool,
    ) -> tuple[KiralyhivoState, list[Entry]]:
        """Everybody passed: no game, the next dealer deals (seed 004 §26)."""
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
            if _has(r.data, name):
                problems.add(name, "must be null when all passed", "null, ha mindenki passzolt")
        if r.raw("game_contra") not in (None, 0):
            problems.add("game_contra", "must be 0 when all passed", "0, ha mindenki passzolt")
        if r.raw("announcements") not in (None, []):
            problems.add(
                "announcements", "must be empty when all passed", "üres, ha mindenki passzolt"
            )
        problems.raise_if_any()
        lines = [
            _line(
                Text(
                    "all passed: no game (seed 004 §26)",
                    "mindenki passzolt: nincs játék (Tolnai, 26. §)",
                )
            )
        ]
        pot = state.pot
        if kassza:
            pot = self._no_game_pot(lines, session.players, pot)
        return self._done(
            session, state, number, dealer, lines, Text("all passed", "mindenki passz"), pot
        )

    @staticmethod
    def _done(
        session: Session,
        state: KiralyhivoState,
        number: int,
        dealer: str | None,
        lines: list[Line],
        summary: Text,
        pot: int,
    ) -> tuple[KiralyhivoState, list[Entry]]:
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=session.players,
            pot_names=POTS,
            lines=lines,
            summary=summary,
        )
        return KiralyhivoState(dealer, pot, state.hands + 1), [entry]


VARIANT = Kiralyhivo()
