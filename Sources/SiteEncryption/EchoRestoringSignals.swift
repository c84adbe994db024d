#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a terminal's settings back when a signal ends the process while a password prompt has
/// echo turned off: without it, Ctrl-C at the prompt leaves the shell typing blind.
///
/// While the prompt is up, SIGINT, SIGTERM, SIGHUP and SIGQUIT (those not ignored) get a handler
/// that restores the saved settings and then raises the signal again with its default action, so
/// the process still ends as the signal says. The handler makes only async-signal-safe calls
/// (`tcsetattr`, `sigaction`, `raise`) and reads only memory set before it was installed.
enum EchoRestoringSignals {
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The terminal and its settings to put back, for the handler: a C struct that no Swift
    /// runtime call is needed to read.
    private struct SavedTerminal {
        var descriptor: Int32 = -1
        var settings = termios()
    }

    private static let saved: UnsafeMutablePointer<SavedTerminal> = {
        let pointer = UnsafeMutablePointer<SavedTerminal>.allocate(capacity: 1)
        pointer.initialize(to: SavedTerminal())
        return pointer
    }()

    /// Runs `body` with the handlers installed for `descriptor`, whose settings were `settings`
    /// before the prompt; the signals' earlier actions are back when it returns.
    static func whileRunning<Result>(_ body: () -> Result, restoring settings: termios, of descriptor: Int32) -> Result {
        saved.pointee = SavedTerminal(descriptor: descriptor, settings: settings)
        let earlier = signals.map(install(for:))
        defer {
            for (signal, action) in zip(signals, earlier) {
                guard var action else { continue }
                sigaction(signal, &action, nil)
            }
        }
        return body()
    }

    /// Installs the handler for `signal` unless it is ignored; returns the action it replaced.
    private static func install(for signal: Int32) -> sigaction? {
        var earlier = sigaction()
        guard sigaction(signal, nil, &earlier) == 0, !isIgnored(earlier) else { return nil }
        var action = sigaction()
        setHandler(&action, restoreAndRaise)
        sigemptyset(&action.sa_mask)
        return sigaction(signal, &action, nil) == 0 ? earlier : nil
    }

    private static let restoreAndRaise: @convention(c) (Int32) -> Void = { signal in
        _ = tcsetattr(saved.pointee.descriptor, TCSANOW, &saved.pointee.settings)
        var action = sigaction()
        setHandler(&action, nil)
        sigaction(signal, &action, nil)
        // Blocked while this handler runs: delivered, with the default action, as it returns.
        raise(signal)
    }

    private static func setHandler(_ action: inout sigaction, _ handler: (@convention(c) (Int32) -> Void)?) {
        #if os(Linux)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if os(Linux)
        let handler = action.__sigaction_handler.sa_handler
        #else
        let handler = action.__sigaction_u.__sa_handler
        #endif
        return handler.map { unsafeBitCast($0, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) } ?? false
    }
}
