"""``sitebuild.serve``: every request answered as RFC 9110 allows, nothing outside the site
served, idle connections closed, bursts of range requests served, a command line that says
what went wrong in one line.

The probes (malformed, hostile and idle requests) are ``benchmarks/serve_probes.py``'s,
run here against the server in-process with a one-second idle timeout.
"""

from __future__ import annotations

import importlib.util
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from sitebuild.paths import ROOT
from sitebuild.serve import UNSATISFIABLE, byte_range, make_server
from tests.terminal import as_in_a_terminal


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # its dataclasses look themselves up there
    spec.loader.exec_module(module)
    return module


probes = _load("serve_probes")
IDLE = 1.0


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Iterator[tuple[int, dict[str, bytes]]]:
    """The probes' site, served in a thread as ``make serve`` serves it: (port, its files)."""
    directory = tmp_path_factory.mktemp("serve")
    files = probes.make_site(directory)
    os.environ["COMPANION_SERVE_QUIET"] = "1"
    server = make_server(str(directory / "site"), 0, idle_timeout=IDLE)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1], files
    finally:
        server.shutdown()
        server.server_close()


# --- ranges ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("header", "expected"), [
    (None, None),
    ("bytes=0-99", (0, 99)),
    ("bytes=990-2000", (990, 999)),  # a last byte past the end is the end
    ("bytes=-100", (900, 999)),
    ("bytes=-5000", (0, 999)),  # a suffix longer than the file is the whole file
    ("bytes=999-", (999, 999)),
    (" Bytes = 1 - 2 ", (1, 2)),  # case and spaces as RFC 9110 allows
    ("bytes=1000-", UNSATISFIABLE),
    ("bytes=-0", UNSATISFIABLE),
    ("bytes=" + "9" * 4301 + "-", UNSATISFIABLE),  # more digits than int() takes
    ("bytes=0-" + "9" * 4301, (0, 999)),
    ("bytes=00000000000000000000000000005-6", (5, 6)),  # leading zeros are not a huge number
    ("bytes=5-2", None),  # invalid: ignored
    ("bytes=-", None),
    ("bytes=0-1,5-6", None),  # several ranges: the whole file instead
    ("items=0-1", None),
    ("bytes=a-b", None),
])
def test_range_headers_are_read_as_rfc_9110_says(header, expected):
    assert byte_range(header, 1000) == expected


def test_an_empty_file_has_no_satisfiable_range():
    assert byte_range("bytes=0-", 0) == UNSATISFIABLE
    assert byte_range("bytes=-1", 0) == UNSATISFIABLE


# --- the probes --------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("probe", probes.PROBES, ids=[name for name, _, _ in probes.PROBES])
def test_every_probe_gets_the_answer_it_should(site, probe):
    port, files = site
    name, raw, check = probe
    answer = probes.exchange(port, raw, wait=IDLE + 4)
    assert check(answer, files) is None, f"{name}: {check(answer, files)}"


def test_a_range_answer_carries_the_exact_bytes_and_headers(site):
    port, files = site
    answer = probes.exchange(port, probes._request("/video.webm", "Range: bytes=10-19"), 5)
    assert answer.status == 206 and answer.body == files["video.webm"][10:20]
    assert answer.headers["content-range"] == f"bytes 10-19/{len(files['video.webm'])}"
    assert answer.headers["content-length"] == "10"
    assert answer.headers["accept-ranges"] == "bytes"


def test_a_missing_page_is_the_sites_own_404_page(site):
    port, files = site
    answer = probes.exchange(port, probes._request("/chapter-9.html"), 5)
    assert answer.status == 404 and answer.body == files["404.html"]
    assert answer.headers["content-type"].startswith("text/html")
    head = probes.exchange(port, probes._request("/chapter-9.html", method="HEAD"), 5)
    assert head.status == 404 and head.body == b""


@pytest.mark.slow
def test_idle_connections_are_closed_after_the_timeout(site):
    port, _ = site
    answer = probes.exchange(port, b"", wait=IDLE + 4)
    assert answer.closed and IDLE * 0.8 <= answer.seconds < IDLE + 3
    # …and the server still answers.
    assert probes.exchange(port, probes._request("/index.html"), 5).status == 200


# --- bursts --------------------------------------------------------------------------------


def listen_queue_overflows() -> int | None:
    """The kernel's count of connections dropped for a full listen queue (None: unknown)."""
    try:
        lines = Path("/proc/net/netstat").read_text().splitlines()
    except OSError:
        return None
    names, values = (line.split() for line in lines if line.startswith("TcpExt:"))
    table = dict(zip(names[1:], map(int, values[1:]), strict=True))
    return table["ListenOverflows"] + table["ListenDrops"]


@pytest.mark.slow
def test_two_hundred_concurrent_range_requests_are_all_served_none_dropped(site):
    """A listen queue of 5 (http.server's) overflows here: the kernel drops connections and
    the clients retry a second later, or are reset."""
    port, files = site
    data = files["video.webm"]
    ranges = [(start, start + 4095) for start in range(0, 200 * 400, 400)]

    def fetch(span: tuple[int, int]) -> bytes:
        raw = probes._request("/video.webm", f"Range: bytes={span[0]}-{span[1]}")
        return probes.exchange(port, raw, 20).body

    before = listen_queue_overflows()
    start = time.perf_counter()
    with ThreadPoolExecutor(200) as pool:
        bodies = list(pool.map(fetch, ranges))
    elapsed = time.perf_counter() - start
    assert all(body == data[a:b + 1] for body, (a, b) in zip(bodies, ranges, strict=True))
    if before is not None:
        assert listen_queue_overflows() == before, f"connections dropped ({elapsed:.2f} s)"


