// Small accessibility repairs, re-applied after every instant navigation:
// name the search dialog, and let keyboard users scroll wide formulas and tables.
document$.subscribe(() => {
  const search = document.querySelector(".md-search");
  if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
  const wide = [
    [".md-typeset .katex-display", "formula (scrolls horizontally)"],
    [".md-typeset__scrollwrap", "table (scrolls horizontally)"],
  ];
  for (const [selector, label] of wide) {
    for (const region of document.querySelectorAll(selector)) {
      if (region.scrollWidth > region.clientWidth) {
        region.setAttribute("tabindex", "0");
        region.setAttribute("role", "region");
        region.setAttribute("aria-label", label);
      }
    }
  }
});
