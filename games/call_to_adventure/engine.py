"""`CallToAdventureEngine`: Call to Adventure's solo mode as a GameEngine (see games/engine.py, CONTRACT.md
and RULINGS.md)."""

from __future__ import annotations

from typing import Any

from games.call_to_adventure.actions import legal, legal_ids, perform
from games.call_to_adventure.bots import BOTS
from games.call_to_adventure.components import Components
from games.call_to_adventure.loader import load_components
from games.call_to_adventure.persist import dump, load_state
from games.call_to_adventure.redeal import redeal_state
from games.call_to_adventure.scoring import breakdown
from games.call_to_adventure.setup import new_state
from games.call_to_adventure.state import State
from games.call_to_adventure.view import build_view, prompt
from games.engine import (
    N_,
    Action,
    Event,
    GameSpec,
    MalformedState,
    OptionSpec,
    Status,
    game_over,
    not_legal,
    not_text,
)

SPEC = GameSpec(
    slug="call_to_adventure",
    title=N_("Call to Adventure"),
    rules_version=2,
    options=(
        OptionSpec("deal", N_("Character cards"), (("choose", N_("Deal two of each kind, keep one")),
                                                   ("first", N_("First game: one of each kind"))), "choose"),
        OptionSpec("allies", N_("Allies and adversaries"), (("with", N_("With allies, adversaries and their cards")),
                                                             ("without", N_("First game: without them"))), "with"),
        OptionSpec("victory", N_("Victory card (difficulty)"), (
            ("V1", N_("A Tale Told by the Fire (easiest)")), ("V2", N_("A Song Sung in Taverns")),
            ("V3", N_("A Saga Remembered")), ("V4", N_("A Legend of the Age")),
            ("V5", N_("A Myth for All Time (hardest)")),
        ), "V2", N_("How much experience the Adversary needs to win, and the Destiny you need.")),
    ),
    summary=N_("Build a hero's story from Origin to Destiny over three acts, casting runes against challenges, "
               "then face the Adversary that grew stronger while you did."),
)


class CallToAdventureEngine:
    """Pure rules; the components load on first use."""

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

    def new_game(self, seed: int, options: dict[str, Any], carried: dict[str, Any] | None = None) -> State:
        if carried is not None:
            raise ValueError("Call to Adventure has no campaign")
        return new_state(self.components, seed, self.spec.normalize_options(options))[0]

    def legal_actions(self, state: State) -> list[Action]:
        return legal(self.components, state)

    def apply(self, state: State, action_id: str) -> tuple[State, list[Event]]:
        comp = self.components
        if not isinstance(action_id, str):
            raise not_text()
        if state.result:
            raise game_over()
        if action_id not in legal_ids(comp, state):
            raise not_legal(action_id, prompt(comp, state))
        s = state.clone()
        ev: list[Event] = []
        perform(comp, s, ev, action_id)
        return s, ev

    def status(self, state: State) -> Status:
        lines = breakdown(self.components, state)
        score = sum(x.points for x in lines)
        if state.result in ("won", "lost"):
            return Status(state.result, score, lines, state.reason)
        return Status("in_progress", score, lines)

    def over(self, state: State) -> bool:
        return state.result in ("won", "lost")

    def view(self, state: State) -> dict[str, Any]:
        return build_view(self.components, state)

    def dump(self, state: State) -> dict[str, Any]:
        return dump(state)

    def redeal(self, state: State, seed: int, *, canonical: bool = False) -> State:
        """The unseen dealt again from `seed` (games/engine.py, `GameEngine.redeal`; RULINGS.md)."""
        return redeal_state(state, seed, canonical=canonical)

    def load(self, data: Any) -> State:
        try:
            return load_state(self.components, data)
        except MalformedState:
            raise
        except Exception as exc:  # anything unexpected in foreign data is still a malformed save
            raise MalformedState(f"malformed state: {exc!r}") from exc
