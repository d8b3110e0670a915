"""Development helpers: the one browser harness (Chromium for Playwright) and the screenshots."""