@pytest.mark.slow
def test_a_client_that_stops_reading_holds_up_no_one_and_is_dropped(tmp_path):
    """One loop serves every connection, so a reader that never reads (the socket buffers
    full of a 32 MB file) must neither stall other answers nor stay connected for ever: it
    is reset after the idle timeout, not left to read the rest."""
    (tmp_path / "index.html").write_text("<p>home</p>")
    (tmp_path / "big.bin").write_bytes(bytes(32 * 2**20))
    server = make_server(str(tmp_path), 0, idle_timeout=IDLE)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        with socket.create_connection(("127.0.0.1", port)) as stalled:
            stalled.sendall(probes._request("/big.bin"))
            time.sleep(0.5)  # the server has filled what the socket takes and is waiting
            for _ in range(5):
                assert probes.exchange(port, probes._request("/index.html"), 5).status == 200
            time.sleep(IDLE + 1)  # …past the idle timeout: the server drops it
            stalled.settimeout(5)
            with pytest.raises(ConnectionResetError):
                while stalled.recv(1 << 20):
                    pass
    finally:
        server.shutdown()
        server.server_close()


# --- the command line ----------------------------------------------------------------------


def serve(*arguments: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sitebuild.serve", *arguments],
                          capture_output=True, text=True, cwd=ROOT, timeout=timeout)


@pytest.mark.slow
@pytest.mark.parametrize("port", ["70000", "-1", "http", "8000.5"])
def test_a_bad_port_is_a_usage_error(port, tmp_path):
    result = serve("--port", port, "--directory", str(tmp_path))
    assert result.returncode == 2
    assert "argument --port: expected a port" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_port_in_use_says_so_in_one_line(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = serve("--port", str(port), "--directory", str(tmp_path))
    assert result.returncode == 1
    assert result.stderr.strip().splitlines() == [
        f"serve: 127.0.0.1:{port} is in use: stop what listens there or pick another --port"]


def test_an_unbuilt_site_says_so_in_one_line(tmp_path):
    result = serve("--directory", str(tmp_path / "nothing"))
    assert result.returncode == 1
    assert len(result.stderr.strip().splitlines()) == 1 and "make site" in result.stderr


def test_it_listens_on_loopback_only_unless_told_and_stops_cleanly_on_ctrl_c(tmp_path):
    (tmp_path / "index.html").write_text("<p>home</p>")
    server = subprocess.Popen(
        [sys.executable, "-m", "sitebuild.serve", "--port", "0", "--directory", str(tmp_path)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=dict(os.environ, COMPANION_SERVE_QUIET="1"), preexec_fn=as_in_a_terminal)
    try:
        assert server.stdout
        line = server.stdout.readline()
        match = re.search(r"on http://([\d.]+):(\d+) ", line)
        assert match and match.group(1) == "127.0.0.1", line
        answer = probes.exchange(int(match.group(2)), probes._request("/"), 10)
        assert answer.status == 200
    finally:
        server.send_signal(signal.SIGINT)
        _, errors = server.communicate(timeout=30)
    assert server.returncode == 0 and "Traceback" not in errors
    default = make_server(str(tmp_path), 0)
    try:
        assert default.server_address[0] == "127.0.0.1"
    finally:
        default.server_close()


# --- what a client can make it hold ----------------------------------------------------------


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/") else 0


def test_a_request_head_beyond_its_cap_is_refused(site):
    """Ninety header lines of 2 KiB each (180 KiB) are each within http.server's limits, but
    together beyond the 64 KiB a head may take."""
    port, _ = site
    head = b"GET /index.html HTTP/1.1\r\nHost: x\r\n"
    head += b"".join(b"X-Filler-%d: " % i + b"y" * 2048 + b"\r\n" for i in range(90))
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(head + b"\r\n")
        answer = connection.recv(4096)
    assert _status(answer) == 431
    small = head.split(b"X-Filler-10")[0] + b"\r\n"  # ten lines: within the cap
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(small)
        assert _status(connection.recv(4096)) == 200


def test_connections_beyond_the_cap_are_answered_503_and_closed(tmp_path, monkeypatch):
    from sitebuild import serve

    monkeypatch.setattr(serve, "MAX_CONNECTIONS", 3)
    directory = tmp_path / "site"
    directory.mkdir()
    (directory / "index.html").write_text("<p>hi</p>")
    server = make_server(str(directory), 0, idle_timeout=5)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(3)]
    try:
        for connection in held:
            connection.sendall(b"GET /index.html HTTP/1.1\r\n")  # an unfinished head
        time.sleep(0.3)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as extra:
            extra.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
            assert _status(extra.recv(4096)) == 503
    finally:
        for connection in held:
            connection.close()
    time.sleep(0.3)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as again:
        again.sendall(b"GET /index.html HTTP/1.1\r\nHost: x\r\n\r\n")
        assert _status(again.recv(4096)) == 200
    server.shutdown()
    server.server_close()
