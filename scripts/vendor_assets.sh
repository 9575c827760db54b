#!/usr/bin/env bash
# Fetch the front-end files Solo Shelf ships, from their npm packages, into static/.
#   - htmx (htmx.org 2.0.x): static/vendor/htmx/htmx.min.js and its LICENSE
#   - Swagger UI (swagger-ui-dist 5.x, Apache-2.0): static/vendor/swagger-ui/, for the API docs at /docs
#   - game-icons.net icons (@iconify-json/game-icons, CC BY 3.0): only the icons we use,
#     as one SVG sprite static/icons/game-icons.svg (<symbol id="gi-NAME">) plus LICENSE.md
# Re-runnable: same versions in, same files out. Needs npm, tar and python3; no CDN involved.
set -euo pipefail

HTMX_VERSION="2.0.11"
ICONS_VERSION="1.2.4"
SWAGGER_VERSION="5.35.0"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATIC="$ROOT/static"

# Every icon the templates use; templates refer to them as gi-<name>.
ICONS=(
  sun fluffy-cloud lightning-storm plain-dagger death-skull sleepy brain anchor island fog waves
  caravel flying-flag compass star-medal hearts hourglass card-draw card-discard card-exchange
  card-burn card-pickup card-play scroll-unfurled checklist open-book pirate-flag sunrise sunset
  anticlockwise-rotation trash-can save cloud-upload bookshelf rule-book healing whirlwind hand
  spyglass idea umbrella checked-shield stop-sign ship-wheel play-button laurels-trophy sinking-ship
  pencil sun-cloud mountains treasure-map palm-tree broken-heart
)

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "htmx.org@$HTMX_VERSION" "@iconify-json/game-icons@$ICONS_VERSION" \
  "swagger-ui-dist@$SWAGGER_VERSION" >/dev/null
mkdir htmx icons swagger
tar xzf "htmx.org-$HTMX_VERSION.tgz" -C htmx
tar xzf "iconify-json-game-icons-$ICONS_VERSION.tgz" -C icons
tar xzf "swagger-ui-dist-$SWAGGER_VERSION.tgz" -C swagger

mkdir -p "$STATIC/vendor/htmx" "$STATIC/icons"
cp htmx/package/dist/htmx.min.js "$STATIC/vendor/htmx/htmx.min.js"
cp htmx/package/LICENSE "$STATIC/vendor/htmx/LICENSE"
printf 'htmx.org %s, from the npm package htmx.org (dist/htmx.min.js). Licence: see LICENSE (0BSD).\n' \
  "$HTMX_VERSION" > "$STATIC/vendor/htmx/VERSION"

mkdir -p "$STATIC/vendor/swagger-ui"
for f in swagger-ui-bundle.js swagger-ui-bundle.js.LICENSE.txt swagger-ui.css LICENSE NOTICE; do
  cp "swagger/package/$f" "$STATIC/vendor/swagger-ui/$f"
done
printf 'swagger-ui-dist %s, from the npm package swagger-ui-dist (swagger-ui-bundle.js, swagger-ui.css). Licence: see LICENSE and NOTICE (Apache-2.0).\n' \
  "$SWAGGER_VERSION" > "$STATIC/vendor/swagger-ui/VERSION"

python3 - "$work/icons/package/icons.json" "$STATIC/icons" "$ICONS_VERSION" "${ICONS[@]}" <<'PY'
import json, sys
from pathlib import Path

src, out, version, names = sys.argv[1], Path(sys.argv[2]), sys.argv[3], sys.argv[4:]
data = json.loads(Path(src).read_text())
width, height = data.get("width", 512), data.get("height", 512)
symbols = []
for name in names:
    icon = data["icons"].get(name)
    if icon is None:
        sys.exit(f"icon not in the package: {name}")
    w, h = icon.get("width", width), icon.get("height", height)
    symbols.append(f'<symbol id="gi-{name}" viewBox="0 0 {w} {h}">{icon["body"]}</symbol>')
sprite = ('<svg xmlns="http://www.w3.org/2000/svg" style="display:none">\n'
          + "\n".join(symbols) + "\n</svg>\n")
(out / "game-icons.svg").write_text(sprite)
(out / "LICENSE.md").write_text(
    "# Icons\n\n"
    "The icons in game-icons.svg come from game-icons.net (https://game-icons.net), made by Lorc,\n"
    "Delapouite and the other game-icons.net contributors, under the Creative Commons Attribution 3.0\n"
    "licence (CC BY 3.0, https://creativecommons.org/licenses/by/3.0/).\n\n"
    f"They were taken unmodified from the npm package @iconify-json/game-icons {version} by\n"
    "scripts/vendor_assets.sh, which keeps only the icons Solo Shelf uses: "
    + ", ".join(names) + ".\n"
)
print(f"{len(names)} icons written to {out / 'game-icons.svg'}")
PY
echo "htmx $HTMX_VERSION -> $STATIC/vendor/htmx/"
