// @ts-check
// Start the dice's Python worker as the page starts to load, before the stylesheets
// and Material's bundle: its downloads and the WebAssembly compilation run while the
// page renders. Loaded by overrides/partials/rollbook-start.html as a blocking script
// at the top of <head>, only on pages with something to roll. rollbook.js adopts the
// worker, and replays what it said meanwhile.
//
// Roll buttons work from first paint: as the page is parsed, each is enabled and given
// its own title (the HTML's "Rolling needs JavaScript" is for a browser without
// scripts), and a tap before rollbook.js runs is kept (window.rollbookTaps) and
// answered by it once Python is ready. The tapped roll says it is getting ready.
// (A file, not an inline script: a Content-Security-Policy of script-src 'self' runs it.)
// Scripts run on this page: its widgets' forms, in the page as built but hidden from a
// browser without scripts, are laid out from first paint (rollbook.css, html.rb-scripted),
// inert until rollbook.js mounts them, rather than put in above the sheet at mount and
// pushing its rows down a screen or more (scripts/bench: "moved as the page's scripts start").
document.documentElement.classList.add("rb-scripted");
try {
  (function () {
    // Served from the offline copy: the worker reads the runtime from it (worker.js).
    var saved = navigator.serviceWorker && navigator.serviceWorker.controller ? " offline-copy" : "";
    var here = /** @type {HTMLScriptElement} */ (document.currentScript).src;
    var worker = new Worker(new URL("worker.js", here), { type: "module", name: "rollbook" + saved });
    /** @type {(MessageEvent | ErrorEvent)[]} */
    var events = [];
    worker.onmessage = function (event) {
      events.push(event);
    };
    worker.onerror = function (event) {
      event.preventDefault();
      events.push(event);
    };
    performance.mark("rollbook:worker-start");
    window.rollbookStart = { worker: worker, events: events };
    holdSearchIndex(worker);
    holdMaterial(worker);
  })();
} catch (error) {}

// Material's search builds its index in a worker of its own as soon as the page loads:
// 0.7 s of CPU (measured on this 2-core machine), which ran just as the dice restored
// Python and delayed the first roll, and, released at once when they were ready, slowed
// the first answers after it (Danger World's solver, 180 -> 300-370 ms). Its download of
// search/search_index.json (an XMLHttpRequest) is held until the dice have been ready
// and quiet for 2 s, or could not start, or the reader goes for the search (a key, or a
// tap or focus in the search box), or 10 s have passed.
/** @param {Worker} worker */
function holdSearchIndex(worker) {
  /** @type {[XMLHttpRequest, IArguments][]} */
  var held = [];
  var holding = true;
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  var index = /\/search\/search_index\.json$/;
  /** @type {WeakSet<XMLHttpRequest>} */
  var searches = new WeakSet();
  XMLHttpRequest.prototype.open = function (/** @type {string} */ method, /** @type {string | URL} */ url) {
    if (index.test(new URL(url, location.href).pathname)) searches.add(this);
    return open.apply(this, /** @type {any} */ (arguments));
  };
  XMLHttpRequest.prototype.send = function () {
    if (holding && searches.has(this)) held.push([this, arguments]);
    else send.apply(this, /** @type {any} */ (arguments));
  };
  /** @type {number | undefined} */
  var quiet;
  holdForDice(worker, {
    limit: 10000,
    reaches: function (event) {
      return event.type === "keydown" || within(event, ".md-search, [data-md-component=search]");
    },
    answered: function (release) {
      clearTimeout(quiet); // an answer: the reader is rolling
      quiet = setTimeout(release, 2000);
    },
    release: function () {
      holding = false;
      clearTimeout(quiet);
      for (var i = 0; i < held.length; i++) send.apply(held[i][0], /** @type {any} */ (held[i][1]));
      held = [];
    },
  });
}

