"""Built-site size, each page's weight without videos, and the size of every draft video.

Opens every page in headless Chromium, served as ``make serve`` serves it (text gzipped, as any
static host does), and adds up the bytes transferred for every response except video (posters,
fonts, scripts, styles and the search index count).

    python benchmarks/site_weight.py
"""

from __future__ import annotations

from playwright.sync_api import sync_playwright

from sitebuild.browser import launch, served, weight_without_video
from sitebuild.paths import BUILD, MEDIA

SITE = BUILD / "site"


def page_weights() -> dict[str, int]:
    """Bytes each page loads, videos excluded, as the site tests weigh them."""
    weights = {}
    with served(SITE) as url, sync_playwright() as playwright:
        browser = launch(playwright)
        for page_file in sorted(SITE.glob("*.html")):
            page = browser.new_page()
            finished = []
            page.on("requestfinished", lambda request, seen=finished: seen.append(request))
            page.goto(f"{url}/{page_file.name}", wait_until="networkidle")
            weights[page_file.name] = sum(weight_without_video(r) for r in finished)
            page.close()
        browser.close()
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
