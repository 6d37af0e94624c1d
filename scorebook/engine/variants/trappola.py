"""Trappola (36 cards, two players, no trumps): spec `two_player_games.md`.

A deal scores card points, declarations of three or four of a kind, tricks won with a 2
and the last trick (with a bonus for a final run of twos); a match is played to 300
(seed 003 "Trappola"). The seed's three tables are lost: the values are RECOVERED (§12 item
13) and the house rule `trappola_values` replaces any of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.record import Reader
from scorebook.engine.shape import INT, PLAYER, TEXT, by_player, fields, rows
from scorebook.engine.types import HouseRule, Session, Text
from scorebook.engine.variants._match import (
    MATCH_GROUP,
    CheckedRule,
    Deal,
    MatchRule,
    ToTarget,
    TwoPlayerGame,
    other,
    pair_map,
)

# §12 item 13 (RECOVERED, knauer.org / gambiter.com; the seed keeps only the headings
# "Bemondott kombinációk pontértéke: Pontot érő lapok lapok értéke: Különleges ütések értéke:").
DEFAULT_VALUES: dict[str, Any] = {
    "card": {"ace": 6, "king": 5, "cavall": 4, "fante": 3},
    "three": {"ace": 12, "king": 6, "cavall": 6, "fante": 6, "two": 10},
    "four_factor": 2,
    "two_trick": 10,
    "last_trick": 6,
    "final_two_run": 26,
}
RANKS = ("ace", "king", "cavall", "fante", "two")
RANKS_HU = {"ace": "ász", "king": "király", "cavall": "lovas", "fante": "apród", "two": "kettes"}
MAX_DECLARED = 10  # §13.3: a hand holds 9 cards (10 in the 40-card variant)
TWOS = 4  # one 2 per suit
MAX_RUN = 4
RESULT = fields(
    card_points=by_player(INT),
    declarations=rows(player=PLAYER, rank=TEXT, count=INT),
    two_wins=by_player(INT),
    last_trick=PLAYER,
    final_two_run=INT,
)


def _check_values(value: Any) -> str | None:
    """`trappola_values`: every key optional, integers ≥ 0, no unknown key (§12 item 13)."""
    if not isinstance(value, Mapping):
        return f"{value!r} is not an object"
    for key, item in value.items():
        if key not in DEFAULT_VALUES:
            return f"{key!r} is not a key of trappola_values ({', '.join(DEFAULT_VALUES)})"
        default = DEFAULT_VALUES[key]
        if isinstance(default, dict):
            if not isinstance(item, Mapping):
                return f"{key}: {item!r} is not an object"
            for sub, number in item.items():
                if sub not in default:
                    return (
                        f"{key}.{sub} is not a key of trappola_values.{key} ({', '.join(default)})"
                    )
                if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                    return f"{key}.{sub}: {number!r} is not a whole number ≥ 0"
        elif isinstance(item, bool) or not isinstance(item, int) or item < 0:
            return f"{key}: {item!r} is not a whole number ≥ 0"
    return None


RULES: tuple[HouseRule, ...] = (
    HouseRule(
        "trappola_target",
        300,
        "int",
        Text("points that win the match", "ennyi pont nyeri a játszmát"),
        group=MATCH_GROUP,
        minimum=1,
    ),
    CheckedRule(
        "trappola_values",
        DEFAULT_VALUES,
        "json",
        Text(
            "replaces some of the recovered values: card, three, four_factor, two_trick, last_trick, final_two_run",
            "felülírja a visszaállított értékek egy részét: card, three, four_factor, two_trick, last_trick, final_two_run",
        ),
        checker=_check_values,
    ),
)


_merged: list[tuple[Mapping[str, Any], dict[str, Any]]] = []  # the last merge, by identity


def values(session: Session) -> dict[str, Any]:
    """The recovered values with the house rule's replacements merged in (once per session)."""
    given: Mapping[str, Any] = session.house_rules["trappola_values"]
    if _merged and _merged[0][0] is given:
        return _merged[0][1]
    merged: dict[str, Any] = {}
    for key, default in DEFAULT_VALUES.items():
        if isinstance(default, dict):
            merged[key] = {**default, **given.get(key, {})}
        else:
            merged[key] = given.get(key, default)
    # Holding `given` keeps its identity unique while it is compared.
    _merged[:] = [(given, merged)]
    return merged


