"""Tapper tarokk (tappertarokk): three players, 54 or 42 cards (spec `rules/tapper.md`).

The declarer plays alone against two; every item is an amount `a` per opponent (§6).
Hand-held bonuses (fejek, tulétroá, four kings) are paid to their holder by each other
player, whoever won, but only to a holder who took part in the bidding (seed 004 §71).

A hand is read in three steps: `read` (the record into a `Hand`, one reader per record
section), the `_check_*` rules (cross-field, each problem naming its field), then `score`
(the game, figures, bonuses, the ultimókassza, or an irregularity's penalty).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from scorebook.engine import pots
from scorebook.engine.errors import Problems
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, PLAYERS, TEXT, fields, rows
from scorebook.engine.types import Amount, EndOfSession, Entry, HouseRule, Line, Session, Text
from scorebook.engine.variants._hungarian import (
    DECLARER,
    GAME,
    OPPONENTS,
    POT,
    SIDES,
    PotGame,
    PotState,
    check_no_game,
    contra_word,
    kassza_fee,
    next_dealer,
    other,
    penalty_sum,
    signed,
    split_at_end,
    ultimo_failed,
)
from scorebook.engine.variants._tarokk_count import (
    bonus_step_problem,
    is_bonus_step,
    read_tarokk_counts,
)

# The hand record (spec §13), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    all_pass=BOOL,
    declarer=PLAYER,
    contract=TEXT,
    bid_participants=PLAYERS,
    game_contra=INT,
    game_contra_by=PLAYERS,
    announcements=rows(figure=TEXT, side=TEXT, by=PLAYER, contra=INT, contra_by=PLAYERS),
    result=fields(
        declarer_points=INT,
        figures_made=fields(pagat_ultimo=TEXT, volat=TEXT),
        pagat_ultimo_player=PLAYER,
    ),
    hand_bonuses=rows(player=PLAYER, bonus=TEXT),
    tarokk_count=rows(player=PLAYER, count=INT),
    irregularity=fields(type=TEXT, player=PLAYER),
)

KEY = "tapper"
CONTRACTS = ("harmas", "also_harmas", "felso_harmas", "szolo")
# Contract values, seed 004 §70: hármas 3, alsó hármas 4, felső hármas 5, szóló 8.
GAME_VALUE = {"harmas": 3, "also_harmas": 4, "felso_harmas": 5, "szolo": 8}
CONTRACT_NAMES = {
    "harmas": "hármas",
    "also_harmas": "alsó hármas",
    "felso_harmas": "felső hármas",
    "szolo": "szóló",
}
# Card-point totals and thresholds, seed 004 §67, §70: 54 cards 70 / 36, 42 cards 66 / 34.
TOTAL = {54: 70, 42: 66}
THRESHOLD = {54: 36, 42: 34}
# Trick figures (silent, announced) in the hármas games, seed 004 §70; doubled in szóló
# ("szólónál ennek kétszerese").
FIGURES: dict[str, tuple[int, int, Text]] = {
    "pagat_ultimo": (3, 6, Text("pagát ultimó", "pagátultimó")),
    "volat": (12, 24, Text("volát", "volát")),
}
# Hand-held bonuses, seed 004 §71: four kings 3, tulétroá 3, fejek 1; doubled in szóló.
BONUSES: dict[str, tuple[int, Text]] = {
    "four_kings": (3, Text("four kings", "négy király")),
    "trull": (3, Text("tulétroá (three honours)", "tulétroá")),
    "heads": (1, Text("fejek (two honours)", "fejek")),
}
IRREGULARITIES = ("revoke", "wrong_discard", "no_tarokk_annulment")


@dataclass(frozen=True, slots=True)
class CountBonusListRule(HouseRule):
    """Null or a list of {"min_tarokks": n, "value": v} (spec §4.3, §13).

    `HouseRule.check` knows no list-valued kind, so this one checks its own values.
    """

    def check(self, value: Any) -> str | None:
        if value is None:
            return None
        if not isinstance(value, list) or not value:
            return f'{value!r} is not null or a list of {{"min_tarokks": n, "value": v}}'
        seen: set[int] = set()
        for item in value:
            if not is_bonus_step(item):
                return f'{item!r} is not {{"min_tarokks": n, "value": v}}'
            problem = bonus_step_problem(item)
            if problem is not None:
                return problem
            if item["min_tarokks"] in seen:
                return f"min_tarokks {item['min_tarokks']} is given twice"
            seen.add(item["min_tarokks"])
        return None


def _rule(name: str, default: Any, kind: str, en: str, hu: str, **kw: Any) -> HouseRule:
    return HouseRule(name, default, kind, Text(en, hu), **kw)


KASSZA = Text("Ultimókassza", "Ultimókassza")
BONUS_GROUP = Text("Hand bonuses", "Kézben tartott díjak")
IMPORTED = Text("Imported general rules", "Átvett általános szabályok")

HOUSE_RULES: tuple[HouseRule, ...] = (
    _rule(
        "deck_size",
        54,
        "choice",
        "Pack: 54 cards (70 card points, 36 wins) or 42 cards (66, 34 wins)",
        "Kártya: 54 lapos (70 pont, 36 nyer) vagy 42 lapos (66 pont, 34 nyer)",
        choices=(54, 42),
        choice_labels=(Text("54 cards", "54 lap"), Text("42 cards", "42 lap")),
    ),
    _rule(
        "ultimo_kassza",
        False,
        "bool",
        "Play with the ultimókassza (an announced ultimó takes or doubles it)",
        "Ultimókasszával játszanak (a bemondott ultimó viszi vagy duplázza)",
        group=KASSZA,
    ),
    _rule(
        "kassza_stake",
        5,
        "int",
        "Stake each player pays into the ultimókassza at the start and whenever it empties",
        "Tét, amit mindenki befizet a kasszába az elején és minden kiürüléskor",
        group=KASSZA,
        minimum=0,
    ),
    _rule(
        "kassza_end_of_session",
        "split_equally",
        "choice",
        "At the end the ultimókassza is split equally (or carried over)",
        "A végén az ultimókasszát egyenlően elosztják (vagy átviszik)",
        choices=("split_equally", "carry_over"),
        choice_labels=(
            Text("split equally", "egyenlően szétosztva"),
            Text("carry over", "átvisszük"),
        ),
        group=KASSZA,
    ),
    _rule(
        "kassza_shared_by_side",
        False,
        "bool",
        "An opponents' ultimó takes or doubles the kassza for both opponents (half each)",
        "Az ellenfelek ultimójánál a kasszát mindketten viszik vagy duplázzák (fele-fele)",
        group=KASSZA,
    ),
    _rule(
        "all_pass_kassza_payment",
        0,
        "int",
        "Each player pays this into the ultimókassza when all pass",
        "Ha mindenki passzol, ennyit fizet mindenki az ultimókasszába",
        group=KASSZA,
        minimum=0,
    ),
    _rule(
        "solo_doubles_game_value",
        False,
        "bool",
        "Szóló doubles the game value too (8 → 16)",
        "Szólóban a játék díja is kétszeres (8 → 16)",
    ),
    _rule(
        "fejek_requires_bidding",
        True,
        "bool",
        "Fejek is paid only to a holder who took part in the bidding",
        "Fejek csak annak jár, aki részt vett a licitben",
        group=BONUS_GROUP,
    ),
    _rule(
        "tuletroa_includes_fejek",
        False,
        "bool",
        "A tulétroá holder is also paid fejek",
        "A tulétroá tulajdonosa fejeket is kap",
        group=BONUS_GROUP,
    ),
    _rule(
        "hand_bonus_basis",
        "after_exchange",
        "choice",
        "Hand bonuses count the hand held at the first lead (or as dealt)",
        "A kézben tartott díjak az első kijátszáskori lapokra (vagy az osztottakra) járnak",
        choices=("after_exchange", "as_dealt"),
        choice_labels=(
            Text("as held at the first lead", "az első kijátszáskor"),
            Text("as dealt", "ahogy kiosztották"),
        ),
        group=BONUS_GROUP,
    ),
    _rule(
        "individual_contras",
        False,
        "bool",
        "A contra binds only the opponent who said it (not both)",
        "A kontra csak a kontrázó ellenfélre vonatkozik (nem mindkettőre)",
    ),
    _rule(
        "opponent_figure_payment",
        "side",
        "choice",
        "An opponent's ultimó is paid side against side (or only to/by that opponent)",
        "Az ellenfél ultimóját a két párt között (vagy csak vele) számolják el",
        choices=("side", "individual"),
        choice_labels=(
            Text("side against side", "párt a párt ellen"),
            Text("only with that opponent", "csak azzal az ellenféllel"),
        ),
    ),
    CountBonusListRule(
        "tarokk_count_bonus",
        None,
        "json",
        Text(
            'Tarokk-count bonus: null or [{"min_tarokks": n, "value": v}, …] paid by each other player',
            'Tarokkszám-díj: null vagy [{"min_tarokks": n, "value": v}, …], mindenki más fizeti',
        ),
    ),
    _rule(
        "volat_replaces_game",
        True,
        "bool",
        "A volát (made or announced) replaces the game (seed 004 §53)",
        "A volát (megcsinált vagy bemondott) helyettesíti a játékot (Tolnai, 53. §)",
        group=IMPORTED,
    ),
    _rule(
        "revoke_penalty",
        True,
        "bool",
        "Revoke / wrong discard: the offender pays each other player, the hand is void",
        "Renonsz / hibás skart: a vétkes mindkét játékosnak fizet, a leosztás érvénytelen",
        group=IMPORTED,
    ),
    _rule(
        "no_tarokk_annulment",
        True,
        "bool",
        "A hand may be annulled when a player has no tarokk or only the XXI",
        "Tarokk nélkül vagy csak a XXI-gyel a leosztás megsemmisíthető",
        group=IMPORTED,
    ),
    _rule(
        "volat_by_opponents",
        True,
        "bool",
        "The opponents may announce a volát too",
        "Az ellenfelek is bemondhatnak volátot",
        group=IMPORTED,
    ),
)


# --- the typed hand ---------------------------------------------------------------------

# Immutable NamedTuples: the cheapest immutable record to build (a replay reads thousands).


class Announcement(NamedTuple):
    figure: str
    side: str
    by: str
    contra: int
    contra_by: tuple[str, ...]  # the opponents whose payments the contra multiplies


class Result(NamedTuple):
    points: int
    made: dict[str, str | None]  # figure -> side
    ultimo_player: str | None


class Played(NamedTuple):
    declarer: str
    opponents: tuple[str, ...]
    contract: str
    participants: tuple[str, ...]  # who took part in the bidding
    game_contra: int
    game_contra_by: tuple[str, ...]
    announcements: tuple[Announcement, ...]
    bonuses: tuple[tuple[str, str], ...]  # (holder, bonus)
    counts: tuple[tuple[str, int], ...]
    irregularity: tuple[str, str | None] | None  # (type, offender)
    result: Result | None  # None when the hand is annulled or voided

    @property
    def annulled(self) -> bool:
        return self.irregularity is not None and self.irregularity[0] == "no_tarokk_annulment"


class Hand(NamedTuple):
    dealer: str
    played: Played | None  # None when all pass


FIGURE_KEYS = tuple(FIGURES)
BONUS_KEYS = tuple(BONUSES)
NO_GAME_NULLS = ("declarer", "contract", "result", "irregularity")
NO_GAME_EMPTIES = ("bid_participants", "announcements", "hand_bonuses", "tarokk_count")


# --- read: the record into a Hand, one reader per section --------------------------------


def read(session: Session, record: Mapping[str, Any]) -> Hand:
    """The hand record (spec §13) as a `Hand`; raises InvalidHand naming every problem."""
    problems = Problems()
    r = Reader(record, problems)
    r.integer("hand_no", lo=1, optional=True)
    dealer = r.player("dealer", session.players)
    all_pass = _read_all_pass(r)
    played: Played | None = None
    if all_pass:
        why_hu = "üresnek kell lennie, ha mindenki passzolt"
        check_no_game(r, NO_GAME_NULLS, NO_GAME_EMPTIES, "when all pass", why_hu)
    elif all_pass is not None:
        played = _read_played(session, r)
    problems.raise_if_any()
    assert dealer is not None
    assert all_pass or played is not None
    return Hand(dealer, played)


def _read_all_pass(r: Reader) -> bool | None:
    value = r.raw("all_pass")
    if isinstance(value, bool):
        return value
    if value is None:
        r.problems.add("all_pass", "is required", "kötelező megadni")
    else:
        r.problems.add("all_pass", f"{value!r} is not true or false", "nem igaz/hamis érték")
    return None


def _read_played(session: Session, r: Reader) -> Played | None:
    """A played hand's sections, each read then checked; None after a problem."""
    players, rules = session.players, session.house_rules
    declarer = r.player("declarer", players)
    contract = r.choice("contract", CONTRACTS)
    opponents = tuple([p for p in players if p != declarer])
    participants = r.players("bid_participants", players)
    if declarer is not None and declarer not in participants:
        r.problems.add(
            "bid_participants",
            f"must contain the declarer {declarer}",
            f"tartalmaznia kell a felvevőt ({declarer})",
        )
    game_contra = r.integer("game_contra", lo=0, hi=5, default=0)
    game_contra_by = _read_contra_by(r, "game_contra_by", rules, opponents, declarer)
    announcements = _read_announcements(r, rules, players, opponents, declarer)
    bonuses = _read_bonuses(r, players)
    counts = read_tarokk_counts(
        r, "tarokk_count", "player", players, scored=rules["tarokk_count_bonus"] is not None
    )
    irregularity = _read_irregularity(r, rules, players, declarer, contract)
    annulled = irregularity is not None and irregularity[0] == "no_tarokk_annulment"
    if annulled:
        _check_annulled(r)
    voided = annulled or (irregularity is not None and bool(rules["revoke_penalty"]))
    res = r.obj("result", optional=voided)
    result = _read_result(session, res, declarer, announcements) if res is not None else None
    if declarer is not None:
        _check_pagat_holder(r, declarer, bonuses, result)
    if declarer is None or contract is None or game_contra is None:
        return None
    return Played(
        declarer=declarer,
        opponents=opponents,
        contract=contract,
        participants=tuple(participants),
        game_contra=game_contra,
        game_contra_by=game_contra_by,
        announcements=announcements,
        bonuses=bonuses,
        counts=tuple(counts),
        irregularity=irregularity,
        result=result,
    )


