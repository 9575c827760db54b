"""`AdamastorCampaign`: Adamastor's Campaign Mode as a CampaignEngine (games/engine.py).

Three linked voyages (and perhaps a second attempt at the last): before each, the player picks one of
the campaign cards offered, buys upgrades with Renown, then sets sail; the app plays the voyage with
`AdamastorEngine.new_game(setup.seed, setup.options, setup.carried)` and hands the final state back to
`finish_game`. Rules: campaign_rules.py; state and saves: campaign_state.py; view: campaign_view.py.
"""

from __future__ import annotations

from typing import Any

from games.adamastor.campaign_bots import CAMPAIGN_BOTS
from games.adamastor.campaign_content import CampaignContent, load_campaign
from games.adamastor.campaign_rules import (
    CAMPAIGN_BONUS,
    WIN_BONUS_PER_VOYAGE,
    carried,
    fold_voyage,
    game_seed,
    next_stage,
    offer,
    say,
)
from games.adamastor.campaign_state import SEED_BITS_BY_RULES, CState, dump_cstate, load_cstate
from games.adamastor.campaign_view import build_campaign_view, campaign_prompt
from games.adamastor.components import Components
from games.adamastor.state import State
from games.engine import N_, Action, Event, GameSetup, GameSpec, IllegalAction, Rng, ScoreLine, Status, words, words_n

CAMPAIGN_SPEC = GameSpec(
    slug="adamastor",
    title=N_("Adamastor — Campaign"),
    rules_version=2,  # 2: voyage seeds of 53 bits (1: 31 bits; RULINGS.md, Campaign Mode, "Voyage seeds")
    options=(),
    summary=N_("Three linked voyages for the king: each voyage's card sets its goal, map and hazards; "
               "Renown buys upgrades, scars and rare encounters carry over, and the king forgives only one failure."),
)


