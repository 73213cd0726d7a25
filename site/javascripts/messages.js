// What the scripts say to a reader, in the page's language. The messages are data:
// sitebuild/messages.toml (English) and its translations (translations/<lang>/interface/),
// checked like the pages and bundled by generation into assets/messages/catalogues.js, which
// loads before this file (window.companionCatalogues = {en: {key: text}, ko: {…}}).
//
// say(key, values) is the message `key` in the language of <html lang> (read at every call: an
// edition's pages all carry theirs), English where that language has no such message, with each
// {name} replaced by values[name]. A key in no catalogue is a bug: it is reported on the console
// and the reader sees an ellipsis, never the key.
window.companionMessages = (() => {
  const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;
  const FALLBACK = "en";

  function language() {
    const lang = (document.documentElement.lang || FALLBACK).toLowerCase();
    return lang.split("-")[0];
  }

  function template(key, lang = language()) {
    const catalogues = window.companionCatalogues || {};
    for (const chosen of [lang, FALLBACK]) {
      const catalogue = catalogues[chosen];
      if (catalogue && Object.prototype.hasOwnProperty.call(catalogue, key)) return catalogue[key];
    }
    console.error(`companionMessages: no message "${key}" in any catalogue`);
    return "\u2026";
  }

  function say(key, values = {}, lang = language()) {
    return template(key, lang).replace(PLACEHOLDER, (whole, name) =>
      (Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole));
  }

  return { say, language, template };
})();
