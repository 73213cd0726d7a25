// SVG figures as strings: scales, axes and marks whose colours are CSS classes, so one drawing
// follows the page's light or dark scheme (stylesheets/widgets.css maps classes to the palette).

const fixed = (value) => (Math.round(value * 10) / 10).toString();

/** A linear map from [d0, d1] to [r0, r1]. */
export function linear([d0, d1], [r0, r1]) {
  const map = (x) => r0 + ((x - d0) / (d1 - d0)) * (r1 - r0);
  map.invert = (y) => d0 + ((y - r0) / (r1 - r0)) * (d1 - d0);
  return map;
}

/** A log₁₀ map from [d0, d1] (positive) to [r0, r1]. */
export function logarithmic([d0, d1], range) {
  const inner = linear([Math.log10(d0), Math.log10(d1)], range);
  return (x) => inner(Math.log10(x));
}

/** About `count` round tick values covering [low, high]. */
export function ticks(low, high, count = 5) {
  if (!(Number.isFinite(low) && Number.isFinite(high) && high > low)) return [];
  const raw = (high - low) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const out = [];
  for (let value = Math.ceil(low / step) * step; value <= high + step * 1e-9; value += step) {
    out.push(Math.abs(value) < step * 1e-9 ? 0 : value);
  }
  return out;
}

/** Decades 10^k spanning [low, high], thinned to at most `count` labels. */
export function decades(low, high, count = 6) {
  const first = Math.floor(Math.log10(low));
  const last = Math.ceil(Math.log10(high));
  if (!(Number.isFinite(first) && Number.isFinite(last))) return [];
  const stride = Math.max(1, Math.ceil((last - first) / count));
  const out = [];
  for (let k = first; k <= last; k += stride) out.push(k);
  return out;
}

/** An accessible drawing: at most 1.25 px per unit on a wide screen, shrunk to fit a phone. */
export function svg(width, height, label, body) {
  return `<svg class="widget-svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${label}"`
    + ` style="max-width: ${1.25 * width}px">${body.join("")}</svg>`;
}

export function line(x1, y1, x2, y2, className) {
  if (!inRange([x1, y1]) || !inRange([x2, y2])) return "";
  return `<line class="${className}" x1="${fixed(x1)}" y1="${fixed(y1)}" x2="${fixed(x2)}" y2="${fixed(y2)}"/>`;
}

const FAR = 1e5; // pixels: far outside any drawing, still a number SVG's parser accepts

const inRange = ([x, y]) => Math.abs(x) <= FAR && Math.abs(y) <= FAR;

/**
 * A polyline through the points. A non-finite point breaks it; a segment leaving for a point
 * too far to write (an exploding trajectory) is cut where it crosses ±FAR, then broken.
 */
export function path(points, className) {
  let d = "";
  let previous = null;
  for (const point of points) {
    const [x, y] = point;
    if (!Number.isFinite(x) || !Number.isFinite(y)) { previous = null; continue; }
    if (inRange(point)) {
      d += `${previous ? "L" : "M"}${fixed(x)} ${fixed(y)}`;
      previous = point;
    } else if (previous) {
      const [px, py] = previous;
      const cut = Math.min(...[[px, x], [py, y]].map(([from, to]) =>
        (Math.abs(to) <= FAR ? 1 : (Math.sign(to) * FAR - from) / (to - from))));
      d += `L${fixed(px + cut * (x - px))} ${fixed(py + cut * (y - py))}`;
      previous = null;
    }
  }
  return d ? `<path class="${className}" d="${d}"/>` : "";
}

export function circle(x, y, r, className, style = "") {
  if (!inRange([x, y])) return "";
  return `<circle class="${className}" cx="${fixed(x)}" cy="${fixed(y)}" r="${r}"${style ? ` style="${style}"` : ""}/>`;
}

export function rect(x, y, width, height, className, style = "") {
  return `<rect class="${className}" x="${fixed(x)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(height)}"${style ? ` style="${style}"` : ""}/>`;
}

export function text(x, y, content, className = "widget-tick", anchor = "middle") {
  return `<text class="${className}" x="${fixed(x)}" y="${fixed(y)}" text-anchor="${anchor}">${content}</text>`;
}

/** An arrow from (x1, y1) to (x2, y2) with a small open head. */
export function arrow(x1, y1, x2, y2, className) {
  if (!inRange([x1, y1]) || !inRange([x2, y2])) return "";
  const length = Math.hypot(x2 - x1, y2 - y1);
  if (length < 0.5) return circle(x1, y1, 0.8, className);
  const head = Math.min(4, length / 2);
  const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length];
  const left = [x2 - head * (ux + 0.5 * uy), y2 - head * (uy - 0.5 * ux)];
  const right = [x2 - head * (ux - 0.5 * uy), y2 - head * (uy + 0.5 * ux)];
  return `<path class="${className}" d="M${fixed(x1)} ${fixed(y1)}L${fixed(x2)} ${fixed(y2)}`
    + `M${fixed(left[0])} ${fixed(left[1])}L${fixed(x2)} ${fixed(y2)}L${fixed(right[0])} ${fixed(right[1])}"/>`;
}

/** A superscript power of ten for an SVG tick label. */
export function powerOfTen(k) {
  return `10<tspan dy="-5" font-size="75%">${k}</tspan>`;
}

/**
 * The frame of a plot: the box, grid lines at `xTicks`/`yTicks` ([value, label] pairs already
 * mapped to pixels), and their labels outside the box.
 */
export function frameAxes(box, xTicks, yTicks) {
  const { left, right, top, bottom } = box;
  const parts = [rect(left, top, right - left, bottom - top, "widget-frame")];
  for (const [x, label] of xTicks) {
    parts.push(line(x, top, x, bottom, "widget-grid"), text(x, bottom + 14, label));
  }
  for (const [y, label] of yTicks) {
    parts.push(line(left, y, right, y, "widget-grid"), text(left - 5, y + 4, label, "widget-tick", "end"));
  }
  return parts;
}

/**
 * The colour language of the notation: warm (exploding) above 1, cool (vanishing) below 1,
 * green (preserving) within `tolerance` of 1 — for a growth factor, a modulus or a final norm.
 */
export function growthClass(value, tolerance = 1e-9) {
  if (!(value <= 1 + tolerance)) return "widget-exploding";
  return value < 1 - tolerance ? "widget-vanishing" : "widget-preserving";
}

/** The diverging colour of `value` on the animations' scale: −1 → negative, 0 → zero, +1 → positive. */
export function divergingFill(value) {
  if (Number.isNaN(value)) return "fill: var(--widget-zero)";
  const share = Math.min(1, Math.abs(value));
  const end = value >= 0 ? "--widget-positive" : "--widget-negative";
  const percent = (share * 100).toFixed(1);
  return `fill: color-mix(in srgb, var(${end}) ${percent}%, var(--widget-zero))`;
}
