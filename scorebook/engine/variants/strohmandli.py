"""Strohmandli: two-player tarokk without bidding, scored in result points per figure.

Spec: shared/rules/strohmandli.md (seed 003 "Strohmandli" and "Strohmandli-változat").
Each player collects result points (RP) for the figures he makes; a deal moves
Δ_A = RP_A − RP_B (§6). Each player's result points are booked as one zero-sum line that
lists his figures and credits (the opponent pays their sum), so the deltas are exactly the
sum of the lines. Matches (§10) never move money: they are tracked in the state, shown on
each deal's last line and in the table hint, and listed in `end_of_session.extra["matches"]`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, by_player, fields, rows
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

# The hand record (spec §13.2), field by field: what `check_input` lets through to the reader.
RECORD = fields(
    dealer=PLAYER,
    announcements=rows(player=PLAYER, type=TEXT, trick=INT),
    card_points=by_player(INT),
    captures=fields(
        pagatfogas=PLAYER,
        uhu=PLAYER,
        pagatulti=PLAYER,
        xxi_fogas=PLAYER,
        tuletroa_captured=PLAYER,
        negy_kiraly_captured=PLAYER,
        pagatulti_failed=PLAYER,
        uhu_failed=PLAYER,
    ),
    irregularities=rows(player=PLAYER, kind=TEXT),
    volat=PLAYER,
    ignore=("ruleset", "players", "deal_number"),
)

TOTAL_CARD_POINTS = 94  # 42-card pack, seed 004 §7 (spec §1)

# Point figures: (code, card points needed). Seed 003 "Strohmandli › Figurák" (játék 48,
# kassza 60, duplajáték 71, volát = every trick ⇔ 94).
CHAIN: tuple[tuple[str, int], ...] = (
    ("jatek", 48),
    ("kassza", 60),
    ("duplajatek", 71),
    ("volat", TOTAL_CARD_POINTS),
)
CHAIN_CODES = frozenset(code for code, _ in CHAIN)
THRESHOLDS: Mapping[str, int] = dict(CHAIN)

# Base rules: seed 003 "Strohmandli › Figurák" and "› Bejelentések".
BASE_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 6,
    "pagatfogas": 5,
    "uhu": 5,
    "pagatulti": 5,
    "fej": 1,  # announcement (Bejelentések)
    "tuletroa": 2,  # announcement (Bejelentések)
    "negy_kiraly": 4,  # announcement (Bejelentések)
}
# House variant: seed 003 "Strohmandli-változat" table ("Pagátulti … 6Briscola" = 6).
VARIANT_VALUES: Mapping[str, int] = {
    "jatek": 1,
    "kassza": 2,
    "duplajatek": 4,
    "volat": 8,
    "pagatfogas": 3,
    "uhu": 4,
    "pagatulti": 6,
    "xxi_fogas": 5,
    "tuletroa_captured": 2,  # "volátban nem számít"
    "negy_kiraly_captured": 3,  # "volátban nem számít"
}

# Captures made in play, in the order of spec §13.4 item 1.
CAPTURES_BASE = ("pagatfogas", "uhu", "pagatulti")
CAPTURES_VARIANT = ("xxi_fogas", "tuletroa_captured", "negy_kiraly_captured")
CAPTURES_FAILED = ("pagatulti_failed", "uhu_failed")
CAPTURE_KEYS = CAPTURES_BASE + CAPTURES_VARIANT + CAPTURES_FAILED
ANNOUNCEMENT_TYPES = ("fej", "tuletroa", "negy_kiraly")
IRREGULARITY_KINDS = ("revoke", "false_announcement")

# (English, Hungarian) name and the reason shown after it.
FIGURE_TEXT: Mapping[str, tuple[str, str, str, str]] = {
    "jatek": ("játék", "játék", "", ""),
    "kassza": ("kassza", "kassza", "", ""),
    "duplajatek": ("duplajáték", "duplajáték", "", ""),
    "volat": ("volát", "volát", "all 21 tricks", "mind a 21 ütés"),
    "pagatfogas": (
        "pagátfogás",
        "pagátfogás",
        "took the opponent's pagát",
        "az ellenfél pagátjának hazavitele",
    ),
    "uhu": ("uhu", "uhu", "won trick 20 with the II", "utolsó előtti ütés a sassal"),
    "pagatulti": (
        "pagátulti",
        "pagátulti",
        "won trick 21 with his pagát",
        "utolsó ütés a pagáttal",
    ),
    "xxi_fogas": (
        "XXI-fogás",
        "XXI-fogás",
        "took the opponent's XXI",
        "az ellenfél XXI-esének elfogása",
    ),
    "tuletroa_captured": (
        "tulétroá",
        "tulétroá",
        "took all three honours",
        "a három honőr elvitele",
    ),
    "negy_kiraly_captured": (
        "négy király",
        "négy király",
        "took all four kings",
        "a négy király hazavitele",
    ),
    "fej": ("fej", "fej", "announced, two honours", "bemondva, két honőr"),
    "tuletroa": ("tulétroá", "tulétroá", "announced, three honours", "bemondva, három honőr"),
    "negy_kiraly": ("négy király", "négy király", "announced, four kings", "bemondva, négy király"),
}


def _labels(values: Mapping[str, int]) -> dict[str, tuple[str, str, str, str]]:
    """Per figure: "name (why) value" in English and Hungarian, then "name value" in both."""
    result = {}
    for code, value in values.items():
        name_en, name_hu, why_en, why_hu = FIGURE_TEXT[code]
        if code in THRESHOLDS and code != "volat":
            why_en = why_hu = f"≥ {THRESHOLDS[code]}"
        result[code] = (
            f"{name_en} ({why_en}) {value}",
            f"{name_hu} ({why_hu}) {value}",
            f"{name_en} {value}",
            f"{name_hu} {value}",
        )
    return result


# How a deal leaves its match: "" still running, None drawn (a winner is spelled out).
MATCH_END: Mapping[str | None, tuple[str, str]] = {"": ("", ""), None: (", drawn", ", döntetlen")}
# Not counted in a volát: "volátban nem számít" (seed 003 "Strohmandli-változat").
VOLAT_EXCLUDED = frozenset({"tuletroa_captured", "negy_kiraly_captured"})
# Keyed by "is the house variant" (ruleset).
LABELS = {False: _labels(BASE_VALUES), True: _labels(VARIANT_VALUES)}
# The chain figures made with n card points, for n = 0..94.
CHAIN_MADE: tuple[tuple[str, ...], ...] = tuple(
    tuple(code for code, need in CHAIN if n >= need) for n in range(TOTAL_CARD_POINTS + 1)
)
OFFENCE_TEXT = {
    "revoke": ("revoke", "renonsz"),
    "false_announcement": ("false announcement", "hamis bemondás"),
}

RULES_SCORING = Text("Scoring", "Pontozás")
RULES_PENALTIES = Text("Penalties", "Büntetések")
RULES_DEALS = Text("Dealer and matches", "Osztás és játszmák")

HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "ruleset",
        "base",
        "choice",
        Text(
            "Seed 003's base rules, or its 'Strohmandli-változat' table (no announcements).",
            "Az alapszabályok, vagy a „Strohmandli-változat” táblázata (bemondások nélkül).",
        ),
        choices=("base", "house_variant"),
        group=RULES_SCORING,
        choice_labels=(Text("base rules", "alapszabály"), Text("house variant", "házi változat")),
    ),
    HouseRule(
        "figure_scoring",
        "all",
        "choice",
        Text(
            "Several figures in one deal: every figure counts, or only the highest.",
            "Több figura egy partiban: mindegyik számít, vagy csak a legmagasabb.",
        ),
        choices=("all", "highest_only"),
        group=RULES_SCORING,
        choice_labels=(
            Text("every figure", "minden figura"),
            Text("highest only", "csak a legmagasabb"),
        ),
    ),
    HouseRule(
        "highest_only_scope",
        "threshold_chain",
        "choice",
        Text(
            "With 'highest only': the highest of játék/kassza/duplajáték/volát, or of all figures.",
            "„Csak a legmagasabb” esetén: a játék/kassza/duplajáték/volát közül, vagy minden figura közül.",
        ),
        choices=("threshold_chain", "all_figures"),
        group=RULES_SCORING,
        choice_labels=(
            Text("point figures only", "csak a pontfigurák"),
            Text("all figures", "minden figura"),
        ),
    ),
    HouseRule(
        "allow_fej_and_tuletroa",
        False,
        "bool",
        Text(
            "One player may score both fej and tulétroá in the same deal.",
            "Egy játékos ugyanabban a partiban fejet és tulétroát is kaphat.",
        ),
        group=RULES_SCORING,
    ),
    HouseRule(
        "failed_ulti_penalty",
        0,
        "int",
        Text(
            "Result points credited to the opponent for a failed pagátulti or uhu (0 = none).",
            "Elbukott pagátulti vagy uhu esetén az ellenfélnek járó eredménypont (0 = nincs).",
        ),
        group=RULES_PENALTIES,
        minimum=0,
    ),
    HouseRule(
        "revoke_penalty_points",
        None,
        "optional_int",
        Text(
            "Result points credited to the opponent per revoke or false announcement (empty = none).",
            "Renonszonként vagy hamis bemondásonként az ellenfélnek járó eredménypont (üres = nincs).",
        ),
        group=RULES_PENALTIES,
        minimum=1,
    ),
    HouseRule(
        "dealer_rotation",
        "alternate",
        "choice",
        Text(
            "Who deals next: alternately, the loser of the deal, or its winner (equal RP: alternate).",
            "Ki oszt legközelebb: felváltva, a parti vesztese vagy nyertese (egyenlő pontnál felváltva).",
        ),
        choices=("alternate", "loser_deals", "winner_deals"),
        group=RULES_DEALS,
        choice_labels=(
            Text("alternate", "felváltva"),
            Text("loser deals", "a vesztes oszt"),
            Text("winner deals", "a nyertes oszt"),
        ),
    ),
    HouseRule(
        "target_points",
        None,
        "optional_int",
        Text(
            "A match ends when a player's match score reaches this (empty = no target).",
            "A játszma véget ér, ha valaki eléri ezt a pontszámot (üres = nincs cél).",
        ),
        group=RULES_DEALS,
        minimum=1,
    ),
    HouseRule(
        "match_deals",
        None,
        "optional_int",
        Text(
            "A match ends after this many deals (empty = no fixed length).",
            "A játszma ennyi parti után véget ér (üres = nincs kötött hossz).",
        ),
        group=RULES_DEALS,
        minimum=1,
    ),
)


@dataclass(frozen=True, slots=True)
class Match:
    """A run of consecutive deals (§10); scores are the players' RP in seating order."""

    first_deal: int
    last_deal: int
    scores: tuple[int, int]
    over: bool = False
    winner: str | None = None