def read(session: Session, res: Reader) -> Deal | None:
    players = session.players
    a, b = players
    problems = res.problems
    before = len(problems.items)
    v = values(session)
    card = v["card"]
    pack = 4 * sum(card.values())  # §13.3: C = 4 × (ace + king + cavall + fante)
    points = pair_map(res, "card_points", players, at_most=pack)
    two_wins = pair_map(res, "two_wins", players)
    last = res.player("last_trick", players)
    run = res.integer("final_two_run", lo=0, hi=MAX_RUN)
    declared: list[tuple[str, str, int]] = []
    seen: dict[str, int] = {}
    held = dict.fromkeys(players, 0)
    for i, item in enumerate(res.items("declarations")):
        who = item.player("player", players)
        rank = item.choice("rank", RANKS)
        count = item.choice("count", (3, 4))
        if who is None or rank is None or count is None:
            continue
        if rank in seen:
            problems.add(
                item.path("rank"),
                f"{rank} is declared twice (declarations[{seen[rank]}]): there are only four",
                f"{RANKS_HU[rank]} kétszer bemondva (declarations[{seen[rank]}]): csak négy van",
            )
            continue
        seen[rank] = i
        held[who] += count
        declared.append((who, rank, count))
    for who in players:
        if held[who] > MAX_DECLARED:
            problems.add(
                res.path("declarations"),
                f"{who} declares {held[who]} cards, more than a hand of {MAX_DECLARED}",
                f"{who} {held[who]} lapot mond be, több mint egy {MAX_DECLARED} lapos kéz",
            )
    if points is not None:
        in_play = sum(count * card.get(rank, 0) for _, rank, count in declared)
        if points[a] + points[b] < in_play:
            problems.add(
                res.path("card_points"),
                f"the declared cards alone are worth {in_play}, more than {points[a] + points[b]}",
                f"már a bemondott lapok {in_play} pontot érnek, több mint {points[a] + points[b]}",
            )
    if two_wins is not None and run is not None:
        if two_wins[a] + two_wins[b] + run > TWOS:
            problems.add(
                res.path("two_wins"),
                f"{two_wins[a]} + {two_wins[b]} tricks with a 2 and a final run of {run}: there are only {TWOS} twos",
                f"{two_wins[a]} + {two_wins[b]} kettessel vitt ütés és {run} hosszú záró sorozat: csak {TWOS} kettes van",
            )
        elif last is not None:
            for who, rank, count in declared:
                if rank != "two":
                    continue
                opp = other(players, who)
                by_opp = two_wins[opp] + (run if last == opp else 0)
                if by_opp > TWOS - count:
                    problems.add(
                        res.path(f"two_wins.{opp}"),
                        f"{who} declared {count} twos, so {opp} won at most {TWOS - count} tricks with a 2, not {by_opp}",
                        f"{who} {count} kettest mondott be, így {opp} legfeljebb {TWOS - count} ütést vihetett kettessel, nem {by_opp}",
                    )
    if len(problems.items) > before:
        return None
    assert points is not None
    assert two_wins is not None
    assert last is not None
    assert run is not None
    # One line per player adding up his deal score s_X (§6).
    en: dict[str, list[str]] = {a: [], b: []}
    hu: dict[str, list[str]] = {a: [], b: []}
    pts = dict.fromkeys(players, 0)
    for p in players:
        if points[p]:
            pts[p] += points[p]
            en[p].append(f"card points {points[p]}")
            hu[p].append(f"lappont {points[p]}")
    for who, rank, count in declared:
        three = v["three"][rank]
        if count == 3:
            worth = three
            en[who].append(f"three {rank}s {three}")
            hu[who].append(f"három {RANKS_HU[rank]} {three}")
        else:
            worth = three * v["four_factor"]
            en[who].append(f"four {rank}s {three} × {v['four_factor']}")
            hu[who].append(f"négy {RANKS_HU[rank]} {three} × {v['four_factor']}")
        pts[who] += worth
    two = v["two_trick"]
    for p in players:
        if two_wins[p]:
            pts[p] += two_wins[p] * two
            en[p].append(f"tricks with a 2 {two_wins[p]} × {two}")
            hu[p].append(f"kettessel vitt ütés {two_wins[p]} × {two}")
    if run:
        pts[last] += run * v["final_two_run"]
        en[last].append(
            f"last trick with a final run of twos {run} × {v['final_two_run']} (instead of {v['last_trick']} + {run} × {two})"
        )
        hu[last].append(
            f"utolsó ütés {run} hosszú kettes záró sorozattal {run} × {v['final_two_run']} ({v['last_trick']} + {run} × {two} helyett)"
        )
    else:
        pts[last] += v["last_trick"]
        en[last].append(f"last trick {v['last_trick']}")
        hu[last].append(f"utolsó ütés {v['last_trick']}")
    items: list[tuple[str | None, int, Text]] = []
    for p in players:
        if en[p]:
            items.append(
                (
                    p,
                    pts[p],
                    Text(
                        f"{p}: {' + '.join(en[p])} = {pts[p]}",
                        f"{p}: {' + '.join(hu[p])} = {pts[p]}",
                    ),
                )
            )
    sa, sb = pts[a], pts[b]
    winner = a if sa > sb else b if sb > sa else None
    shown = f"{a} {sa} – {b} {sb}"
    return Deal(items, winner, Text(shown, shown))


def match_rule(session: Session) -> MatchRule:
    target: Any = session.house_rules["trappola_target"]
    return ToTarget(target)


VARIANT = TwoPlayerGame(
    key="trappola",
    title=Text("Trappola", "Trappola"),
    rules=RULES,
    result=RESULT,
    read=read,
    match_rule=match_rule,
)
