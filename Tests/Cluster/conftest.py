"""Fixtures for the cluster tests: the bundle, unpacked from the tarball `scripts/bundle` wrote (`WEBIM_BUNDLE`),
and one deployment of it behind nginx for the module. A missing bundle or nginx fails the run, never skips it."""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from cluster_stack import Child, Cluster, free_port, nginx_main, nginx_site

#: Widget servers behind nginx.
WIDGET_SERVERS = 2


@pytest.fixture(scope="session")
def bundle(tmp_path_factory) -> Path:
    """The bundle folder (`bin/`, `Public/`, …), unpacked from `$WEBIM_BUNDLE` (a .tar.gz) into a fresh folder."""
    tarball = os.environ.get("WEBIM_BUNDLE")
    if not tarball or not tarball.endswith(".tar.gz") or not Path(tarball).is_file():
        pytest.fail("WEBIM_BUNDLE must name the .tar.gz that scripts/bundle wrote", pytrace=False)
    target = tmp_path_factory.mktemp("bundle")
    with tarfile.open(tarball) as archive:
        archive.extractall(target, filter="data")
    (folder,) = [entry for entry in target.iterdir() if entry.is_dir()]
    return folder


@pytest.fixture(scope="module")
def cluster(bundle, tmp_path_factory):
    """One service, `WIDGET_SERVERS` widget servers and nginx, on loopback, each in its own data folder."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("nginx is not installed (scripts/test installs it)", pytrace=False)
    root = tmp_path_factory.mktemp("cluster")
    # The working directory holds no resources, so the binary must find them beside itself.
    work = root / "cwd"
    work.mkdir()
    binary = str(bundle / "bin" / "webim-widget")
    deployment = Cluster(root=root, bundle=bundle, port=free_port())
    try:
        service = Child(
            "service",
            [binary, "service", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(root / "service")],
            work,
            root / "service.log",
        )
        deployment.children.append(service)
        account = service.url("Chat service")

        cluster_key: list[str] = []
        usage = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, timeout=60, check=True)
        if "--cluster-key-file" in usage.stdout:
            key = root / "cluster.key"
            key.write_bytes(os.urandom(32))
            key.chmod(0o600)
            cluster_key = ["--cluster-key-file", str(key)]
        for index in range(WIDGET_SERVERS):
            widget = Child(
                f"widget {index + 1}",
                [binary, "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", str(root / f"widget-{index + 1}"),
                 "--account", account, "--public-origin", deployment.origin, *cluster_key,
                 # nginx, as deploy/README.md runs it: outside the cap on one client's connections.
                 "--trusted-proxies", "127.0.0.1"],
                work,
                root / f"widget-{index + 1}.log",
            )
            deployment.children.append(widget)
            deployment.widgets.append(widget.url("Webim widget"))

        prefix = root / "nginx"
        prefix.mkdir()
        deployment.access_log = prefix / "access.log"
        site = prefix / "webim-widget.conf"
        site.write_text(
            nginx_site((bundle / "deploy" / "nginx.conf").read_text(), deployment.port, deployment.upstreams,
                       deployment.access_log)
        )
        main = prefix / "nginx.conf"
        main.write_text(nginx_main(prefix, site))
        checked = subprocess.run([nginx, "-t", "-p", str(prefix), "-c", str(main)], capture_output=True, text=True)
        assert checked.returncode == 0, f"nginx -t refused the configuration:\n{checked.stderr}"
        proxy = Child("nginx", [nginx, "-p", str(prefix), "-c", str(main)], work, prefix / "stderr.log")
        deployment.children.append(proxy)
        # Logged once its sockets listen, before any worker runs.
        proxy.wait_for_line("start worker processes")
        assert proxy.process.poll() is None, f"nginx exited:\n{(prefix / 'error.log').read_text(errors='replace')}"
        yield deployment
    finally:
        deployment.stop()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, the end of every process's log goes into the report; each phase's report is kept on the item
    (`rep_call`), so that a browser fixture can save its evidence when the test failed."""
    deployment = item.funcargs.get("cluster") if "cluster" in item.fixturenames else None
    if call.excinfo is not None and deployment is not None:
        for child in deployment.children:
            item.add_report_section(call.when, child.name, child.tail(40) or "(nothing)")
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
