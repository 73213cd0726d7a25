// The language selector (extra.alternate in mkdocs.yml and edition.ko.yml) links to the root of
// each edition; point each link at the same page there instead. Every page of every edition is
// a flat file beside index.html (use_directory_urls: false), so the same page is the same file
// name under the other edition's root, from a server or from disk. The root as the template
// wrote it is kept on the link, so after an instant navigation it is resolved afresh.
companionOnEveryPage(function () {
  const file = location.pathname.split("/").pop() || "index.html";
  for (const link of document.querySelectorAll("a.md-select__link[hreflang]")) {
    if (!link.dataset.editionRoot) {
      link.dataset.editionRoot = link.getAttribute("href");
    }
    link.href = new URL(file, new URL(link.dataset.editionRoot, location.href)).href;
  }
});
