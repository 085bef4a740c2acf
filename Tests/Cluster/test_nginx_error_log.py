"""nginx's error log holds whole tab ids, which read a tab's chat, so deploy/nginx.conf gives this site's errors a log
of their own, in a folder deploy/README.md makes private and deploy/webim-widget.logrotate rotates (issue 30). The
cluster of this module loses a widget server, so that nginx has failures to log."""

from __future__ import annotations

import re

from cluster_stack import Cluster

#: The error log deploy/nginx.conf names, and the folder the README's `install -d -m 0700` makes for it.
ERROR_LOG = re.compile(r"^\s*error_log (/var/log/nginx/webim-widget/)error\.log ", re.MULTILINE)


def test_the_sites_error_log_has_a_private_folder_of_its_own_and_is_rotated(cluster: Cluster):
    deploy = cluster.bundle / "deploy"
    folder = ERROR_LOG.search((deploy / "nginx.conf").read_text())
    assert folder, "deploy/nginx.conf names no error_log in /var/log/nginx/webim-widget/"
    assert f"install -d -m 0700 -o www-data -g root {folder.group(1).rstrip('/')}" in (deploy / "README.md").read_text()
    rotation = (deploy / "webim-widget.logrotate").read_text()
    assert f"{folder.group(1)}*.log {{" in rotation and re.search(r"^\s*rotate 7$", rotation, re.MULTILINE)


def test_an_upstream_failure_writes_the_whole_tab_id_to_the_sites_log_alone(cluster: Cluster):
    dead = next(child for child in cluster.children if child.name == "widget 2")
    dead.process.kill()
    dead.process.wait()
    # Fixed ids, so the hash sends the same ones to the dead server every run; nginx logs its first failures there
    # (then marks it down for `fail_timeout`) and passes each request on to the live server, which knows no such tab.
    tabs = [f"private-error-log-tab-{index:02d}" for index in range(12)]
    for tab in tabs:
        assert cluster.call("GET", f"/api/tabs/{tab}/limits").status == 404
    assert cluster.access_log is not None
    site_log = (cluster.access_log.parent / "webim-widget.error.log").read_text(errors="replace")
    main_log = (cluster.access_log.parent / "error.log").read_text(errors="replace")
    assert any(f"/api/tabs/{tab}/limits" in site_log for tab in tabs), "nginx logged no failure in the site's log"
    assert not any(tab in main_log for tab in tabs), "the site's failures reached nginx's main error log"
