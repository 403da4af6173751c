// @ts-check
// Material for MkDocs' bundle, and what Rollbook adds to Material's pages that needs it.
// (A file, not an inline script: a Content-Security-Policy of script-src 'self' runs it.)
//
// overrides/main.html writes the bundle's tag held (type="rollbook/held": the browser
// neither downloads nor runs it) and this file right after it. The bundle runs from here:
// at once, or, on a page with dice, when start.js lets it (window.rollbookMaterialHold).
// Its start-up is some 300 ms of the page's thread, which on two cores ran while the
// dice restored Python: held until the dice have answered, the first roll came 150 to
// 220 ms sooner (scripts/bench). window.rollbookMaterial settles once it has run and
// been told the page is loaded (window.rollbookMaterialRan is then set, for the tests):
// rollbook.js and tooltips.js wait for it.
(function () {
  // Material's first step, taken now: its search box shows from first paint
  // (Material's stylesheet hides it on a page without scripts, html.no-js).
  document.documentElement.classList.remove("no-js");
  document.documentElement.classList.add("js");
  var held = /** @type {HTMLScriptElement | null} */ (document.querySelector('script[type="rollbook/held"]'));
  /** @type {(value: unknown) => void} */
  var ran = function () {};
  window.rollbookMaterial = new Promise(function (resolve) {
    ran = function (value) {
      window.rollbookMaterialRan = true;
      resolve(value);
    };
  });
  if (held) {
    // A tap in progress (a pointer down, not yet up), and what waits for its end.
    var pressing = false;
    /** @type {(() => void) | null} */
    var afterPress = null;
    var ended = function () {
      var then = afterPress;
      afterPress = null;
      if (then) then();
    };
    /** @param {() => void} then */
    var unpressed = function (then) {
      if (!pressing) return then();
      afterPress = then;
      setTimeout(ended, 1000); // (a press held on: Material waits no longer)
    };
    document.addEventListener("pointerdown", function () {
      pressing = true;
    }, true);
    ["pointerup", "pointercancel"].forEach(function (type) {
      document.addEventListener(type, function () {
        pressing = false;
        setTimeout(ended); // after the click this press ends in, dispatched with it
      }, true);
    });
    var tag = held;
    var run = function () {
      if (!tag.isConnected) return;
      var script = document.createElement("script");
      script.src = tag.src;
      script.addEventListener("load", function () {
        if (document.readyState === "loading") return ran(null); // it starts on its own
        // Material starts on the page's DOMContentLoaded (its document$), which has
        // passed when it was held: it is told again, as it listens for it once. Not
        // while a tap is down: Material moves the page's tables into boxes of
        // its own as it starts, and Chromium gives no click for a press whose element
        // was moved between down and up, so a roll in a table tapped then was lost
        // (tests/browser/test_dice_loading.py, a failed start: Material ran at once).
        // In a task of its own: the bundle's evaluation and Material's start are some 70
        // ms of the page's thread each, which in one task kept a tap waiting 150 ms.
        setTimeout(function () {
          unpressed(function () {
            document.dispatchEvent(new Event("DOMContentLoaded"));
            ran(null);
          });
        });
      });
      script.addEventListener("error", ran);
      tag.replaceWith(script);
    };
    if (window.rollbookMaterialHold) window.rollbookMaterialHold(run);
    else run();
  } else {
    ran(null); // not held: it ran as the page was parsed (if at all)
  }

  // Material wraps each wide Markdown table in a box that scrolls sideways
  // (.md-typeset__scrollwrap). Make it reachable from the keyboard and name it after the
  // table's column headings, made unique on the page (axe-core: scrollable-region-focusable,
  // region), on every page Material's document$ tells of, instant navigation's too.
  window.rollbookMaterial.then(function () {
    var pages = window.document$;
    if (pages) pages.subscribe(nameTableBoxes);
  });
  function nameTableBoxes() {
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
  }
})();
