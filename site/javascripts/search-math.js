// Search results show their formulas typeset: sitebuild/search_math.py stores each formula of
// the index as an empty span.search-math[data-tex]; KaTeX fills it when a result appears.
(() => {
  function typeset(root) {
    for (const span of root.querySelectorAll("span.search-math:not(.katex-done)")) {
      katex.render(span.dataset.tex, span, {
        displayMode: false,
        throwOnError: false,
      });
      span.classList.add("katex-done");
    }
  }
  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      const list = mutation.target.closest && mutation.target.closest(".md-search-result");
      if (list) typeset(list);
    }
  }).observe(document.body, { childList: true, subtree: true });
})();
