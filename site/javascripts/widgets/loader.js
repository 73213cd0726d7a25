// Mounts the interactive figures of a page, each only when it comes near the screen: a page
// without a figure never loads this file, and a page with one loads its module on demand.
// Material's instant navigation swaps pages without reloading modules, so the loader also
// looks for new figures after every navigation (document$).

const MODULES = {
  powers: "./powers.js",
  gradient: "./gradient.js",
  euler: "./euler.js",
  phase: "./phase.js",
};

// Its messages are sitebuild/messages.toml's, in the page's language (javascripts/messages.js).
const say = (key, values) => window.companionMessages.say(key, values);

function fail(container, text) {
  container.dataset.state = "failed";
  container.querySelector(".widget-fallback")?.remove();
  const message = document.createElement("p");
  message.className = "widget-message";
  message.setAttribute("role", "alert");
  message.textContent = text;
  container.append(message);
}

async function load(container) {
  const name = container.dataset.widget;
  container.dataset.state = "loading";
  if (!(name in MODULES)) {
    fail(container, say("widget.unknown", { name }));
    return;
  }
  try {
    const module = await import(MODULES[name]);
    module.mount(container);
  } catch (error) {
    fail(container, say("widget.cannot-start", { error: error.message }));
    throw error;
  }
}

const nearScreen = "IntersectionObserver" in window
  ? new IntersectionObserver((entries, observer) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        load(entry.target);
      }
    }
  }, { rootMargin: "300px 0px" })
  : null;

function mountAll() {
  for (const container of document.querySelectorAll("[data-widget]:not([data-state])")) {
    container.dataset.state = "waiting";
    if (nearScreen) nearScreen.observe(container);
    else load(container);
  }
}

mountAll();
if (window.document$) window.document$.subscribe(mountAll);
