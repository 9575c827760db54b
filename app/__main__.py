"""`python -m app ...`: see app/ops/cli.py."""

from app.ops.cli import main

raise SystemExit(main())
