"""A real nginx in front of a served app, as the group server's guide sets it up
(``examples/nginx-scorepad.conf``): TLS ended by nginx with a certificate made here for
``localhost``, every request and websocket handed to the app on loopback."""

from __future__ import annotations

import datetime
import os
import shutil
import subprocess
from pathlib import Path

from conftest import ROOT, wait_for_port

EXAMPLE = ROOT / "examples" / "nginx-scorepad.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def missing() -> str | None:
    """Why nginx cannot run here, or None."""
    if not Path(NGINX).exists():
        return "no nginx (apt-get install -y nginx)"
    return None


def self_signed(folder: Path, host: str = "localhost") -> tuple[Path, Path]:
    """A certificate for ``host`` and its key, as PEM files in ``folder``."""
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, host)])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([x509.DNSName(host)]), critical=False)
        .sign(key, hashes.SHA256())
    )
    cert, secret = folder / "cert.pem", folder / "key.pem"
    cert.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    secret.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return cert, secret


def site(port: int, app_port: int | list[int], cert: Path, key: Path) -> str:
    """The guide's nginx site, on ``port`` of loopback for ``localhost``, to the app on
    ``app_port`` (or each of several processes on these ports): only the addresses, names
    and files are changed."""
    ports = app_port if isinstance(app_port, list) else [app_port]
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text[: text.index("# Plain http only")]  # the https server only
    swaps = {
        "    listen 443 ssl;\n": f"    listen 127.0.0.1:{port} ssl;\n",
        "    listen [::]:443 ssl;\n": "",
        "server_name games.example.org;": "server_name localhost;",
        "/etc/letsencrypt/live/games.example.org/fullchain.pem": str(cert),
        "/etc/letsencrypt/live/games.example.org/privkey.pem": str(key),
        "    server 127.0.0.1:8550 max_fails=0;\n": "".join(
            f"    server 127.0.0.1:{p} max_fails=0;\n" for p in ports
        ),
    }
    for old, new in swaps.items():
        assert old in text, f"the guide's nginx site no longer has {old!r}"
        text = text.replace(old, new)
    return text


class Nginx:
    """nginx serving ``site`` from ``folder`` until ``stop``."""

    def __init__(self, folder: Path, site_text: str, port: int, connections: int = 512) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        temp = {name: folder / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
        for path in temp.values():
            path.mkdir(exist_ok=True)
        owner = "user root;\n" if os.geteuid() == 0 else ""
        conf = folder / "nginx.conf"
        conf.write_text(
            f"{owner}daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\n"
            f"error_log {folder / 'error.log'} warn;\n"
            f"worker_rlimit_nofile {connections * 2 + 64};\n"
            f"events {{ worker_connections {connections}; }}\n"
            "http {\n    log_format upstreams '$request_method $uri $status $upstream_addr';\n"
            f"    access_log {folder / 'access.log'} upstreams;\n"
            f"    client_body_temp_path {temp['body']};\n    proxy_temp_path {temp['proxy']};\n"
            f"    fastcgi_temp_path {temp['fastcgi']};\n    uwsgi_temp_path {temp['uwsgi']};\n"
            f"    scgi_temp_path {temp['scgi']};\n"
            f"{site_text}\n}}\n",
            encoding="utf-8",
        )
        self.folder = folder
        self.port = port
        self.process = subprocess.Popen(
            [NGINX, "-p", str(folder), "-c", str(conf)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        try:
            wait_for_port(port, self.process, timeout=30)
        except RuntimeError as problem:
            raise RuntimeError(f"nginx: {problem}\n{self.log()}") from None

    def requests(self) -> list[str]:
        """Each request nginx passed on: ``METHOD /path STATUS 127.0.0.1:PORT``."""
        path = self.folder / "access.log"
        return path.read_text(encoding="utf-8").splitlines() if path.exists() else []

    def log(self) -> str:
        path = self.folder / "error.log"
        return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.communicate()
