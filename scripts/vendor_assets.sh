#!/usr/bin/env bash
# Fetch the front-end files Solo Shelf ships, from their npm packages, into static/.
#   - htmx (htmx.org 2.0.x): static/vendor/htmx/htmx.min.js and its LICENSE
#   - Swagger UI (swagger-ui-dist 5.x, Apache-2.0): static/vendor/swagger-ui/, for the API docs at /docs
#   - game-icons.net icons (@iconify-json/game-icons, CC BY 3.0): only the icons we use, as SVG sprites
#     (<symbol id="gi-NAME">) built by scripts/icons.py: static/icons/game-icons.svg (the names in
#     static/icons/game-icons.txt) and one per game (games/<slug>/data/pictures.json), plus LICENSE.md
# Re-runnable: same versions in, same files out. Needs npm, tar and python3; no CDN involved.
set -euo pipefail

HTMX_VERSION="2.0.11"
ICONS_VERSION="1.2.4"
SWAGGER_VERSION="5.35.0"
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STATIC="$ROOT/static"

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

python3 "$ROOT/scripts/icons.py" --package "$work/icons/package/icons.json"
echo "htmx $HTMX_VERSION -> $STATIC/vendor/htmx/"
