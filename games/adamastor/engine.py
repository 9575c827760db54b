"""`AdamastorEngine`: Adamastor's Classic Mode as a GameEngine (see games/engine.py and CONTRACT.md)."""

from __future__ import annotations

from typing import Any

from games.adamastor.actions import legal, perform
from games.adamastor.bots import BOTS
from games.adamastor.campaign import AdamastorCampaign
from games.adamastor.components import Components, load_components
from games.adamastor.persist import dump, load_state
from games.adamastor.redeal import redeal_state
from games.adamastor.state import State
from games.adamastor.table import REACHED
from games.adamastor.turn import advance, new_state
from games.adamastor.view import build_view, prompt
from games.adamastor.voyage import check_carried
from games.engine import (
    N_,
    Action,
    Event,
    GameSpec,
    IllegalAction,
    MalformedState,
    OptionSpec,
    ScoreLine,
    Status,
    words,
)

SPEC = GameSpec(
    slug="adamastor",
    title=N_("Adamastor"),
    rules_version=1,
    options=(
        OptionSpec(
            "maps",
            N_("Map length"),
            (("3", N_("Classic: 3 regular maps + destination")), ("4", N_("Harder: 4 regular maps + destination"))),
            "3",
        ),
    ),
    summary=N_("Captain a Portuguese fleet across unknown seas: keep the crew's morale (your deck) alive, "
               "learn skills from hardship and reach the far continent before mutiny or despair."),
)


class AdamastorEngine:
    """Pure rules. The components load on first use (from games/adamastor/data/ unless given)."""

    spec = SPEC
    bots = BOTS

    def __init__(self, components: Components | None = None) -> None:
        self._components = components
        self.campaign = AdamastorCampaign(self)

    @property
    def components(self) -> Components:
        if self._components is None:
            self._components = load_components()
        return self._components

    def new_game(self, seed: int, options: dict[str, Any], carried: dict[str, Any] | None = None) -> State:
        """Classic Mode, or with `carried` a campaign voyage (its map comes from `carried`, not `options`)."""
        opts = self.spec.normalize_options(options)
        if carried is not None:
            check_carried(self.components, carried)
            return new_state(self.components, seed, int(opts["maps"]), carried)[0]
        return new_state(self.components, seed, int(opts["maps"]))[0]

    def legal_actions(self, state: State) -> list[Action]:
        return legal(self.components, state)

    def apply(self, state: State, action_id: str) -> tuple[State, list[Event]]:
        comp = self.components
        if not isinstance(action_id, str):
            raise IllegalAction(words("an action id must be text"))
        if state.phase == "over":
            raise IllegalAction(words("the game is over: no more actions"))
        if action_id not in {a.id for a in legal(comp, state)}:
            raise IllegalAction(words("{action} is not a legal action now: {prompt}", action=repr(action_id),
                                      prompt=prompt(comp, state)))
        s = state.clone()
        ev: list[Event] = []
        perform(comp, s, ev, action_id)
        advance(comp, s, ev)
        return s, ev

    def status(self, state: State) -> Status:
        if state.result == "won":
            lines = (
                ScoreLine(words("Experience tokens left"), state.experience),
                ScoreLine(
                    words("Encounters completed"),
                    4 * state.encounters_completed,
                    f"{state.encounters_completed} × 4",
                ),
            )
            return Status("won", sum(x.points for x in lines), lines, REACHED)
        if state.result == "lost":
            return Status("lost", 0, (), state.reason)
        return Status("in_progress")

    def over(self, state: State) -> bool:
        return state.result in ("won", "lost")

    def view(self, state: State) -> dict[str, Any]:
        return build_view(self.components, state)

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def redeal(self, state: State, seed: int, *, canonical: bool = False) -> State:
        """The unseen dealt again from `seed` (games/engine.py, `GameEngine.redeal`; RULINGS.md)."""
        return redeal_state(self.components, state, seed, canonical=canonical)

    def load(self, data: Any) -> State:
        try:
            return load_state(self.components, data)
        except MalformedState:
            raise
        except Exception as exc:  # anything unexpected in foreign data is still a malformed save
            raise MalformedState(f"malformed state: {exc!r}") from exc
