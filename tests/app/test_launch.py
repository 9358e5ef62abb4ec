"""Starting and stopping the app from the command line, as a person would."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, start_app, stop, wait_for_port

from scorepad.cli import build_parser
from scorepad.cli.app import config_from_args
from scorepad.ui.launch import free_port
from scorepad.ui.web_files import CACHE_ENV, cache_root


def read_until(process: subprocess.Popen, pattern: str, timeout: float = 30) -> str:
    """Lines of the app's output up to the first matching ``pattern``."""
    seen = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        if re.search(pattern, line):
            return "".join(seen)
    raise AssertionError(f"no {pattern!r} in: {''.join(seen)}")


def test_the_score_command_does_not_load_flet():
    code = (
        "import sys\n"
        "from scorepad.cli import main\n"
        "main(['score', 'examples/azul.json'])\n"
        "loaded = [m for m in sys.modules if m == 'flet' or m.startswith(('flet.', 'flet_'))]\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "Ana wins with 77 points." in done.stdout


def test_bare_scorepad_serves_opens_the_browser_and_stops_on_ctrl_c(tmp_path):
    record = tmp_path / "opened.txt"
    opener = tmp_path / "browser.py"
    opener.write_text(
        f"import sys, pathlib\npathlib.Path({str(record)!r}).write_text(sys.argv[1])\n"
    )
    env = {
        **os.environ,
        "SCOREPAD_DATA_DIR": str(tmp_path / "data"),
        "SCOREPAD_LANG": "en",
        "BROWSER": f"{sys.executable} {opener} %s",
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "scorepad.cli"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        out = read_until(process, r"Scorepad is running at")
        url = re.search(r"http://127\.0\.0\.1:(\d+)", out)
        assert url, out
        port = int(url.group(1))
        assert port >= 8550  # 8550, or the next free one
        wait_for_port(port, process)
        deadline = time.monotonic() + 10
        while not record.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert record.read_text() == url.group(0)
    finally:
        process.send_signal(signal.SIGINT)
        rest, _ = process.communicate(timeout=20)
    assert process.returncode == 0
    assert "Scorepad stopped." in rest
    assert "Traceback" not in rest


def test_a_taken_port_moves_to_the_next_free_one(tmp_path):
    port = free_port(20000 + os.getpid() % 20000)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", port))
        taken.listen()
        process, _ = start_app(tmp_path, "--no-browser", port=port)
        try:
            out = read_until(process, r"Scorepad is running")
        finally:
            stop(process)
    moved = re.search(rf"port {port} is taken; using (\d+)", out)
    assert moved, out
    used = int(moved.group(1))
    assert used > port  # the next free one (another program may hold port + 1)
    assert f"Scorepad is running at http://127.0.0.1:{used} " in out


def test_window_without_a_desktop_client_says_so_and_serves(tmp_path, monkeypatch):
    env_home = tmp_path / "home"  # no ~/.flet/client here: the client is absent for sure
    env_home.mkdir()
    # the web client's compressed copies stay where the other tests' app made them: a
    # cache under the new home would be a minute of processor time for nothing
    monkeypatch.setenv(CACHE_ENV, str(cache_root()))
    monkeypatch.setenv("HOME", str(env_home))
    monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    process, port = start_app(tmp_path, "--window", "--no-browser")
    try:
        out = read_until(process, r"Scorepad is running")
        wait_for_port(port, process)
    finally:
        stop(process)
    assert "No desktop window:" in out
    assert "Serving in the browser instead." in out
    assert not (env_home / ".flet").exists()  # nothing was downloaded


def test_a_bad_port_is_one_clear_line(capsys):
    from scorepad.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["app", "--port", "70000", "--no-browser"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == ("scorepad: --port must be between 1 and 65535, not 70000\n")


def test_the_apps_options_alone_start_the_app(capsys):
    """`scorepad --port N …` is `scorepad app --port N …`, as the command line page's table shows."""
    from scorepad.cli import main, with_command

    assert with_command([]) == ["app"]
    assert with_command(["--no-browser", "--port", "9000"]) == [
        "app",
        "--no-browser",
        "--port",
        "9000",
    ]
    assert with_command(["--version"]) == ["--version"]
    assert with_command(["score", "x.json"]) == ["score", "x.json"]
    args = build_parser().parse_args(with_command(["--port", "9000", "--share"]))
    assert (args.port, args.share, args.handler.__name__) == (9000, True, "cmd_app")
    with pytest.raises(SystemExit) as stopped:
        main(["--port", "70000", "--no-browser"])
    assert stopped.value.code == 2
    assert "--port must be between 1 and 65535" in capsys.readouterr().err


def test_db_url_and_data_dir_reach_the_app(tmp_path, monkeypatch):
    monkeypatch.setenv("SCOREPAD_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("SCOREPAD_DB", raising=False)
    args = build_parser().parse_args(["app", "--db", "sqlite:///x.db", "--lang", "es"])
    config = config_from_args(args)
    assert (config.db_url, config.data_dir, config.lang) == ("sqlite:///x.db", tmp_path, "es")
    monkeypatch.setenv("SCOREPAD_DB", "postgresql://club/scores")
    args = build_parser().parse_args(["app"])
    args.lang = "en"
    assert config_from_args(args).db_url == "postgresql://club/scores"
    assert Path(config_from_args(args).data_dir) == tmp_path


def test_a_desktop_client_counts_only_when_already_on_the_machine(tmp_path, monkeypatch):
    import flet_desktop.version

    from scorepad.ui.launch import desktop_client, window_problem

    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("FLET_VIEW_PATH", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setenv("DISPLAY", ":0")
    assert desktop_client() is None
    assert window_problem("en") == (
        "Flet's desktop client is not installed on this machine (Scorepad never downloads it)"
    )
    folder = tmp_path / ".flet" / "client" / f"flet-desktop-light-{flet_desktop.version.version}"
    (folder / "flet").mkdir(parents=True)
    (folder / "flet" / "flet").write_text("")
    assert desktop_client() == folder / "flet"
    assert window_problem("en") is None
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert window_problem("es") == "no hay pantalla donde abrirla"
