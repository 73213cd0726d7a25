// Gradient through time (chapter 3): ‖∂h_t/∂h_k‖₂ against l = t − k for a sampled network, with
// the bound η^l, η = β s₁, drawn over it. The network is derivations.bptt's, drawn from the same
// seed by the same generator (random.js), so its curve is the library's curve.

import { jacobianNorms, NONLINEARITIES, perStepBound, recurrentMatrix } from "./bptt.js";
import { spectralNorm } from "./linalg.js";
import * as plot from "./plot.js";
import { element, frame, numberField, prose, readNumber, say, selectField, shortNumber, texNumber } from "./ui.js";

export const LARGEST_SIZE = 16; // each of the l steps takes an exact 2-norm, O(d³): kept quick on a phone

function normPlot(norms, eta) {
  const horizon = norms.length - 1;
  const box = { left: 46, right: 332, top: 10, bottom: 200 };
  const bound = norms.map((_, l) => eta ** l);
  const shown = [...norms, ...bound].filter((v) => v > 0 && Number.isFinite(v));
  let low = shown.length ? Math.max(Math.min(...shown), 1e-300) : 0.1;
  let high = shown.length ? Math.min(Math.max(...shown), 1e300) : 10;
  if (!(high / low > 10)) { low /= 10; high *= 10; }
  const x = plot.linear([0, horizon], [box.left, box.right]);
  const y = plot.logarithmic([low, high], [box.bottom, box.top]);
  const at = (values) => values.map((v, l) => [x(l), v > 0 && Number.isFinite(v) && v >= low && v <= high ? y(v) : NaN]);
  const xTicks = plot.ticks(0, horizon, 5).map((v) => [x(v), String(v)]);
  const yTicks = plot.decades(low, high).map((k) => [y(10 ** k), plot.powerOfTen(k)])
    .filter(([p]) => p >= box.top - 0.5 && p <= box.bottom + 0.5);
  const body = [
    ...plot.frameAxes(box, xTicks, yTicks),
    plot.path(at(bound), "widget-reference"),
    plot.path(at(norms), `widget-curve ${plot.growthClass(norms[horizon])}`),
    plot.text((box.left + box.right) / 2, 234, say("gradient.axis")),
  ];
  return plot.svg(340, 242, say("gradient.plot-label", { horizon, norm: shortNumber(norms[horizon]), bound: shortNumber(bound[horizon]) }), body);
}

// η computed in double precision: an orthogonal W's s₁ is 1 to within a few units in the last place.
const UNIT_ETA = 1e-12;

/** What the bound η^l promises, and what it does not, for the per-step bound `eta`. */
export function boundNote(eta) {
  if (Math.abs(eta - 1) <= UNIT_ETA) return say("gradient.note-one");
  return say(eta < 1 ? "gradient.note-below" : "gradient.note-above");
}

/** Build the widget inside `container` (a [data-widget="gradient"] element). */
export function mount(container) {
  const horizon = Number(container.dataset.horizon || 100);
  const size = numberField(say("gradient.size"), container.dataset.size || "8", { name: "size", inputmode: "numeric" });
  const gain = numberField(say("gradient.gain"), "1", { name: "gain" });
  const activation = selectField(say("gradient.nonlinearity"), [["linear", say("gradient.identity")], ["tanh", "tanh"], ["sigmoid", say("gradient.sigmoid")]], "tanh", "activation");
  const initialiser = selectField(say("gradient.initialiser"), [["gaussian", say("gradient.gaussian")], ["orthogonal", say("gradient.orthogonal")]], "gaussian", "initialiser");
  const seed = numberField(say("gradient.seed"), container.dataset.seed || "2013", { name: "seed", inputmode: "numeric" });
  const another = element("button", { type: "button" }, say("gradient.another"));
  const drawing = element("div", { class: "widget-drawing" });
  const legend = element("ul", { class: "widget-legend" },
    element("li", {}, element("span", { class: "widget-swatch widget-vanishing", "aria-hidden": "true" }), element("span", { html: prose(say("gradient.measured")) })),
    element("li", {}, element("span", { class: "widget-swatch widget-dashed widget-muted", "aria-hidden": "true" }), element("span", { html: prose(say("gradient.bound")) })));
  const figure = element("figure", { class: "widget-figure widget-wide" }, drawing,
    element("figcaption", { html: prose(say("gradient.caption", { range: `$l = t - k = 0, \\dots, ${horizon}$` })) }), legend);
  const readout = element("p", { class: "widget-readout", "aria-live": "polite" });

  another.addEventListener("click", () => {
    const current = Number(seed.input.value);
    seed.input.value = String(Number.isSafeInteger(current) && current >= 0 ? current + 1 : 0);
    seed.input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  const update = () => {
    const d = readNumber(size.input, say("gradient.size"), { integer: true, min: 1, max: LARGEST_SIZE });
    const g = readNumber(gain.input, say("gradient.gain"), { above: 0, max: 100 });
    const s = readNumber(seed.input, say("gradient.seed"), { integer: true, min: 0, max: Number.MAX_SAFE_INTEGER - 1 });
    const kind = initialiser.select.value;
    const sigma = activation.select.value;
    const weights = recurrentMatrix(kind, d, g, s);
    const norms = jacobianNorms(weights, sigma, horizon, s);
    const eta = perStepBound(weights, sigma);
    const s1 = spectralNorm(weights);
    drawing.innerHTML = normPlot(norms, eta);
    const beta = NONLINEARITIES[sigma].beta;
    readout.innerHTML = [
      `$s_1 = \\lVert W\\rVert_2 = ${texNumber(s1)}$`,
      `$\\beta = ${texNumber(beta)}$`,
      `$\\eta = \\beta s_1 = ${texNumber(eta)}$`,
      say("gradient.at", { lag: `$l = ${horizon}$`, comparison: `$${texNumber(norms[horizon])} \\leq \\eta^{${horizon}} = ${texNumber(eta ** horizon)}$` }),
    ].map(prose).join(" · ");
    container.widget.result = { weights, norms, eta, beta, spectralNorm: s1, horizon, seed: s, size: d, gain: g, activation: sigma, initialiser: kind };
    const notes = [boundNote(eta)];
    const zero = norms.findIndex((value) => value === 0);
    if (zero >= 0) notes.push(say("gradient.underflow-note", { start: `$l = ${zero}$` }));
    const overflow = norms.findIndex((value) => !Number.isFinite(value));
    if (overflow >= 0) notes.push(say("gradient.overflow-note", { start: `$l = ${overflow}$` }));
    return notes;
  };

  container.widget = { result: null };
  frame(container, {
    title: say("gradient.title"),
    controls: [size.label, gain.label, activation.label, initialiser.label, seed.label, another],
    figures: [figure, readout],
    update,
  })();
}
