// Answer boxes under exercises (form.answer-check, from sitebuild/fragments.py): the typed
// number is compared with data-answer, the value the exercise's checked solution proves.
// Accepted: decimals (0.25, -3, 1e-3) and fractions of two such numbers (1/4, -3/2).
// A match is within a relative tolerance of 1e-9 (absolute 1e-9 when the answer is 0).
window.companionAnswers = (() => {
  const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

  function parse(text) {
    const cleaned = String(text).trim().replace(/\u2212/g, "-").replace(/\s+/g, "");
    const parts = cleaned.split("/");
    if (parts.length > 2 || !parts.every((part) => NUMBER.test(part))) return null;
    const value = parts.length === 2 ? Number(parts[0]) / Number(parts[1]) : Number(parts[0]);
    return Number.isFinite(value) ? value : null;
  }

  function matches(value, answer) {
    const scale = answer === 0 ? 1 : Math.abs(answer);
    return Math.abs(value - answer) <= 1e-9 * scale;
  }

  function check(form) {
    const input = form.querySelector("input[name=answer]");
    const output = form.querySelector("output");
    const answer = Number(form.dataset.answer);
    const value = parse(input.value);
    form.classList.remove("answer-right", "answer-wrong", "answer-invalid");
    if (value === null) {
      form.classList.add("answer-invalid");
      input.setAttribute("aria-invalid", "true");
      output.textContent = input.value.trim()
        ? `Not a number this box can read: type a decimal such as 0.25 or a fraction such as 1/4.`
        : "Type a number first.";
    } else if (matches(value, answer)) {
      form.classList.add("answer-right");
      input.removeAttribute("aria-invalid");
      output.textContent = "Correct: that is the value the checked solution proves.";
    } else {
      form.classList.add("answer-wrong");
      input.removeAttribute("aria-invalid");
      output.textContent = "Not quite: that is not the value the solution proves. Try again, " +
        "or open the hint.";
    }
  }

  document.addEventListener("submit", (event) => {
    const form = event.target.closest && event.target.closest("form.answer-check");
    if (!form) return;
    event.preventDefault();
    check(form);
  });

  return { parse, matches };
})();
