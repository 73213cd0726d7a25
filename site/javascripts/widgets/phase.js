// Phase portrait (chapter 4): an editable 2×2 W, the vanilla update h ← tanh(W h) or the feedback
// update h ← h + ε tanh(W h), its one-step displacement field, and trajectories from start points
// added by click or tap, or with the keyboard (arrows move a cursor, Enter adds a point).

import { displacementField, trajectories } from "./dynamics.js";
import * as plot from "./plot.js";
import { element, frame, numberField, prose, readNumber, say, selectField, shortNumber } from "./ui.js";

export const CURSOR_STEP = 0.05; // one arrow key press; with Shift, five
const FIELD_POINTS = 13; // arrows per side of the displacement field
const COLOURS = ["widget-accent", "widget-vanishing", "widget-exploding", "widget-preserving"];
const BOX = { left: 40, right: 320, top: 8, bottom: 288 };

/** The half-width of the view: every state drawn fits, rounded up to 1, 1.5, 2, 3, 5 × 10^k. */
function viewExtent(paths, cursor) {
  const largest = Math.max(1, ...paths.flat(2).filter(Number.isFinite).map(Math.abs), ...cursor.map(Math.abs));
  const target = largest * 1.08;
  const power = 10 ** Math.floor(Math.log10(target));
  return [1, 1.5, 2, 3, 5, 10].map((m) => m * power).find((v) => v >= target);
}

function gridPoints(extent) {
  const points = [];
  for (let i = 0; i < FIELD_POINTS; i++) {
    for (let j = 0; j < FIELD_POINTS; j++) {
      points.push([-extent + ((2 * extent) * (j + 0.5)) / FIELD_POINTS, -extent + ((2 * extent) * (i + 0.5)) / FIELD_POINTS]);
    }
  }
  return points;
}

function portrait({ extent, field, paths, cursor }) {
  const x = plot.linear([-extent, extent], [BOX.left, BOX.right]);
  const y = plot.linear([-extent, extent], [BOX.bottom, BOX.top]);
  const marks = plot.ticks(-extent, extent, 4);
  const body = [
    `<rect class="widget-plot-area" x="${BOX.left}" y="${BOX.top}" width="${BOX.right - BOX.left}" height="${BOX.bottom - BOX.top}" fill="transparent"/>`,
    ...plot.frameAxes(BOX, marks.map((v) => [x(v), shortNumber(v)]), marks.map((v) => [y(v), shortNumber(v)])),
  ];
  const longest = Math.max(1e-300, ...field.moves.map(([a, b]) => Math.hypot(a, b)).filter(Number.isFinite));
  const spacing = (BOX.right - BOX.left) / FIELD_POINTS;
  const stretch = (0.85 * spacing) / longest; // pixels per unit of move: the longest spans most of a cell
  field.points.forEach(([a, b], k) => {
    const [da, db] = field.moves[k];
    const [half, halfUp] = [(da * stretch) / 2, (db * stretch) / 2]; // centred on its point
    body.push(plot.arrow(x(a) - half, y(b) + halfUp, x(a) + half, y(b) - halfUp, "widget-field-arrow"));
  });
  paths.forEach((states, k) => {
    const colour = COLOURS[k % COLOURS.length];
    body.push(plot.path(states.map(([a, b]) => [x(a), y(b)]), `widget-path ${colour}`));
    body.push(plot.circle(x(states[0][0]), y(states[0][1]), 4.5, `widget-dot ${colour}`));
  });
  const [cx, cy] = [x(cursor[0]), y(cursor[1])]; // shown by CSS while the plane has keyboard focus
  body.push(plot.line(cx - 9, cy, cx + 9, cy, "widget-cursor"), plot.line(cx, cy - 9, cx, cy + 9, "widget-cursor"),
    plot.circle(cx, cy, 5, "widget-cursor"));
  body.push(plot.text((BOX.left + BOX.right) / 2, 316, say("widget.first-coordinate")));
  const ends = paths.map((states) => `(${states[states.length - 1].map(shortNumber).join(", ")})`).join(", ");
  return plot.svg(330, 324, say("phase.plot-label", { count: paths.length, ends: ends || say("phase.none") }), body);
}

