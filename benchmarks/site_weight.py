"""Built-site size, each page's weight without videos, and the size of every draft video.

Opens every page in headless Chromium, served as ``make serve`` serves it (text gzipped, as any
static host does), and adds up the bytes transferred for every response except video (posters,
fonts, scripts, styles and the search index count).

    python benchmarks/site_weight.py
"""

from __future__ import annotations

import os
import threading

from playwright.sync_api import sync_playwright

from sitebuild.paths import BUILD, MEDIA
from sitebuild.serve import make_server

SITE = BUILD / "site"


def transferred_bytes(responses: list) -> int:
    """Bytes on the wire (after gzip) of every response that is not video."""
    return sum(
        response.request.sizes()["responseBodySize"]
        for response in responses
        if response.request.resource_type != "media"
    )


def page_weights() -> dict[str, int]:
    """Bytes each page loads, videos excluded."""
    os.environ["COMPANION_SERVE_QUIET"] = "1"
    server = make_server(str(SITE), 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    weights = {}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        for page_file in sorted(SITE.glob("*.html")):
            page = browser.new_page()
            responses = []
            page.on("response", lambda response, seen=responses: seen.append(response))
            page.goto(f"http://127.0.0.1:{server.server_port}/{page_file.name}",
                      wait_until="networkidle")
            weights[page_file.name] = transferred_bytes(responses)
            page.close()
        browser.close()
    server.shutdown()
    return weights


def main() -> None:
    total = sum(p.stat().st_size for p in SITE.rglob("*") if p.is_file())
    videos = {p.name: p.stat().st_size for p in SITE.glob("media/*")
              if p.suffix in {".webm", ".mp4"}}
    print(f"built site: {total / 1e6:.1f} MB in {SITE}")
    print(f"videos on the site: {len(videos)} files, {sum(videos.values()) / 1e6:.1f} MB")
    largest = max(videos, key=videos.get)
    print(f"largest draft video: {largest} {videos[largest] / 1e6:.2f} MB")
    drafts = sorted(MEDIA.glob("*.webm"))
    print(f"draft WebM: {len(drafts)} files, {sum(p.stat().st_size for p in drafts) / 1e6:.1f} MB")
    weights = page_weights()
    for name, size in sorted(weights.items(), key=lambda item: -item[1]):
        print(f"  {name:<22} {size / 1e3:8.0f} kB without video")


if __name__ == "__main__":
    main()