// What start.js holds back for the dice (the search index, Material's bundle), let go
// once, on the first of: the dice could not start; an answer once Python is ready, if
// ``answered`` says so (it is handed the release); the reader goes for what is held (a
// key, a tap or the focus on a target ``reaches``); ``limit`` ms after the page began.
/**
 * @param {Worker} worker
 * @param {{ limit: number, reaches: (event: Event) => boolean, answered: (release: () => void) => void, release: () => void }} hold
 */
function holdForDice(worker, hold) {
  var READER = ["keydown", "pointerdown", "focusin"]; // the reader going for something
  var holding = true;
  var ready = false;
  var release = function () {
    if (!holding) return;
    holding = false;
    worker.removeEventListener("message", answered);
    for (var i = 0; i < READER.length; i++) document.removeEventListener(READER[i], reached, true);
    hold.release();
  };
  /** @param {MessageEvent} event */
  var answered = function (event) {
    var type = event.data && event.data.type;
    if (type === "failed") return release();
    if (type === "ready") ready = true;
    if (ready) hold.answered(release);
  };
  /** @param {Event} event */
  var reached = function (event) {
    if (hold.reaches(event)) release();
  };
  worker.addEventListener("message", answered);
  worker.addEventListener("error", release);
  for (var i = 0; i < READER.length; i++) document.addEventListener(READER[i], reached, true);
  setTimeout(release, hold.limit);
}

/**
 * Whether ``event`` is on an element inside ``selector``.
 * @param {Event} event
 * @param {string} selector
 */
function within(event, selector) {
  var target = /** @type {Element | null} */ (event.target);
  return !!(target && target.closest && target.closest(selector));
}

// Material's bundle waits for the dice. Its start-up is some 300 ms of this page's thread
// (its components, search, instant navigation, a tooltip for each title), which, with
// the dice's two workers, is more than two cores do at once: it ran as Python restored,
// and the first roll came 150 to 220 ms later than when it waits (paired runs, cold
// /dice/). overrides/main.html writes it held; material.js runs it when this lets it:
// once Python is ready and has answered what was asked meanwhile (its answer drawn
// first), or could not start, or the reader goes for something of Material's (a key, a
// tap or the focus anywhere but the dice), or 2 s after the page began. Meanwhile the
// page reads and scrolls, its links and Material's menus work (a link loads its page
// afresh until instant navigation runs), and the dice roll; the palette's toggle shows
// once the bundle has run, as on any page.
var ROLLBOOK = "button[data-roll], [data-widget], [data-odds]";
/** @param {Worker} worker */
function holdMaterial(worker) {
  document.documentElement.classList.remove("no-js"); // as Material's first step does:
  document.documentElement.classList.add("js"); // its search box shows from first paint
  followSystemScheme();
  /** @type {(() => void) | null} */
  var run = null;
  var holding = true;
  window.rollbookMaterialHold = function (runBundle) {
    run = runBundle;
    if (!holding) run();
  };
  // Nothing asked is waiting: no tap kept for rollbook.js, no request unanswered.
  var quiet = function () {
    var taps = window.rollbookTaps;
    var book = window.rollbook;
    return !(taps && taps.length) && !(book && book.state && book.state.pending.size);
  };
  holdForDice(worker, {
    limit: (window.rollbookConfig && window.rollbookConfig.materialWait) || 2000,
    reaches: function (event) {
      return !within(event, ROLLBOOK);
    },
    answered: function (release) {
      // (rollbook.js reads the message after this: the state is read once it has, and
      // the bundle runs once the frame with the answer is drawn.)
      setTimeout(function () {
        if (quiet()) requestAnimationFrame(function () {
          setTimeout(release);
        });
      });
    },
    release: function () {
      holding = false;
      if (run) run();
    },
  });
}

