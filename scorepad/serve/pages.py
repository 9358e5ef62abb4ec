"""The group server's own pages: sign in, join a group from an invite, and one's account
(who is signed in, sign out, sign out everywhere). Plain HTML forms that work without
script; the passkey buttons need it (WebAuthn is a browser API), and hide where the
browser has none. Every word through the catalogues, in the reader's language.

They follow the device's light or dark theme, with the app's colours (text on its
background at a contrast of at least 7:1 either way).
"""

from __future__ import annotations

import html

from scorepad.core.i18n import tr

STYLE = """
:root { color-scheme: light dark; --bg: #FBF8FF; --fg: #1B1B21; --muted: #46464F;
  --accent: #3F4A80; --on-accent: #FFFFFF; --field: #FFFFFF; --line: #767680;
  --problem: #93000A; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #131318; --fg: #E4E1E9; --muted: #C6C5D0; --accent: #BAC3FF;
    --on-accent: #1B2352; --field: #1F1F25; --line: #90909A; --problem: #FFB4AB; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 16px/1.5 Roboto, "Segoe UI", system-ui, sans-serif; }
main { max-width: 420px; margin: 0 auto; padding: 32px 20px; }
h1 { font-size: 26px; font-weight: 500; margin: 0 0 8px; }
p { margin: 0 0 16px; color: var(--muted); }
label { display: block; margin: 16px 0 4px; font-weight: 500; }
input { width: 100%; padding: 12px; font: inherit; color: var(--fg); background: var(--field);
  border: 1px solid var(--line); border-radius: 8px; }
button { width: 100%; margin-top: 20px; padding: 12px 20px; font: inherit; font-weight: 500;
  border: 0; border-radius: 24px; background: var(--accent); color: var(--on-accent);
  cursor: pointer; }
button.other { background: transparent; color: var(--accent); border: 1px solid var(--line); }
.problem { color: var(--problem); font-weight: 500; }
.note { margin-top: 8px; }
.or { text-align: center; margin: 20px 0 0; }
a { color: var(--accent); }
"""


def page(lang: str, title: str, body: str) -> bytes:
    """A whole page: ``body`` is HTML already escaped."""
    return (
        "<!doctype html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)} · Scorepad</title><style>{STYLE}</style></head>"
        f"<body><main>{body}</main></body></html>"
    ).encode()


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _problem(problem: str | None) -> str:
    if not problem:
        return ""
    return f'<p class="problem" role="alert" id="problem">{_e(problem)}</p>'


def _field(ident: str, label: str, value: str = "", *, kind: str = "text", auto: str = "") -> str:
    return (
        f'<label for="{ident}">{_e(label)}</label>'
        f'<input id="{ident}" name="{ident}" type="{kind}" value="{_e(value)}" required'
        f' maxlength="1024" autocomplete="{auto}">'
    )


# What the passkey buttons run: the browser's own JSON forms of WebAuthn's options and
# answers (``PublicKeyCredential.parse…OptionsFromJSON``, ``toJSON``), posted to the
# server; a browser without them keeps the buttons hidden.
PASSKEY_SCRIPT = """
<script>
(() => {
  const button = document.getElementById(%(button)s);
  const PK = window.PublicKeyCredential;
  if (!PK || !PK.parseCreationOptionsFromJSON || !PK.parseRequestOptionsFromJSON) return;
  for (const hidden of document.querySelectorAll(".passkey")) hidden.hidden = false;
  const say = (text) => {
    let where = document.getElementById("problem");
    if (!where) {
      where = document.createElement("p");
      where.id = "problem"; where.className = "problem"; where.setAttribute("role", "alert");
      document.querySelector("h1").after(where);
    }
    where.textContent = text;
  };
  const post = (path, body) => fetch(path, {method: "POST", credentials: "same-origin",
    headers: {"content-type": "application/json"}, body: JSON.stringify(body)})
    .then(async (answer) => ({ok: answer.ok, body: await answer.json()}));
  button.addEventListener("click", async () => {
    const extra = (%(extra)s)();
    if (extra === null) return;
    try {
      const options = await post(%(start)s, extra);
      if (!options.ok) return say(options.body.problem);
      const asked = options.body.options;
      const credential = %(create)s
        ? await navigator.credentials.create({publicKey: PK.parseCreationOptionsFromJSON(asked)})
        : await navigator.credentials.get({publicKey: PK.parseRequestOptionsFromJSON(asked)});
      const answer = {...extra, challenge: options.body.challenge, credential: credential.toJSON()};
      const done = await post(%(finish)s, answer);
      if (!done.ok) return say(done.body.problem);
      location.replace("/");
    } catch (problem) {
      say(%(failed)s);
    }
  });
})();
</script>
"""


