"""Measures the default theme's layout in headless Chromium (selenium) at a phone's width (360 px)
and a desktop's (1280 px): the site navigation's rows, a task list's markers and the statistics
charts' label sizes.

Usage: layout.py SITE_URL TASK_PAGE
  SITE_URL   the site's home as served, e.g. http://127.0.0.1:8123/diary/
  TASK_PAGE  the path of a page whose text has a task list and a plain list

Prints one JSON object, per width ("360", "1280"): "nav_rows" (the number of visible links in each
row of the navigation), "nav_overflow" (whether a link reaches past the screen), "task_markers" and
"plain_markers" (list-style-type of the items with and without a checkbox), "chart_labels" (each
chart's axis label size as drawn, in CSS pixels, by chart id); and "errors".
"""
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from encrypted_site import run_steps  # noqa: E402

NAV = """
var links = Array.from(document.querySelectorAll('.site-nav a')).filter(function (a) { return a.getClientRects().length > 0; });
var rows = {};
links.forEach(function (a) { var top = Math.round(a.getBoundingClientRect().top); rows[top] = (rows[top] || 0) + 1; });
return { rows: Object.keys(rows).sort(function (a, b) { return a - b; }).map(function (top) { return rows[top]; }),
         overflow: links.some(function (a) { var r = a.getBoundingClientRect(); return r.left < 0 || r.right > innerWidth; }) };
"""

MARKERS = """
return Array.from(document.querySelectorAll('.prose li')).map(function (li) {
  return { task: !!li.querySelector(':scope > input[type=checkbox]'), marker: getComputedStyle(li).listStyleType };
});
"""

# The size a chart's label is drawn at: its font size in the viewBox's units times the SVG's scale.
CHART_LABELS = """
var sizes = {};
document.querySelectorAll('svg.chart').forEach(function (svg, n) {
  var label = svg.querySelector('text');
  if (!label) return;
  var scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  var id = (svg.getAttribute('aria-labelledby') || 'chart-' + n).replace(/-caption$/, '');
  sizes[id] = Math.round(parseFloat(getComputedStyle(label).fontSize) * scale * 10) / 10;
});
return sizes;
"""


def steps(driver, answers):
    site, task_page = sys.argv[1], sys.argv[2]
    for width in (360, 1280):
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600})
        driver.get(site)
        nav = driver.execute_script(NAV)
        driver.get(site + task_page)
        markers = driver.execute_script(MARKERS)
        driver.get(site + "stats/")
        time.sleep(0.2)
        answers[str(width)] = {
            "nav_rows": nav["rows"], "nav_overflow": nav["overflow"],
            "task_markers": sorted({m["marker"] for m in markers if m["task"]}),
            "plain_markers": sorted({m["marker"] for m in markers if not m["task"]}),
            "chart_labels": driver.execute_script(CHART_LABELS),
        }


if __name__ == "__main__":
    run_steps(steps)
