import DiaryModel
import DiaryReader
import FlyingFox
import FlyingSocks
import Foundation
import SiteBuilder
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `daybook serve`: builds the site, serves the output folder over HTTP, watches the diary,
/// rebuilds on every save, and tells open pages to reload. A build with errors leaves the last
/// good site in place, so it keeps being served while the errors show over the page.
public final class DiaryServer: @unchecked Sendable {
    /// Where to listen and how to build.
    public struct Options: Sendable {
        public var build: SiteBuilder.Options
        /// An IP address; `localhost` means 127.0.0.1.
        public var host: String
        /// 0 picks a free port.
        public var port: UInt16
        public var watching: DiaryWatcher.Mechanism
        /// Quiet time after a save before rebuilding.
        public var debounce: TimeInterval
        /// Print each build's steps with their times (`serve -v`).
        public var verbose: Bool

        public init(build: SiteBuilder.Options = .init(), host: String = "127.0.0.1", port: UInt16 = 4000,
                    watching: DiaryWatcher.Mechanism = .preferred, debounce: TimeInterval = 0.04, verbose: Bool = false) {
            self.build = build
            self.host = host
            self.port = port
            self.watching = watching
            self.debounce = debounce
            self.verbose = verbose
        }
    }

    /// Where the server's lines go: results to `out`, diagnostics to `err`, and progress lines
    /// of the first build to `progress` (nil when that build is done).
    public struct Console: Sendable {
        public var out: @Sendable (String) -> Void
        public var err: @Sendable (String) -> Void
        public var progress: @Sendable (String?) -> Void

        public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                    progress: @escaping @Sendable (String?) -> Void = { _ in }) {
            self.out = out
            self.err = err
            self.progress = progress
        }