def _passkey_script(
    lang: str, *, button: str, start: str, finish: str, create: bool, extra: str
) -> str:
    import json

    return PASSKEY_SCRIPT % {
        "button": json.dumps(button),
        "start": json.dumps(start),
        "finish": json.dumps(finish),
        "create": "true" if create else "false",
        "extra": extra,
        "failed": json.dumps(tr("serve.passkey.failed", lang)).replace("</", "<\\/"),
    }


def sign_in(lang: str, *, problem: str | None = None, group: str = "", name: str = "") -> bytes:
    title = tr("serve.signin.title", lang)
    body = (
        f"<h1>{_e(title)}</h1>{_problem(problem)}<p>{_e(tr('serve.signin.intro', lang))}</p>"
        '<form method="post" action="/signin">'
        + _field("group", tr("serve.group", lang), group, auto="organization")
        + _field("name", tr("serve.name", lang), name, auto="username")
        + _field("password", tr("serve.password", lang), kind="password", auto="current-password")
        + f'<button type="submit" id="signin">{_e(tr("serve.signin.button", lang))}</button>'
        "</form>"
        f'<p class="or passkey" hidden>{_e(tr("serve.join.or", lang))}</p>'
        f'<button type="button" class="other passkey" id="passkey" hidden>'
        f"{_e(tr('serve.passkey.signin', lang))}</button>"
        + _passkey_script(
            lang,
            button="passkey",
            start="/passkey/signin/options",
            finish="/passkey/signin",
            create=False,
            extra="() => ({})",
        )
    )
    return page(lang, title, body)


JOIN_TOKEN = """
<script>
(() => {
  // The invite's code rides in the link's fragment, which no server ever sees: into the
  // form, and out of the address bar (and so of the browser's history).
  const token = location.hash.slice(1);
  document.getElementById("token").value = token;
  if (token) history.replaceState(null, "", location.pathname);
  else document.getElementById("no-token").hidden = false;
})();
</script>
"""


def join(lang: str, *, problem: str | None = None, name: str = "", token: str = "") -> bytes:
    title = tr("serve.join.title", lang)
    body = (
        f"<h1>{_e(title)}</h1>{_problem(problem)}"
        f'<p class="problem" id="no-token" hidden>{_e(tr("serve.join.no_token", lang))}</p>'
        f"<p>{_e(tr('serve.join.intro', lang))}</p>"
        '<form method="post" action="/join" id="join-form">'
        f'<input type="hidden" id="token" name="token" value="{_e(token)}">'
        + _field("name", tr("serve.name", lang), name, auto="username")
        + _field("password", tr("serve.password.new", lang), kind="password", auto="new-password")
        + f'<button type="submit" id="join">{_e(tr("serve.join.button", lang))}</button>'
        "</form>"
        f'<p class="or passkey" hidden>{_e(tr("serve.join.or", lang))}</p>'
        f'<button type="button" class="other passkey" id="passkey" hidden>'
        f"{_e(tr('serve.passkey.join', lang))}</button>"
        + JOIN_TOKEN
        + _passkey_script(
            lang,
            button="passkey",
            start="/passkey/join/options",
            finish="/passkey/join",
            create=True,
            extra=(
                '() => { const name = document.getElementById("name");'
                " if (!name.reportValidity()) return null;"
                ' return {token: document.getElementById("token").value, name: name.value}; }'
            ),
        )
    )
    return page(lang, title, body)


def account(lang: str, *, name: str, group: str, role: str, note: str | None = None) -> bytes:
    title = tr("serve.account.title", lang)
    who = tr("serve.account.who", lang, name=name, group=group, role=tr(f"serve.role.{role}", lang))
    body = (
        f"<h1>{_e(title)}</h1>"
        + (f'<p role="status" id="note">{_e(note)}</p>' if note else "")
        + f'<p id="who">{_e(who)}</p>'
        '<form method="post" action="/signout">'
        f'<button type="submit" id="signout">{_e(tr("serve.signout", lang))}</button></form>'
        '<form method="post" action="/signout/everywhere">'
        f'<button type="submit" class="other" id="signout-everywhere">'
        f"{_e(tr('serve.signout.everywhere', lang))}</button></form>"
        f'<p class="note">{_e(tr("serve.signout.everywhere.note", lang))}</p>'
        f'<p><a href="/" id="back">{_e(tr("serve.back", lang))}</a></p>'
    )
    return page(lang, title, body)


def said(lang: str, title_key: str, text: str, *, link: str = "/signin") -> bytes:
    """A page that only says something (signed out, too large), with a way on."""
    title = tr(title_key, lang)
    body = (
        f'<h1>{_e(title)}</h1><p role="status" id="said">{_e(text)}</p>'
        f'<p><a href="{_e(link)}" id="on">{_e(tr("serve.signin.title", lang))}</a></p>'
    )
    return page(lang, title, body)
