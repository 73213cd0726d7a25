// The powers explorer (chapters 1 and 2): a 2×2 or 3×3 W set by its entries, or by eigenvalue
// moduli and a rotation angle; W^t as a heat map on the animations' diverging scale, ‖W^t‖₂ on a
// log axis for t = 0 … 64 and the eigenvalues against the unit circle. The numbers are those of
// derivations.matrix_powers (powers by repeated multiplication, the 2-norm of each power).

import { eigenvalues, identity, multiply, spectralNorm } from "./linalg.js";
import * as plot from "./plot.js";
import { element, frame, numberField, prose, readNumber, say, selectField, shortNumber, texNumber } from "./ui.js";

const STEPS = 64; // when the page gives none: derivations.matrix_powers.STEPS, as in Merity's videos

/** W⁰, W¹, …, W^steps by repeated multiplication, as derivations.matrix_powers.powers. */
export function powers(matrix, steps = STEPS) {
  const stack = [identity(matrix.length)];
  for (let t = 1; t <= steps; t++) stack.push(multiply(stack[t - 1], matrix));
  return stack;
}

/**
 * The matrix with eigenvalues r e^{±iθ} (r times the rotation by θ) and, for 3×3, a third real
 * eigenvalue λ₃ on the last axis: block-diagonal, so its eigenvalues can be read off.
 */
export function fromSpectrum(size, modulus, angle, third) {
  const [c, s] = [modulus * Math.cos(angle), modulus * Math.sin(angle)];
  if (size === 2) return [[c, -s], [s, c]];
  return [[c, -s, 0], [s, c, 0], [0, 0, third]];
}

const TOLERANCE = 1e-9; // |λ| this close to 1 is drawn on the circle; eigenvalues this close coincide

function heatMap(power, t) {
  const size = power.length;
  const cell = 180 / size;
  const body = [];
  power.forEach((row, i) => row.forEach((value, j) => {
    const [x, y] = [10 + j * cell, 10 + i * cell];
    body.push(plot.rect(x, y, cell, cell, "widget-cell", plot.divergingFill(value)),
      plot.text(x + cell / 2, y + cell / 2 + 5, shortNumber(value), "widget-cell-label"));
  }));
  const legend = [-1, -0.5, 0, 0.5, 1].map((v, k) => plot.rect(10 + k * 36, 200, 36, 10, "widget-cell", plot.divergingFill(v)));
  const labels = [[10, "−1"], [100, "0"], [190, "1"]].map(([x, label]) => plot.text(x, 224, label));
  const entries = power.map((row) => row.map(shortNumber).join(", ")).join("; ");
  return plot.svg(200, 230, say("powers.heat-label", { power: t, entries }), [...body, ...legend, ...labels]);
}

function normPlot(norms, radius, t) {
  const steps = norms.length - 1;
  const box = { left: 48, right: 310, top: 10, bottom: 180 };
  const positive = norms.filter((n) => n > 0 && Number.isFinite(n));
  const references = norms.map((_, k) => radius ** k).filter((n) => n > 0 && Number.isFinite(n));
  const shown = [...positive, ...references];
  let low = shown.length ? Math.min(...shown) : 0.1;
  let high = shown.length ? Math.max(...shown) : 10;
  if (!(high / low > 10)) { low /= 10; high *= 10; }
  const [x, y] = [plot.linear([0, steps], [box.left, box.right]), plot.logarithmic([low, high], [box.bottom, box.top])];
  const yTicks = plot.decades(low, high).map((k) => [y(10 ** k), plot.powerOfTen(k)]).filter(([p]) => p >= box.top - 0.5 && p <= box.bottom + 0.5);
  const xTicks = plot.ticks(0, steps, 4).map((v) => [x(v), String(v)]);
  const at = (values) => values.map((n, k) => [x(k), n > 0 && Number.isFinite(n) ? y(n) : NaN]);
  const last = norms[norms.length - 1];
  const body = [
    ...plot.frameAxes(box, xTicks, yTicks),
    plot.path(at(norms.map((_, k) => radius ** k)), "widget-reference"),
    plot.path(at(norms), `widget-curve ${plot.growthClass(last)}`),
    plot.line(x(t), box.top, x(t), box.bottom, "widget-marker"),
    Number.isFinite(norms[t]) && norms[t] > 0 ? plot.circle(x(t), y(norms[t]), 4, `widget-dot ${plot.growthClass(last)}`) : "",
    plot.text((box.left + box.right) / 2, 214, say("powers.axis")),
  ];
  return plot.svg(320, 222, say("powers.norm-label", { steps, last: shortNumber(last) }), body);
}

