// Answer boxes under exercises (form.answer-check): the reader types a number or an expression,
// which this file reads with its own small parser (no eval, no Function), and the value is
// compared with data-answer, the exact value of the exercise's solution (17 significant digits).
//
// What the box asks for comes from what the solution prints. The solution is the element whose
// id is the form's data-slug. If it prints the answer rounded, as a decimal (the 1.00696 of
// "2^{1/100} \approx 1.00696"), the box asks for as many significant digits and accepts any
// value within half a unit in the last printed place (1.00696 ± 0.000005). Otherwise, or if a
// printed decimal is the answer itself (3.87420489), it asks for the exact value, met by any
// value within a relative 1e-9 (absolute 1e-9 for 0): an exact decimal, a fraction or an
// expression. A form may state its precision instead, as data-digits="N" significant digits.
// The label says which: "Your answer, to 6 significant digits" or "Your answer, exactly".
//
// A wrong value is told whether it is too large or too small, unless the form or its exercise
// says data-direction="off" (a count that halving the interval would find in a few tries). A
// decimal right to the digits typed but short of the digits asked for is told so.
//
// Expressions: numbers (0.25, .5, 1e-3), + - * / ^ (also − × · ÷ and **), parentheses, unary
// minus, sqrt() or √, exp(), log() and ln() (both natural), pi or π, e, and a per cent sign
// (1.8% = 0.018). A product may be implicit before a name, a parenthesis or √ (2pi, 2sqrt(2),
// 3(1 + 2)), but not after a division in the same product (1/2pi is refused as ambiguous).
// Powers bind tightest and to the right (-2^2 = -4, 2^3^2 = 2^9). Errors name the position,
// counted from 1.
//
// Every word shown is a message of sitebuild/messages.toml ([parse] and [answers]), said in the
// page's language by companionMessages (javascripts/messages.js, loaded first).
window.companionAnswers = (() => {
  const say = (key, values) => window.companionMessages.say(key, values);
  const MAX_LENGTH = 200;
  const EXACT = 1e-9;
  const NAMES = {
    pi: { constant: Math.PI }, e: { constant: Math.E },
    sqrt: { apply: Math.sqrt }, exp: { apply: Math.exp }, log: { apply: Math.log },
    ln: { apply: Math.log },
  };
  const SYMBOLS = {
    "+": "+", "-": "-", "\u2212": "-", "\u2013": "-", "*": "*", "\u00d7": "*", "\u00b7": "*",
    "\u22c5": "*", "/": "/", "\u00f7": "/", "^": "^", "(": "(", ")": ")", "\u221a": "root",
    "%": "%",
  };
  const NUMBER = /^(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
  const SUPERSCRIPTS = /[\u00b2\u00b3\u00b9\u2070-\u2079]/;

  class InputError extends Error {}

  function tokenize(text) {
    const tokens = [];
    const equals = text.indexOf("=");
    if (equals >= 0) {
      throw new InputError(say("parse.equals", { position: equals + 1 }));
    }
    let i = 0;
    while (i < text.length) {
      const rest = text.slice(i);
      const character = text[i];
      const position = i + 1;
      if (/\s/.test(character)) {
        i += 1;
        continue;
      }
      const number = NUMBER.exec(rest);
      const letters = /^[A-Za-z]+/.exec(rest);
      if (number) {
        tokens.push({ kind: "number", text: number[0], value: Number(number[0]), position });
        i += number[0].length;
      } else if (letters || character === "\u03c0") {
        const word = letters ? letters[0] : character;
        const name = word === "\u03c0" ? "pi" : word.toLowerCase();
        if (!(name in NAMES)) {
          throw new InputError(say("parse.unknown-name", { word, position }));
        }
        tokens.push({ kind: "name", text: word, name, position });
        i += word.length;
      } else if (rest.startsWith("**")) {
        tokens.push({ kind: "^", text: "**", position });
        i += 2;
      } else if (character in SYMBOLS) {
        tokens.push({ kind: SYMBOLS[character], text: character, position });
        i += 1;
      } else if (character === ",") {
        throw new InputError(say("parse.comma", { position }));
      } else if (SUPERSCRIPTS.test(character)) {
        throw new InputError(say("parse.superscript", { character, position }));
      } else {
        throw new InputError(say("parse.unexpected", { character, position }));
      }
    }
    return tokens;
  }

  // The value of ``source``, a finite real number; an InputError says what is wrong and where.
  function evaluate(source) {
    const text = String(source);
    if (text.length > MAX_LENGTH) {
      throw new InputError(say("parse.too-long", { limit: MAX_LENGTH }));
    }
    const tokens = tokenize(text);
    if (!tokens.length) throw new InputError(say("parse.empty"));
    let index = 0;
    const peek = () => tokens[index];
    const end = (token) => token.position + token.text.length - 1;

    function leftover(token) {
      return token.kind === ")"
        ? new InputError(say("parse.unexpected", { character: ")", position: token.position }))
        : new InputError(say("parse.missing-operator",
          { token: token.text, position: token.position }));
    }

    function group(open) {
      const value = sum();
      const close = peek();
      if (!close) throw new InputError(say("parse.missing-close", { position: open.position }));
      if (close.kind !== ")") throw leftover(close);
      index += 1;
      return value;
    }

    function atom() {
      const token = peek();
      if (!token) {
        const last = tokens[tokens.length - 1];
        throw new InputError(say("parse.incomplete",
          { token: last.text, position: last.position }));
      }
      index += 1;
      if (token.kind === "number") return token.value;
      if (token.kind === "(") return group(token);
      if (token.kind === "root") return Math.sqrt(atom());
      if (token.kind === "name") {
        const meaning = NAMES[token.name];
        if ("constant" in meaning) return meaning.constant;
        const open = peek();
        if (!open || open.kind !== "(") {
          throw new InputError(say("parse.expected-open",
            { name: token.text, position: end(token) + 1 }));
        }
        index += 1;
        return meaning.apply(group(open));
      }
      throw new InputError(say("parse.unexpected",
        { character: token.text, position: token.position }));
    }

    function power() {
      let base = atom();
      if (peek() && peek().kind === "%") {
        index += 1;
        base /= 100;
      }
      if (peek() && peek().kind === "^") {
        index += 1;
        return Math.pow(base, signed());
      }
      return base;
    }

    function signed() {
      const token = peek();
      if (token && (token.kind === "-" || token.kind === "+")) {
        index += 1;
        const value = signed();
        return token.kind === "-" ? -value : value;
      }
      return power();
    }

    const implicit = (token) => token && ["name", "(", "root"].includes(token.kind);

    function product() {
      const first = peek();
      let value = signed();
      let division = null;
      for (;;) {
        const token = peek();
        if (token && (token.kind === "*" || token.kind === "/")) {
          index += 1;
          if (token.kind === "/" && !division) division = token;
          const right = signed();
          value = token.kind === "*" ? value * right : value / right;
        } else if (implicit(token)) {
          const factor = power();
          if (division) {
            const a = text.slice(first.position - 1, division.position - 1).trim();
            const b = text.slice(division.position, token.position - 1).trim();
            const c = text.slice(token.position - 1, end(tokens[index - 1])).trim();
            throw new InputError(say("parse.ambiguous", {
              typed: `${a}/${b}${c}`, position: first.position,
              right: `${a}/(${b}${c})`, left: `(${a}/${b})${c}`,
            }));
          }
          value *= factor;
        } else {
          return value;
        }
      }
    }

    function sum() {
      let value = product();
      while (peek() && (peek().kind === "+" || peek().kind === "-")) {
        const token = tokens[index];
        index += 1;
        const right = product();
        value = token.kind === "+" ? value + right : value - right;
      }
      return value;
    }

    const value = sum();
    if (index < tokens.length) throw leftover(tokens[index]);
    if (Number.isNaN(value)) {
      throw new InputError(say("parse.no-real"));
    }
    if (!Number.isFinite(value)) throw new InputError(say("parse.not-finite"));
    return value;
  }

  // The text of the solution as printed: its math as TeX, typeset or not yet.
  function printedText(solution) {
    const copy = solution.cloneNode(true);
    for (const math of copy.querySelectorAll(".arithmatex")) {
      const tex = math.querySelector('annotation[encoding="application/x-tex"]');
      math.replaceWith(` ${tex ? tex.textContent : math.textContent} `);
    }
    return copy.textContent;
  }

  const DECIMAL = /(?<![\d.])\d*\.\d+(?![\d.])/g;

  function significantDigits(decimal) {
    return decimal.replace(".", "").replace(/^0+/, "").length;
  }

  function half(exponent) {  // half a unit of 10^exponent: 5e-6 for -5, read as a decimal
    return Number(`5e${exponent - 1}`);
  }

  // What a box asks for, from the text its solution prints: {digits, tolerance, printed} for a
  // rounded decimal, or {digits: null, tolerance} for the exact value.
  function precision(answer, printed, digits = null) {
    const exact = { digits: null, tolerance: EXACT * (answer === 0 ? 1 : Math.abs(answer)) };
    if (digits !== null) {
      if (answer === 0) return exact;
      const exponent = Math.floor(Math.log10(Math.abs(answer))) - (digits - 1);
      return { digits, tolerance: half(exponent), printed: null };
    }
    let best = null;
    for (const [decimal] of String(printed || "").matchAll(DECIMAL)) {
      const places = decimal.split(".")[1].length;
      const difference = Math.abs(Number(decimal) - Math.abs(answer));
      if (difference <= exact.tolerance * 1e-3) return exact;  // the answer itself
      const tolerance = half(-places);
      const count = significantDigits(decimal);
      if (difference <= tolerance * (1 + 1e-9) && (!best || count > best.digits)) {
        best = { digits: count, tolerance, printed: decimal };
      }
    }
    return best || exact;
  }

  function judge(value, answer, wanted) {
    const slack = wanted.tolerance * (1 + 1e-9) + 1e-15 * Math.abs(answer);
    if (Math.abs(value - answer) <= slack) return "right";
    return value > answer ? "high" : "low";
  }

  // A plain decimal typed with fewer digits than asked, right to its own last digit.
  function roundedTooSoon(typed, answer, wanted) {
    const match = /^\s*[+\-\u2212]?(\d*)\.(\d+)\s*$/.exec(typed);
    if (!match) return false;
    const value = Number(typed.trim().replace("\u2212", "-"));
    const typedDigits = significantDigits(`${match[1]}.${match[2]}`);
    const fewer = wanted.digits === null || typedDigits < wanted.digits;
    return fewer && Math.abs(value - answer) <= half(-match[2].length) * (1 + 1e-9);
  }

  function digits(count) {  // "6 significant digits", in the page's language
    return count === 1 ? say("answers.digits-one") : say("answers.digits", { count });
  }

  function tolerated(wanted) {
    const exponent = Math.round(Math.log10(wanted.tolerance / 5));
    return exponent < 0 ? (wanted.tolerance).toFixed(-exponent) : String(wanted.tolerance);
  }

  // A message's text as nodes: its `code` spans as <code> elements, the rest as text.
  function withCode(text) {
    return text.split("`").map((part, i) => {
      if (i % 2 === 0) return part;
      const element = document.createElement("code");
      element.textContent = part;
      return element;
    });
  }

  function describe(form, wanted) {
    const label = form.querySelector("label");
    const help = form.querySelector("small");
    if (label) {
      label.textContent = wanted.digits === null ? say("answers.label-exact")
        : say("answers.label-digits", { digits: digits(wanted.digits) });
    }
    if (help) {
      // Its examples are no exercise's answer.
      const text = wanted.digits === null ? say("answers.help-exact")
        : say("answers.help-digits",
          { digits: digits(wanted.digits), tolerance: tolerated(wanted) });
      help.replaceChildren(...withCode(text));
    }
  }

  // What the box of ``form`` asks for, worked out once and kept on the form as data-digits
  // (absent for exact) and data-tolerance.
  function prepare(form) {
    if (form.companionWanted) return form.companionWanted;
    const answer = Number(form.dataset.answer);
    const solution = form.dataset.slug && document.getElementById(form.dataset.slug);
    const stated = form.dataset.digits ? Number(form.dataset.digits) : null;
    const wanted = precision(answer, solution ? printedText(solution) : "", stated);
    form.companionWanted = wanted;
    if (wanted.digits !== null) form.dataset.digits = String(wanted.digits);
    form.dataset.tolerance = String(wanted.tolerance);
    describe(form, wanted);
    return wanted;
  }

  function directionAllowed(form) {
    const holder = form.closest("[data-direction]");
    return !holder || holder.dataset.direction !== "off";
  }

  function check(form) {
    const input = form.querySelector("input[name=answer]");
    const output = form.querySelector("output");
    const answer = Number(form.dataset.answer);
    const wanted = prepare(form);
    form.classList.remove("answer-right", "answer-wrong", "answer-invalid");
    let value;
    try {
      value = evaluate(input.value);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      form.classList.add("answer-invalid");
      input.setAttribute("aria-invalid", "true");
      output.textContent = input.value.trim()
        ? say("answers.cannot-read", { reason: error.message }) : say("answers.type-first");
      return;
    }
    input.removeAttribute("aria-invalid");
    const verdict = judge(value, answer, wanted);
    if (verdict === "right") {
      form.classList.add("answer-right");
      output.textContent = wanted.digits === null ? say("answers.right-exact")
        : say("answers.right-digits", { digits: digits(wanted.digits) });
      return;
    }
    form.classList.add("answer-wrong");
    if (roundedTooSoon(input.value, answer, wanted)) {
      output.textContent = wanted.digits === null ? say("answers.close-exact")
        : say("answers.close-digits", { digits: digits(wanted.digits) });
    } else if (directionAllowed(form)) {
      output.textContent = say(verdict === "high" ? "answers.too-large" : "answers.too-small");
    } else {
      output.textContent = say("answers.not-it");
    }
  }

  document.addEventListener("submit", (event) => {
    const form = event.target.closest && event.target.closest("form.answer-check");
    if (!form) return;
    event.preventDefault();
    check(form);
  });

  const prepareAll = () => document.querySelectorAll("form.answer-check").forEach(prepare);
  if (typeof window.companionOnEveryPage === "function") {
    window.companionOnEveryPage(prepareAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", prepareAll, { once: true });
  } else {
    prepareAll();
  }

  return { evaluate, precision, judge, printedText, prepare, InputError };
})();