def _read_contra_by(
    r: Reader,
    name: str,
    rules: Mapping[str, Any],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[str, ...]:
    """The opponents a contra binds: both, unless `individual_contras` names them."""
    if not rules["individual_contras"] or r.raw(name) is None:
        return opponents
    chosen = r.players(name, opponents if declarer is not None else ())
    return tuple(o for o in opponents if o in chosen)


def _read_announcements(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    opponents: tuple[str, ...],
    declarer: str | None,
) -> tuple[Announcement, ...]:
    """The announcements, each checked against its side and the ones before it."""
    announcements: list[Announcement] = []
    for i, item in enumerate(r.items("announcements")):
        figure = item.choice("figure", FIGURE_KEYS)
        side = item.choice("side", SIDES)
        by = item.player("by", players)
        contra = item.integer("contra", lo=0, hi=5, default=0)
        contra_by = _read_contra_by(item, "contra_by", rules, opponents, declarer)
        if figure is None or side is None or by is None or contra is None or declarer is None:
            continue
        a = Announcement(figure, side, by, contra, contra_by)
        if _check_announcement(r.problems, rules, i, a, declarer, announcements):
            announcements.append(a)
    return tuple(announcements)


def _read_bonuses(r: Reader, players: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """The hand-held bonuses (§4.2), each checked against the ones before it."""
    bonuses: list[tuple[str, str]] = []
    for i, item in enumerate(r.items("hand_bonuses")):
        who = item.player("player", players)
        bonus = item.choice("bonus", BONUS_KEYS)
        if who is not None and bonus is not None and _check_bonus(r.problems, i, bonus, bonuses):
            bonuses.append((who, bonus))
    return tuple(bonuses)


def _read_irregularity(
    r: Reader,
    rules: Mapping[str, Any],
    players: tuple[str, ...],
    declarer: str | None,
    contract: str | None,
) -> tuple[str, str | None] | None:
    """The irregularity (§9) and its offender; a wrong discard is the declarer's."""
    irr = r.obj("irregularity", optional=True)
    if irr is None:
        return None
    kind = irr.choice("type", IRREGULARITIES)
    offender = irr.player("player", players, optional=True)
    _check_irregularity(irr, rules, kind, offender, declarer, contract)
    if kind == "wrong_discard":
        offender = declarer
    if kind is None:
        return None
    return kind, offender


def _read_result(
    session: Session,
    res: Reader,
    declarer: str | None,
    announcements: tuple[Announcement, ...],
) -> Result | None:
    points = res.integer("declarer_points", lo=0, hi=TOTAL[session.house_rules["deck_size"]])
    made: dict[str, str | None] = dict.fromkeys(FIGURES)
    figures_made = res.obj("figures_made", optional=True)
    if figures_made is not None:
        for f in FIGURES:
            made[f] = figures_made.choice(f, SIDES, optional=True)
    ultimo_player = res.player("pagat_ultimo_player", session.players, optional=True)
    _check_volat(res.problems, session, points, made)
    if declarer is not None:
        _check_ultimo_player(res.problems, session, declarer, made, ultimo_player)
    if points is None:
        return None
    return Result(points, made, ultimo_player)


# --- check: the cross-field rules, each problem naming its field -------------------------


def _check_announcement(
    problems: Problems,
    rules: Mapping[str, Any],
    i: int,
    a: Announcement,
    declarer: str,
    before: list[Announcement],
) -> bool:
    """The announcer plays on the side named; each figure once; the opponents' volát only
    under the house rule."""
    field = f"announcements[{i}]"
    if a.side != (DECLARER if a.by == declarer else OPPONENTS):
        problems.add(
            f"{field}.side", f"{a.by} plays on the other side", f"{a.by} a másik párton játszik"
        )
        return False
    if any(b.figure == a.figure for b in before):
        problems.add(
            f"{field}.figure",
            f"{a.figure} is already announced",
            f"ezt a figurát ({a.figure}) már bemondták",
        )
        return False
    if a.figure == "volat" and a.side == OPPONENTS and not rules["volat_by_opponents"]:
        problems.add(
            f"{field}.side",
            "the opponents may not announce a volát (house rule volat_by_opponents)",
            "az ellenfelek nem mondhatnak volátot (volat_by_opponents házszabály)",
        )
        return False
    return True


def _check_bonus(problems: Problems, i: int, bonus: str, before: list[tuple[str, str]]) -> bool:
    """One holder per bonus; three honours cannot make both tulétroá and fejek."""
    if any(b == bonus for _, b in before):
        problems.add(
            f"hand_bonuses[{i}].bonus",
            f"only one player can hold {bonus}",
            "ezt a díjat csak egy játékos tarthatja",
        )
        return False
    if {bonus, *(b for _, b in before)} >= {"trull", "heads"}:
        problems.add(
            f"hand_bonuses[{i}].bonus",
            "there are three honours: tulétroá and fejek cannot both be held",
            "három honőr van: tulétroá és fejek nem lehet egyszerre",
        )
        return False
    return True


def _check_irregularity(
    irr: Reader,
    rules: Mapping[str, Any],
    kind: str | None,
    offender: str | None,
    declarer: str | None,
    contract: str | None,
) -> None:
    """A revoke names its revoker; only the declarer discards, and not in szóló; an
    annulment only under the house rule."""
    problems = irr.problems
    if kind == "revoke" and offender is None and not irr.has("player"):
        problems.add("irregularity.player", "the revoker is required", "a renonszoló kötelező")
    if kind == "wrong_discard":
        if offender is not None and declarer is not None and offender != declarer:
            problems.add(
                "irregularity.player", "only the declarer discards", "csak a felvevő skartol"
            )
        elif contract == "szolo":
            problems.add(
                "irregularity.type", "there is no discard in szóló", "szólóban nincs skart"
            )
    if kind == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]:
        problems.add(
            "irregularity.type",
            "annulment is off (house rule no_tarokk_annulment)",
            "a megsemmisítés ki van kapcsolva (no_tarokk_annulment házszabály)",
        )


def _check_annulled(r: Reader) -> None:
    """An annulment comes before the announcements (§9)."""
    for name in ("announcements", "tarokk_count"):
        if r.raw(name):
            r.problems.add(
                name,
                "an annulled hand has no announcements (annulment comes before them)",
                "megsemmisített leosztásban nincs bemondás",
            )


def _check_pagat_holder(
    r: Reader, declarer: str, bonuses: tuple[tuple[str, str], ...], result: Result | None
) -> None:
    """The tulétroá's holder holds the pagát at the first lead (honours are never discarded,
    §3): only he may announce the pagátultimó (§4.1, T7), and only his side make it."""
    holder = next((who for who, bonus in bonuses if bonus == "trull"), None)
    if holder is None:
        return
    raw = r.raw("announcements")
    for i, item in enumerate(raw if isinstance(raw, list) else ()):
        ultimo = isinstance(item, dict) and item.get("figure") == "pagat_ultimo"
        if ultimo and item.get("by") != holder:
            r.problems.add(
                f"announcements[{i}].by",
                f"{holder} holds the tulétroá, so only he holds the pagát to announce it",
                f"{holder} kezében a tulétroá, így a pagát is: csak ő mondhatja be",
            )
    if result is None:
        return
    side = DECLARER if holder == declarer else OPPONENTS
    made = result.made["pagat_ultimo"]
    if made is not None and made != side:
        r.problems.add(
            "result.figures_made.pagat_ultimo",
            f"{holder} holds the tulétroá, so the pagát is on the {side} side",
            f"{holder} kezében a tulétroá, így a pagát az ő pártján van",
        )
    elif made is not None and result.ultimo_player not in (None, holder):
        r.problems.add(
            "result.pagat_ultimo_player",
            f"{holder} holds the tulétroá, so the pagát is his",
            f"{holder} kezében a tulétroá, így a pagát is",
        )


def _check_volat(
    problems: Problems, session: Session, points: int | None, made: dict[str, str | None]
) -> None:
    """A volát is the winner's, and leaves the other side no trick for its pagát."""
    volat = made["volat"]
    if volat is None:
        return
    if points is not None:
        won = points >= THRESHOLD[session.house_rules["deck_size"]]
        if won != (volat == DECLARER):
            problems.add(
                "result.figures_made.volat",
                f"a volát of the {volat} does not fit {points} card points",
                f"a volát nem illik a {points} ponthoz",
            )
    if made["pagat_ultimo"] == other(volat):
        problems.add(
            "result.figures_made.pagat_ultimo",
            f"the {volat} took every trick",
            "a másik párt vitte az összes ütést",
        )


def _check_ultimo_player(
    problems: Problems,
    session: Session,
    declarer: str,
    made: dict[str, str | None],
    ultimo_player: str | None,
) -> None:
    """The ultimó's player made it on his side; named when paid individually (§12 T7)."""
    ultimo = made["pagat_ultimo"]
    if ultimo_player is not None:
        if ultimo is None:
            problems.add(
                "result.pagat_ultimo_player",
                "nobody made the ultimó",
                "senki sem csinálta meg az ultimót",
            )
        elif (DECLARER if ultimo_player == declarer else OPPONENTS) != ultimo:
            problems.add(
                "result.pagat_ultimo_player",
                f"{ultimo_player} is not on the {ultimo} side",
                f"{ultimo_player} nem ezen a párton játszik",
            )
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if ultimo == OPPONENTS and ultimo_player is None and individual:
        problems.add(
            "result.pagat_ultimo_player",
            "is required: the opponents made the ultimó and it is paid individually",
            "kötelező: az ellenfelek ultimóját egyénileg számolják el",
        )


# --- score: the tariff lines and payments -----------------------------------------------


def _payment(declarer: str, opponents: tuple[str, ...], amounts: Mapping[str, int]) -> Text:
    """Who pays whom for one item, `amounts` per opponent from the declarer's view."""
    first = amounts[opponents[0]]
    if all(amounts[o] == first for o in opponents) and first != 0:
        v = abs(first)
        if first > 0:
            return Text(f"each opponent pays {declarer} {v}", f"{declarer} kap {v}-{v}")
        return Text(f"{declarer} pays each opponent {v}", f"{declarer} fizet {v}-{v}")
    parts = []
    for o in opponents:
        a = amounts[o]
        if a:
            parts.append(f"{o} → {declarer} {a}" if a > 0 else f"{declarer} → {o} {-a}")
    shown = ", ".join(parts) or "0"
    return Text(shown, shown)


def _booked(declarer: str, text: Text, amounts: dict[str, int]) -> Line:
    """An item paid per opponent: each opponent pays the declarer his amount (or is paid)."""
    deltas: dict[str, Amount] = {declarer: sum(amounts.values())}
    for o, a in amounts.items():
        deltas[o] = -a
    return Line(text, deltas)


def _multiplied(
    base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...], sign: int
) -> dict[str, int]:
    """`base` per opponent, × 2^level for the opponents the contra binds, signed."""
    m = 2**level
    return {o: sign * base * (m if o in bound else 1) for o in opponents}