function eigenvaluePlot(values, radius) {
  const extent = Math.max(1.25, 1.15 * radius);
  const box = { left: 36, right: 216, top: 8, bottom: 188 };
  const [x, y] = [plot.linear([-extent, extent], [box.left, box.right]), plot.linear([-extent, extent], [box.bottom, box.top])];
  const marks = plot.ticks(-extent, extent, 4);
  const body = [
    ...plot.frameAxes(box, marks.map((v) => [x(v), shortNumber(v)]), marks.map((v) => [y(v), shortNumber(v)])),
    plot.line(x(-extent), y(0), x(extent), y(0), "widget-axis"),
    plot.line(x(0), y(-extent), x(0), y(extent), "widget-axis"),
    `<ellipse class="widget-unit-circle" cx="${x(0)}" cy="${y(0)}" rx="${x(1) - x(0)}" ry="${y(0) - y(1)}"/>`,
  ];
  values.forEach((value, k) => {
    const copies = values.filter((other) => Math.hypot(other.re - value.re, other.im - value.im) <= TOLERANCE * Math.max(1, radius)).length;
    const first = values.findIndex((other) => Math.hypot(other.re - value.re, other.im - value.im) <= TOLERANCE * Math.max(1, radius)) === k;
    body.push(plot.circle(x(value.re), y(value.im), 5, `widget-dot ${plot.growthClass(Math.hypot(value.re, value.im), TOLERANCE)}`));
    if (copies > 1 && first) body.push(plot.text(x(value.re) + 8, y(value.im) - 8, `×${copies}`, "widget-tick", "start"));
  });
  const listed = values.map((v) => (v.im === 0 ? shortNumber(v.re) : `${shortNumber(v.re)} ${v.im > 0 ? "+" : "−"} ${shortNumber(Math.abs(v.im))} i`)).join(", ");
  return plot.svg(224, 222, say("powers.eigenvalue-label", { values: listed }), [...body, plot.text(126, 214, say("widget.real-part"))]);
}

function figure(captionTex) {
  const drawing = element("div", { class: "widget-drawing" });
  const caption = element("figcaption", { html: prose(captionTex) });
  return { node: element("figure", { class: "widget-figure" }, drawing, caption), drawing, caption };
}

