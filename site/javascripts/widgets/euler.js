// Euler stability (chapter 4): the eigenvalues z = ε(−γ ± iω) of one forward-Euler step against
// the disc |1 + z| ≤ 1, the smallest γ that stabilises the step, and the trajectories of the
// linear system h ← h + ε(M − γI)h and of the tanh system h ← h + ε tanh((M − γI)h).

import { amplification, dampedRotation, feedbackStep, linearStep, orbit, smallestStableGamma } from "./dynamics.js";
import * as plot from "./plot.js";
import { element, frame, numberField, prose, readNumber, say, shortNumber, texNumber } from "./ui.js";

const TOLERANCE = 1e-12; // |1 + z| this close to 1 is drawn on the circle

function discPlot(epsilon, gamma, omega, stableGamma) {
  const z = [{ re: -epsilon * gamma, im: epsilon * omega }, { re: -epsilon * gamma, im: -epsilon * omega }];
  const xs = [-2.1, 0.3, ...z.map((p) => p.re)];
  const ys = [-1.1, 1.1, ...z.map((p) => p.im)];
  const half = Math.max((Math.max(...xs) - Math.min(...xs)) / 2, (Math.max(...ys) - Math.min(...ys)) / 2) * 1.08;
  const [cx, cy] = [(Math.max(...xs) + Math.min(...xs)) / 2, 0];
  const box = { left: 40, right: 240, top: 8, bottom: 208 };
  const x = plot.linear([cx - half, cx + half], [box.left, box.right]);
  const y = plot.linear([cy - half, cy + half], [box.bottom, box.top]);
  const xTicks = plot.ticks(cx - half, cx + half, 4).map((v) => [x(v), shortNumber(v)]);
  const yTicks = plot.ticks(cy - half, cy + half, 4).map((v) => [y(v), shortNumber(v)]);
  const factor = amplification(epsilon, gamma, omega);
  const body = [
    ...plot.frameAxes(box, xTicks, yTicks),
    `<ellipse class="widget-disc" cx="${x(-1)}" cy="${y(0)}" rx="${x(0) - x(-1)}" ry="${y(0) - y(1)}"/>`,
    plot.line(box.left, y(0), box.right, y(0), "widget-axis"),
    plot.line(x(0), box.top, x(0), box.bottom, "widget-axis"),
  ];
  if (stableGamma !== null) {
    for (const sign of [1, -1]) body.push(plot.circle(x(-epsilon * stableGamma), y(sign * epsilon * omega), 6, "widget-hollow widget-preserving"));
  }
  for (const p of z) body.push(plot.circle(x(p.re), y(p.im), 5, `widget-dot ${plot.growthClass(factor, TOLERANCE)}`));
  body.push(plot.text((box.left + box.right) / 2, 236, say("widget.real-part")));
  return plot.svg(250, 244, say("euler.disc-label", { re: shortNumber(z[0].re), im: shortNumber(Math.abs(z[0].im)), factor: shortNumber(factor) }), body);
}

let clipCount = 0; // each drawing's clip path needs an id of its own on the page

/** Both trajectories in the plane, framed on the tanh one: a growing linear one leaves the frame. */
function trajectoryPlot(linear, nonlinear) {
  const size = (states) => Math.max(0, ...states.flat().filter(Number.isFinite).map(Math.abs));
  const tanhSize = Math.max(size(nonlinear), size([linear[0]]));
  const linearSize = size(linear);
  const extent = Math.max(1e-9, linearSize <= 3 * tanhSize ? Math.max(linearSize, tanhSize) : tanhSize) * 1.1;
  const box = { left: 44, right: 244, top: 8, bottom: 208 };
  const x = plot.linear([-extent, extent], [box.left, box.right]);
  const y = plot.linear([-extent, extent], [box.bottom, box.top]);
  const marks = plot.ticks(-extent, extent, 4);
  const at = (states) => states.map(([a, b]) => [x(a), y(b)]);
  const clip = `widget-euler-clip-${++clipCount}`;
  const body = [
    `<clipPath id="${clip}"><rect x="${box.left}" y="${box.top}" width="${box.right - box.left}" height="${box.bottom - box.top}"/></clipPath>`,
    ...plot.frameAxes(box, marks.map((v) => [x(v), shortNumber(v)]), marks.map((v) => [y(v), shortNumber(v)])),
    `<g clip-path="url(#${clip})">`,
    plot.path(at(linear), "widget-path widget-accent"),
    plot.path(at(nonlinear), "widget-path widget-vanishing"),
    "</g>",
    plot.circle(x(linear[0][0]), y(linear[0][1]), 4, "widget-dot widget-accent"),
    plot.text((box.left + box.right) / 2, 236, say("widget.first-coordinate")),
  ];
  const [endLinear, endTanh] = [linear[linear.length - 1], nonlinear[nonlinear.length - 1]];
  return plot.svg(250, 244, say("euler.trajectory-label", { linear: endLinear.map(shortNumber).join(", "), tanh: endTanh.map(shortNumber).join(", ") }), body);
}