/** Build the widget inside `container` (a [data-widget="phase"] element with data-presets). */
export function mount(container) {
  const data = container.dataset;
  const presets = JSON.parse(data.presets || "{}");
  const defaultStarts = JSON.parse(data.starts || "[[0, 0.5]]");
  const preset = selectField(say("widget.preset"), [["custom", say("widget.custom")], ...Object.entries(presets).map(([key, p]) => [key, p.label])], "custom", "preset");
  const kind = selectField(say("phase.update"), [["vanilla", say("phase.vanilla")], ["feedback", say("phase.feedback")]], "feedback", "update");
  const cells = [0, 1].map((i) => [0, 1].map((j) => element("input", {
    type: "text", inputmode: "decimal", autocomplete: "off", spellcheck: "false", size: 6,
    "aria-label": say("widget.cell", { row: i + 1, column: j + 1 }), value: "0", "data-row": i, "data-column": j,
  })));
  const grid = element("div", { class: "widget-matrix", style: "--columns: 2" }, cells.flat());
  const entries = element("fieldset", { class: "widget-group" }, element("legend", { html: prose(say("widget.entries")) }), grid);
  const epsilon = numberField(say("widget.step-size"), data.epsilon || "0.1", { name: "epsilon" });
  const steps = numberField(say("widget.steps"), data.steps || "50", { name: "steps", inputmode: "numeric" });
  const clear = element("button", { type: "button" }, say("phase.clear"));
  const reset = element("button", { type: "button" }, say("phase.reset"));
  const hint = element("p", { class: "widget-keyboard-hint", id: `${container.dataset.widget}-hint-${Math.random().toString(36).slice(2, 8)}` },
    say("phase.hint"));
  const drawing = element("div", {
    class: "widget-drawing widget-focusable", tabindex: "0", role: "application",
    "aria-label": say("phase.plane"), "aria-describedby": hint.id,
  });
  const figure = element("figure", { class: "widget-figure widget-wide" }, drawing,
    element("figcaption", { html: prose(say("phase.caption")) }), hint);
  const readout = element("p", { class: "widget-readout", "aria-live": "polite" });

  let starts = defaultStarts.map((p) => p.slice());
  let cursor = [0, 0];
  let view = { extent: 1.5 };
  let lastValid = null;

  const writeMatrix = (matrix) => matrix.forEach((row, i) => row.forEach((value, j) => {
    cells[i][j].value = String(value);
    cells[i][j].removeAttribute("aria-invalid");
  }));
  preset.select.addEventListener("change", () => {
    const chosen = presets[preset.select.value];
    if (!chosen) return;
    kind.select.value = chosen.update;
    writeMatrix(chosen.matrix);
  });
  grid.addEventListener("input", () => { preset.select.value = "custom"; });

  const update = () => {
    const weights = cells.map((row, i) => row.map((cell, j) => readNumber(cell, say("widget.cell-name", { row: i + 1, column: j + 1 }))));
    const update = kind.select.value;
    epsilon.label.hidden = update !== "feedback";
    const e = update === "feedback" ? readNumber(epsilon.input, say("widget.step-size"), { above: 0 }) : Number(data.epsilon || 0.1);
    const t = readNumber(steps.input, say("widget.steps"), { integer: true, min: 1, max: 1000 });
    const paths = trajectories(update, weights, starts, t, e);
    const extent = viewExtent(paths, cursor);
    const points = gridPoints(extent);
    const field = { points, moves: displacementField(update, weights, points, e) };
    view = { extent };
    drawing.innerHTML = portrait({ extent, field, paths, cursor });
    readout.innerHTML = prose(starts.length
      ? say("phase.starts", { points: starts.map((p) => `$(${p.map((v) => shortNumber(v)).join(", ")})$`).join(", ") })
      : say("phase.no-starts"));
    lastValid = { weights, kind: update, epsilon: e, steps: t, starts: starts.map((p) => p.slice()), trajectories: paths, field, extent, cursor: cursor.slice() };
    container.widget.result = lastValid;
    return [];
  };

  const run = frame(container, {
    title: say("phase.title"),
    controls: [preset.label, kind.label, entries, epsilon.label, steps.label, clear, reset],
    figures: [figure, readout],
    update,
  });

  const toState = (event) => {
    const svg = drawing.querySelector("svg");
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(svg.getScreenCTM().inverse());
    const x = plot.linear([-view.extent, view.extent], [BOX.left, BOX.right]);
    const y = plot.linear([-view.extent, view.extent], [BOX.bottom, BOX.top]);
    return [x.invert(point.x), y.invert(point.y)];
  };
  drawing.addEventListener("click", (event) => {
    const [a, b] = toState(event);
    if (Math.abs(a) > view.extent || Math.abs(b) > view.extent) return;
    starts.push([a, b]);
    run();
  });
  drawing.addEventListener("keydown", (event) => {
    const step = CURSOR_STEP * (event.shiftKey ? 5 : 1);
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    if (event.key in moves) {
      const [da, db] = moves[event.key];
      cursor = [Math.round((cursor[0] + da) * 1e9) / 1e9, Math.round((cursor[1] + db) * 1e9) / 1e9];
    } else if (event.key === "Enter" || event.key === " ") {
      starts.push(cursor.slice());
    } else if (event.key === "Backspace" || event.key === "Delete") {
      starts.pop();
    } else {
      return;
    }
    event.preventDefault();
    run();
  });
  clear.addEventListener("click", () => { starts = []; run(); });
  reset.addEventListener("click", () => { starts = defaultStarts.map((p) => p.slice()); run(); });

  container.widget = { result: null };
  const initial = presets["feedback-diffusion"] ? "feedback-diffusion" : Object.keys(presets)[0];
  if (initial) {
    preset.select.value = initial;
    preset.select.dispatchEvent(new Event("change"));
  }
  run();
}