@dataclass(frozen=True, slots=True)
class State:
    next_dealer: str | None = None  # None before the first deal: the first dealer is free
    done: tuple[Match, ...] = ()  # the matches that ended (§10), in order
    # The running match: its first and last deal (0 = none running) and its scores.
    first_deal: int = 0
    last_deal: int = 0
    scores: tuple[int, int] = (0, 0)


# What "highest only" keeps, by highest_only_scope == "threshold_chain".
ONLY_EN = {
    True: "the highest of játék, kassza, duplajáték, volát",
    False: "the single highest figure",
}
ONLY_HU = {
    True: "a játék, kassza, duplajáték, volát közül a legmagasabb",
    False: "a legmagasabb figura",
}


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def _rp(n: int) -> str:
    return f"{n} result point" if n == 1 else f"{n} result points"


def _higher(players: tuple[str, ...], scores: tuple[int, int]) -> str | None:
    if scores[0] > scores[1]:
        return players[0]
    if scores[1] > scores[0]:
        return players[1]
    return None


class Strohmandli:
    key = "strohmandli"
    title = Text("Strohmandli (two-player tarokk)", "Strohmandli (kétszemélyes tarokk)")
    min_players = 2
    max_players = 2
    pot_names: tuple[str, ...] = ()  # "kassza" is a figure, not a pot (§8)
    house_rules = HOUSE_RULES
    record = RECORD
    event_record = None

    # -- session ------------------------------------------------------------------------

    def start(self, session: Session) -> tuple[State, list[Entry]]:
        return State(), []

    def event(
        self, session: Session, state: Any, event: Mapping[str, Any]
    ) -> tuple[State, list[Entry]]:
        raise InvalidHand.one(
            "event",
            "Strohmandli has no session events (join, leave)",
            "A strohmandliban nincsenek ülésesemények (belépés, kilépés)",
        )

    # -- one deal -----------------------------------------------------------------------

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        players = session.players
        rules = session.house_rules
        variant = rules["ruleset"] == "house_variant"
        problems = Problems()
        r = Reader(hand, problems)
        problems.raise_if_any()  # not an object: nothing else to read
        # The common valid values are read directly (this runs for every replayed deal);
        # the Reader reads anything else, which names the problem.

        # Dealer (§13.3 item 2)
        dealer = hand.get("dealer")
        if type(dealer) is not str or dealer not in players:
            dealer = r.player("dealer", players)
        expected = state.next_dealer
        if dealer is not None and expected is not None and dealer != expected:
            problems.add(
                "dealer",
                f"{dealer} cannot deal: {expected} deals this deal "
                f"(dealer_rotation {rules['dealer_rotation']})",
                f"{dealer} nem oszthat: most {expected} oszt "
                f"(dealer_rotation {rules['dealer_rotation']})",
            )

        # Card points (§13.3 item 3)
        cp = hand.get("card_points")
        if not (
            type(cp) is dict
            and len(cp) == 2
            and all(type(cp.get(p)) is int and 0 <= cp[p] <= TOTAL_CARD_POINTS for p in players)
        ):
            cp = r.player_map("card_points", players, lo=0, hi=TOTAL_CARD_POINTS)
        points: dict[str, int] | None = None
        if cp is not None and len(cp) == 2:
            for who in players:
                if cp[who] in (1, TOTAL_CARD_POINTS - 1):
                    problems.add(
                        f"card_points.{who}",
                        f"{cp[who]} is impossible: every trick holds at least 2 points, "
                        "so one player cannot have 1 or 93",
                        f"{cp[who]} lehetetlen: minden ütés legalább 2 pontot ér, "
                        "így senkinek sem lehet 1 vagy 93 pontja",
                    )
            total = cp[players[0]] + cp[players[1]]
            if total != TOTAL_CARD_POINTS:
                problems.add(
                    "card_points",
                    f"{cp[players[0]]} + {cp[players[1]]} = {total}, not 94",
                    f"{cp[players[0]]} + {cp[players[1]]} = {total}, nem 94",
                )
            else:
                points = cp
        volat_player: str | None = None
        if points is not None:
            for who in players:
                if points[who] == TOTAL_CARD_POINTS:
                    volat_player = who

        # Announcements (§13.3 item 4): base rules only
        announced = self._announcements(r, players, rules, dealer, variant)

        # Captures (§13.3 item 5)
        cap = r.obj("captures")
        captures: dict[str, str | None] = dict.fromkeys(CAPTURE_KEYS)
        if cap is not None:
            for key in cap.data:
                if key not in CAPTURE_KEYS:
                    problems.add(
                        f"captures.{key}",
                        f"is not a capture ({', '.join(CAPTURE_KEYS)})",
                        f"nem ismert figura ({', '.join(CAPTURE_KEYS)})",
                    )
            named = False
            for key in CAPTURE_KEYS:
                value = cap.data.get(key)
                if value is None:
                    continue
                named = True
                if type(value) is str and value in players:
                    captures[key] = value
                else:
                    cap.player(key, players, optional=True)  # names the problem
            if named or announced:
                self._check_captures(problems, players, captures, announced, points, variant)

        # Irregularities (§13.3 item 6)
        offences: list[tuple[str, str]] = []
        for item in r.items("irregularities") if "irregularities" in hand else ():
            offender = item.player("player", players)
            kind = item.choice("kind", IRREGULARITY_KINDS)
            if offender is not None and kind is not None:
                offences.append((offender, kind))

        # Volát cross-check (§13.3 item 7)
        if "volat" in r.data:
            given = r.data["volat"]
            if given is not None and given not in players:
                problems.add(
                    "volat",
                    f"{given!r} is not one of the players here ({', '.join(players)})",
                    f"{given!r} nem játékos itt ({', '.join(players)})",
                )
            elif points is not None and given != volat_player:
                problems.add(
                    "volat",
                    f"disagrees with the card points: the volát is {volat_player or 'nobody'}'s",
                    f"ellentmond a játékpontoknak: volát {volat_player or 'senki'}",
                )

        problems.raise_if_any()
        assert dealer is not None
        assert points is not None

        return self._score(session, state, number, dealer, points, announced, captures, offences)

    def _announcements(
        self,
        r: Reader,
        players: tuple[str, ...],
        rules: Mapping[str, Any],
        dealer: str | None,
        variant: bool,
    ) -> list[tuple[str, str]]:
        problems = r.problems
        raw = r.data.get("announcements")
        if raw is None or (isinstance(raw, list) and not raw):
            return []
        if variant and isinstance(raw, list) and raw:
            problems.add(
                "announcements",
                "the house variant has no announcements (every figure is silent)",
                "a házi változatban nincs bemondás (minden figura csendes)",
            )
            return []
        made: dict[tuple[str, str], int] = {}
        tricks: dict[int, int] = {}
        result: list[tuple[str, str]] = []
        allow_both = rules["allow_fej_and_tuletroa"]
        for i, item in enumerate(r.items("announcements")):
            who = item.player("player", players)
            kind = item.choice("type", ANNOUNCEMENT_TYPES)
            trick = item.integer("trick", lo=1, hi=21, optional=True)
            here = f"announcements[{i}]"
            if trick is not None:
                if trick in tricks:
                    problems.add(
                        f"{here}.trick",
                        f"announcements[{tricks[trick]}] was already made on trick {trick}: "
                        "one announcement at a time",
                        f"a(z) {trick}. ütésnél már volt bemondás (announcements[{tricks[trick]}]): "
                        "egyszerre csak egy",
                    )
                else:
                    tricks[trick] = i
                if trick == 1 and who is not None and who == dealer:
                    problems.add(
                        f"{here}.trick",
                        f"{who} deals, so he does not lead trick 1 and cannot announce on it",
                        f"{who} az osztó, így nem ő hív az 1. ütésnél, akkor nem mondhat be",
                    )
            if who is None or kind is None:
                continue
            other = players[1] if who == players[0] else players[0]
            if (who, kind) in made:
                problems.add(
                    f"{here}.type",
                    f"{who} already announced {kind}",
                    f"{who} már bemondta: {kind}",
                )
                continue
            if kind == "fej" and (other, "fej") in made:
                problems.add(
                    f"{here}.type",
                    f"{other} announced fej too: there are only three honours",
                    f"{other} is mondott fejet: csak három honőr van",
                )
            if kind == "negy_kiraly" and (other, "negy_kiraly") in made:
                problems.add(
                    f"{here}.type",
                    f"{other} announced négy király too: there are only four kings",
                    f"{other} is mondott négy királyt: csak négy király van",
                )
            if (kind in ("fej", "tuletroa") and (other, "tuletroa") in made) or (
                kind == "tuletroa" and (other, "fej") in made
            ):
                problems.add(
                    f"{here}.type",
                    f"{kind} by {who} is impossible: a tulétroá puts all three honours in one hand",
                    f"{who} nem mondhat {kind} bemondást: tulétroánál mindhárom honőr egy kézben van",
                )
            if not allow_both and (
                (kind == "fej" and (who, "tuletroa") in made)
                or (kind == "tuletroa" and (who, "fej") in made)
            ):
                problems.add(
                    f"{here}.type",
                    f"{who} cannot score both fej and tulétroá (allow_fej_and_tuletroa is off)",
                    f"{who} nem kaphat fejet és tulétroát is (allow_fej_and_tuletroa ki van kapcsolva)",
                )
            made[(who, kind)] = i
            result.append((who, kind))
        return result

    def _check_captures(
        self,
        problems: Problems,
        players: tuple[str, ...],
        captures: Mapping[str, str | None],
        announced: list[tuple[str, str]],
        points: Mapping[str, int] | None,
        variant: bool,
    ) -> None:
        def other(who: str) -> str:
            return players[1] if who == players[0] else players[0]

        if not variant:
            for key in CAPTURES_VARIANT:
                if captures[key] is not None:
                    problems.add(
                        f"captures.{key}",
                        "exists only in the house variant (ruleset house_variant)",
                        "csak a házi változatban létezik (ruleset house_variant)",
                    )
        fogas, ulti = captures["pagatfogas"], captures["pagatulti"]
        ulti_failed, tuletroa = captures["pagatulti_failed"], captures["tuletroa_captured"]
        if fogas is not None and ulti is not None:
            problems.add(
                "captures.pagatulti",
                f"there is one pagát: {fogas} caught it, so nobody made pagátulti with it",
                f"egy pagát van: {fogas} fogta el, így pagátulti nem lehet",
            )
        if ulti_failed is not None and fogas != other(ulti_failed):
            problems.add(
                "captures.pagatulti_failed",
                f"if {ulti_failed}'s pagát lost trick 21, {other(ulti_failed)} has pagátfogás",
                f"ha {ulti_failed} pagátja elveszett az utolsó ütésben, "
                f"{other(ulti_failed)} pagátfogást csinált",
            )
        if captures["uhu_failed"] is not None and captures["uhu"] is not None:
            problems.add(
                "captures.uhu_failed",
                "there is one II: an uhu was made, so no uhu failed",
                "egy sas van: uhu teljesült, így nem bukhatott el",
            )
        # The pagát ends in one player's tricks.
        pagat_owner = fogas or ulti
        if fogas is not None and ulti is not None and fogas != ulti:
            pagat_owner = None  # already refused above
        if tuletroa is not None and pagat_owner is not None and tuletroa != pagat_owner:
            problems.add(
                "captures.tuletroa_captured",
                f"the pagát ends in {pagat_owner}'s tricks, so {tuletroa} cannot hold all three honours",
                f"a pagát {pagat_owner} ütéseiben van, így {tuletroa} nem vihette el mindhárom honőrt",
            )
        if tuletroa is not None and ulti_failed == tuletroa:
            problems.add(
                "captures.tuletroa_captured",
                f"{tuletroa}'s pagát was lost in trick 21, so he cannot hold all three honours",
                f"{tuletroa} pagátja elveszett az utolsó ütésben, így nem lehet nála mindhárom honőr",
            )
        xxi = captures["xxi_fogas"]
        if tuletroa is not None and xxi is not None and tuletroa != xxi:
            problems.add(
                "captures.xxi_fogas",
                f"the XXI ends in {xxi}'s tricks, so {tuletroa} cannot hold all three honours",
                f"a XXI {xxi} ütéseiben van, így {tuletroa} nem vihette el mindhárom honőrt",
            )
        # A tulétroá announcer held the pagát.
        for who, kind in announced:
            if kind != "tuletroa":
                continue
            if fogas == who:
                problems.add(
                    "captures.pagatfogas",
                    f"{who} announced tulétroá, so the pagát was his own",
                    f"{who} tulétroát mondott, tehát a pagát az övé volt",
                )
            for key in ("pagatulti", "pagatulti_failed"):
                if captures[key] == other(who):
                    problems.add(
                        f"captures.{key}",
                        f"{who} announced tulétroá, so {other(who)} had no pagát",
                        f"{who} tulétroát mondott, így {other(who)} nem volt pagátja",
                    )
        # A player with 0 card points won no trick.
        if points is not None:
            for key in CAPTURE_KEYS:
                named = captures[key]
                if named is not None and key not in CAPTURES_FAILED and points[named] == 0:
                    problems.add(
                        f"captures.{key}",
                        f"{named} has 0 card points, so he won no trick",
                        f"{named} játékpontja 0, tehát nem vitt ütést",
                    )

    def _score(
        self,
        session: Session,
        state: State,
        number: int,
        dealer: str,
        points: Mapping[str, int],
        announced: list[tuple[str, str]],
        captures: Mapping[str, str | None],
        offences: list[tuple[str, str]],
    ) -> tuple[State, list[Entry]]:
        # Lean on purpose: this runs for every deal of every replay (Lines and dataclasses
        # are the main cost, so a deal books one line per scoring player plus one).
        players = session.players
        a, b = players
        rules = session.house_rules
        variant = rules["ruleset"] == "house_variant"
        values = VARIANT_VALUES if variant else BASE_VALUES
        labels = LABELS[variant]
        highest_only = rules["figure_scoring"] == "highest_only"
        chain_scope = rules["highest_only_scope"] == "threshold_chain"
        failed_penalty: int = rules["failed_ulti_penalty"]
        revoke_points: int | None = rules["revoke_penalty_points"]
        volat = points[a] == TOTAL_CARD_POINTS or points[b] == TOTAL_CARD_POINTS

        # §13.4 item 1: each player's figures besides the point chain, in the spec's order.
        others: dict[str, list[str]] = {a: [], b: []}
        excluded: dict[str, list[str]] = {a: [], b: []}
        for code in CAPTURES_BASE + CAPTURES_VARIANT:
            who = captures[code]
            if who is not None:
                if volat and code in VOLAT_EXCLUDED:
                    excluded[who].append(code)  # "volátban nem számít" (Strohmandli-változat)
                else:
                    others[who].append(code)
        for who, kind in announced:
            others[who].append(kind)

        lines: list[Line] = []
        rp = [0, 0]
        for seat in (0, 1):
            me, you = players[seat], players[1 - seat]
            mine = points[me]
            chain = CHAIN_MADE[mine]
            made = others[me]
            lost: list[str] = []
            # §13.4 item 2: figure_scoring (§7.1)
            if not highest_only:
                kept = [*chain, *made]
            elif chain_scope:
                kept = [*chain[-1:], *made]
                lost = list(chain[:-1])
            else:
                every = [*chain, *made]
                kept = []
                if every:
                    best = max(values[code] for code in every)
                    top = next(code for code in every if values[code] == best)
                    kept = [top]
                    lost = [code for code in every if code != top]
            total = 0
            parts_en: list[str] = []
            parts_hu: list[str] = []
            for code in kept:
                total += values[code]
                label = labels[code]
                parts_en.append(label[0])
                parts_hu.append(label[1])
            # §13.4 item 3: credits, never removed by figure_scoring
            if failed_penalty:
                for key, what in (("pagatulti_failed", "pagátulti"), ("uhu_failed", "uhu")):
                    if captures[key] == you:
                        total += failed_penalty
                        parts_en.append(f"{you}'s failed {what} {failed_penalty}")
                        parts_hu.append(f"elbukott {what} ({you}) {failed_penalty}")
            if revoke_points is not None:
                for who, kind in offences:
                    if who == you:
                        total += revoke_points
                        en, hu = OFFENCE_TEXT[kind]
                        parts_en.append(f"{en} by {you} {revoke_points}")
                        parts_hu.append(f"{hu} ({you}) {revoke_points}")
            if parts_en:
                rp[seat] = total
                lines.append(
                    Line(
                        Text(
                            f"{me}, {mine} card points: {' + '.join(parts_en)} = {_rp(total)}, "
                            f"{you} pays {total}",
                            f"{me}, {mine} játékpont: {' + '.join(parts_hu)} = {total} "
                            f"eredménypont, {you} fizet: {total}",
                        ),
                        {me: total, you: -total},
                    )
                )
            if lost:
                lines.append(
                    Line(
                        Text(
                            f"{me}: not counted ({', '.join(labels[c][2] for c in lost)}): "
                            f"figure_scoring highest_only, only {ONLY_EN[chain_scope]} counts",
                            f"{me}: nem számít ({', '.join(labels[c][3] for c in lost)}): "
                            f"figure_scoring highest_only, csak {ONLY_HU[chain_scope]} számít",
                        )
                    )
                )
            if excluded[me]:
                lines.append(
                    Line(
                        Text(
                            f"{me}: not counted in a volát: "
                            f"{', '.join(labels[c][2] for c in excluded[me])}",
                            f"{me}: volátban nem számít: "
                            f"{', '.join(labels[c][3] for c in excluded[me])}",
                        )
                    )
                )
        ra, rb = rp
        new_state, n, sa, sb, ended = self._advance(session, state, number, dealer, ra, rb)
        delta, minus = _signed(ra - rb), _signed(rb - ra)
        # The match after the deal, in words only: matches never move money (§10).
        if ended in MATCH_END:
            end_en, end_hu = MATCH_END[ended]
        else:
            end_en, end_hu = f", {ended} wins the match", f", {ended} nyerte a játszmát"
        lines.append(
            Line(
                Text(
                    f"result points {a} {ra}, {b} {rb}: {a} {ra} − {rb} = {delta}, {b} {minus}; "
                    f"match {n}: {a} {sa} – {b} {sb}{end_en}",
                    f"eredménypont {a} {ra}, {b} {rb}: {a} {ra} − {rb} = {delta}, {b} {minus}; "
                    f"{n}. játszma: {a} {sa} – {b} {sb}{end_hu}",
                )
            )
        )
        summary = Text(
            f"{a} {ra} – {b} {rb} result points ({points[a]}:{points[b]} card points)",
            f"{a} {ra} – {b} {rb} eredménypont ({points[a]}:{points[b]} játékpont)",
        )
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=players,
            pot_names=(),
            lines=lines,
            summary=summary,
        )
        return new_state, [entry]

    def _advance(
        self, session: Session, state: State, number: int, dealer: str, ra: int, rb: int
    ) -> tuple[State, int, int, int, str | None]:
        """The state after a deal; the match's number and scores; how it ended: "" running,
        None drawn, else the winner."""
        a, b = session.players
        rules = session.house_rules
        # Next dealer (§12 item 9): equal RP always alternates.
        rotation = rules["dealer_rotation"]
        if rotation == "alternate" or ra == rb:
            next_dealer = b if dealer == a else a
        elif rotation == "loser_deals":
            next_dealer = a if ra < rb else b
        else:
            next_dealer = a if ra > rb else b
        # Matches (§10): after a match ends, the next deal starts a new one at 0 – 0.
        if state.first_deal:
            first = state.first_deal
            sa, sb = state.scores[0] + ra, state.scores[1] + rb
        else:
            first, sa, sb = number, ra, rb
        n = len(state.done) + 1
        target: int | None = rules["target_points"]
        length: int | None = rules["match_deals"]
        # Past the target with unequal scores (equal: play on), or the fixed length reached
        # (equal: a drawn match).
        if (target is not None and (sa >= target or sb >= target) and sa != sb) or (
            length is not None and number - first + 1 >= length
        ):
            winner = a if sa > sb else b if sb > sa else None
            match = Match(first, number, (sa, sb), True, winner)
            return State(next_dealer, (*state.done, match)), n, sa, sb, winner
        return State(next_dealer, state.done, first, number, (sa, sb)), n, sa, sb, ""

    # -- the session's end and the table ------------------------------------------------

    def _matches(self, session: Session, state: State) -> list[Match]:
        """The matches as §13.4 reports them: without a target or a fixed length, the one
        open-ended match is over at the end of the session."""
        matches = list(state.done)
        if state.first_deal:
            rules = session.house_rules
            over = rules["target_points"] is None and rules["match_deals"] is None
            winner = _higher(session.players, state.scores) if over else None
            matches.append(Match(state.first_deal, state.last_deal, state.scores, over, winner))
        return matches

    def end_of_session(self, session: Session, state: State) -> EndOfSession:
        players = session.players
        a, b = players
        lines: list[Line] = []
        listed: list[dict[str, Any]] = []
        for i, m in enumerate(self._matches(session, state), start=1):
            listed.append(
                {
                    "first_deal": m.first_deal,
                    "last_deal": m.last_deal,
                    "scores": {a: m.scores[0], b: m.scores[1]},
                    "over": m.over,
                    "winner": m.winner,
                }
            )
            if not m.over:
                how = ("still running", "még tart")
            elif m.winner is None:
                how = ("drawn", "döntetlen")
            else:
                how = (f"won by {m.winner}", f"nyertes: {m.winner}")
            lines.append(
                Line(
                    Text(
                        f"match {i} (deals {m.first_deal}–{m.last_deal}): "
                        f"{a} {m.scores[0]} – {b} {m.scores[1]}, {how[0]}",
                        f"{i}. játszma ({m.first_deal}–{m.last_deal}. parti): "
                        f"{a} {m.scores[0]} – {b} {m.scores[1]}, {how[1]}",
                    )
                )
            )
        # Matches never move money (§10): nothing is paid out and there are no pots.
        return EndOfSession(
            payouts=dict.fromkeys(players, 0),
            pots_left={},
            lines=tuple(lines),
            extra={"matches": listed},
        )

    def table_hint(self, session: Session, state: State) -> TableHint:
        players = session.players
        a, b = players
        rules = session.house_rules
        target: int | None = rules["target_points"]
        length: int | None = rules["match_deals"]
        notes: list[Text] = []
        done = state.done
        if done and not state.first_deal:
            last = done[-1]
            result = (
                (f"won by {last.winner}", f"nyertes: {last.winner}")
                if last.winner
                else ("drawn", "döntetlen")
            )
            notes.append(
                Text(
                    f"match {len(done)}: {a} {last.scores[0]} – {b} {last.scores[1]}, {result[0]}",
                    f"{len(done)}. játszma: {a} {last.scores[0]} – {b} {last.scores[1]}, {result[1]}",
                )
            )
        current, n = state.scores, len(done) + 1
        played = state.last_deal - state.first_deal + 1 if state.first_deal else 0
        en = f"match {n}: {a} {current[0]} – {b} {current[1]}"
        hu = f"{n}. játszma: {a} {current[0]} – {b} {current[1]}"
        if target is not None:
            en += f", playing to {target}"
            hu += f", {target} pontig"
        if length is not None:
            en += f", deal {played + 1} of {length}"
            hu += f", {played + 1}/{length}. parti"
        notes.append(Text(en, hu))
        if state.next_dealer is None:
            notes.append(Text("first deal: either player may deal", "első parti: bárki oszthat"))
            return TableHint(next_dealer=players[0], notes=tuple(notes))
        return TableHint(next_dealer=state.next_dealer, notes=tuple(notes))

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        loaded: State = load_dataclass(State, data)
        return loaded


VARIANT = Strohmandli()
