/// The live-reload script: a `<script>` tag added to HTML responses (never to the files), and
/// the small script it loads, which listens on the live socket, reloads the page on `reload`,
/// and shows build errors in an overlay.
public enum ReloadScript {
    /// Where the browser connects for reload messages (a WebSocket).
    public static let socketPath = "/__daybook/live"
    /// Where the script is served; an external file so that a theme's Content-Security-Policy
    /// allowing `'self'` scripts still lets it run.
    public static let scriptPath = "/__daybook/reload.js"

    /// The tag injected into every HTML response, and nothing else: it names the generation of
    /// the site the page was served from (`LiveReload.generation`).
    public static func tag(generation: Int) -> String {
        "<script src=\"\(scriptPath)\" data-generation=\"\(generation)\"></script>"
    }

    /// `html` with the tag just before its last `</body>`, or at its end when it has none.
    public static func inject(into html: [UInt8], generation: Int) -> [UInt8] {
        let tagBytes = Array(tag(generation: generation).utf8)
        guard let position = lastBodyClose(in: html) else { return html + tagBytes }
        var result = html
        result.insert(contentsOf: tagBytes, at: position)
        return result
    }

    /// The offset of the last `</body` (any case), if any.
    static func lastBodyClose(in html: [UInt8]) -> Int? {
        let needle = Array("</body".utf8)
        guard html.count >= needle.count else { return nil }
        var start = html.count - needle.count
        while start >= 0 {
            if html[start] == UInt8(ascii: "<") {
                var matches = true
                for offset in 1..<needle.count where html[start + offset] | 0x20 != needle[offset] {
                    matches = false
                    break
                }
                if matches { return start }
            }
            start -= 1
        }
        return nil
    }

    /// The script: reconnects with a growing delay when the socket drops, and reloads the page
    /// once it is back (the server may have been restarted with a changed site). The overlay is
    /// filled with `textContent`, so diagnostics can never become markup.
    public static let source = """
        (function () {
          var overlay = null, delay = 500, wasOpen = false;
          var me = document.currentScript, served = me ? me.getAttribute("data-generation") : null;
          function show(text) {
            if (!overlay) {
              overlay = document.createElement("pre");
              overlay.id = "daybook-build-error";
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;margin:0;padding:1.5em;overflow:auto;" +
                "background:rgba(24,24,24,.95);color:#ffd2d2;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;" +
                "white-space:pre-wrap;text-align:left";
              (document.body || document.documentElement).appendChild(overlay);
            }
            overlay.textContent = text;
          }
          function hide() {
            if (overlay) { overlay.remove(); overlay = null; }
          }
          function connect() {
            var socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "\(socketPath)");
            socket.onopen = function () {
              if (wasOpen) { location.reload(); return; }
              wasOpen = true;
              delay = 500;
              // A build may have finished between serving this page and this socket opening.
              if (served !== null) { socket.send("hello " + served); }
            };
            socket.onmessage = function (event) {
              var message = String(event.data);
              if (message === "reload") { location.reload(); }
              else if (message === "ok") { hide(); }
              else if (message.indexOf("error\\n") === 0) { show(message.slice(6)); }
            };
            socket.onclose = function () {
              setTimeout(connect, delay);
              delay = Math.min(delay * 2, 5000);
            };
          }
          connect();
        })();

        """
}
