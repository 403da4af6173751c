// @ts-check
// Tooltips on touch screens. Material's tooltips (content.tooltips: every title in the
// page's content, such as a table cell's exact fraction) show while the pointer hovers
// an element. A tap on a touch screen makes the browser act as if a mouse entered what
// was tapped, and no mouse ever leaves it: the tooltip would stay over the very values
// the reader tapped to see. After a tap, the pointer leaves what it tapped, as a mouse
// would, before the tooltip's delay is up; a tapped control keeps its focus.

let tapped = false;

document.addEventListener("pointerdown", (event) => (tapped = event.pointerType === "touch"), true);
document.addEventListener(
  "click",
  (event) => {
    if (!tapped) return;
    tapped = false;
    for (let node = event.target; node instanceof Element; node = node.parentElement) {
      node.dispatchEvent(new MouseEvent("mouseleave"));
    }
  },
  true,
);