def _contra_arith(base: int, level: int, bound: tuple[str, ...], opponents: tuple[str, ...]) -> str:
    m = 2**level
    arith = f"{base} × {m} = {base * m}" if m > 1 else f"{base}"
    if m > 1 and len(bound) < len(opponents):
        arith += f" ({', '.join(bound) or '—'} only)"
    return arith


@lru_cache(maxsize=4096)
def _game_text(
    name: str,
    game_base: int,
    game_contra: int,
    game_contra_by: tuple[str, ...],
    points: int,
    threshold: int,
    declarer: str,
    opponents: tuple[str, ...],
    amounts: tuple[int, ...],
) -> Text:
    """§6 the game's line: its value (× contra), won or lost, and who pays whom."""
    won = points >= threshold
    arith = _contra_arith(game_base, game_contra, game_contra_by, opponents)
    cmp = "≥" if won else "<"
    each = _payment(declarer, opponents, dict(zip(opponents, amounts, strict=True)))
    return Text(
        f"{contra_word(game_contra)}game {name}: {arith}, "
        f"{'won' if won else 'lost'} ({points} {cmp} {threshold}): {each.en}",
        f"{contra_word(game_contra)}játék {name}: {arith}, "
        f"{'nyert' if won else 'bukott'} ({points} {cmp} {threshold}): {each.hu}",
    )


