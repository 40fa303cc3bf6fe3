// The page's side of the worker: requests with promises, one evaluation in flight at a time
// (newer texts wait and only the newest is sent), and a fresh worker when the current one is
// busy too long with an outdated text or stopped on a trap. After a trap the same text is
// evaluated again with the statement that stopped the engine left out (and reported), so the
// other statements still show their values and no value of an older text stays on screen.

/** How long a newer text may wait for a busy worker before it is replaced, in milliseconds. */
const PATIENCE_MS = 1500;

/** The most statements of one text left out after traps before the page gives up on it. */
const MOST_LEFT_OUT = 8;

export class EngineClient {
  /**
   * @param {(view: object, final: boolean, text: string) => void} onView  evaluation results
   * @param {(message: string) => void} onCrash  the engine stopped on a text
   */
  constructor(onView, onCrash) {
    this.onView = onView;
    this.onCrash = onCrash;
    this.nextId = 1;
    this.waiting = new Map();
    this.inFlight = null; // {id, text}
    this.queued = null; // the newest text not yet sent
    this.crashedOn = null;
    this.leftOut = { text: null, starts: [] };
    this.timer = null;
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (e) => this.receive(e.data);
  }

  /** A fresh worker; an evaluation that was in flight is queued again unless a newer waits. */
  restart() {
    this.worker.terminate();
    for (const { reject } of this.waiting.values()) reject(new Error("the engine restarted"));
    this.waiting.clear();
    if (this.inFlight && this.queued === null) this.queued = this.inFlight.text;
    this.inFlight = null;
    this.start();
  }

  receive(m) {
    if (this.inFlight && m.id === this.inFlight.id) return this.receiveEvaluation(m);
    const w = this.waiting.get(m.id);
    if (!w) return;
    this.waiting.delete(m.id);
    if (m.type === "crash") {
      w.reject(new Error(m.message));
      this.restart();
      this.sendQueued();
    } else {
      w.resolve(m.result);
    }
  }

  receiveEvaluation(m) {
    const text = this.inFlight.text;
    if (m.type === "progress") return this.onView(m.result, false, text);
    this.inFlight = null;
    if (m.type === "crash") {
      const starts = this.leftOut.text === text ? this.leftOut.starts : [];
      const known = m.at !== null && m.at !== undefined && !starts.includes(m.at);
      if (known && starts.length < MOST_LEFT_OUT) {
        // Evaluate the same text again without that statement.
        this.leftOut = { text, starts: [...starts, m.at] };
        this.onCrash(m.message, m.at, false);
        this.restart();
        if (this.queued === null) this.queued = text;
      } else {
        this.crashedOn = text;
        this.onCrash(m.message, m.at, true);
        this.restart();
      }
    } else {
      this.onView(m.result, true, text);
    }
    this.sendQueued();
  }

  /** Asks for `text` to be evaluated; results arrive through `onView`. */
  evaluate(text) {
    if (text === this.crashedOn) return;
    this.queued = text;
    if (!this.inFlight) return this.sendQueued();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (this.inFlight && this.queued !== null) {
        this.restart();
        this.sendQueued();
      }
    }, PATIENCE_MS);
  }

  sendQueued() {
    if (this.queued === null || this.inFlight) return;
    const id = this.nextId++;
    this.inFlight = { id, text: this.queued };
    const left = this.leftOut.text === this.queued ? this.leftOut.starts : [];
    this.worker.postMessage({ id, type: "evaluate", text: this.queued, left });
    this.queued = null;
  }

  /** A request answered by the worker: "hover", "complete", "format" or "names". */
  request(type, text = "", at = 0) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, type, text, at });
    });
  }
}
