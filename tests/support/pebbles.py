"""A tiny test-only game for platform tests: draw numbered pebbles (a reveal), place them (no reveal).

Reach a total of 10 or more, then `stop` to win; `stop` below 10 loses. Small enough that platform
tests (undo barriers, versions, export/import) do not depend on any real game's rules.
"""

from __future__ import annotations

from typing import Any

from games.engine import (
    Action,
    Event,
    GameSetup,
    GameSpec,
    IllegalAction,
    MalformedState,
    OptionSpec,
    Rng,
    ScoreLine,
    Status,
)


class RandomPebbleBot:
    name = "random"

    def choose(self, engine: Any, state: Any, actions: list[Action], rng: Rng) -> str:
        return rng.choice(actions).id


class PebblesEngine:
    spec = GameSpec(
        slug="pebbles",
        title="Pebbles",
        rules_version=1,
        options=(OptionSpec("target", "Target", (("10", "10"), ("15", "15")), "10"),),
    )
    bots = {"random": RandomPebbleBot(), "heuristic": RandomPebbleBot()}
    campaign = None

    def new_game(self, seed: int, options: dict, carried: dict | None = None) -> dict:
        rng = Rng.from_seed(seed)
        bag = list(range(1, 7)) * 2
        rng.shuffle(bag)
        head_start = (carried or {}).get("head_start", 0)
        return {"rng": rng.state, "bag": bag, "hand": [], "placed": [head_start] if head_start else [],
                "target": int(options["target"]), "over": None}

    def legal_actions(self, state: dict) -> list[Action]:
        if state["over"]:
            return []
        acts = [Action("draw", "Draw a pebble")] if state["bag"] else []
        acts += [Action(f"place:{v}", f"Place {v}", "hand") for v in sorted(set(state["hand"]))]
        return acts + [Action("stop", "Stop")]

    def apply(self, state: dict, action_id: str) -> tuple[dict, list[Event]]:
        if action_id not in {a.id for a in self.legal_actions(state)}:
            raise IllegalAction(f"{action_id!r} is not legal now")
        new = {**state, "bag": list(state["bag"]), "hand": list(state["hand"]), "placed": list(state["placed"])}
        if action_id == "draw":
            pebble = new["bag"].pop()
            new["hand"].append(pebble)
            return new, [Event("draw", f"Drew {pebble}.", reveals=True)]
        if action_id == "stop":
            new["over"] = "won" if sum(new["placed"]) >= new["target"] else "lost"
            return new, [Event("end", f"Stopped: {new['over']}.")]
        value = int(action_id.split(":")[1])
        new["hand"].remove(value)
        new["placed"].append(value)
        return new, [Event("place", f"Placed {value}.")]

    def status(self, state: dict) -> Status:
        if state["over"] == "won":
            return Status("won", sum(state["placed"]))
        if state["over"] == "lost":
            return Status("lost", 0, reason="stopped short")
        return Status("in_progress")

    def over(self, state: dict) -> bool:
        return state["over"] in ("won", "lost")

    def view(self, state: dict) -> dict:
        return {"hand": sorted(state["hand"]), "placed": state["placed"], "bag": len(state["bag"])}

    def dump(self, state: dict) -> dict:
        return dict(state)

    def load(self, data: dict) -> dict:
        if not isinstance(data, dict) or not {"rng", "bag", "hand", "placed", "target", "over"} <= set(data):
            raise MalformedState("not a pebbles state")
        return dict(data)


class PebblesCampaign:
    """Two linked Pebbles games; between them the player may `train` (a head start) before `sail`."""

    spec = GameSpec(slug="pebbles", title="Pebbles — Campaign", rules_version=1)
    bots = {"random": RandomPebbleBot(), "heuristic": RandomPebbleBot()}

    def new_campaign(self, seed: int, options: dict) -> dict:
        return {"seed": seed, "phase": "sailing", "results": [], "head_start": 0, "trained": False}

    def legal_actions(self, c: dict) -> list[Action]:
        if c["phase"] != "between":
            return []
        return ([] if c["trained"] else [Action("train", "Train the crew")]) + [Action("sail", "Set sail")]

    def apply(self, c: dict, action_id: str) -> tuple[dict, list[Event]]:
        if action_id not in {a.id for a in self.legal_actions(c)}:
            raise IllegalAction(f"{action_id!r} is not legal now")
        if action_id == "train":
            return {**c, "head_start": c["head_start"] + 2, "trained": True}, [Event("train", "Trained.")]
        return {**c, "phase": "sailing", "trained": False}, [Event("sail", "Set sail.")]

    def next_game(self, c: dict) -> GameSetup | None:
        if c["phase"] != "sailing":
            return None
        return GameSetup(c["seed"] + len(c["results"]), {"target": "10"}, {"head_start": c["head_start"]})

    def finish_game(self, c: dict, game_state: dict) -> tuple[dict, list[Event]]:
        results = [*c["results"], game_state["over"]]
        phase = "over" if len(results) == 2 else "between"
        return {**c, "results": results, "phase": phase}, [Event("result", f"Game {len(results)}: {results[-1]}.")]

    def status(self, c: dict) -> Status:
        if c["phase"] != "over":
            return Status("in_progress")
        wins = c["results"].count("won")
        return Status("won" if wins else "lost", wins * 10, (ScoreLine("Games won", wins * 10, f"{wins} × 10"),))

    def view(self, c: dict) -> dict:
        return {k: c[k] for k in ("phase", "results", "head_start")}

    def dump(self, c: dict) -> dict:
        return dict(c)

    def load(self, data: dict) -> dict:
        if not isinstance(data, dict) or "phase" not in data:
            raise MalformedState("not a pebbles campaign")
        return dict(data)


PebblesEngine.campaign = PebblesCampaign()