def _game_value(session: Session, p: Played) -> int:
    base = GAME_VALUE[p.contract]
    if p.contract == "szolo" and session.house_rules["solo_doubles_game_value"]:
        return base * 2
    return base


def _game_line(session: Session, p: Played, res: Result, game_base: int) -> Line:
    """§6 the game, unless a volát (made or announced) replaces it (seed 004 §53)."""
    name = CONTRACT_NAMES[p.contract]
    volat = res.made["volat"] is not None or any(a.figure == "volat" for a in p.announcements)
    if session.house_rules["volat_replaces_game"] and volat:
        return Line(
            Text(
                f"game ({name}) not scored: a volát replaces it",
                f"a játékot ({name}) nem számítják: volát helyettesíti",
            )
        )
    threshold = THRESHOLD[session.house_rules["deck_size"]]
    sign = 1 if res.points >= threshold else -1
    amounts = _multiplied(game_base, p.game_contra, p.game_contra_by, p.opponents, sign)
    text = _game_text(
        name,
        game_base,
        p.game_contra,
        p.game_contra_by,
        res.points,
        threshold,
        p.declarer,
        p.opponents,
        tuple(amounts.values()),
    )
    return _booked(p.declarer, text, amounts)


def _only(amounts: dict[str, int], player: str) -> dict[str, int]:
    """§12 T7: only `player` of the opponents pays or is paid."""
    return {o: (a if o == player else 0) for o, a in amounts.items()}


