// The page's side of scorepad.ui.heartbeat: a lost link to the app is seen within seconds,
// typing stops while it is lost, and what the page sent that the app never received is
// kept and sent again, in order, once the app answers (or, where it cannot be, said).
(() => {
  const TEXTS = __TEXTS__;
  const PING_EVERY_MS = 2000;
  const CONFIRM_AFTER_MS = 200; // typing pauses this long: the app asked to confirm it at once
  const LATE_MS = 5000; // no answer for this long: the link is lost
  const CHECK_MS = 500;
  const SHOW_AFTER_MS = 700; // a reconnect quicker than this is not worth a word
  const RETRY_MS = 500; // how often a page that lost the app asks whether it is back
  const UNSENT_KEY = "scorepad-unsent";
  const RELOADS_KEY = "scorepad-reloads";
  const REPLAY_KEY = "scorepad-replay"; // frames the app never confirmed, across a reload
  const UNTAKEN_KEY = "scorepad-untaken"; // values the app could not take, to name
  // What the page keeps of the frames the app has not confirmed yet while an answer is
  // late: beyond this, typing stops until the app answers (nothing typed is then shown as
  // taken). An app that answers confirms them every few seconds.
  const KEEP_FRAMES = 1000;
  const KEEP_BYTES = 256 * 1024;
  const Native = window.WebSocket;
  let lang = (navigator.language || "en").slice(0, 2);
  let current = null; // the app's socket now open
  let down = false; // the socket closed: typing is stopped
  let late = false; // an answer is late: said, typing goes on (what it sends is checked at a close)
  let unsent = false; // something sent on a lost socket was never received
  let full = false; // as much kept as the page may keep: typing is stopped
  let sending = false; // frames kept from a closed socket are being sent: typing waits
  let box = null;

  // The device's own language, where it chose one in Settings (kept by Flutter in this
  // browser's storage, a JSON string): only a language of the page's is taken.
  const OWN_LANG_KEY = __LANG_KEY__;
  const own = () => {
    try {
      const chosen = JSON.parse(localStorage.getItem(OWN_LANG_KEY));
      return typeof chosen === "string" && Object.prototype.hasOwnProperty.call(TEXTS, chosen) ? chosen : null;
    } catch (problem) {
      return null; // no storage, or something that is not JSON
    }
  };

  const say = (key) => (TEXTS[own() || lang] || TEXTS.en)[key];

  // Over the page: a notice across the top that lets every tap through while an answer
  // is late (a busy app is still there), a card over a dimmed page once the socket closed.
  const MODAL =
    "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:center;" +
    "justify-content:center;background:rgba(0,0,0,.45);pointer-events:auto;" +
    "font:16px/1.4 Roboto,sans-serif";
  const BANNER =
    "position:fixed;left:0;right:0;top:0;z-index:2147483647;display:flex;" +
    "justify-content:center;pointer-events:none;font:14px/1.4 Roboto,sans-serif";

  function show(kind, modal = true) {
    if (!box) {
      box = document.createElement("div");
      box.id = "scorepad-link";
      box.setAttribute("role", "alert");
      document.body.appendChild(box);
    }
    box.style.cssText = modal ? MODAL : BANNER;
    const card = document.createElement("div");
    card.style.cssText =
      "max-width:320px;margin:16px;padding:20px;border-radius:16px;background:#FBF8FF;" +
      "color:#1B1B21;box-shadow:0 4px 16px rgba(0,0,0,.3)";
    const text = document.createElement("p");
    text.id = "scorepad-link-" + kind;
    text.style.margin = "0";
    text.textContent = say(kind);
    card.appendChild(text);
    if (kind === "untaken") {
      const list = document.createElement("ul");
      list.id = "scorepad-link-cells";
      list.style.cssText = "margin:8px 0 0;padding-left:20px";
      for (const [player, line, value] of names) {
        const item = document.createElement("li");
        item.textContent = `${player} · ${line}: ${value}`;
        list.appendChild(item);
      }
      card.appendChild(list);
    }
    if (kind === "unsent" || kind === "untaken") {
      const ok = document.createElement("button");
      ok.id = "scorepad-link-ok";
      ok.textContent = say("ok");
      ok.style.cssText =
        "margin-top:16px;padding:8px 20px;border:0;border-radius:20px;background:#515B92;" +
        "color:#fff;font:inherit;cursor:pointer";
      ok.onclick = () => {
        names = [];
        hide();
      };
      card.appendChild(ok);
    }
    box.replaceChildren(card);
    box.style.display = "flex";
  }

  function hide() {
    if (box) box.style.display = "none";
  }

  let names = []; // [player, line, value] of each value the app could not take

  // The link's state on the page's root element (ok, late, lost, full, sending: frames
  // kept from a closed socket are being sent again), for whoever checks the page.
  const state = (now) => document.documentElement.setAttribute("data-scorepad-link", now);

  // Values named by the app as not taken, each cell once with its last value.
  function name(more) {
    for (const [player, line, value] of more) {
      names = names.filter(([p, l]) => p !== player || l !== line);
      names.push([player, line, value]);
    }
  }

  function slow() {
    if (late || down) return;
    late = true;
    state("late");
    setTimeout(() => late && !down && show("late", false), SHOW_AFTER_MS);
  }

  function lost() {
    if (down) return;
    down = true;
    late = false;
    state("lost");
    if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    setTimeout(() => down && show("lost"), SHOW_AFTER_MS);
  }

  // A socket closed after it worked: the page starts afresh once the app answers again.
  // Flet's client reconnects by itself, but a session it takes up again does not show
  // changes made on the device afterwards, and one the app no longer has starts over:
  // a reload gets the sheet as the app holds it, on a session of its own.
  let reloading = false;
  function reloadWhenBack() {
    if (reloading) return;
    // Not when the page keeps losing the app right after a start (3 times a minute):
    // Flet's own reconnecting goes on, and an answer lets typing in again.
    const now = Date.now();
    const recent = JSON.parse(sessionStorage.getItem(RELOADS_KEY) || "[]").filter((t) => now - t < 60000);
    if (recent.length >= 3) return;
    sessionStorage.setItem(RELOADS_KEY, JSON.stringify([...recent, now]));
    reloadOnceServed(() => sessionStorage.setItem(UNSENT_KEY, unsent ? lang : ""));
  }

  // The page loaded again once the app serves it (never onto the browser's error page).
  function reloadOnceServed(before) {
    reloading = true;
    const attempt = () =>
      fetch(location.href, { cache: "no-store" })
        .then((answer) => {
          if (answer.status >= 500) throw new Error(String(answer.status));
          before();
          location.reload();
        })
        .catch(() => setTimeout(attempt, RETRY_MS));
    attempt();
  }

  function back() {
    late = false;
    state(full ? "full" : "ok");
    if (!full) hide(); // the same socket answers again: everything sent meanwhile arrived
  }

  // Frames as text that survives a reload (sessionStorage holds strings only).
  const toText = (bytes) => {
    let out = "";
    for (let i = 0; i < bytes.length; i += 0x8000) {
      out += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    }
    return btoa(out);
  };
  const fromText = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const bytesOf = (data) => {
    if (data instanceof ArrayBuffer) return new Uint8Array(data.slice(0));
    if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
    return null; // a Blob: not something Flet's client sends
  };

  // Frames kept from a socket that closed before the app confirmed them: sent again on
  // the next one (after a reload, or Flet's own reconnecting), from where the app says it
  // stopped receiving them.
  let pending = null;

  // Whether a frame of Flet's is only a field's focus or blur event (msgpack: action 3,
  // an event whose "name" is "focus" or "blur"): one the page itself causes as the link
  // drops (it takes the focus off the field), which carries nothing typed.
  const NAME = [0xa4, 0x6e, 0x61, 0x6d, 0x65];
  const FOCUS_NAMES = [
    [0xa4, 0x62, 0x6c, 0x75, 0x72], // "blur"
    [0xa5, 0x66, 0x6f, 0x63, 0x75, 0x73], // "focus"
  ];
  function focusOnly(bytes) {
    if (!bytes || bytes[0] !== 0 || bytes[1] !== 0x92 || bytes[2] !== 3) return false;
    const at = (seq, from) => seq.every((b, i) => bytes[from + i] === b);
    for (let i = 3; i + NAME.length < bytes.length; i++) {
      if (at(NAME, i)) return FOCUS_NAMES.some((seq) => at(seq, i + NAME.length));
    }
    return false;
  }

  function kept() {
    try {
      const found = JSON.parse(sessionStorage.getItem(REPLAY_KEY) || "null");
      const valid =
        found && typeof found.link === "string" && Number.isInteger(found.first) && Array.isArray(found.frames);
      return valid ? found : null;
    } catch (problem) {
      return null;
    }
  }

  // While the link is lost, no key, paste or text reaches the page's fields.
  for (const type of ["keydown", "keypress", "beforeinput", "input", "paste", "drop"]) {
    window.addEventListener(
      type,
      (event) => {
        if (!down && !full && !sending) return;
        event.preventDefault();
        event.stopImmediatePropagation();
      },
      true,
    );
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      const app = new URL(url, location.href).pathname === "/ws";
      if (!app) return;
      this.sent = 0;
      this.received = 0;
      this.answered = performance.now();
      const id = new Uint8Array(16);
      crypto.getRandomValues(id);
      this.link = Array.from(id, (b) => b.toString(16).padStart(2, "0")).join("");
      this.kept = []; // the frames sent that the app has not confirmed, from frame `first`
      this.first = 0;
      this.keptBytes = 0;
      this.keeping = false; // closed: what it holds is kept for the next socket
      this.confirming = null; // a confirmation asked for once typing pauses
      this.addEventListener("open", () => {
        if (reloading) return this.close(); // a session the reload would leave behind
        current = this;
        this.answered = performance.now();
        super.send("scorepad:link:" + this.link);
        pending = kept();
        sending = pending !== null;
        if (pending) super.send("scorepad:resume:" + pending.link);
        state(pending ? "sending" : "ok");
        this.ping();
      });
      this.addEventListener("close", () => {
        if (current !== this) return;
        current = null;
        // What the app never confirmed is kept for the next socket, which sends it again
        // (a socket closed before it could send an earlier one's leaves those kept).
        this.keeping = !pending && !reloading;
        this.keepForNext();
        lost();
        reloadWhenBack();
      });
    }

    // The frames of a closed socket the app never confirmed, where the next socket (or
    // the page after a reload) finds them: again after each frame Flet's client still
    // sends on it (a key the page took just before the close), or that one is lost.
    keepForNext() {
      if (!this.keeping || !this.kept.length) return;
      const unconfirmed = { link: this.link, first: this.first, frames: this.kept.map(toText) };
      try {
        sessionStorage.setItem(REPLAY_KEY, JSON.stringify(unconfirmed));
      } catch (problem) {
        unsent = true; // no room to keep them: said once the app answers
      }
    }

    // The app took up to frame `received` of this socket's: the rest is still kept.
    confirm(received) {
      while (this.first < received && this.kept.length) {
        this.keptBytes -= this.kept.shift().length;
        this.first += 1;
      }
      if (full && this.kept.length < KEEP_FRAMES && this.keptBytes < KEEP_BYTES) {
        full = false;
        state("ok");
        hide();
      }
    }

    // The app said how many frames of the closed socket it received: the others again,
    // in order, as the page sent them (the app takes them as it takes any typing).
    replay(had) {
      const again = pending;
      pending = null;
      sessionStorage.removeItem(REPLAY_KEY); // kept by this socket from now on, as it sends them
      if (had === "-") {
        sending = false;
        state("ok");
        // an app that no longer knows that socket (restarted, or another process of a
        // group's server): said, unless all it missed is a field losing or taking focus
        if (again.frames.some((frame) => !focusOnly(fromText(frame)))) show("unsent");
        return;
      }
      const from = Math.max(0, Number(had) - again.first);
      for (const frame of again.frames.slice(from)) {
        const bytes = fromText(frame);
        const register = bytes[0] === 0 && bytes[1] === 0x92 && bytes[2] === 1;
        if (!register) this.send(bytes); // this socket registered on its own
      }
      super.send("scorepad:replayed");
    }

    // What the app could not take of the frames sent again (named), and the sheet as
    // the app now holds it, with them: the page starts afresh once more.
    replayed(json) {
      let untaken = [];
      try {
        untaken = JSON.parse(json);
      } catch (problem) {
        untaken = [];
      }
      name(untaken);
      if (names.length) sessionStorage.setItem(UNTAKEN_KEY, JSON.stringify([own() || lang, names]));
      reloadOnceServed(() => {}); // all of it received (the answer came after it): nothing kept
    }

    ping() {
      if (this.readyState !== Native.OPEN) return;
      this.pingNow();
      setTimeout(() => this.ping(), PING_EVERY_MS);
    }

    pingNow() {
      if (this.readyState === Native.OPEN) super.send("scorepad:ping");
    }

    // What was typed is confirmed once typing pauses, not at the next ping only: an app
    // process that stops meanwhile (a group's server has others to connect to) leaves
    // the page nothing it must call unsent for want of an answer.
    confirmSoon() {
      clearTimeout(this.confirming);
      this.confirming = setTimeout(() => this.pingNow(), CONFIRM_AFTER_MS);
    }

    send(data) {
      if (typeof data !== "string") {
        this.sent += 1;
        const bytes = bytesOf(data);
        if (bytes) {
          this.kept.push(bytes);
          this.keptBytes += bytes.length;
          this.keepForNext(); // sent after the close: nothing more goes out on this socket
          this.confirmSoon();
        }
        const over = this.kept.length >= KEEP_FRAMES || this.keptBytes >= KEEP_BYTES;
        if (!full && late && over) {
          full = true; // kept all it may: nothing more is typed until the app answers
          state("full");
          if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
          show("full");
        }
      }
      return super.send(data);
    }

    answer(event) {
      if (typeof event.data !== "string" || !event.data.startsWith("scorepad:")) return false;
      if (event.data.startsWith("scorepad:had:") && pending) {
        this.replay(event.data.slice("scorepad:had:".length));
        return true;
      }
      if (event.data.startsWith("scorepad:untaken:")) {
        this.replayed(event.data.slice("scorepad:untaken:".length));
        return true;
      }
      if (event.data.startsWith("scorepad:untaken-now:")) {
        try {
          name(JSON.parse(event.data.slice("scorepad:untaken-now:".length)));
          show("untaken");
        } catch (problem) {
          // not the app's answer: nothing to name
        }
        return true;
      }
      if (!event.data.startsWith("scorepad:pong:")) return true;
      const [received, language] = event.data.slice("scorepad:pong:".length).split(":");
      this.received = Number(received);
      this.answered = performance.now();
      this.confirm(this.received);
      if (TEXTS[language]) lang = language;
      if (late && current === this) back();
      return true;
    }

    addEventListener(type, listener, options) {
      if (type !== "message" || !listener) return super.addEventListener(type, listener, options);
      const own = (event) => {
        if (this.answer(event)) return;
        return typeof listener === "function" ? listener.call(this, event) : listener.handleEvent(event);
      };
      return super.addEventListener(type, own, options);
    }

    set onmessage(listener) {
      super.onmessage = listener && ((event) => (this.answer(event) ? undefined : listener.call(this, event)));
    }

    get onmessage() {
      return super.onmessage;
    }
  }

  const told = sessionStorage.getItem(UNSENT_KEY);
  sessionStorage.removeItem(UNSENT_KEY);
  if (told) {
    lang = told;
    document.addEventListener("DOMContentLoaded", () => show("unsent"));
  }
  let untaken = null;
  try {
    untaken = JSON.parse(sessionStorage.getItem(UNTAKEN_KEY) || "null");
  } catch (problem) {
    untaken = null;
  }
  sessionStorage.removeItem(UNTAKEN_KEY);
  if (Array.isArray(untaken) && Array.isArray(untaken[1]) && untaken[1].length) {
    lang = String(untaken[0]);
    name(untaken[1].filter((one) => Array.isArray(one) && one.length === 3).map((one) => one.map(String)));
    document.addEventListener("DOMContentLoaded", () => show("untaken"));
  }

  // A late answer counts only while the page itself keeps time: a page held up (its
  // thread busy drawing, a phone slowed down) may not have read an answer that came, so
  // after a hold-up it asks again and waits afresh.
  let checked = performance.now();
  setInterval(() => {
    const now = performance.now();
    const held = now - checked > CHECK_MS * 3;
    checked = now;
    if (!current || down || late) return;
    if (held) {
      current.answered = now;
      current.pingNow();
    } else if (now - current.answered > LATE_MS) {
      slow();
    }
  }, CHECK_MS);

  // A phone waking up: its timers were held while the screen was off, so the time since
  // the last answer says nothing yet; ask at once instead.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "visible" || !current) return;
    current.answered = performance.now();
    current.pingNow();
  });

  window.WebSocket = Watched;
})();