// Material's palette follows the reader's system, light or dark, once its bundle runs:
// held, a first visit showed a dark system the light scheme for a second. The palette
// the bundle will choose is set as the header's palette is parsed, before first paint,
// as Material's own inline script there sets one the reader chose and Material keeps.
function followSystemScheme() {
  var parsing = new MutationObserver(function () {
    var form = document.querySelector("[data-md-component=palette]");
    if (!form || !form.nextSibling || !document.body) return; // (not yet parsed whole)
    parsing.disconnect();
    var get = /** @type {any} */ (window).__md_get;
    if (typeof get === "function" && get("__palette")) return; // the reader's own choice
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input"));
    var input = inputs[Math.max(0, inputs.findIndex(function (/** @type {Element} */ option) {
      return matchMedia(option.getAttribute("data-md-color-media") || "").matches;
    }))];
    if (input && input.getAttribute("data-md-color-media") === "(prefers-color-scheme)") {
      var light = matchMedia("(prefers-color-scheme: light)").matches;
      input = form.querySelector("[data-md-color-media='(prefers-color-scheme: " + (light ? "light" : "dark") + ")']") || input;
    }
    if (!input) return;
    ["media", "scheme", "primary", "accent"].forEach(function (key) {
      var value = input.getAttribute("data-md-color-" + key);
      if (value !== null) document.body.setAttribute("data-md-color-" + key, value);
    });
  });
  parsing.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener("DOMContentLoaded", function () {
    parsing.disconnect();
  }, { once: true });
}

// As inline rolls do (above), a widget's rolls drawn in the page (a Play page's sheet rows
// and their choices of checks) work from first paint: a tap on a Roll before the widget
// is mounted is kept, and rollbook.js presses it again once it is; a row's choice of
// checks opens at once. They stayed dead until then, about a second of a cold start.
var PANEL = "[data-widget]:not([data-rb-mounted]) .rb-widget__panel ";
var EARLY = ["button[data-roll]:not([data-rb-mounted])", PANEL + ".rb-check", PANEL + ".rb-choose"];
(function () {
  /** @type {HTMLButtonElement[]} */
  var taps = (window.rollbookTaps = []);
  var unmounted = EARLY.join(", ");
  var disabled = EARLY.map(function (rolls) {
    return rolls + "[disabled]";
  }).join(", ");
  var enable = function () {
    var buttons = document.querySelectorAll(disabled);
    for (var i = 0; i < buttons.length; i++) {
      var button = /** @type {HTMLButtonElement} */ (buttons[i]);
      button.disabled = false;
      if (button.dataset.title) button.title = button.dataset.title;
    }
  };
  var parsing = new MutationObserver(enable);
  parsing.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener(
    "DOMContentLoaded",
    function () {
      enable();
      parsing.disconnect();
    },
    { once: true },
  );
  var touch = false;
  document.addEventListener(
    "pointerdown",
    function (event) {
      touch = event.pointerType === "touch";
    },
    true,
  );
  document.addEventListener(
    "click",
    function (event) {
      var target = /** @type {Element | null} */ (event.target);
      var button = /** @type {HTMLButtonElement | null} */ (target && target.closest && target.closest(unmounted));
      if (!button) return; // (or it is mounted, and answers for itself)
      if (touch) button.setAttribute("data-rb-tapped", ""); // (tooltips.js lets go of it)
      if (button.classList.contains("rb-choose")) {
        // A row's choice of checks opens at once, as widget.js opens it once mounted.
        var open = button.getAttribute("aria-expanded") !== "true";
        var choices = /** @type {HTMLElement} */ (/** @type {HTMLElement} */ (button.parentElement).querySelector(".rb-sheet__choices"));
        button.setAttribute("aria-expanded", String(open));
        choices.hidden = !open;
        // From the keyboard (a click of no pointer), the focus goes on to its first check,
        // as widget.js does; a tap leaves it (its tooltip would cover the choices).
        var first = /** @type {HTMLElement | null} */ (choices.querySelector(".rb-check"));
        if (open && first && event.detail === 0) first.focus();
        return;
      }
      if (taps.indexOf(button) >= 0) return;
      taps.push(button);
      button.setAttribute("aria-busy", "true");
      var output = button.id ? document.querySelector('output[for="' + button.id + '"]') : null;
      if (output) {
        output.classList.add("rb-loading");
        output.textContent = "Getting the dice ready…";
      }
    },
    true,
  );
})();
