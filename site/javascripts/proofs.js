// A link to a step of a folded proof (#slug--label) or to the proof itself (#slug--proof) opens
// every <details> around its target and scrolls to it: on load, after an instant navigation,
// when the hash changes, and when Material moves to an anchor without a hashchange event.
(() => {
  function openTarget() {
    const id = decodeURIComponent(location.hash.slice(1));
    const target = id && document.getElementById(id);
    if (!target) return;
    let opened = false;
    for (let node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    if (opened) {
      // After the browser (or Material) has tried to scroll to the then hidden target.
      requestAnimationFrame(() => target.scrollIntoView({ block: "start" }));
    }
  }
  companionOnEveryPage(openTarget);
  window.addEventListener("hashchange", openTarget);
  if (typeof location$ !== "undefined") location$.subscribe(() => setTimeout(openTarget));
  // Formulas change height once typeset: scroll again so the step stays in view.
  document.addEventListener("companion:typeset", openTarget);
})();
