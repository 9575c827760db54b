"""Which keys of this game's view (and of its data files) hold words for a person.

app/i18n/render.py says the strings under these keys in the reader's language; app/i18n/extract.py takes
the strings under them from games/platformer/data/*.json into this game's catalog. Ids and kinds never are words.
"""

from games.engine import N_

# The data files' words: names (and an enemy's plural name), card texts and the texts of conditions, boss setups
# and hero stars.
DATA_KEYS = frozenset({"name", "plural", "text", "title", "condition_text", "setup_text", "star_text"})
# The view's words: those, plus score-line labels and where a bonus symbol came from (a card's name).
TEXT_KEYS = DATA_KEYS | {"label", "source", "detail"}

# Words of the board templates' tables (templates/games/platformer/*.html): a template's top-level `set` is
# evaluated once, so those tables hold these English message ids and the templates say them with `|t`.
BOARD_WORDS = (
    # _sym.html SYM_WORDS and FACE_WORDS
    N_("Move"), N_("Sword"), N_("Gold"), N_("Move an enemy"), N_("Star"), N_("Blank"), N_("Gem"), N_("Health"),
    N_("Enemies attack"), N_("Enemies move left"), N_("Enemies move right"), N_("Any symbol"),
    N_("move"), N_("sword"), N_("gold"), N_("hand"), N_("star"), N_("blank"), N_("attack"), N_("left"), N_("right"),
    # _turn.html STEPS and USE_WORDS
    N_("Event"), N_("Roll"), N_("Actions"), N_("Save"), N_("Boss turn"),
    N_("Take the gold"), N_("Resolve the star"), N_("Finish with this die"), N_("Put it back"),
    # _tray.html ENEMY_DIE
    N_("all enemies attack adjacent heroes"), N_("all enemies step left"), N_("all enemies step right"),
    # _tower.html CELL_WORDS, VERB_TAGS and SPLIT_WORDS
    N_("ladder"), N_("trap"), N_("shop"), N_("portal"), N_("gem"), N_("boss icon"),
    N_("Step"), N_("Portal"), N_("Here"), N_("Spawn"), N_("Push"), N_("Hit"), N_("Grab"),
    N_("Step here"), N_("Portal here"), N_("Move it here"), N_("Respawn here"), N_("Push it here"), N_("Strike it"),
    N_("Grab it"),
    # _cards.html RANGE_WORDS and TIMING_WORDS
    N_("its row"), N_("adjacent cells"), N_("the 8 cells around it"), N_("its whole tile"), N_("unlimited range"),
    N_("at once"), N_("this whole turn"), N_("at the end of the turn"),
    # _look.html WHAT, WHERE, KIND_WORDS, FIGURE_KINDS and TIMING
    N_("Item"), N_("Potion"), N_("Artifact"),
    N_("You carry it."), N_("In the shop: buy it while standing on a shop cell."),
    N_("In play: meet its condition to take it."),
    N_("Exhaust: use it once, then it is exhausted until refreshed."), N_("Passive: it works all the time."),
    N_("Potion: drink it once, then it is gone."),
    N_("hero"), N_("boss"), N_("summoned enemy"), N_("enemy"),
    N_("It happens at once."), N_("It lasts this whole turn."), N_("It happens at the end of the turn."),
)
