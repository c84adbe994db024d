"""A counting proxy in front of a real S3 endpoint (rclone serve s3), for Daybook's deploy tests.

Usage: s3_proxy.py UPSTREAM_PORT. Prints the port it listens on (127.0.0.1), then forwards every
request unchanged, Host header included, so the client's SigV4 signature still holds. It counts
requests by method (and the bytes of PUT bodies, as PUT_BYTES); GET /__counts answers them as JSON, POST /__reset sets them to zero, and
POST /__fail?after=N makes every PUT after the next N answer 503 (a server going down mid-deploy)
until POST /__heal. POST /__slow?path=TEXT&ms=N holds each PUT whose path contains TEXT for N ms
before forwarding it, and counts the PUTs answered meanwhile (DURING_SLOW); POST /__delay?ms=N holds
every PUT for N ms (a slow link).
"""
import time
import http.client
import http.server
import json
import sys
import threading
import urllib.parse

UPSTREAM = int(sys.argv[1])
lock = threading.Lock()
state = {"counts": {}, "puts_left": None, "slow": None, "slow_ms": 0, "slow_now": 0, "delay_ms": 0}
HOP = {"connection", "keep-alive", "transfer-encoding", "expect", "proxy-connection"}


class Proxy(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body, content_type="application/xml"):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def control(self):
        url = urllib.parse.urlsplit(self.path)
        with lock:
            if url.path == "/__counts":
                return self.reply(200, json.dumps(state["counts"]).encode(), "application/json")
            if url.path == "/__reset":
                state["counts"] = {}
            elif url.path == "/__fail":
                state["puts_left"] = int(urllib.parse.parse_qs(url.query)["after"][0])
            elif url.path == "/__heal":
                state["puts_left"] = None
            elif url.path == "/__slow":
                query = urllib.parse.parse_qs(url.query)
                state["slow"], state["slow_ms"] = query["path"][0], int(query["ms"][0])
            elif url.path == "/__delay":
                state["delay_ms"] = int(urllib.parse.parse_qs(url.query)["ms"][0])
        self.reply(200, b"{}", "application/json")

    def forward(self):
        if self.path.startswith("/__"):
            return self.control()
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        with lock:
            state["counts"][self.command] = state["counts"].get(self.command, 0) + 1
            if self.command == "PUT":
                state["counts"]["PUT_BYTES"] = state["counts"].get("PUT_BYTES", 0) + len(body)
            failing = self.command == "PUT" and state["puts_left"] is not None
            if failing and state["puts_left"] > 0:
                state["puts_left"] -= 1
                failing = False
            slow = self.command == "PUT" and state["slow"] is not None and state["slow"] in self.path
            if slow:
                state["slow_now"] += 1
            delay = state["slow_ms"] if slow else (state["delay_ms"] if self.command == "PUT" else 0)
        if failing:
            return self.reply(503, b"<Error><Code>ServiceUnavailable</Code><Message>injected failure</Message></Error>")
        if delay:
            time.sleep(delay / 1000)
        try:
            self.pass_on(body)
        finally:
            with lock:
                if slow:
                    state["slow_now"] -= 1
                elif self.command == "PUT" and state["slow_now"] > 0:
                    state["counts"]["DURING_SLOW"] = state["counts"].get("DURING_SLOW", 0) + 1

    def pass_on(self, body):
        upstream = http.client.HTTPConnection("127.0.0.1", UPSTREAM, timeout=60)
        upstream.putrequest(self.command, self.path, skip_host=True, skip_accept_encoding=True)
        for name, value in self.headers.items():
            if name.lower() not in HOP:
                upstream.putheader(name, value)
        upstream.endheaders(body)
        answer = upstream.getresponse()
        data = answer.read()
        self.send_response(answer.status)
        for name, value in answer.getheaders():
            if name.lower() not in HOP and name.lower() != "content-length":
                self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)
        upstream.close()

    do_GET = do_PUT = do_DELETE = do_POST = do_HEAD = forward


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
print(server.server_address[1], flush=True)
server.serve_forever()
