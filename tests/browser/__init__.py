"""Real-browser tests: the app served by uvicorn, driven by Playwright through Debian's Chromium."""
