"""`NemosWarEngine`: Nemo's War (1st edition) as a GameEngine (see games/engine.py and CONTRACT.md)."""

from __future__ import annotations

from typing import Any

from games.engine import (
    N_,
    Action,
    Event,
    GameSpec,
    IllegalAction,
    MalformedState,
    OptionError,
    OptionSpec,
    ScoreLine,
    Status,
    words,
)
from games.nemos_war.actions import legal
from games.nemos_war.bots import BOTS
from games.nemos_war.components import Components, components
from games.nemos_war.flow import advance
from games.nemos_war.perform import perform
from games.nemos_war.persist import dump, load_state
from games.nemos_war.redeal import redeal_state
from games.nemos_war.scoring import summary
from games.nemos_war.setup import new_state
from games.nemos_war.state import State
from games.nemos_war.view import build_view, prompt

ON_OFF = (("off", N_("Off")), ("on", N_("On")))
COUNT = (("0", "0"), ("1", "1"), ("2", "2"), ("3", "3"))
SPEC = GameSpec(
    slug="nemos_war",
    title=N_("Nemo's War"),
    rules_version=3,
    options=(
        OptionSpec("commitment", N_("Nemo's commitment"),
                   (("choose", N_("Choose it when the game starts")), ("roll", N_("Roll for it (1d6)")),
                    ("science", N_("Science")), ("explore", N_("Explore")), ("anti", N_("Anti-imperialism")),
                    ("war", N_("War!"))), "choose",
                   N_("[3.0] step 4: chosen by you or rolled; it can change once, at the Final Commitment.")),
        OptionSpec("deadly_frigates", N_("Deadly Seas: armoured frigates added"), COUNT, "0",
                   N_("[13.1] +3 VP each at the end.")),
        OptionSpec("deadly_ironclads", N_("Deadly Seas: ironclads added"), COUNT, "0",
                   N_("[13.1] +7 VP each at the end.")),
        OptionSpec("pursuit", N_("Relentless Pursuit"), ON_OFF, "off",
                   N_("[13.2] Face-up warships with the Nautilus may attack each turn. +20 VP.")),
        OptionSpec("clear", N_("Clear Seas"), ON_OFF, "off", N_("[13.3] New ships are placed face up. -20 VP.")),
        OptionSpec("pressure", N_("Ocean Pressure"), ON_OFF, "off",
                   N_("[13.4] A warship rolling exactly its attack value: you choose the loss. -10 VP.")),
        OptionSpec("historical", N_("Historical game"), ON_OFF, "off",
                   N_("[14.0] Cards in order, drawn on odd turns and every 10th; no week-52 ending.")),
        OptionSpec("ending", N_("Ending (Historical game)"),
                   (("random", N_("Random")), ("24", N_("24 The Maelstrom!")),
                    ("24a", N_("24a Return to the Mysterious Island")), ("24b", N_("24b Another Thousand Leagues")),
                    ("24c", N_("24c The Bottom of the Sea"))), "random",
                   N_("[14.2] The Historical game may use a chosen ending; the standard game always draws one at "
                      "random.")),
    ),
    summary=N_("Captain Nemo's Nautilus roams the oceans of the 1860s: sink the ships of the empires, find treasure "
               "and wonders, free the oppressed, and survive adventures from Verne's novel until the end of the "
               "voyage."),
)


class NemosWarEngine:
    """Pure rules over the components of games/nemos_war/data/."""

    spec = SPEC
    bots = BOTS
    campaign = None

    def __init__(self, comps: Components | None = None) -> None:
        self._components = comps

    @property
    def components(self) -> Components:
        if self._components is None:
            self._components = components()
        return self._components

    def new_game(self, seed: int, options: dict[str, Any], carried: dict[str, Any] | None = None) -> State:
        opts = self.spec.normalize_options(options)
        if opts["ending"] != "random" and opts["historical"] != "on":
            raise OptionError(words("a chosen ending is for the Historical game only; the standard game draws one at "
                                   "random"))
        s, ev = new_state(self.components, seed, opts)
        advance(self.components, s, ev)
        return s

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
        sm = summary(self.components, state)
        lines = tuple(ScoreLine(x["label"], x["points"], x["detail"]) for x in sm["lines"])
        if state.phase != "over":
            return Status("in_progress", sm["total"], lines)
        ending = self.components.tables["endings"][state.end_reason]
        return Status(state.result, sm["total"], lines,
                      words("{ending} Victory level: {level}.", ending=ending, level=sm["level"]))

    def over(self, state: State) -> bool:
        return state.phase == "over"

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
