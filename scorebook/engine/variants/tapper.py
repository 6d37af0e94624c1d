"""Tapper tarokk (tappertarokk): three players, 54 or 42 cards (spec `rules/tapper.md`).

The declarer plays alone against two; every item is an amount `a` per opponent (§6).
Hand-held bonuses (fejek, tulétroá, four kings) are paid to their holder by each other
player, whoever won, but only to a holder who took part in the bidding (seed 004 §71).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorebook.engine import pots
from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.payments import CONTRA_NAMES
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, PLAYERS, TEXT, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    Amount,
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
    Text,
)
from scorebook.engine.variants._tarokk_count import read_tarokk_counts

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
POT = "ultimokassza"
DECLARER, OPPONENTS = "declarer", "opponents"
SIDES = (DECLARER, OPPONENTS)
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
TRICKS = {54: 16, 42: 12}
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
            if not isinstance(item, Mapping) or set(item) != {"min_tarokks", "value"}:
                return f'{item!r} is not {{"min_tarokks": n, "value": v}}'
            for name, lo, hi in (("min_tarokks", 1, 22), ("value", 1, None)):
                v = item[name]
                if isinstance(v, bool) or not isinstance(v, int):
                    return f"{name}: {v!r} is not a whole number"
                if v < lo or (hi is not None and v > hi):
                    return f"{name}: {v} is outside {lo}–{hi if hi is not None else '∞'}"
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


@dataclass(frozen=True, slots=True)
class TapperState:
    next_dealer: str
    pot: int  # ultimókassza balance


@dataclass(slots=True)
class Announcement:  # internal, built per hand (not frozen: faster)
    figure: str
    side: str
    by: str
    contra: int
    contra_by: tuple[str, ...]  # the opponents whose payments the contra multiplies


def _other(side: str) -> str:
    return OPPONENTS if side == DECLARER else DECLARER


def _contra(level: int) -> str:
    return f"{CONTRA_NAMES[level]} " if level else ""


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
    m = 2**game_contra
    arith = f"{game_base} × {m} = {game_base * m}" if m > 1 else f"{game_base}"
    if m > 1 and len(game_contra_by) < len(opponents):
        arith += f" ({', '.join(game_contra_by) or '—'} only)"
    cmp = "≥" if won else "<"
    each = _payment(declarer, opponents, dict(zip(opponents, amounts, strict=True)))
    return Text(
        f"{_contra(game_contra)}game {name}: {arith}, "
        f"{'won' if won else 'lost'} ({points} {cmp} {threshold}): {each.en}",
        f"{_contra(game_contra)}játék {name}: {arith}, "
        f"{'nyert' if won else 'bukott'} ({points} {cmp} {threshold}): {each.hu}",
    )


class Tapper:
    key = KEY
    title = Text("Tapper tarokk", "Tappertarokk")
    min_players = 3
    max_players = 3
    pot_names: tuple[str, ...] = (POT,)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # -- session ---------------------------------------------------------------------------

    def start(self, session: Session) -> tuple[TapperState, list[Entry]]:
        players = session.players
        opening = (session.opening_pots or {}).get(POT, 0)
        state = TapperState(next_dealer=players[-1], pot=opening)
        stake = session.house_rules["kassza_stake"]
        # §8.1: the stake is paid when the pot opens empty; a carried-over balance is kept.
        if not session.house_rules["ultimo_kassza"] or opening > 0 or stake <= 0:
            return state, []
        entry = Entry.from_lines(
            kind="kassza_stake",
            number=None,
            dealer=None,
            players=players,
            pot_names=self.pot_names,
            lines=[self._stake_line(players, stake, refill=False)],
            summary=Text("ultimókassza stake", "ultimókassza tét"),
        )
        return TapperState(state.next_dealer, stake * len(players)), [entry]

    @staticmethod
    def _stake_line(players: tuple[str, ...], stake: int, *, refill: bool) -> Line:
        n = len(players)
        en = (
            "ultimókassza emptied: each player pays the stake again"
            if refill
            else ("ultimókassza stake: each player pays")
        )
        hu = (
            "kiürült az ultimókassza: mindenki újra befizeti a tétet"
            if refill
            else ("ultimókassza tét: mindenki befizet")
        )
        return pots.pay_in(players, stake).line(
            POT,
            Text(
                f"{en} {stake} ({n} × {stake} = {n * stake})",
                f"{hu}: {stake} ({n} × {stake} = {n * stake})",
            ),
        )

    def event(
        self, session: Session, state: TapperState, event: Mapping[str, Any]
    ) -> tuple[TapperState, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "Tapper has no session events: exactly three players play (spec §10)",
            "A tapperben nincs ülésesemény: mindig hárman játszanak (§10)",
        )

    def end_of_session(self, session: Session, state: TapperState) -> EndOfSession:
        players = session.players
        if (
            not session.house_rules["ultimo_kassza"]
            or session.house_rules["kassza_end_of_session"] == "carry_over"
            or state.pot <= 0
        ):
            return EndOfSession(dict.fromkeys(players, 0), {POT: state.pot})
        # §8.6: split equally; floor shares, the remainder stays (paskievics.md §8).
        move = pots.take(state.pot, players)
        share, rest = move.share, move.rest
        line = move.line(
            POT,
            Text(
                f"ultimókassza {state.pot} split equally: {state.pot} ÷ 3 = {share} each"
                + (f", {rest} stays" if rest else ""),
                f"ultimókassza {state.pot} egyenlően elosztva: {state.pot} ÷ 3 = {share} fejenként"
                + (f", {rest} marad" if rest else ""),
            ),
        )
        return EndOfSession(dict.fromkeys(players, share), {POT: rest}, (line,))

    def table_hint(self, session: Session, state: TapperState) -> TableHint:
        notes: tuple[Text, ...] = ()
        if session.house_rules["ultimo_kassza"]:
            notes = (pots.balance_note(state.pot),)
        return TableHint(next_dealer=state.next_dealer, notes=notes)

    def dump_state(self, state: TapperState) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> TapperState:
        state: TapperState = load_dataclass(TapperState, data)
        return state

    # -- one hand ----------------------------------------------------------------------------

    def play(
        self, session: Session, state: TapperState, hand: Mapping[str, Any], number: int
    ) -> tuple[TapperState, list[Entry]]:
        problems = Problems()
        r = Reader(hand, problems)
        rules = session.house_rules
        players = session.players
        deck = rules["deck_size"]
        r.integer("hand_no", lo=1, optional=True)
        dealer = r.player("dealer", players)
        all_pass = r.data.get("all_pass")
        if not isinstance(all_pass, bool):
            if all_pass is None:
                problems.add("all_pass", "is required", "kötelező megadni")
            else:
                problems.add(
                    "all_pass", f"{all_pass!r} is not true or false", "nem igaz/hamis érték"
                )
            all_pass = None
        if all_pass:
            for name in ("declarer", "contract", "result", "irregularity"):
                if r.has(name):
                    problems.add(
                        name,
                        "must be null when all pass",
                        "üresnek kell lennie, ha mindenki passzolt",
                    )
            for name in ("bid_participants", "announcements", "hand_bonuses", "tarokk_count"):
                if r.raw(name):
                    problems.add(
                        name,
                        "must be empty when all pass",
                        "üresnek kell lennie, ha mindenki passzolt",
                    )
            if r.integer("game_contra", lo=0, optional=True) not in (None, 0):
                problems.add("game_contra", "no contra without a game", "játék nélkül nincs kontra")
            problems.raise_if_any()
            assert dealer is not None
            return self._all_pass(session, state, dealer, number)
        if all_pass is None:
            problems.raise_if_any()

        declarer = r.player("declarer", players)
        contract = r.choice("contract", CONTRACTS)
        opponents = tuple(p for p in players if p != declarer)
        participants = r.players("bid_participants", players)
        if declarer is not None and declarer not in participants:
            problems.add(
                "bid_participants",
                f"must contain the declarer {declarer}",
                f"tartalmaznia kell a felvevőt ({declarer})",
            )
        individual = bool(rules["individual_contras"])
        game_contra = r.integer("game_contra", lo=0, hi=5, default=0)
        game_contra_by = self._contra_by(r, "game_contra_by", opponents, individual, declarer)

        announcements: list[Announcement] = []
        for i, item in enumerate(r.items("announcements")):
            figure = item.choice("figure", tuple(FIGURES))
            side = item.choice("side", SIDES)
            by = item.player("by", players)
            contra = item.integer("contra", lo=0, hi=5, default=0)
            cby = self._contra_by(item, "contra_by", opponents, individual, declarer)
            if None in (figure, side, by, contra, declarer):
                continue
            assert figure is not None
            assert by is not None
            assert contra is not None
            if side != (DECLARER if by == declarer else OPPONENTS):
                problems.add(
                    f"announcements[{i}].side",
                    f"{by} plays on the other side",
                    f"{by} a másik párton játszik",
                )
                continue
            if any(a.figure == figure for a in announcements):
                problems.add(
                    f"announcements[{i}].figure",
                    f"{figure} is already announced",
                    f"ezt a figurát ({figure}) már bemondták",
                )
                continue
            if figure == "volat" and side == OPPONENTS and not rules["volat_by_opponents"]:
                problems.add(
                    f"announcements[{i}].side",
                    "the opponents may not announce a volát (house rule volat_by_opponents)",
                    "az ellenfelek nem mondhatnak volátot (volat_by_opponents házszabály)",
                )
                continue
            announcements.append(Announcement(figure, side, by, contra, cby))

        bonuses: list[tuple[str, str]] = []
        for i, item in enumerate(r.items("hand_bonuses")):
            who = item.player("player", players)
            bonus = item.choice("bonus", tuple(BONUSES))
            if who is None or bonus is None:
                continue
            if any(b == bonus for _, b in bonuses):
                problems.add(
                    f"hand_bonuses[{i}].bonus",
                    f"only one player can hold {bonus}",
                    "ezt a díjat csak egy játékos tarthatja",
                )
                continue
            if {bonus, *(b for _, b in bonuses)} >= {"trull", "heads"}:
                problems.add(
                    f"hand_bonuses[{i}].bonus",
                    "there are three honours: tulétroá and fejek cannot both be held",
                    "három honőr van: tulétroá és fejek nem lehet egyszerre",
                )
                continue
            bonuses.append((who, bonus))

        counts = read_tarokk_counts(
            r, "tarokk_count", "player", players, scored=rules["tarokk_count_bonus"] is not None
        )

        irregularity: tuple[str, str | None] | None = None
        irr = r.obj("irregularity", optional=True)
        if irr is not None:
            kind = irr.choice("type", IRREGULARITIES)
            offender = irr.player("player", players, optional=True)
            if kind == "revoke" and offender is None and not irr.has("player"):
                problems.add(
                    "irregularity.player", "the revoker is required", "a renonszoló kötelező"
                )
            if kind == "wrong_discard":
                if offender is not None and declarer is not None and offender != declarer:
                    problems.add(
                        "irregularity.player",
                        "only the declarer discards",
                        "csak a felvevő skartol",
                    )
                elif contract == "szolo":
                    problems.add(
                        "irregularity.type",
                        "there is no discard in szóló",
                        "szólóban nincs skart",
                    )
                offender = declarer
            if kind == "no_tarokk_annulment" and not rules["no_tarokk_annulment"]:
                problems.add(
                    "irregularity.type",
                    "annulment is off (house rule no_tarokk_annulment)",
                    "a megsemmisítés ki van kapcsolva (no_tarokk_annulment házszabály)",
                )
            if kind is not None:
                irregularity = (kind, offender)
        annulled = irregularity is not None and irregularity[0] == "no_tarokk_annulment"
        if annulled:
            for name in ("announcements", "tarokk_count"):
                if r.raw(name):
                    problems.add(
                        name,
                        "an annulled hand has no announcements (annulment comes before them)",
                        "megsemmisített leosztásban nincs bemondás",
                    )
        voided = annulled or (irregularity is not None and bool(rules["revoke_penalty"]))

        res = r.obj("result", optional=voided)
        points: int | None = None
        made: dict[str, str | None] = {"pagat_ultimo": None, "volat": None}
        ultimo_player: str | None = None
        if res is not None:
            points = res.integer("declarer_points", lo=0, hi=TOTAL[deck])
            fm = res.obj("figures_made", optional=True)
            if fm is not None:
                for f in FIGURES:
                    made[f] = fm.choice(f, SIDES, optional=True)
            ultimo_player = res.player("pagat_ultimo_player", players, optional=True)
            self._check_result(
                session, problems, declarer, points, made, ultimo_player, announcements
            )
        problems.raise_if_any()
        assert dealer is not None
        assert declarer is not None
        assert contract is not None
        assert game_contra is not None

        index = players.index(dealer)
        next_dealer = players[(index + 1) % len(players)]
        solo = contract == "szolo"
        name = CONTRACT_NAMES[contract]
        lines: list[Line] = []
        pot = state.pot
        if annulled:
            lines.append(
                Line(
                    Text(
                        "hand annulled (no tarokk / the XXI alone): no game, nothing paid",
                        "megsemmisítve (nincs tarokk / csak a XXI): nincs játék, nincs fizetés",
                    )
                )
            )
            summary = Text(f"{declarer}: {name}, annulled", f"{declarer}: {name}, megsemmisítve")
        else:
            game_base = GAME_VALUE[contract]
            if solo and rules["solo_doubles_game_value"]:
                game_base *= 2
            if irregularity is not None and rules["revoke_penalty"]:
                lines.append(
                    self._penalty(
                        players, irregularity, declarer, game_base, game_contra, announcements, solo
                    )
                )
                what = "revoke" if irregularity[0] == "revoke" else "wrong discard"
                what_hu = "renonsz" if irregularity[0] == "revoke" else "hibás skart"
                summary = Text(
                    f"{declarer}: {name}, {what} by {irregularity[1]}",
                    f"{declarer}: {name}, {what_hu}: {irregularity[1]}",
                )
            else:
                assert points is not None
                if irregularity is not None:
                    lines.append(
                        Line(
                            Text(
                                f"{irregularity[0].replace('_', ' ')} recorded, no penalty (house rule)",
                                f"{'renonsz' if irregularity[0] == 'revoke' else 'hibás skart'} "
                                "feljegyezve, büntetés nélkül (házszabály)",
                            )
                        )
                    )
                item_lines = self._items(
                    session,
                    declarer,
                    opponents,
                    contract,
                    game_base,
                    game_contra,
                    game_contra_by,
                    announcements,
                    points,
                    made,
                    ultimo_player,
                )
                lines.extend(item_lines)
                lines.extend(self._bonuses(session, players, bonuses, participants, solo))
                if rules["ultimo_kassza"]:
                    pot = self._kassza(session, players, opponents, announcements, made, pot, lines)
                won = points >= THRESHOLD[deck]
                net = sum(line.deltas.get(declarer, 0) for line in lines)
                summary = Text(
                    f"{declarer}: {_contra(game_contra)}{name} {'won' if won else 'lost'} "
                    f"({points}), {_signed(net)}",
                    f"{declarer}: {_contra(game_contra)}{name} {'nyert' if won else 'bukott'} "
                    f"({points}), {_signed(net)}",
                )
            lines.extend(self._counts(session, players, counts))
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=players,
            pot_names=self.pot_names,
            lines=lines,
            summary=summary,
        )
        return TapperState(next_dealer, pot), [entry]

    def _contra_by(
        self, r: Reader, name: str, opponents: tuple[str, ...], individual: bool, declarer: Any
    ) -> tuple[str, ...]:
        """The opponents a contra binds: both, unless `individual_contras` names them."""
        if not individual or r.raw(name) is None:
            return opponents
        chosen = r.players(name, opponents if declarer is not None else ())
        return tuple(o for o in opponents if o in chosen)

    def _check_result(
        self,
        session: Session,
        problems: Problems,
        declarer: str | None,
        points: int | None,
        made: dict[str, str | None],
        ultimo_player: str | None,
        announcements: list[Announcement],
    ) -> None:
        deck = session.house_rules["deck_size"]
        if points is not None and made["volat"] is not None:
            won = points >= THRESHOLD[deck]
            if won != (made["volat"] == DECLARER):
                problems.add(
                    "result.figures_made.volat",
                    f"a volát of the {made['volat']} does not fit {points} card points",
                    f"a volát nem illik a {points} ponthoz",
                )
        if made["volat"] is not None and made["pagat_ultimo"] == _other(made["volat"]):
            problems.add(
                "result.figures_made.pagat_ultimo",
                f"the {made['volat']} took every trick",
                "a másik párt vitte az összes ütést",
            )
        if declarer is None:
            return
        side_of_player = None
        if ultimo_player is not None:
            side_of_player = DECLARER if ultimo_player == declarer else OPPONENTS
            if made["pagat_ultimo"] is None:
                problems.add(
                    "result.pagat_ultimo_player",
                    "nobody made the ultimó",
                    "senki sem csinálta meg az ultimót",
                )
            elif side_of_player != made["pagat_ultimo"]:
                problems.add(
                    "result.pagat_ultimo_player",
                    f"{ultimo_player} is not on the {made['pagat_ultimo']} side",
                    f"{ultimo_player} nem ezen a párton játszik",
                )
        if (
            made["pagat_ultimo"] == OPPONENTS
            and ultimo_player is None
            and session.house_rules["opponent_figure_payment"] == "individual"
        ):
            problems.add(
                "result.pagat_ultimo_player",
                "is required: the opponents made the ultimó and it is paid individually",
                "kötelező: az ellenfelek ultimóját egyénileg számolják el",
            )

    def _all_pass(
        self, session: Session, state: TapperState, dealer: str, number: int
    ) -> tuple[TapperState, list[Entry]]:
        players = session.players
        lines = [Line(Text("all pass: no game", "mindenki passzolt: nincs játék"))]
        pot = state.pot
        fee = session.house_rules["all_pass_kassza_payment"]
        if session.house_rules["ultimo_kassza"] and fee > 0:
            n = len(players)
            lines.append(
                Line(
                    Text(
                        f"ultimókassza: {fee} from each player ({n} × {fee} = {n * fee})",
                        f"ultimókassza: mindenki befizet {fee}-{fee} ({n} × {fee} = {n * fee})",
                    ),
                    dict.fromkeys(players, -fee),
                    {POT: n * fee},
                )
            )
            pot += n * fee
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=players,
            pot_names=self.pot_names,
            lines=lines,
            summary=Text("all pass", "mindenki passz"),
        )
        next_dealer = players[(players.index(dealer) + 1) % len(players)]
        return TapperState(next_dealer, pot), [entry]

    def _items(
        self,
        session: Session,
        declarer: str,
        opponents: tuple[str, ...],
        contract: str,
        game_base: int,
        game_contra: int,
        game_contra_by: tuple[str, ...],
        announcements: list[Announcement],
        points: int,
        made: dict[str, str | None],
        ultimo_player: str | None,
    ) -> list[Line]:
        """§6: the game and the trick figures, each an amount per opponent."""
        deck = session.house_rules["deck_size"]
        solo = contract == "szolo"
        lines: list[Line] = []

        def book(text: Text, amounts: dict[str, int]) -> None:
            deltas: dict[str, Amount] = {declarer: sum(amounts.values())}
            for o, a in amounts.items():
                deltas[o] = -a
            lines.append(Line(text, deltas))

        def multiplied(base: int, level: int, bound: tuple[str, ...]) -> dict[str, int]:
            m = 2**level
            return {o: base * (m if o in bound else 1) for o in opponents}

        # The first announcement of each figure (at most one per figure is valid).
        first_ann: dict[str, Announcement] = {}
        for a in announcements:
            first_ann.setdefault(a.figure, a)
        volat_ann = first_ann.get("volat")
        skip_game = session.house_rules["volat_replaces_game"] and (
            volat_ann is not None or made["volat"] is not None
        )
        name = CONTRACT_NAMES[contract]
        if skip_game:
            lines.append(
                Line(
                    Text(
                        f"game ({name}) not scored: a volát replaces it",
                        f"a játékot ({name}) nem számítják: volát helyettesíti",
                    )
                )
            )
        else:
            won = points >= THRESHOLD[deck]
            sign = 1 if won else -1
            amounts = multiplied(game_base, game_contra, game_contra_by)
            amounts = {o: sign * a for o, a in amounts.items()}
            book(
                _game_text(
                    name,
                    game_base,
                    game_contra,
                    game_contra_by,
                    points,
                    THRESHOLD[deck],
                    declarer,
                    opponents,
                    tuple(amounts.values()),
                ),
                amounts,
            )

        individual_ultimo = session.house_rules["opponent_figure_payment"] == "individual"
        for figure, (silent, announced, fname) in FIGURES.items():
            if solo:
                silent, announced = 2 * silent, 2 * announced  # seed 004 §70 "kétszerese"
            ann = first_ann.get(figure)
            made_by = made[figure]
            if ann is None and made_by is None:
                continue  # the usual figure: neither announced nor made
            if ann is not None:
                won = made_by == ann.side
                winner = ann.side if won else _other(ann.side)
                sign = 1 if winner == DECLARER else -1
                amounts = multiplied(announced, ann.contra, ann.contra_by)
                if figure == "pagat_ultimo" and individual_ultimo and ann.side == OPPONENTS:
                    # §12 T7: only the opponent whose ultimó it is pays or is paid.
                    holder = ultimo_player if won and ultimo_player else ann.by
                    amounts = {o: (a if o == holder else 0) for o, a in amounts.items()}
                amounts = {o: sign * a for o, a in amounts.items()}
                m = 2**ann.contra
                arith = f"{announced} × {m} = {announced * m}" if m > 1 else f"{announced}"
                if m > 1 and len(ann.contra_by) < len(opponents):
                    arith += f" ({', '.join(ann.contra_by) or '—'} only)"
                each = _payment(declarer, opponents, amounts)
                book(
                    Text(
                        f"{_contra(ann.contra)}{fname.en} announced by {ann.by}: {arith}, "
                        f"{'made' if won else 'failed'}: {each.en}",
                        f"{_contra(ann.contra)}{fname.hu} ({ann.by} mondta be): {arith}, "
                        f"{'sikerült' if won else 'elbukott'}: {each.hu}",
                    ),
                    amounts,
                )
            if made_by is not None and (ann is None or ann.side != made_by):
                # Silent, or made against the other side's announcement (seed 004 §55).
                sign = 1 if made_by == DECLARER else -1
                amounts = dict.fromkeys(opponents, sign * silent)
                if (
                    figure == "pagat_ultimo"
                    and individual_ultimo
                    and made_by == OPPONENTS
                    and ultimo_player
                ):
                    amounts = {o: (a if o == ultimo_player else 0) for o, a in amounts.items()}
                who_en = "declarer" if made_by == DECLARER else "opponents"
                who_hu = "felvevő" if made_by == DECLARER else "ellenfelek"
                if made_by == OPPONENTS and figure == "pagat_ultimo" and ultimo_player:
                    who_en = who_hu = ultimo_player
                each = _payment(declarer, opponents, amounts)
                book(
                    Text(
                        f"silent {fname.en} ({who_en}): {silent}: {each.en}",
                        f"csendes {fname.hu} ({who_hu}): {silent}: {each.hu}",
                    ),
                    amounts,
                )
        return lines

    def _bonuses(
        self,
        session: Session,
        players: tuple[str, ...],
        bonuses: list[tuple[str, str]],
        participants: list[str],
        solo: bool,
    ) -> list[Line]:
        """§4.2: hand-held bonuses, paid by each other player, bidders only (seed 004 §71)."""
        lines: list[Line] = []
        factor = 2 if solo else 1  # seed 004 §71 "Szólójátékban minden díj kétszeresére"
        basis_en = (
            "held at the first lead"
            if session.house_rules["hand_bonus_basis"] == "after_exchange"
            else "held as dealt"
        )
        basis_hu = (
            "az első kijátszáskor"
            if session.house_rules["hand_bonus_basis"] == "after_exchange"
            else "osztáskor"
        )
        for who, bonus in bonuses:
            kinds = [bonus]
            if bonus == "trull" and session.house_rules["tuletroa_includes_fejek"]:
                kinds.append("heads")
            for kind in kinds:
                base, bname = BONUSES[kind]
                needs_bid = kind != "heads" or session.house_rules["fejek_requires_bidding"]
                if needs_bid and who not in participants:
                    lines.append(
                        Line(
                            Text(
                                f"{bname.en} of {who}: not paid, {who} took no part in the bidding",
                                f"{who} {bname.hu}: nem jár, nem vett részt a licitben",
                            )
                        )
                    )
                    continue
                value = base * factor
                arith = f"{base} × 2 = {value}" if solo else f"{value}"
                lines.append(
                    Line(
                        Text(
                            f"{bname.en} of {who} ({basis_en}): {arith} from each other player",
                            f"{who} {bname.hu} ({basis_hu}): {arith}, mindkét másik játékostól",
                        ),
                        {p: (value * (len(players) - 1) if p == who else -value) for p in players},
                    )
                )
        return lines

    def _kassza(
        self,
        session: Session,
        players: tuple[str, ...],
        opponents: tuple[str, ...],
        announcements: list[Announcement],
        made: dict[str, str | None],
        pot: int,
        lines: list[Line],
    ) -> int:
        """§8: an announced ultimó takes the pot or doubles it; an emptied pot is refilled."""
        ann = next((a for a in announcements if a.figure == "pagat_ultimo"), None)
        if ann is None:
            return pot
        members: tuple[str, ...] = (ann.by,)
        if session.house_rules["kassza_shared_by_side"] and ann.side == OPPONENTS:
            members = opponents
        if made["pagat_ultimo"] == ann.side:
            if pot <= 0:
                lines.append(Line(Text("ultimókassza is empty", "az ultimókassza üres")))
                return pot
            line, pot = pots.ultimo_made(POT, pot, members)
            lines.append(line)
            stake = session.house_rules["kassza_stake"]
            if pot == 0 and stake > 0:
                lines.append(self._stake_line(players, stake, refill=True))
                pot += stake * len(players)
            return pot
        if pot <= 0:
            lines.append(Line(pots.NOTHING_TO_DOUBLE))
            return pot
        # the announcer pays the odd unit, so the pot exactly doubles
        move = pots.double(pot, members, ann.by)
        share, rest = move.share, move.rest
        names, names_hu = " and ".join(members), " és ".join(members)
        en = f"announced ultimó failed: {names} double{'s' if len(members) == 1 else ''} the ultimókassza, pays {pot}"
        hu = f"bemondott ultimó elbukott: {names_hu} duplázza az ultimókasszát, {pot}"
        if len(members) > 1:
            en = f"announced ultimó failed: {names} double the ultimókassza {pot}: {share} each"
            hu += f" ÷ 2 = {share} fejenként"
            if rest:
                en += f", {ann.by} pays the odd {rest}"
                hu += f", a maradékot ({rest}) {ann.by} fizeti"
        lines.append(move.line(POT, Text(en, hu)))
        return pot + move.change

    def _penalty(
        self,
        players: tuple[str, ...],
        irregularity: tuple[str, str | None],
        declarer: str,
        game_base: int,
        game_contra: int,
        announcements: list[Announcement],
        solo: bool,
    ) -> Line:
        """§9: the offender pays each other player the game and every announced figure."""
        kind, offender = irregularity
        who = offender or declarer
        m = 2**game_contra
        x = game_base * m
        parts_en = [f"game {game_base} × {m} = {x}" if m > 1 else f"game {game_base}"]
        parts_hu = [f"játék {game_base} × {m} = {x}" if m > 1 else f"játék {game_base}"]
        for a in announcements:
            _, announced, fname = FIGURES[a.figure]
            value = announced * (2 if solo else 1)
            am = 2**a.contra
            x += value * am
            parts_en.append(
                f"{fname.en} {value} × {am} = {value * am}" if am > 1 else f"{fname.en} {value}"
            )
            parts_hu.append(
                f"{fname.hu} {value} × {am} = {value * am}" if am > 1 else f"{fname.hu} {value}"
            )
        # "a + b = total", or just the one part when nothing else was announced
        sum_en = " + ".join(parts_en) + (f" = {x}" if len(parts_en) > 1 else "")
        sum_hu = " + ".join(parts_hu) + (f" = {x}" if len(parts_hu) > 1 else "")
        what_en = "revoke" if kind == "revoke" else "wrong discard"
        what_hu = "renonsz" if kind == "revoke" else "hibás skart"
        others = [p for p in players if p != who]
        return Line(
            Text(
                f"{what_en} by {who}: {sum_en}; {who} pays {x} to each other "
                f"player (2 × {x} = {2 * x}); the hand is otherwise void",
                f"{what_hu} ({who}): {sum_hu}; {who} a másik két játékosnak "
                f"fizet {x}-{x} (2 × {x} = {2 * x}); a leosztás egyébként érvénytelen",
            ),
            {who: -x * len(others)} | dict.fromkeys(others, x),
        )

    def _counts(
        self, session: Session, players: tuple[str, ...], counts: list[tuple[str, int]]
    ) -> list[Line]:
        table = session.house_rules["tarokk_count_bonus"]
        if not table or not counts:
            return []
        lines: list[Line] = []
        for who, count in counts:
            # The highest configured step the count reaches.
            reached = [t for t in table if t["min_tarokks"] <= count]
            if not reached:
                lines.append(
                    Line(
                        Text(
                            f"{who} announced {count} tarokks: below every bonus step, nothing",
                            f"{who} {count} tarokkot mondott: nem éri el a díjat",
                        )
                    )
                )
                continue
            step = max(reached, key=lambda t: t["min_tarokks"])
            value = step["value"]
            lines.append(
                Line(
                    Text(
                        f"{who} announced {count} tarokks (≥ {step['min_tarokks']}): {value} from "
                        f"each other player",
                        f"{who} {count} tarokkot mondott be (≥ {step['min_tarokks']}): "
                        f"mindenki más fizet neki {value}-{value}",
                    ),
                    {p: (value * (len(players) - 1) if p == who else -value) for p in players},
                )
            )
        return lines


def _signed(value: Amount) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


VARIANT = Tapper()
