// The page's side of scorepad.ui.heartbeat: a lost link to the app is seen within seconds,
// typing stops while it is lost, and anything sent that the app never received is said.
(() => {
  const TEXTS = __TEXTS__;
  const PING_EVERY_MS = 2000;
  const LATE_MS = 5000; // no answer for this long: the link is lost
  const CHECK_MS = 500;
  const SHOW_AFTER_MS = 700; // a reconnect quicker than this is not worth a word
  const RETRY_MS = 500; // how often a page that lost the app asks whether it is back
  const UNSENT_KEY = "scorepad-unsent";
  const RELOADS_KEY = "scorepad-reloads";
  const Native = window.WebSocket;
  let lang = (navigator.language || "en").slice(0, 2);
  let current = null; // the app's socket now open
  let down = false; // the socket closed: typing is stopped
  let late = false; // an answer is late: said, typing goes on (what it sends is checked at a close)
  let unsent = false; // something sent on a lost socket was never received
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
    if (kind === "unsent") {
      const ok = document.createElement("button");
      ok.id = "scorepad-link-ok";
      ok.textContent = say("ok");
      ok.style.cssText =
        "margin-top:16px;padding:8px 20px;border:0;border-radius:20px;background:#515B92;" +
        "color:#fff;font:inherit;cursor:pointer";
      ok.onclick = hide;
      card.appendChild(ok);
    }
    box.replaceChildren(card);
    box.style.display = "flex";
  }

  function hide() {
    if (box) box.style.display = "none";
  }

  function slow() {
    if (late || down) return;
    late = true;
    setTimeout(() => late && !down && show("late", false), SHOW_AFTER_MS);
  }

  function lost() {
    if (down) return;
    down = true;
    late = false;
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
    reloading = true;
    const attempt = () =>
      fetch(location.href, { cache: "no-store" })
        .then((answer) => {
          if (answer.status >= 500) throw new Error(String(answer.status));
          sessionStorage.setItem(UNSENT_KEY, unsent ? lang : "");
          location.reload();
        })
        .catch(() => setTimeout(attempt, RETRY_MS));
    attempt();
  }

  function back() {
    late = false;
    hide(); // the same socket answers again: everything sent meanwhile arrived
  }

  // While the link is lost, no key, paste or text reaches the page's fields.
  for (const type of ["keydown", "keypress", "beforeinput", "input", "paste", "drop"]) {
    window.addEventListener(
      type,
      (event) => {
        if (!down) return;
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
      this.addEventListener("open", () => {
        if (reloading) return this.close(); // a session the reload would leave behind
        current = this;
        this.answered = performance.now();
        this.ping();
      });
      this.addEventListener("close", () => {
        if (current !== this) return;
        current = null;
        if (this.sent > this.received) unsent = true; // never confirmed by the app
        lost();
        reloadWhenBack();
      });
    }

    ping() {
      if (this.readyState !== Native.OPEN) return;
      this.pingNow();
      setTimeout(() => this.ping(), PING_EVERY_MS);
    }

    pingNow() {
      if (this.readyState === Native.OPEN) super.send("scorepad:ping");
    }

    send(data) {
      if (typeof data !== "string") this.sent += 1;
      return super.send(data);
    }

    answer(event) {
      if (typeof event.data !== "string" || !event.data.startsWith("scorepad:pong:")) return false;
      const [received, language] = event.data.slice("scorepad:pong:".length).split(":");
      this.received = Number(received);
      this.answered = performance.now();
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