def _announced_line(
    session: Session, p: Played, res: Result, a: Announcement, value: int, name: Text
) -> Line:
    """An announced trick figure, × contra for the opponents it binds, made or failed."""
    won = res.made[a.figure] == a.side
    sign = 1 if (a.side if won else other(a.side)) == DECLARER else -1
    amounts = _multiplied(value, a.contra, a.contra_by, p.opponents, sign)
    individual = session.house_rules["opponent_figure_payment"] == "individual"
    if a.figure == "pagat_ultimo" and individual and a.side == OPPONENTS:
        amounts = _only(amounts, res.ultimo_player if won and res.ultimo_player else a.by)
    arith = _contra_arith(value, a.contra, a.contra_by, p.opponents)
    each = _payment(p.declarer, p.opponents, amounts)
    text = Text(
        f"{contra_word(a.contra)}{name.en} announced by {a.by}: {arith}, "
        f"{'made' if won else 'failed'}: {each.en}",
        f"{contra_word(a.contra)}{name.hu} ({a.by} mondta be): {arith}, "
        f"{'sikerült' if won else 'elbukott'}: {each.hu}",
    )
    return _booked(p.declarer, text, amounts)


def _silent_line(
    session: Session, p: Played, res: Result, figure: str, value: int, name: Text
) -> Line:
    """A trick figure made silently, or against the other side's announcement (seed 004 §55)."""
    made_by = res.made[figure]
    assert made_by is not None
    amounts = dict.fromkeys(p.opponents, value if made_by == DECLARER else -value)
    player = res.ultimo_player if made_by == OPPONENTS and figure == "pagat_ultimo" else None
    if player and session.house_rules["opponent_figure_payment"] == "individual":
        amounts = _only(amounts, player)
    who_en = who_hu = player or ""
    if not player:
        who_en = "declarer" if made_by == DECLARER else "opponents"
        who_hu = "felvevő" if made_by == DECLARER else "ellenfelek"
    each = _payment(p.declarer, p.opponents, amounts)
    text = Text(
        f"silent {name.en} ({who_en}): {value}: {each.en}",
        f"csendes {name.hu} ({who_hu}): {value}: {each.hu}",
    )
    return _booked(p.declarer, text, amounts)


