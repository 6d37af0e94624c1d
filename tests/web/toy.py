"""A tiny variant that exists only for the web tests (registered by tests/web/conftest.py).

The web layer must work for any variant; this one has every house-rule kind, a pot, a
list field, player maps, a sitting-out dealer with five players, and join/leave events.
Hand record: {"dealer", "winner", "points", "bonuses": [{"who", "amount"}], "to_kitty",
"tricks": {player: n}}.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scorebook.engine.errors import InvalidHand, Problems
from scorebook.engine.messages import msg
from scorebook.engine.record import Reader
from scorebook.engine.shape import BOOL, INT, PLAYER, TEXT, by_player, fields, rows
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import (
    EndOfSession,
    Entry,
    HouseRule,
    Line,
    Session,
    TableHint,
)

SCORING = msg("Scoring")
POTS = msg("Pots")


@dataclass(frozen=True)
class ToyState:
    dealer: int = 0
    kitty: int = 0
    hands: int = 0
    seated: tuple[str, ...] = ()


class Toy:
    key = "toy"
    title = msg("Toy game")
    min_players = 3
    max_players = 5
    pot_names = ("kitty",)
    record = fields(
        dealer=PLAYER,
        winner=PLAYER,
        points=INT,
        bonuses=rows(who=PLAYER, amount=INT),
        to_kitty=BOOL,
        tricks=by_player(INT),
    )
    event_record = fields(event=TEXT, player=PLAYER, seat_index=INT)
    house_rules = (
        HouseRule("double_wins", False, "bool", msg("Winner is paid double"), group=SCORING),
        HouseRule("base", 1, "int", msg("Points per point"), group=SCORING, minimum=1, maximum=10),
        HouseRule(
            "kitty_rule",
            "none",
            "choice",
            msg("What the kitty does"),
            choices=("none", "winner_takes"),
            group=POTS,
        ),
        HouseRule("cap", None, "optional_int", msg("Cap per hand"), group=SCORING, minimum=1),
    )

    def _seated(self, session: Session, state: ToyState) -> tuple[str, ...]:
        return state.seated or tuple(p for p in session.players if p not in session.late_joiners)

    def start(self, session: Session) -> tuple[Any, list[Entry]]:
        kitty = (session.opening_pots or {}).get("kitty", 0)
        return ToyState(kitty=kitty, seated=self._seated(session, ToyState())), []

    def _active(self, seated: tuple[str, ...], dealer: str | None) -> list[str]:
        if len(seated) == 5 and dealer in seated:
            return [p for p in seated if p != dealer]
        return list(seated)

    def play(
        self, session: Session, state: Any, hand: Mapping[str, Any], number: int
    ) -> tuple[Any, list[Entry]]:
        problems = Problems()
        r = Reader(hand, problems)
        seated = self._seated(session, state)
        dealer = r.player("dealer", seated)
        active = self._active(seated, dealer)
        winner = r.player("winner", active, optional=True)
        points = r.integer("points", lo=0, hi=20, default=0)
        bonuses = [
            (b.player("who", active), b.integer("amount", lo=1, hi=5)) for b in r.items("bonuses")
        ]
        to_kitty = r.boolean("to_kitty")
        r.player_map("tricks", active, optional=True, complete=False)
        if winner is None and points:
            problems.add("winner", msg("is required when points are scored"))
        problems.raise_if_any()
        base = session.rule("base") * (2 if session.rule("double_wins") else 1)
        lines: list[Line] = []
        if winner and points:
            amount = points * base
            if session.rule("cap") is not None:
                amount = min(amount, session.rule("cap"))
            deltas = {p: -amount for p in active if p != winner}
            deltas[winner] = amount * (len(active) - 1)
            lines.append(
                Line(msg("{winner} wins {amount} from each", winner=winner, amount=amount), deltas)
            )
        for who, amount in bonuses:
            if who and amount:
                deltas = {p: -amount for p in active if p != who}
                deltas[who] = amount * (len(active) - 1)
                lines.append(Line(msg("bonus {amount} to {who}", amount=amount, who=who), deltas))
        kitty = state.kitty
        if to_kitty:
            lines.append(
                Line(
                    msg("1 each into the kitty"),
                    dict.fromkeys(active, -1),
                    {"kitty": len(active)},
                )
            )
            kitty += len(active)
        if not lines:
            lines.append(Line(msg("nothing happens")))
        summary = msg("{winner} {points}", winner=winner or "nobody", points=points)
        entry = Entry.from_lines(
            kind="hand",
            number=number,
            dealer=dealer,
            players=session.players,
            pot_names=self.pot_names,
            lines=lines,
            summary=summary,
        )
        index = seated.index(dealer) if dealer in seated else 0
        return replace(
            state,
            dealer=(index + 1) % len(seated),
            kitty=kitty,
            hands=state.hands + 1,
            seated=seated,
        ), [entry]

    def event(
        self, session: Session, state: Any, event: Mapping[str, Any]
    ) -> tuple[Any, list[Entry]]:
        kind = event.get("event")
        who = event.get("player")
        seated = list(self._seated(session, state))
        if kind == "join" and who in session.players and who not in seated:
            order = [p for p in session.players if p in seated or p == who]
            new = replace(state, seated=tuple(order))
        elif kind == "leave" and who in seated and len(seated) > self.min_players:
            seated.remove(who)
            new = replace(state, seated=tuple(seated), dealer=state.dealer % len(seated))
        else:
            raise InvalidHand.one("event", msg("not possible here"))
        line = Line(msg("{who} {kind}s", who=who, kind=kind))
        entry = Entry.from_lines(
            kind=str(kind),
            number=None,
            dealer=None,
            players=session.players,
            pot_names=self.pot_names,
            lines=[line],
        )
        return new, [entry]

    def end_of_session(self, session: Session, state: Any) -> EndOfSession:
        seated = self._seated(session, state)
        share, rest = divmod(state.kitty, len(seated))
        payouts = {p: (share if p in seated else 0) for p in session.players}
        return EndOfSession(
            payouts, {"kitty": rest}, (Line(msg("kitty split: {share} each", share=share)),)
        )

    def table_hint(self, session: Session, state: Any) -> TableHint:
        seated = self._seated(session, state)
        dealer = seated[state.dealer % len(seated)]
        out = (dealer,) if len(seated) == 5 else ()
        return TableHint(dealer, out, 1, (msg("{hands} hands so far", hands=state.hands),))

    def dump_state(self, state: Any) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> Any:
        return load_dataclass(ToyState, data) if data else ToyState()


VARIANT = Toy()