        /// Says nothing (for tests).
        public static let silent = Console(out: { _ in }, err: { _ in })
    }

    public let root: URL
    public let options: Options
    private let console: Console
    private let builder: SiteBuilder
    private let site: ServedSite
    private let live = LiveReload()
    private var rebuilds: RebuildQueue!
    private var watcher: DiaryWatcher?
    private var server: HTTPServer?
    private var serverTask: Task<Void, Never>?
    private var isFirstBuild = true
    /// The first build found the site up to date and loaded nothing: the next one goes through
    /// every step anyway, so that the first save is as quick as the others.
    private var needsWarmUp = false
    /// What builds in this process keep for the next one, and the files changed since the last.
    private let session = BuildSession()
    private let changes = PendingChanges()
    private var isBroken = false
    private var refusal: BuildError?

    /// The site's address once listening, such as `http://127.0.0.1:4000/diary/`.
    public var url: URL? {
        site.port.map { URL(string: "http://\(hostAndPort($0))\(site.basePath)")! }
    }

    public init(root: URL, options: Options = .init(), console: Console = .silent) {
        self.root = root
        self.options = options
        self.console = console
        builder = SiteBuilder(root: root)
        site = ServedSite(output: builder.outputFolder(options.build), basePath: Self.basePath(root: root) ?? "/")
        rebuilds = RebuildQueue(whenIdle: { [unowned self] in self.saveBuildCache() }) { [unowned self] in self.rebuild() }
    }

    /// The output folder served.
    public var output: URL { builder.outputFolder(options.build) }

    /// How many pages are connected for live reload.
    public var connectedPages: Int { live.clientCount }

    // MARK: - Starting and stopping

    /// Listens, starts watching, builds once, and returns the site's address. A first build with
    /// content errors still serves (the errors show over the page until they are fixed); a
    /// refused output folder, a bad host or a busy port throws `ServeError`.
    @discardableResult
    public func start() async throws -> URL {
        let address = try Self.socketAddress(host: options.host, port: options.port)
        let server = HTTPServer(config: .init(address: address, timeout: 30, logger: .disabled),
                                handler: SiteHandler(site: site, live: live))
        let failure = FailureBox()
        serverTask = Task {
            do { try await server.run() } catch { failure.set(error) }
        }
        let deadline = Date().addingTimeInterval(10)
        while await !server.isListening {
            if let error = failure.error {
                serverTask = nil
                throw ServeError.cannotListen(address: hostAndPort(options.port), reason: Self.reason(error))
            }
            guard Date() < deadline else {
                serverTask?.cancel()
                serverTask = nil
                throw ServeError.cannotListen(address: hostAndPort(options.port), reason: "timed out")
            }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        self.server = server
        switch await server.listeningAddress {
        case .ip4(_, let bound), .ip6(_, let bound): site.port = bound
        default: site.port = options.port
        }
        if let port = site.port { ListeningSocket.disableNagle(port: port) }

        let watcher = DiaryWatcher(root: root, mechanism: options.watching, debounce: options.debounce) { [weak self] paths in
            self?.changes.add(paths)
            self?.rebuilds.request()
        }
        do {
            try watcher.start()
        } catch {
            await stopServer()
            throw ServeError.cannotWatch("\(error)")
        }
        self.watcher = watcher

        rebuilds.start()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in rebuilds.request { done.resume() } }
        if let refusal {
            await stop()
            throw ServeError.refusedOutput(refusal.description)
        }
        let url = self.url!
        console.out("Serving \(output.path) at \(url.absoluteString) (Ctrl-C to stop)")
        if ["0.0.0.0", "::", "[::]"].contains(options.host) {
            console.err("warning: listening on every network interface: anyone who can reach this machine can read the diary")
        }
        return url
    }

    /// Stops watching, closes the live sockets, stops listening, lets a running build finish and
    /// saves the build cache.
    public func stop() async {
        watcher?.stop()
        watcher = nil
        live.closeAll()
        await stopServer()
        rebuilds.stop()
    }

    private func stopServer() async {
        // FlyingFox's accept loop does not end when its socket closes; a short grace lets the
        // live sockets' goodbye frames go out before the server task is cancelled.
        if let server { await server.stop(timeout: 0.1) }
        serverTask?.cancel()
        await serverTask?.value
        server = nil
        serverTask = nil
    }

    /// Starts, serves until SIGINT (Ctrl-C) or SIGTERM, then stops cleanly. Blocks the calling thread.
    public func runUntilInterrupted() throws {
        signal(SIGPIPE, SIG_IGN)
        let started = BlockingResult<URL>()
        Task {
            do { started.set(.success(try await self.start())) } catch { started.set(.failure(error)) }
        }
        _ = try started.wait().get()

        let interrupted = DispatchSemaphore(value: 0)
        let signals = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            var count = 0
            source.setEventHandler {
                count += 1
                // A second Ctrl-C does not wait for a build to finish.
                if count > 1 { exit(130) }
                interrupted.signal()
            }
            source.resume()
            return source
        }
        interrupted.wait()
        let stopped = BlockingResult<Void>()
        Task {
            await self.stop()
            stopped.set(.success(()))
        }
        _ = try? stopped.wait().get()
        signals.forEach { $0.cancel() }
    }

    // MARK: - Building

    /// One build, on the rebuild thread: prints its result and tells the open pages.
    private func rebuild() {
        let first = isFirstBuild
        isFirstBuild = false
        let report: SiteBuilder.Report
        // The first build looks at everything; later ones at what the watcher saw change.
        let changedPaths = changes.take()
        let warmUp = needsWarmUp
        needsWarmUp = false
        do {
            report = try builder.build(options.build, session: session, changedPaths: first || warmUp ? nil : changedPaths,
                                       evenWhenUnchanged: warmUp, progress: first ? { self.console.progress($0) } : { _ in })
            if first { console.progress(nil) }
        } catch let error as BuildError {
            if first { console.progress(nil) }
            if first && error.isUsage {
                refusal = error
                return
            }
            fail("error: \(error.description)")
            return
        } catch {
            if first { console.progress(nil) }
            fail("error: \(error)")
            return
        }
        if first, !report.hasErrors, report.steps.map(\.step) == [.checkForChanges] {
            needsWarmUp = true
            rebuilds.request()
        }
        if warmUp, !report.hasErrors, report.writtenPaths.isEmpty, report.deletedPaths.isEmpty {
            // Nothing changed while it ran: it only loaded the diary, and says nothing.
            if options.verbose {
                for timing in report.steps { console.err(timing.line) }
            }
            return
        }
        for diagnostic in report.diagnostics { console.err(diagnostic.description) }
        if options.verbose {
            for timing in report.steps { console.err(timing.line) }
        }
        if report.hasErrors {
            console.err(report.summary)
            isBroken = true
            let text = (report.diagnostics.map(\.description) + ["", report.summary]).joined(separator: "\n")
            live.broadcast(.error(text))
            return
        }
        console.out(report.summary)
        // Only a good build moves the site: a failed one left the output built for the old base_url.
        if report.baseURL != site.basePath {
            let basePath = report.baseURL
            site.basePath = basePath
            if !first, let url {
                console.out("The site moved to \(url.absoluteString) (base_url in \(ConfigLoader.fileName))")
            }
        }
        if !report.writtenPaths.isEmpty || !report.deletedPaths.isEmpty {
            live.broadcast(.reload)
        } else if isBroken {
            live.broadcast(.ok)
        }
        isBroken = false
    }

    /// Saves what the last build left for the command line, once the diary has been quiet for a
    /// moment (`RebuildQueue`) or serve stops; a next build would save it first anyway.
    private func saveBuildCache() {
        do {
            try session.saveState()
        } catch {
            console.err("warning: cannot save the build cache: \(error)")
        }
    }

    private func fail(_ message: String) {
        console.err(message)
        isBroken = true
        live.broadcast(.error(message))
    }

    // MARK: - Addresses

    /// The `base_url` of daybook.yml, or nil when it cannot be read (the last one stays in use).
    static func basePath(root: URL) -> String? {
        let path = root.appendingPathComponent(ConfigLoader.fileName).path
        guard let data = FileManager.default.contents(atPath: path) else {
            return FileManager.default.fileExists(atPath: path) ? nil : "/"
        }
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        let (config, diagnostics) = ConfigLoader.load(text)
        return diagnostics.contains(where: \.isError) ? nil : config.baseURL
    }

    static func socketAddress(host: String, port: UInt16) throws -> any SocketAddress {
        let literal = host == "localhost" ? "127.0.0.1" : host
        if literal.contains(":") {
            guard let address = try? sockaddr_in6.inet6(ip6: literal, port: port) else { throw ServeError.invalidHost(host) }
            return address
        }
        guard let address = try? sockaddr_in.inet(ip4: literal, port: port) else { throw ServeError.invalidHost(host) }
        return address
    }

    private func hostAndPort(_ port: UInt16) -> String {
        options.host.contains(":") ? "[\(options.host)]:\(port)" : "\(options.host):\(port)"
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? SocketError, case .failed(_, let errno, let message) = error {
            return errno == EADDRINUSE ? "the address is already in use" : message
        }
        return "\(error)"
    }
}

/// The error a background task ended with.
private final class FailureBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?
    var error: (any Error)? { lock.withLock { stored } }
    func set(_ error: any Error) { lock.withLock { stored = error } }
}

/// A result handed from a task to a waiting thread.
private final class BlockingResult<Value>: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var result: Result<Value, any Error>?
    func set(_ result: Result<Value, any Error>) {
        self.result = result
        ready.signal()
    }
    func wait() -> Result<Value, any Error> {
        ready.wait()
        return result!
    }
}
