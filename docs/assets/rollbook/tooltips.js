// @ts-check
// Material's tooltips let go: after a tap on a touch screen, and when a redraw removes
// what showed one. Material's tooltips (content.tooltips: every title in the
// page's content, such as a table cell's exact fraction) show while the pointer hovers
// an element. A tap on a touch screen makes the browser act as if a mouse entered what
// was tapped, and no mouse ever leaves it: the tooltip would stay over the very values
// the reader tapped to see. After a tap, the pointer leaves what it tapped, as a mouse
// would, before the tooltip's delay is up; a tapped control keeps its focus.

import { materialRan } from "./pages.js";

let tapped = false;

/** @param {EventTarget | null} target */
const leave = (target) => {
  for (let node = target; node instanceof Element; node = node.parentElement) {
    node.dispatchEvent(new MouseEvent("mouseleave"));
  }
};

document.addEventListener("pointerdown", (event) => (tapped = event.pointerType === "touch"), true);
document.addEventListener(
  "click",
  (event) => {
    if (!tapped) return;
    tapped = false;
    leave(event.target);
  },
  true,
);

// A tap before the page's scripts ran (start.js marks what it tapped, data-rb-tapped):
// Material mounts its tooltips once its bundle has run (material.js: after the dice
// answered), finds the tapped Roll still hovered and focused, and showed its title over
// the rows. It is left, and let go of, once they are mounted, as a tap after them is.
const tappedEarly = () => {
  for (const node of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-rb-tapped]"))) {
    node.removeAttribute("data-rb-tapped");
    leave(node);
    if (document.activeElement === node) node.blur();
  }
};
materialRan().then(() => setTimeout(tappedEarly));

// A redraw that removes a titled element while its tooltip shows (a sheet's row Roll,
// replaced with the rest of the panel when Python's answer comes back) leaves Material
// waiting for a mouseleave, or a change of focus, that never comes: a removed element
// gets neither, so the tooltip stayed on the page for good, outside every landmark.
// Whatever removes such an element, it is left as a mouse and the focus would leave it.
// (Material marks the element whose tooltip shows with aria-describedby, or
// aria-controls for a dialog, naming the tooltip's id, __tooltip2_N.)
const HOST = '[aria-describedby^="__tooltip2_"], [aria-controls^="__tooltip2_"]';

new MutationObserver((records) => {
  if (!document.querySelector('[id^="__tooltip2_"]')) return; // no tooltip: nothing to let go
  let left = false;
  for (const record of records) {
    for (const node of record.removedNodes) {
      if (!(node instanceof Element) || node.isConnected) continue;
      const hosts = node.matches(HOST) ? [node, ...node.querySelectorAll(HOST)] : node.querySelectorAll(HOST);
      for (const host of hosts) {
        host.dispatchEvent(new MouseEvent("mouseleave"));
        left = true;
      }
    }
  }
  // Material reads the focus again on any focusout in the page (the element that had it
  // is gone, the page's body has it now).
  if (left) document.body.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
}).observe(document.documentElement, { childList: true, subtree: true });
