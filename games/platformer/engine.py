"""`PlatformerEngine`: Platformer's solo mode as a GameEngine (see games/engine.py and CONTRACT.md)."""

from __future__ import annotations

from typing import Any

from games.engine import (
    N_,
    Action,
    Event,
    GameSpec,
    MalformedState,
    OptionSpec,
    ScoreLine,
    Status,
    game_over,
    not_legal,
    not_text,
    words,
)
from games.platformer.actions import legal, perform
from games.platformer.bots import BOTS
from games.platformer.components import Components, load_components
from games.platformer.effects import check_artifacts
from games.platformer.persist import clone, dump, load_state
from games.platformer.redeal import redeal_state
from games.platformer.table import Over, restored, say, stored
from games.platformer.turn import new_state
from games.platformer.view import build_view, prompt, score_lines

SPEC = GameSpec(
    slug="platformer",
    title=N_("Platformer (solo)"),
    rules_version=3,
    options=(
        OptionSpec("hero", N_("Hero"), (("random", N_("Random")), ("angelo", "Angelo"), ("melosa", "Melosa"),
                                    ("avys", "Avys"), ("etern", "Etern"), ("brann", "Brann"), ("kira", "Kira")),
                   "random"),
        OptionSpec("boss", N_("Boss"), (("random", N_("Random")), ("medusa", "Medusa"), ("ikee", "Overlord Ikee")),
                   "random"),
        OptionSpec("map", N_("Map"), (("normal", N_("Normal: 3 levels + the boss level")),
                                      ("big", N_("Bigger map: 4 levels + the boss level"))), "normal"),
        OptionSpec("artifacts", N_("Artifacts variant"), (("off", N_("Off")), ("on", N_("On: 2 random artifacts"))),
                   "off"),
    ),
    summary=N_("Climb a tower of dungeon tiles with five dice, jump, push and fight your way up against gravity, "
               "and defeat the boss at the top before the twelve Event cards run out."),
)


def _fingerprint(s: dict) -> tuple:
    """Enough of a state to notice that it was changed in place since its legal actions were listed."""
    return (s["rng"], s["phase"], s["hero_cell"], s["gold"], s["gems"], s["health"], len(s["log"]),
            s["log"][-1:], repr(s["pending"]), repr(s["push"]), repr(s["dice"]), repr(s["figs"]), s["special"])


class PlatformerEngine:
    """Pure rules; the components load on first use (from games/platformer/data/ unless given)."""

    spec = SPEC
    bots = BOTS
    campaign = None

    def __init__(self, components: Components | None = None) -> None:
        self._components = components

    @property
    def components(self) -> Components:
        if self._components is None:
            self._components = load_components()
        return self._components

    def new_game(self, seed: int, options: dict[str, Any], carried: dict[str, Any] | None = None) -> dict:
        if carried is not None:
            raise ValueError("Platformer has no campaign mode")
        opts = self.spec.normalize_options(options)
        return new_state(self.components, seed, opts)[0]

    def legal_actions(self, state: dict) -> list[Action]:
        actions = legal(self.components, state)
        self._last = (state, _fingerprint(state), {a.id for a in actions})
        return actions

    def _legal_ids(self, state: dict) -> set[str]:
        """The legal ids, reusing the list just computed for this very state (apply usually follows it)."""
        last = getattr(self, "_last", None)
        if last is not None and last[0] is state and last[1] == _fingerprint(state):
            return last[2]
        return {a.id for a in legal(self.components, state)}

    def apply(self, state: dict, action_id: str) -> tuple[dict, list[Event]]:
        comp = self.components
        if not isinstance(action_id, str):
            raise not_text()
        if state["phase"] == "over":
            raise game_over()
        if action_id not in self._legal_ids(state) and action_id not in {a.id for a in legal(comp, state, False)}:
            # The second list: choices that lead nowhere, no longer offered but still accepted, so that games
            # saved before issue #24 replay (RULINGS.md, "Choices that lead nowhere").
            raise not_legal(action_id, prompt(comp, state))
        s = clone(state)
        ev: list[Event] = []
        try:
            perform(comp, s, ev, action_id)
            check_artifacts(comp, s, ev)
        except Over as over:
            s.update(phase="over", result=over.result, reason=stored(over.reason), pending=None, push=None)
            say(s, ev, "over", words(N_("Victory: {reason}") if over.result == "won" else N_("Defeat: {reason}"),
                                     reason=over.reason))
        return s, ev

    def status(self, state: dict) -> Status:
        if state["result"] == "won":
            lines = tuple(ScoreLine(x["label"], x["points"], x["detail"]) for x in score_lines(self.components, state))
            return Status("won", sum(x.points for x in lines), lines, restored(state["reason"]))
        if state["result"] == "lost":
            return Status("lost", 0, (), restored(state["reason"]))
        return Status("in_progress")

    def over(self, state: dict) -> bool:
        return state["result"] in ("won", "lost")

    def view(self, state: dict) -> dict[str, Any]:
        return build_view(self.components, state)

    def dump(self, state: dict) -> dict[str, Any]:
        return dump(state)

    def redeal(self, state: dict, seed: int, *, canonical: bool = False) -> dict:
        """The unseen dealt again from `seed` (games/engine.py, `GameEngine.redeal`; RULINGS.md)."""
        return redeal_state(self.components, state, seed, canonical=canonical)

    def load(self, data: Any) -> dict:
        try:
            return load_state(self.components, data)
        except MalformedState:
            raise
        except Exception as exc:  # anything unexpected in foreign data is still a malformed save
            raise MalformedState(f"malformed state: {exc!r}") from exc
