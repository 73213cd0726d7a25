// Run a function on every page a reader opens: after each of Material's instant navigations
// (its document$ observable), or once the page has loaded when it was opened from disk
// (file://), where Material turns instant navigation off and document$ never fires.
window.companionOnEveryPage = function (callback) {
  const run = () => {
    try {
      callback();
    } catch (error) {
      console.error(error);
    }
  };
  if (location.protocol !== "file:" && typeof document$ !== "undefined") {
    document$.subscribe(run);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", run, { once: true });
  } else {
    run();
  }
};
