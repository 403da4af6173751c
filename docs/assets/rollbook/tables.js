// @ts-check
// Material wraps each wide Markdown table in a box that scrolls sideways
// (.md-typeset__scrollwrap). Make it reachable from the keyboard and name it
// after the table's column headings, made unique on the page (axe-core:
// scrollable-region-focusable, region). Loaded by overrides/main.html after
// Material's bundle, whose document$ tells of each page, instant navigation's too.
// (A file, not an inline script: a Content-Security-Policy of script-src 'self' runs it.)
(function () {
  var pages = window.document$;
  if (pages) pages.subscribe(function () {
    requestAnimationFrame(function () {
      /** @type {Record<string, number>} */
      var seen = {};
      document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (element) {
        var box = /** @type {HTMLElement} */ (element);
        var heads = Array.from(box.querySelectorAll("thead th"), function (th) {
          return (th.textContent || "").trim();
        }).filter(Boolean);
        var name = "Table: " + (heads.join(", ") || "untitled");
        seen[name] = (seen[name] || 0) + 1;
        box.tabIndex = 0;
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", seen[name] > 1 ? name + " (" + seen[name] + ")" : name);
      });
    });
  });
})();
