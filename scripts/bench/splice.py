"""One section of BENCHMARKS.md measured alone (BENCH_ONLY): the rest of the report stays as the last full run wrote it."""


def splice(report_text, heading, lines):
    """The report with its section `heading` (`## Pictures`) replaced by `lines`, or, when it has none, `lines`
    added before the profiles, else at the end."""
    text = "\n".join(lines)
    start = report_text.find("\n" + heading)
    if start >= 0:
        end = report_text.find("\n## ", start + 1)
        end = len(report_text) if end < 0 else end
        return report_text[:start + 1] + text + report_text[end:]
    for anchor in ("\n## Profile: full build", "\n## Exact commands"):
        at = report_text.find(anchor)
        if at >= 0:
            return report_text[:at + 1] + text + report_text[at:]
    return report_text.rstrip("\n") + "\n\n" + text
