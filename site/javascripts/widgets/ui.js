// The widgets' shared controls: labelled inputs that accept what a person types and say what is
// wrong with it, typeset labels, one message area, and the update cycle every widget follows.
// Every word shown is a message of sitebuild/messages.toml, said in the page's language (say).

/** An element with attributes and children (strings become text, never HTML). */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false || value === null || value === undefined) continue;
    if (name === "html") node.innerHTML = value;
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

function escapeText(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** TeX typeset by the KaTeX every page already loads (its MathML is what a screen reader reads). */
export function tex(source) {
  if (window.katex) return window.katex.renderToString(source, { throwOnError: false });
  return `<span class="widget-tex">${escapeText(source)}</span>`;
}

/** Words and $…$ math, as a page writes them, to HTML. */
export function prose(text) {
  return text.split("$").map((part, i) => (i % 2 ? tex(part) : escapeText(part))).join("");
}

/**
 * The message `key` in the page's language (javascripts/messages.js), its {placeholders}
 * filled from `values`: words with $…$ math, for prose() or a label.
 */
export function say(key, values = {}) {
  return window.companionMessages.say(key, values);
}

/** The message `key` as HTML, its words and math through prose(), `html` values put in as HTML. */
export function sayHtml(key, html = {}) {
  const marks = Object.fromEntries(Object.keys(html).map((name) => [name, `\u0000${name}\u0000`]));
  return prose(say(key, marks)).replace(/\u0000([A-Za-z][A-Za-z0-9_]*)\u0000/g, (_, name) => html[name]);
}

/** A number for reading: 4 significant digits, powers of ten as TeX (1.23 × 10⁻⁵). */
export function texNumber(value, digits = 4) {
  if (Number.isNaN(value)) return "\\text{NaN}";
  if (!Number.isFinite(value)) return value > 0 ? "\\infty" : "-\\infty";
  if (value === 0) return "0";
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e5) return String(Number(value.toPrecision(digits)));
  const [mantissa, exponent] = value.toExponential(digits - 1).split("e");
  return `${Number(mantissa)} \\times 10^{${Number(exponent)}}`;
}

/** A short number for an axis or a cell: 3 significant digits, e-notation when large or small. */
export function shortNumber(value) {
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  if (value === 0) return "0";
  if (magnitude >= 1e-2 && magnitude < 1e4) return String(Number(value.toPrecision(3)));
  return value.toExponential(1).replace("e+", "e");
}

/**
 * Bad input. `name` and `expected` are words with $…$ math (typeset on the page, plain in
 * `message`); what the reader typed is shown as typed, never interpreted.
 */
export class InputError extends Error {
  constructor(name, expected, typed) {
    const key = typed === undefined ? "input.expected-only" : "input.expected";
    const shown = typed || say("input.nothing");
    super(say(key, { name: name.replaceAll("$", ""), expected: expected.replaceAll("$", ""), typed: shown }));
    this.html = sayHtml(key, { name: prose(name), expected: prose(expected), typed: escapeText(shown) });
  }
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * The number typed into `input` (a minus sign, a decimal comma and spaces are forgiven), checked
 * against `rules` {min, max, above, integer}; an InputError naming `name` otherwise.
 */
export function readNumber(input, name, rules = {}) {
  const text = input.value.trim().replace(/\u2212/g, "-").replace(",", ".");
  const fail = (expected) => {
    input.setAttribute("aria-invalid", "true");
    throw new InputError(name, expected, input.value.trim());
  };
  const kind = say(rules.integer ? "input.whole-number" : "input.number");
  if (!NUMBER.test(text)) fail(kind);
  const value = Number(text);
  if (!Number.isFinite(value)) fail(say(rules.integer ? "input.finite-whole-number" : "input.finite-number"));
  if (rules.integer && !Number.isInteger(value)) fail(kind);
  if (rules.above !== undefined && !(value > rules.above)) fail(say("input.above", { kind, limit: rules.above }));
  if (rules.min !== undefined && value < rules.min) fail(say("input.at-least", { kind, limit: rules.min }));
  if (rules.max !== undefined && value > rules.max) fail(say("input.at-most", { kind, limit: rules.max }));
  input.removeAttribute("aria-invalid");
  return value;
}

/** A labelled text field for a number (text, so that a wrong entry can be shown and named). */
export function numberField(labelTex, value, attributes = {}) {
  const input = element("input", {
    type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false",
    value, size: 7, ...attributes,
  });
  const label = element("label", { class: "widget-field" }, element("span", { html: prose(labelTex) }), input);
  return { label, input };
}

/** A labelled <select> of [value, text] options, called `name` in its form data. */
export function selectField(labelTex, options, value, name) {
  const select = element("select", { name }, ...options.map(([optionValue, text]) =>
    element("option", { value: optionValue, selected: optionValue === value }, text)));
  const label = element("label", { class: "widget-field" }, element("span", { html: prose(labelTex) }), select);
  return { label, select };
}

/**
 * The frame every widget shares: a titled region with controls, figures and a message line.
 * `update` runs after every edit: it either draws (state "ready") or throws an InputError,
 * which is shown while the figures keep their last valid drawing, marked as out of date.
 */
export function frame(container, { title, controls, figures, update }) {
  const message = element("p", { class: "widget-message", role: "alert" });
  const note = element("p", { class: "widget-note", "aria-live": "polite" });
  const body = element("div", { class: "widget-body" },
    element("div", { class: "widget-controls" }, controls),
    element("div", { class: "widget-figures" }, figures),
    message, note);
  container.querySelector(".widget-fallback")?.remove();
  container.append(body);
  container.setAttribute("aria-label", title);
  const run = () => {
    message.textContent = "";
    message.hidden = true;
    try {
      const notes = update() ?? [];
      note.innerHTML = notes.map(prose).join(" ");
      container.dataset.state = "ready";
      body.classList.remove("widget-stale");
    } catch (error) {
      const expected = error instanceof InputError;
      message.innerHTML = expected
        ? sayHtml("widget.stale", { error: error.html })
        : sayHtml("widget.failed", { error: escapeText(error.message) });
      message.hidden = false;
      container.dataset.state = expected ? "invalid" : "failed";
      body.classList.add("widget-stale");
      if (!expected) console.error(error); // a bug, not a reader's mistake: visible, and reported
    }
  };
  body.addEventListener("input", run);
  body.addEventListener("change", run);
  return run;
}
