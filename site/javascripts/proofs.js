// A link to a step of a folded proof (#slug--label) or to the proof itself (#slug--proof) opens
// every <details> around its target and scrolls to it: on load, after an instant navigation,
// on a click, and when the hash changes.
(() => {
  const hashTarget = () => {
    const id = decodeURIComponent(location.hash.slice(1));
    return id ? document.getElementById(id) : null;
  };
  const scrollToTarget = (target) => target.scrollIntoView({ block: "start" });

  function openAround(target) {
    let opened = false;
    for (let node = target; node; node = node.parentElement) {
      if (node.tagName === "DETAILS" && !node.open) {
        node.open = true;
        opened = true;
      }
    }
    return opened;
  }

  // Material and the browser can scroll once more after the step has been shown (a late reveal
  // of the <details>, the browser re-expanding it for the fragment), and the page moves under the
  // step while fonts arrive (late on a busy machine). Until the page has kept its size for a
  // moment (at most MAX_WATCH_MS), every few frames, bring the step back if it is hidden under the
  // header or low on the screen; any wheel, touch or key from the reader ends the watch.
  const WATCH_MS = 2500;
  const MAX_WATCH_MS = 10000;
  const CHECK_MS = 150;
  let stopWatching = () => {};  // one watch at a time: a new navigation ends the last one
  function keepInView(id) {
    stopWatching();
    const started = performance.now();
    let until = started + WATCH_MS;
    const resized = new ResizeObserver(() => {
      until = Math.min(performance.now() + WATCH_MS, started + MAX_WATCH_MS);
    });
    resized.observe(document.body);
    let timer = 0;
    const stop = () => {
      clearTimeout(timer);
      resized.disconnect();
      for (const type of ["wheel", "touchstart", "keydown"]) {
        window.removeEventListener(type, stop, true);
      }
    };
    const check = () => {
      // Looked up each time: an instant navigation may have replaced the page's content.
      const target = document.getElementById(id);
      if (!target) return stop();
      const box = target.getBoundingClientRect();
      const header = document.querySelector(".md-header");
      const below = header ? header.getBoundingClientRect().bottom : 0;
      const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || below;
      if (box.height > 0 && (box.top < below || Math.abs(box.top - margin) > margin / 2)) {
        scrollToTarget(target);
      }
      if (performance.now() < until) timer = setTimeout(check, CHECK_MS);
      else stop();
    };
    for (const type of ["wheel", "touchstart", "keydown"]) {
      window.addEventListener(type, stop, true);
    }
    stopWatching = stop;
    timer = setTimeout(check, CHECK_MS);
  }

  // ``always``: the reader asked for this hash just now (a hashchange), so go to a step in a proof
  // even if the browser has already unfolded it; on a page load, only if it was folded.
  function openTarget(always = false) {
    const target = hashTarget();
    if (!target) return;
    if (openAround(target) || (always && target.closest("details"))) {
      // After the browser has tried to scroll to the then hidden target.
      requestAnimationFrame(() => scrollToTarget(target));
      keepInView(target.id);
    }
  }

  // A click on a link to a folded step of this page: open the step's <details> before the
  // browser scrolls to it, and keep the step in view while Material re-renders the page.
  document.addEventListener("click", (event) => {
    const link = event.target.closest && event.target.closest("a[href*='#']");
    if (!link || link.origin !== location.origin || link.pathname !== location.pathname) return;
    const target = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (target && openAround(target)) keepInView(target.id);
  }, true);
  companionOnEveryPage(() => openTarget());
  window.addEventListener("hashchange", () => openTarget(true));
})();

// A proof row whose formula is wider than its column gives the formula the reason's column too
// and sets the reason below it (class proof-step-wide); a left side too wide for its column gets
// a line of its own (proof-step-wide-lhs). Measured when a proof is unfolded, as a folded one has
// no width, and again when the window is resized.
(() => {
  const overflows = (cell) => cell !== null && cell.scrollWidth > cell.clientWidth + 1;

  function layOut(root) {
    for (const step of root.querySelectorAll(".proof-step")) {
      step.classList.remove("proof-step-wide", "proof-step-wide-lhs");
      const lhs = overflows(step.querySelector(".step-lhs"));
      if (lhs || overflows(step.querySelector(".step-rhs"))) step.classList.add("proof-step-wide");
      if (lhs) step.classList.add("proof-step-wide-lhs");
    }
  }
  const openProofs = () => document.querySelectorAll("details[open] .proof-steps");

  document.addEventListener("toggle", (event) => {
    if (event.target.open) layOut(event.target);
  }, true);
  let pending = 0;
  window.addEventListener("resize", () => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => openProofs().forEach(layOut));
  });
  companionOnEveryPage(() => openProofs().forEach(layOut));
})();