def _figure_lines(session: Session, p: Played, res: Result) -> list[Line]:
    """§6 the trick figures (pagát ultimó, volát), doubled in szóló (seed 004 §70)."""
    factor = 2 if p.contract == "szolo" else 1  # "szólónál ennek kétszerese"
    lines: list[Line] = []
    announced_by_figure = {a.figure: a for a in p.announcements}  # one per figure
    for figure, (silent, announced, name) in FIGURES.items():
        a = announced_by_figure.get(figure)
        made_by = res.made[figure]
        if a is not None:
            lines.append(_announced_line(session, p, res, a, announced * factor, name))
        if made_by is not None and (a is None or a.side != made_by):
            lines.append(_silent_line(session, p, res, figure, silent * factor, name))
    return lines


def _bonus_line(
    session: Session, who: str, kind: str, participants: tuple[str, ...], solo: bool
) -> Line:
    """One hand-held bonus (§4.2), paid by each other player to a bidder (seed 004 §71)."""
    base, bname = BONUSES[kind]
    needs_bid = kind != "heads" or session.house_rules["fejek_requires_bidding"]
    if needs_bid and who not in participants:
        return Line(
            Text(
                f"{bname.en} of {who}: not paid, {who} took no part in the bidding",
                f"{who} {bname.hu}: nem jár, nem vett részt a licitben",
            )
        )
    value = base * 2 if solo else base  # "Szólójátékban minden díj kétszeresére"
    arith = f"{base} × 2 = {value}" if solo else f"{value}"
    after = session.house_rules["hand_bonus_basis"] == "after_exchange"
    basis_en = "held at the first lead" if after else "held as dealt"
    basis_hu = "az első kijátszáskor" if after else "osztáskor"
    players = session.players
    return Line(
        Text(
            f"{bname.en} of {who} ({basis_en}): {arith} from each other player",
            f"{who} {bname.hu} ({basis_hu}): {arith}, mindkét másik játékostól",
        ),
        {q: (value * (len(players) - 1) if q == who else -value) for q in players},
    )