class AdamastorCampaign:
    """Pure campaign rules; `components` come from the game engine that owns this campaign."""

    spec = CAMPAIGN_SPEC
    bots = CAMPAIGN_BOTS

    def __init__(self, game_engine: Any) -> None:
        self._game = game_engine
        self._content: CampaignContent | None = None

    @property
    def components(self) -> Components:
        return self._game.components

    @property
    def content(self) -> CampaignContent:
        if self._content is None:
            self._content = load_campaign(self.components)
        return self._content

    def new_campaign(self, seed: int, options: dict[str, Any], rules_version: int | None = None) -> CState:
        """A new campaign; with an older `rules_version`, dealt as that version dealt (to replay its files)."""
        self.spec.normalize_options(options)
        version = self.spec.rules_version if rules_version is None else rules_version
        if version not in SEED_BITS_BY_RULES:
            raise ValueError(f"{self.spec.title} has no rules version {version!r}")
        commission = self.content.commission
        c = CState(seed=seed, rng=Rng.from_seed(seed).state, patience=commission["patience"],
                   seed_bits=SEED_BITS_BY_RULES[version])
        ev: list[Event] = []
        say(c, ev, "commission", words("{title}: {text}", title=commission["title"], text=commission["text"]))
        offer(self.content, c, ev)
        return c

    def legal_actions(self, c: CState) -> list[Action]:
        if c.phase != "prepare":
            return []
        out = [
            Action(f"card:{k}", words("Choose {letter}: {card}", letter=k, card=self.content.cards[k]["title"]), "card")
            for k in c.offered
            if k != c.chosen
        ]
        for uid, up in self.content.upgrades.items():
            if uid not in c.upgrades and up["cost"] <= c.purse:
                label = words("Buy {upgrade} ({n} Renown)", upgrade=up["title"], n=up["cost"])
                out.append(Action(f"upgrade:{uid}", label, "upgrade"))
        if c.chosen is not None:
            out.append(Action("sail", words("Set sail: voyage {n}, {card}", n=c.voyage,
                                           card=self.content.cards[c.chosen]["title"])))
        return out

    def apply(self, c: CState, action_id: str) -> tuple[CState, list[Event]]:
        if not isinstance(action_id, str) or action_id not in {a.id for a in self.legal_actions(c)}:
            raise IllegalAction(words("{action} is not a legal campaign action now: {prompt}", action=repr(action_id),
                                      prompt=campaign_prompt(self, c)))
        c = c.clone()
        ev: list[Event] = []
        kind, _, arg = action_id.partition(":")
        if kind == "card":
            c.chosen = arg
            say(c, ev, "card", words("Voyage {n} will follow {letter}: {card}.", n=c.voyage, letter=arg,
                                       card=self.content.cards[arg]["title"]))
        elif kind == "upgrade":
            up = self.content.upgrades[arg]
            c.upgrades.append(arg)
            c.purse -= up["cost"]
            say(c, ev, "upgrade", words("Upgrade bought: {upgrade} (−{cost} Renown, {left} left).", upgrade=up["title"],
                                          cost=up["cost"], left=c.purse))
        else:
            c.phase = "voyage"
            say(c, ev, "sail", words("Voyage {n} sets sail under {card}.", n=c.voyage,
                                       card=self.content.cards[c.chosen]["title"]))
        return c, ev

    def next_game(self, c: CState) -> GameSetup | None:
        if c.phase != "voyage":
            return None
        return GameSetup(seed=game_seed(c), options={}, carried=carried(self.content, c))

    def finish_game(self, c: CState, game_state: State) -> tuple[CState, list[Event]]:
        if c.phase != "voyage":
            raise IllegalAction(words("no voyage of this campaign is being sailed"))
        if not isinstance(game_state, State) or game_state.result not in ("won", "lost"):
            raise IllegalAction(words("only a finished voyage can be folded into the campaign"))
        voyage = game_state.campaign
        if voyage is None or voyage["voyage"] != c.voyage or voyage["card"]["id"] != c.chosen:
            raise IllegalAction(words("that game is not voyage {n} of this campaign", n=c.voyage))
        c = c.clone()
        ev: list[Event] = []
        fold_voyage(self.content, self.components, c, game_state, ev)
        next_stage(self.content, c, game_state.result == "won", ev)
        return c, ev

    def score_lines(self, c: CState) -> tuple[ScoreLine, ...]:
        wins = sum(h["result"] == "won" for h in c.history)
        lines = [
            ScoreLine(words("Renown earned"), c.renown,
                      words_n("over {n} voyage", "over {n} voyages", len(c.history))),
            ScoreLine(words("Voyages won"), WIN_BONUS_PER_VOYAGE * wins, f"{wins} × {WIN_BONUS_PER_VOYAGE}"),
        ]
        if c.result == "won":
            lines.append(ScoreLine(words("Campaign completed"), CAMPAIGN_BONUS))
        return tuple(lines)

    def status(self, c: CState) -> Status:
        lines = self.score_lines(c)
        state = c.result if c.result else "in_progress"
        return Status(state, sum(x.points for x in lines), lines, c.reason)  # type: ignore[arg-type]

    def view(self, c: CState) -> dict[str, Any]:
        return build_campaign_view(self, c)

    def dump(self, c: CState) -> dict[str, Any]:
        return dump_cstate(c)

    def redeal(self, c: CState, seed: int) -> CState:
        """The campaign's unseen dealt again from `seed` (games/engine.py, `GameEngine.redeal`): a new RNG, so the
        cards offered for later voyages differ, and a new campaign seed (below 2^53), so every later voyage's game
        seed (`game_seed`) differs too. Offered cards, history and everything else the player sees stay."""
        new = c.clone()
        new.rng = Rng.from_seed(seed).state
        new.seed = Rng.from_seed(seed ^ 0x5EED_CA3A_16E5).next64() >> 11
        return new

    def load(self, data: Any) -> CState:
        return load_cstate(self.content, self.components, data)
