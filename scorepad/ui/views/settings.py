"""Settings: language and theme take effect at once, on this device only (each device keeps
its own); where the history and drafts live."""

from __future__ import annotations

import flet as ft

from scorepad.core.i18n import LANGS, tr
from scorepad.ui.context import Context
from scorepad.ui.devices import Power
from scorepad.ui.settings import THEMES
from scorepad.ui.views.common import heading, muted, screen, tid
from scorepad.ui.views.settings_backups import BackupsSection
from scorepad.ui.views.settings_history import HistorySection
from scorepad.ui.views.settings_ratings import RatingsSetting

LANGUAGES = tuple((code, tr("language.name", code)) for code in LANGS)
"""Each language named in itself (its catalogue's ``language.name``), so anyone can find
their own."""


SWITCH_LABEL_WIDTH = 270
"""A switch's label on a phone is this wide and wraps: Flet puts it beside the switch with
no bound, so a sentence wider than what is left (the French one, at 390 pixels) was cut.
Fits beside the switch on a phone from 360 pixels on."""


class SettingsView:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def build(self) -> ft.View:
        ctx = self.ctx
        lang = ft.RadioGroup(
            value=ctx.lang,
            on_change=self.on_lang,
            content=ft.Row(
                [tid(f"lang-{code}", ft.Radio(value=code, label=name)) for code, name in LANGUAGES],
                wrap=True,
            ),
        )
        theme = ft.RadioGroup(
            value=ctx.settings.theme,
            on_change=self.on_theme,
            content=ft.Row(
                [
                    tid(f"theme-{name}", ft.Radio(value=name, label=ctx.t(f"app.theme.{name}")))
                    for name in THEMES
                ],
                wrap=True,
            ),
        )
        awake = ft.Switch(
            value=ctx.settings.keep_awake,
            label=ft.Container(
                ft.Text(ctx.t("app.keep_awake")), width=SWITCH_LABEL_WIDTH if ctx.compact else None
            ),
            on_change=self.on_keep_awake,
        )
        config = ctx.services.config
        section = HistorySection(ctx)
        body: list[ft.Control] = []
        if config.public_url:  # a group's server: who is signed in, and signing out
            account = ft.OutlinedButton(
                ctx.t("serve.account.open"),
                url=ft.Url(f"{config.public_url}/account", ft.UrlTarget.SELF),
            )
            body += [heading(ctx.t("serve.account.title")), tid("account", account)]
        body += [
            heading(ctx.t("app.language")),
            tid("language", lang),
            heading(ctx.t("app.theme")),
            tid("theme", theme),
            heading(ctx.t("app.screen")),
            tid("keep-awake", awake),
            muted(ctx.t("app.keep_awake_hint"), size=14),
        ]
        if ctx.may(Power.HOST_PATHS):
            body.append(heading(ctx.t("app.history_where")))
            body.append(section.where())
            body.append(muted(ctx.t("app.data_folder", folder=str(config.data_dir)), size=14))
        body += section.tools()
        body += RatingsSetting(ctx).controls()
        if ctx.may(Power.BACKUPS):
            body += BackupsSection(ctx, ctx.services.history).controls()
        else:
            body.append(tid("host-settings", muted(ctx.t("files.host_settings"), size=13)))
        return screen(ctx, ctx.t("app.settings"), body)

    def on_lang(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.ctx.change_settings(self.ctx.settings.with_lang(str(e.control.value)))

    def on_keep_awake(self, e: ft.Event[ft.Switch]) -> None:
        self.ctx.change_settings(self.ctx.settings.with_keep_awake(bool(e.control.value)))

    def on_theme(self, e: ft.Event[ft.RadioGroup]) -> None:
        self.ctx.change_settings(self.ctx.settings.with_theme(str(e.control.value)))