def _bonus_lines(session: Session, p: Played) -> list[Line]:
    lines: list[Line] = []
    for who, bonus in p.bonuses:
        kinds = [bonus]
        if bonus == "trull" and session.house_rules["tuletroa_includes_fejek"]:
            kinds.append("heads")
        for kind in kinds:
            lines.append(_bonus_line(session, who, kind, p.participants, p.contract == "szolo"))
    return lines


def _stake_line(players: tuple[str, ...], stake: int, *, refill: bool) -> Line:
    n = len(players)
    if refill:
        en = "ultimókassza emptied: each player pays the stake again"
        hu = "kiürült az ultimókassza: mindenki újra befizeti a tétet"
    else:
        en, hu = "ultimókassza stake: each player pays", "ultimókassza tét: mindenki befizet"
    text = Text(
        f"{en} {stake} ({n} × {stake} = {n * stake})",
        f"{hu}: {stake} ({n} × {stake} = {n * stake})",
    )
    return pots.pay_in(players, stake).line(POT, text)


def _failed_en(members: tuple[str, ...], balance: int) -> Callable[[pots.PotMove], str]:
    """The failed ultimó's English words (the odd unit is added by `ultimo_failed`)."""
    names = " and ".join(members)

    def en(move: pots.PotMove) -> str:
        if len(members) > 1:
            return f"announced ultimó failed: {names} double the ultimókassza {balance}: {move.share} each"
        return f"announced ultimó failed: {names} doubles the ultimókassza, pays {balance}"

    return en


def _kassza(session: Session, p: Played, res: Result, pot: int) -> tuple[list[Line], int]:
    """§8: an announced ultimó takes the pot or doubles it; an emptied pot is refilled."""
    a = next((x for x in p.announcements if x.figure == "pagat_ultimo"), None)
    if a is None:
        return [], pot
    members: tuple[str, ...] = (a.by,)
    if session.house_rules["kassza_shared_by_side"] and a.side == OPPONENTS:
        members = p.opponents
    if res.made["pagat_ultimo"] != a.side:
        line, pot = ultimo_failed(pot, members, a.by, _failed_en(members, pot))
        return [line], pot
    if pot <= 0:
        return [Line(Text("ultimókassza is empty", "az ultimókassza üres"))], pot
    line, pot = pots.ultimo_made(POT, pot, members)
    stake = session.house_rules["kassza_stake"]
    if pot == 0 and stake > 0:
        return [line, _stake_line(session.players, stake, refill=True)], stake * len(
            session.players
        )
    return [line], pot


def _penalty(session: Session, p: Played, game_base: int) -> Line:
    """§9: the offender pays each other player the game and every announced figure."""
    assert p.irregularity is not None
    kind, offender = p.irregularity
    who = offender or p.declarer
    factor = 2 if p.contract == "szolo" else 1
    parts = [(GAME, game_base, 2**p.game_contra)]
    for a in p.announcements:
        _, announced, fname = FIGURES[a.figure]
        parts.append((fname, announced * factor, 2**a.contra))
    q_sum, x = penalty_sum(parts)
    what_en = "revoke" if kind == "revoke" else "wrong discard"
    what_hu = "renonsz" if kind == "revoke" else "hibás skart"
    others = [q for q in session.players if q != who]
    return Line(
        Text(
            f"{what_en} by {who}: {q_sum.en}; {who} pays {x} to each other "
            f"player (2 × {x} = {2 * x}); the hand is otherwise void",
            f"{what_hu} ({who}): {q_sum.hu}; {who} a másik két játékosnak "
            f"fizet {x}-{x} (2 × {x} = {2 * x}); a leosztás egyébként érvénytelen",
        ),
        {who: -x * len(others)} | dict.fromkeys(others, x),
    )


def _count_lines(session: Session, p: Played) -> list[Line]:
    """§4.3: a tarokk count is paid the value of the highest bonus step it reaches."""
    table = session.house_rules["tarokk_count_bonus"]
    if not table or not p.counts:
        return []
    players = session.players
    lines: list[Line] = []
    for who, count in p.counts:
        reached = [t for t in table if t["min_tarokks"] <= count]
        if not reached:
            text = Text(
                f"{who} announced {count} tarokks: below every bonus step, nothing",
                f"{who} {count} tarokkot mondott: nem éri el a díjat",
            )
            lines.append(Line(text))
            continue
        step = max(reached, key=lambda t: t["min_tarokks"])
        value, need = step["value"], step["min_tarokks"]
        text = Text(
            f"{who} announced {count} tarokks (≥ {need}): {value} from each other player",
            f"{who} {count} tarokkot mondott be (≥ {need}): mindenki más fizet neki {value}-{value}",
        )
        lines.append(
            Line(text, {q: (value * (len(players) - 1) if q == who else -value) for q in players})
        )
    return lines


def _irregularity_name(kind: str) -> tuple[str, str]:
    return ("revoke", "renonsz") if kind == "revoke" else ("wrong discard", "hibás skart")