/** The lengths of both trajectories against t, on a log axis: growth by |1 + z| per step is a line. */
function lengthPlot(linear, nonlinear) {
  const lengths = (states) => states.map(([a, b]) => Math.hypot(a, b));
  const [l1, l2] = [lengths(linear), lengths(nonlinear)];
  const shown = [...l1, ...l2].filter((v) => v > 0 && Number.isFinite(v));
  let low = shown.length ? Math.min(...shown) : 0.1;
  let high = shown.length ? Math.max(...shown) : 10;
  if (!(high / low > 10)) { low /= 3; high *= 3; }
  const steps = linear.length - 1;
  const box = { left: 46, right: 244, top: 8, bottom: 208 };
  const x = plot.linear([0, steps], [box.left, box.right]);
  const y = plot.logarithmic([low, high], [box.bottom, box.top]);
  const at = (values) => values.map((v, t) => [x(t), v > 0 && Number.isFinite(v) ? y(v) : NaN]);
  const yTicks = plot.decades(low, high, 5).map((k) => [y(10 ** k), plot.powerOfTen(k)])
    .filter(([p]) => p >= box.top - 0.5 && p <= box.bottom + 0.5);
  const body = [
    ...plot.frameAxes(box, plot.ticks(0, steps, 4).map((v) => [x(v), String(v)]), yTicks),
    plot.path(at(l1), "widget-path widget-accent"),
    plot.path(at(l2), "widget-path widget-vanishing"),
    plot.text((box.left + box.right) / 2, 236, say("euler.axis")),
  ];
  return plot.svg(250, 244, say("euler.lengths-label", { linear: shortNumber(l1[steps]), tanh: shortNumber(l2[steps]) }), body);
}

/** Build the widget inside `container` (a [data-widget="euler"] element). */
export function mount(container) {
  const data = container.dataset;
  const epsilon = numberField(say("widget.step-size"), data.epsilon || "0.1", { name: "epsilon" });
  const gamma = numberField(say("euler.diffusion"), data.gamma || "0.15", { name: "gamma" });
  const omega = numberField(say("euler.frequency"), data.omega || "2", { name: "omega" });
  const steps = numberField(say("widget.steps"), data.steps || "200", { name: "steps", inputmode: "numeric" });
  const startX = numberField(say("euler.start-x"), "1", { name: "start-x" });
  const startY = numberField(say("euler.start-y"), "0", { name: "start-y" });
  const stabilise = element("button", { type: "button", html: prose(say("euler.stabilise")) });
  const disc = element("div", { class: "widget-drawing" });
  const paths = element("div", { class: "widget-drawing" });
  const discFigure = element("figure", { class: "widget-figure" }, disc,
    element("figcaption", { html: prose(say("euler.disc-caption")) }));
  const legend = element("ul", { class: "widget-legend" },
    element("li", {}, element("span", { class: "widget-swatch widget-accent", "aria-hidden": "true" }), element("span", { html: prose(say("euler.linear")) })),
    element("li", {}, element("span", { class: "widget-swatch widget-vanishing", "aria-hidden": "true" }), element("span", { html: prose(say("euler.tanh")) })));
  const lengths = element("div", { class: "widget-drawing" });
  const pathFigure = element("figure", { class: "widget-figure" }, paths,
    element("figcaption", { html: prose(say("euler.paths-caption")) }), legend);
  const lengthFigure = element("figure", { class: "widget-figure" }, lengths,
    element("figcaption", { html: prose(say("euler.lengths-caption")) }), legend.cloneNode(true));
  const readout = element("p", { class: "widget-readout", "aria-live": "polite" });
  let latest = null;

  stabilise.addEventListener("click", () => {
    if (latest === null || latest.smallestGamma === null) return;
    gamma.input.value = String(latest.smallestGamma);
    gamma.input.dispatchEvent(new Event("input", { bubbles: true }));
  });

  const update = () => {
    const e = readNumber(epsilon.input, say("widget.step-size"), { above: 0 });
    const g = readNumber(gamma.input, say("euler.diffusion"), { min: 0 });
    const w = readNumber(omega.input, say("euler.frequency"));
    const t = readNumber(steps.input, say("widget.steps"), { integer: true, min: 1, max: 5000 });
    const start = [readNumber(startX.input, say("euler.start-x")), readNumber(startY.input, say("euler.start-y"))];
    const matrix = dampedRotation(g, w);
    const linear = orbit((h) => linearStep(matrix, h, e), start, t);
    const nonlinear = orbit((h) => feedbackStep(matrix, h, e), start, t);
    const factor = amplification(e, g, w);
    const stableGamma = smallestStableGamma(e, w);
    disc.innerHTML = discPlot(e, g, w, stableGamma);
    paths.innerHTML = trajectoryPlot(linear, nonlinear);
    lengths.innerHTML = lengthPlot(linear, nonlinear);
    stabilise.disabled = stableGamma === null;
    const verdict = factor > 1 + TOLERANCE ? "euler.grows" : factor < 1 - TOLERANCE ? "euler.decays" : "euler.keeps";
    readout.innerHTML = [
      `$z = ${texNumber(-e * g)} \\pm ${texNumber(Math.abs(e * w))}\\,i$`,
      say(verdict, { factor: `$|1 + z| = ${texNumber(factor, 6)}$` }),
      stableGamma === null ? "" : say("euler.smallest", { gamma: `$\\gamma = ${texNumber(stableGamma, 6)}$` }),
    ].filter(Boolean).map(prose).join(" · ");
    latest = {
      epsilon: e, gamma: g, omega: w, steps: t, start, matrix,
      eigenvalues: [{ re: -e * g, im: e * w }, { re: -e * g, im: -e * w }],
      amplification: factor, smallestGamma: stableGamma, linear, tanh: nonlinear,
    };
    container.widget.result = latest;
    const notes = [];
    if (stableGamma === null) notes.push(say("euler.hopeless", { product: `$\\varepsilon\\omega = ${texNumber(e * Math.abs(w))} > 1$` }));
    const overflow = linear.findIndex((h) => !h.every(Number.isFinite));
    if (overflow >= 0) notes.push(say("euler.overflow-note", { step: overflow }));
    return notes;
  };

  container.widget = { result: null };
  frame(container, {
    title: say("euler.title"),
    controls: [epsilon.label, gamma.label, omega.label, steps.label, startX.label, startY.label, stabilise],
    figures: [discFigure, pathFigure, lengthFigure, readout],
    update,
  })();
}
