// Typeset every page with the KaTeX the site serves itself, again after each instant navigation.
companionOnEveryPage(() => {
  renderMathInElement(document.body, {
    delimiters: [
      { left: "\\(", right: "\\)", display: false },
      { left: "\\[", right: "\\]", display: true },
    ],
    throwOnError: false,
  });
});
