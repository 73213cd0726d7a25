// Small accessibility repairs, re-applied on every page: name the search dialog, and let
// keyboard users scroll whatever scrolls sideways (a long formula, a wide table), also inside a
// proof once it is unfolded.
(() => {
  const WIDE = [
    [".md-typeset .katex-display", "formula (scrolls horizontally)"],
    [".md-typeset .step-lhs, .md-typeset .step-rhs", "formula (scrolls horizontally)"],
    [".md-typeset .theorem-formula, .md-typeset .checked-formula-math",
      "formula (scrolls horizontally)"],
    [".md-typeset__scrollwrap", "table (scrolls horizontally)"],
    [".md-typeset .figure-scroll", "figure (scrolls horizontally)"],
  ];

  function labelScrollingRegions() {
    for (const [selector, name] of WIDE) {
      for (const region of document.querySelectorAll(selector)) {
        if (region.scrollWidth > region.clientWidth + 1 && !region.hasAttribute("tabindex")) {
          region.setAttribute("tabindex", "0");
          region.setAttribute("role", "region");
          region.setAttribute("aria-label", name);
        }
      }
    }
  }

  companionOnEveryPage(() => {
    const search = document.querySelector(".md-search");
    if (search && !search.hasAttribute("aria-label")) search.setAttribute("aria-label", "Search");
    labelScrollingRegions();
  });
  // "toggle" does not bubble: listen in the capture phase for every <details> on the page.
  document.addEventListener("toggle", labelScrollingRegions, true);
})();
