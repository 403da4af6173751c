// @ts-check
// Answering what the reader types once the typing pauses: a widget, an odds figure
// and the dice box ask Python only when the keys stop for `ms`. The answer on show
// is stale from the first keystroke, so `element` says busy at once (its question,
// when it goes out, clears that); `cancel()` drops a pending question asked now, and
// `pending` says one is waiting for the pause.

/**
 * @param {Element} element
 * @param {() => void} answer
 * @param {number} ms
 */
export function afterPause(element, answer, ms) {
  /** @type {number | undefined} */
  let timer;
  return {
    typed() {
      clearTimeout(timer);
      element.setAttribute("aria-busy", "true");
      timer = setTimeout(() => {
        timer = undefined;
        answer();
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
    /** Whether the reader has typed since the last question: its answer is on its way. */
    get pending() {
      return timer !== undefined;
    },
  };
}
