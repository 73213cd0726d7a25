"""What the browser tests measure in a page, as JavaScript: one definition for the built site and
the specimen, so both are held to the same layout and typesetting rules."""

from __future__ import annotations

# KaTeX has run (or the page has no math): every .arithmatex holds a .katex.
TYPESET = """() => [...document.querySelectorAll(".arithmatex")]
    .every(m => m.querySelector(".katex"))"""

OPEN_ALL_DETAILS = """() => {
  for (const details of document.querySelectorAll('details')) details.open = true;
}"""

# Boxes that hold a formula, a table or a figure. Each must lie inside the content column; at a
# desktop width none may need to scroll. Outside those boxes, no typeset formula may stick out.
LAYOUT = """() => {
  const column = document.querySelector('.md-content').getBoundingClientRect();
  const boxes = '.katex-display, .theorem-formula, .checked-formula-math, .step-lhs, .step-rhs,'
    + ' .md-typeset__scrollwrap, .figure-scroll, figure, .theorem, video';
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + [...e.classList].map(c => '.' + c).join('') + ' ' + (e.textContent || '').trim().slice(0, 40);
  const outside = [], scrolling = [];
  const inside = (r) => r.left >= column.left - 1 && r.right <= column.right + 1;
  for (const box of document.querySelectorAll('.md-typeset :is(' + boxes + ')')) {
    const r = box.getBoundingClientRect();
    if (r.width === 0) continue;
    if (!inside(r)) outside.push(name(box) + ` [${Math.round(r.left)}, ${Math.round(r.right)}]`);
    if (box.scrollWidth > box.clientWidth + 1) {
      scrolling.push(name(box) + ` (${box.scrollWidth} px in ${box.clientWidth} px)`);
    }
  }
  for (const math of document.querySelectorAll('.md-typeset .katex')) {
    if (math.closest(boxes)) continue;
    const r = math.getBoundingClientRect();
    if (r.width > 0 && !inside(r)) outside.push(name(math));
  }
  return {
    page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
    column: [Math.round(column.left), Math.round(column.right)],
    outside, scrolling,
  };
}"""

# The rendered size (in CSS px) of every label in every inline SVG figure.
SVG_LABEL_SIZES = """() => [...document.querySelectorAll('svg.companion-plot')].flatMap(svg => {
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
})"""

# Every formula typeset by KaTeX, none failed, and no TeX delimiter left in the article text.
MATH_STATE = """() => {
  const math = [...document.querySelectorAll('.arithmatex')];
  return {
    total: math.length,
    untypeset: math.filter(m => !m.querySelector('.katex')).length,
    errors: document.querySelectorAll('.katex-error').length,
    rawTex: /\\\\\\(|\\\\\\[|\\$\\$/.test(document.querySelector('article').innerText),
  };
}"""