class Tapper(PotGame):
    key = KEY
    title = Text("Tapper tarokk", "Tappertarokk")
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None
    no_events = Text(
        "Tapper has no session events: exactly three players play (spec §10)",
        "A tapperben nincs ülésesemény: mindig hárman játszanak (§10)",
    )

    def start(self, session: Session) -> tuple[PotState, list[Entry]]:
        players = session.players
        opening = (session.opening_pots or {}).get(POT, 0)
        stake = session.house_rules["kassza_stake"]
        # §8.1: the stake is paid when the pot opens empty; a carried-over balance is kept.
        if not session.house_rules["ultimo_kassza"] or opening > 0 or stake <= 0:
            return PotState(players[-1], opening), []
        entry = Entry.from_lines(
            kind="kassza_stake",
            number=None,
            dealer=None,
            players=players,
            pot_names=self.pot_names,
            lines=[_stake_line(players, stake, refill=False)],
            summary=Text("ultimókassza stake", "ultimókassza tét"),
        )
        return PotState(players[-1], stake * len(players)), [entry]

    def end_of_session(self, session: Session, state: PotState) -> EndOfSession:
        rules = session.house_rules
        if (
            not rules["ultimo_kassza"]
            or rules["kassza_end_of_session"] == "carry_over"
            or state.pot <= 0
        ):
            return EndOfSession(dict.fromkeys(session.players, 0), {POT: state.pot})
        # §8.6: split equally; floor shares, the remainder stays (paskievics.md §8).
        return split_at_end(session.players, state.pot, "stays", always=False)

    def play(
        self, session: Session, state: PotState, hand: Mapping[str, Any], number: int
    ) -> tuple[PotState, list[Entry]]:
        return self.score(session, state, read(session, hand), number)

    def score(
        self, session: Session, state: PotState, hand: Hand, number: int
    ) -> tuple[PotState, list[Entry]]:
        p = hand.played
        if p is None:
            return self._all_pass(session, state, hand.dealer, number)
        name = CONTRACT_NAMES[p.contract]
        pot = state.pot
        if p.annulled:
            lines = [
                Line(
                    Text(
                        "hand annulled (no tarokk / the XXI alone): no game, nothing paid",
                        "megsemmisítve (nincs tarokk / csak a XXI): nincs játék, nincs fizetés",
                    )
                )
            ]
            summary = Text(
                f"{p.declarer}: {name}, annulled", f"{p.declarer}: {name}, megsemmisítve"
            )
        elif p.irregularity is not None and session.house_rules["revoke_penalty"]:
            lines = [_penalty(session, p, _game_value(session, p)), *_count_lines(session, p)]
            what_en, what_hu = _irregularity_name(p.irregularity[0])
            summary = Text(
                f"{p.declarer}: {name}, {what_en} by {p.irregularity[1]}",
                f"{p.declarer}: {name}, {what_hu}: {p.irregularity[1]}",
            )
        else:
            lines, pot = self._settled(session, p, pot)
            summary = self._summary(session, p, lines)
            lines += _count_lines(session, p)
        entry = self.entry(session, number, hand.dealer, lines, summary)
        return PotState(next_dealer(session.players, hand.dealer), pot), [entry]

    @staticmethod
    def _settled(session: Session, p: Played, pot: int) -> tuple[list[Line], int]:
        """§6–§8: the game, the trick figures, the hand bonuses and the ultimókassza."""
        assert p.result is not None
        lines: list[Line] = []
        if p.irregularity is not None:
            kind = p.irregularity[0]
            lines.append(
                Line(
                    Text(
                        f"{kind.replace('_', ' ')} recorded, no penalty (house rule)",
                        f"{_irregularity_name(kind)[1]} feljegyezve, büntetés nélkül (házszabály)",
                    )
                )
            )
        lines.append(_game_line(session, p, p.result, _game_value(session, p)))
        lines += _figure_lines(session, p, p.result)
        lines += _bonus_lines(session, p)
        if session.house_rules["ultimo_kassza"]:
            kassza_lines, pot = _kassza(session, p, p.result, pot)
            lines += kassza_lines
        return lines, pot

    @staticmethod
    def _summary(session: Session, p: Played, lines: list[Line]) -> Text:
        """The declarer's game, won or lost, and his net (before the tarokk counts)."""
        assert p.result is not None
        points = p.result.points
        won = points >= THRESHOLD[session.house_rules["deck_size"]]
        net = sum(line.deltas.get(p.declarer, 0) for line in lines)
        head = f"{p.declarer}: {contra_word(p.game_contra)}{CONTRACT_NAMES[p.contract]}"
        return Text(
            f"{head} {'won' if won else 'lost'} ({points}), {signed(net)}",
            f"{head} {'nyert' if won else 'bukott'} ({points}), {signed(net)}",
        )

    def _all_pass(
        self, session: Session, state: PotState, dealer: str, number: int
    ) -> tuple[PotState, list[Entry]]:
        """All pass: no game; each player may pay a fee into the ultimókassza (§8)."""
        players = session.players
        lines = [Line(Text("all pass: no game", "mindenki passzolt: nincs játék"))]
        pot = state.pot
        fee = session.house_rules["all_pass_kassza_payment"]
        if session.house_rules["ultimo_kassza"] and fee > 0:
            n = len(players)
            hu = f"ultimókassza: mindenki befizet {fee}-{fee} ({n} × {fee} = {n * fee})"
            lines.append(kassza_fee(players, fee, hu))
            pot += n * fee
        summary = Text("all pass", "mindenki passz")
        entry = self.entry(session, number, dealer, lines, summary)
        return PotState(next_dealer(players, dealer), pot), [entry]


VARIANT = Tapper()
