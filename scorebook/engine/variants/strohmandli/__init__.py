"""Strohmandli: two-player tarokk without bidding, scored in result points per figure.

Spec: shared/rules/strohmandli.md (seed 003 "Strohmandli" and "Strohmandli-változat").
Each player collects result points (RP) for the figures he makes; a deal moves
Δ_A = RP_A − RP_B (§6). Each player's result points are booked as one zero-sum line that
lists his figures and credits (the opponent pays their sum), so the deltas are exactly the
sum of the lines. Matches (§10) never move money: they are tracked in the state, shown on
each deal's last line and in the table hint, and listed in `end_of_session.extra["matches"]`.

A deal is read and checked by `record.read` and scored by `scoring.score`, with the
numbers of `tariffs` and the house rules of `house_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorebook.engine.errors import InvalidHand
from scorebook.engine.messages import Msg, msg, pmsg
from scorebook.engine.state import dump_dataclass, load_dataclass
from scorebook.engine.types import EndOfSession, Entry, Line, Session, TableHint
from scorebook.engine.variants.strohmandli.facts import hand_facts
from scorebook.engine.variants.strohmandli.house_rules import HOUSE_RULES
from scorebook.engine.variants.strohmandli.record import RECORD, read
from scorebook.engine.variants.strohmandli.scoring import score
from scorebook.engine.variants.strohmandli.state import Match, State, how_it_ended, leader
from scorebook.engine.variants.strohmandli.tariffs import ANNOUNCEMENT_TYPES, IRREGULARITY_KINDS


class Strohmandli:
    key = "strohmandli"
    title = pmsg("game title", "Strohmandli (two-player tarokk)")
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
        raise InvalidHand.one("event", msg("Strohmandli has no session events (join, leave)"))

    # -- one deal -----------------------------------------------------------------------

    def play(
        self, session: Session, state: State, hand: Mapping[str, Any], number: int
    ) -> tuple[State, list[Entry]]:
        return score(session, state, number, read(session, state, hand))

    # -- the session's end and the table ------------------------------------------------

    def _matches(self, session: Session, state: State) -> list[Match]:
        """The matches as §13.4 reports them: without a target or a fixed length, the one
        open-ended match is over at the end of the session."""
        matches = list(state.done)
        if state.first_deal:
            rules = session.house_rules
            over = rules["target_points"] is None and rules["match_deals"] is None
            winner = leader(session.players, state.scores) if over else None
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
            lines.append(
                Line(
                    msg(
                        "match {number} (deals {first}–{last}): {a} {score_a} – {b} {score_b}, {how}",
                        number=i,
                        first=m.first_deal,
                        last=m.last_deal,
                        a=a,
                        score_a=m.scores[0],
                        b=b,
                        score_b=m.scores[1],
                        how=how_it_ended(m),
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
        notes: list[Msg] = []
        last = state.last
        if last is not None and not state.first_deal:
            notes.append(
                msg(
                    "match {number}: {a} {score_a} – {b} {score_b}, {how}",
                    number=state.played,
                    a=a,
                    score_a=last.scores[0],
                    b=b,
                    score_b=last.scores[1],
                    how=how_it_ended(last),
                )
            )
        current, n = state.scores, state.played + 1
        played = state.last_deal - state.first_deal + 1 if state.first_deal else 0
        text = msg(
            "match {number}: {a} {score_a} – {b} {score_b}",
            number=n,
            a=a,
            score_a=current[0],
            b=b,
            score_b=current[1],
        )
        if target is not None:
            text = msg("{text}, playing to {target}", text=text, target=target)
        if length is not None:
            text = msg("{text}, deal {deal} of {length}", text=text, deal=played + 1, length=length)
        notes.append(text)
        if state.next_dealer is None:
            notes.append(msg("first deal: either player may deal"))
            return TableHint(next_dealer=players[0], notes=tuple(notes))
        return TableHint(next_dealer=state.next_dealer, notes=tuple(notes))

    def dump_state(self, state: State) -> dict[str, Any]:
        return dump_dataclass(state)

    def load_state(self, data: Mapping[str, Any]) -> State:
        if "played" not in data:  # stored before issue 20: the ended matches themselves
            done = data.get("done") or []
            data = {**data, "played": len(done), "last": done[-1] if done else None}
        loaded: State = load_dataclass(State, data)
        return loaded


VARIANT = Strohmandli()


__all__ = ["ANNOUNCEMENT_TYPES", "IRREGULARITY_KINDS", "VARIANT", "Strohmandli", "hand_facts"]