/** Build the explorer inside `container` (a [data-widget="powers"] element with data-presets). */
export function mount(container) {
  const presets = JSON.parse(container.dataset.presets || "{}");
  const steps = Number(container.dataset.steps || STEPS);
  const preset = selectField(say("widget.preset"), [["custom", say("widget.custom")], ...Object.entries(presets).map(([key, p]) => [key, p.label])], "custom", "preset");
  const size = selectField(say("powers.size"), [["2", say("powers.size-2")], ["3", say("powers.size-3")]], "2", "size");
  const mode = selectField(say("powers.set-by"), [["entries", say("powers.by-entries")], ["spectrum", say("powers.by-spectrum")]], "entries", "mode");
  const cells = [0, 1, 2].map((i) => [0, 1, 2].map((j) => element("input", {
    type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false", size: 6,
    "aria-label": say("widget.cell", { row: i + 1, column: j + 1 }), value: i === j ? "1" : "0", "data-row": i, "data-column": j,
  })));
  const grid = element("div", { class: "widget-matrix" }, cells.flat());
  const entries = element("fieldset", { class: "widget-group" },
    element("legend", { html: prose(say("widget.entries")) }), grid);
  const modulus = numberField(say("powers.modulus"), "0.9", { name: "modulus" });
  const angle = numberField(say("powers.angle"), "30", { name: "angle" });
  const third = numberField(say("powers.third"), "1.05", { name: "third" });
  const spectrum = element("fieldset", { class: "widget-group" },
    element("legend", { html: prose(say("powers.eigenvalues")) }), modulus.label, angle.label, third.label);
  const power = element("input", { type: "range", min: 0, max: steps, step: 1, value: 8, name: "power" });
  const powerOut = element("output", {}, "8");
  const powerLabel = element("label", { class: "widget-field" }, element("span", { html: prose(say("powers.power")) }), power, powerOut);
  const heat = figure(say("powers.heat-caption", { power: "$W^t$" }));
  const norms = figure(say("powers.norms-caption", { range: `$t = 0, \\dots, ${steps}$` }));
  const spectrumFigure = figure(say("powers.spectrum-caption"));
  const readout = element("p", { class: "widget-readout", "aria-live": "polite" });

  const sizeNow = () => Number(size.select.value);
  const showFields = () => {
    const n = sizeNow();
    grid.style.setProperty("--columns", n);
    cells.forEach((row, i) => row.forEach((cell, j) => { cell.hidden = i >= n || j >= n; }));
    third.label.hidden = n !== 3;
    spectrum.hidden = mode.select.value !== "spectrum";
    cells.flat().forEach((cell) => { cell.readOnly = mode.select.value === "spectrum"; });
  };
  const writeEntries = (matrix) => matrix.forEach((row, i) => row.forEach((value, j) => {
    cells[i][j].value = String(value);
    cells[i][j].removeAttribute("aria-invalid");
  }));

  preset.select.addEventListener("change", () => {
    const chosen = presets[preset.select.value];
    if (!chosen) return;
    size.select.value = String(chosen.matrix.length);
    mode.select.value = "entries";
    writeEntries(chosen.matrix);
  });
  grid.addEventListener("input", () => { preset.select.value = "custom"; });
  spectrum.addEventListener("input", () => { preset.select.value = "custom"; });

  const update = () => {
    showFields();
    const n = sizeNow();
    let matrix;
    if (mode.select.value === "spectrum") {
      const r = readNumber(modulus.input, say("powers.modulus-name"), { min: 0 });
      const theta = readNumber(angle.input, say("powers.angle-name"), {}) * (Math.PI / 180);
      const lambda3 = n === 3 ? readNumber(third.input, say("powers.third"), {}) : 0;
      matrix = fromSpectrum(n, r, theta, lambda3);
      writeEntries(matrix);
    } else {
      matrix = cells.slice(0, n).map((row, i) => row.slice(0, n).map((cell, j) => readNumber(cell, say("widget.cell-name", { row: i + 1, column: j + 1 }))));
    }
    const t = Number(power.value);
    powerOut.textContent = String(t);
    const stack = powers(matrix, steps);
    const normValues = stack.map(spectralNorm);
    const values = eigenvalues(matrix);
    const radius = Math.max(...values.map((v) => Math.hypot(v.re, v.im)));
    heat.drawing.innerHTML = heatMap(stack[t], t);
    heat.caption.innerHTML = prose(say("powers.heat-caption", { power: `$W^{${t}}$` }));
    norms.drawing.innerHTML = normPlot(normValues, radius, t);
    spectrumFigure.drawing.innerHTML = eigenvaluePlot(values, radius);
    readout.innerHTML = [
      `$\\rho(W) = ${texNumber(radius)}$`,
      `$\\lVert W^{${t}}\\rVert_2 = ${texNumber(normValues[t])}$`,
      `$\\lVert W^{${steps}}\\rVert_2 = ${texNumber(normValues[steps])}$`,
    ].map(prose).join(" · ");
    container.widget.result = { matrix, powers: stack, norms: normValues, eigenvalues: values, spectralRadius: radius, t };
    const notes = [];
    const zero = normValues.findIndex((value) => value === 0);
    if (zero >= 0) notes.push(say("powers.zero-note", { power: `$W^{${zero}} = 0$`, start: `$t = ${zero}$` }));
    const overflow = normValues.findIndex((value) => !Number.isFinite(value));
    if (overflow >= 0) notes.push(say("powers.overflow-note", { start: `$t = ${overflow}$` }));
    return notes;
  };

  container.widget = { result: null };
  const run = frame(container, {
    title: say("powers.title"),
    controls: [element("div", { class: "widget-row" }, preset.label, size.label, mode.label),
      element("div", { class: "widget-row" }, entries, spectrum, powerLabel)],
    figures: [heat.node, norms.node, spectrumFigure.node, readout],
    update,
  });
  const initial = presets.vanishing ? "vanishing" : Object.keys(presets)[0];
  if (initial) {
    preset.select.value = initial;
    preset.select.dispatchEvent(new Event("change"));
  }
  run();
}
