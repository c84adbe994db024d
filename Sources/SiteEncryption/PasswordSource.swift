import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an encrypted build's password comes from: the `DAYBOOK_PASSWORD` environment variable,
/// else the terminal, typed without echo, twice when the diary is encrypted for the first time (a
/// typo then would lock the diary's site for good). Never a flag, which other users of the machine
/// can see in the process list, nor a file; and never stored.
public struct PasswordSource {
    public static let environmentVariable = "DAYBOOK_PASSWORD"
    /// Where `daybook keys password` reads the new password from, before asking.
    public static let newPasswordVariable = "DAYBOOK_NEW_PASSWORD"

    /// Shows a prompt and reads one line without echo; nil when there is no terminal.
    public typealias Terminal = (_ prompt: String) -> String?

    public var environment: [String: String]
    public var terminal: Terminal

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                terminal: @escaping Terminal = PasswordSource.readWithoutEcho) {
        self.environment = environment
        self.terminal = terminal
    }

    /// The password; asked twice from the terminal when `confirming`.
    public func password(confirming: Bool) throws -> String {
        if let password = environment[Self.environmentVariable] {
            guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
            return password
        }
        guard let password = terminal("Password for the encrypted site: ") else { throw SiteEncryptionError.noPassword }
        guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
        if confirming {
            guard terminal("The same password again: ") == password else { throw SiteEncryptionError.passwordsDiffer }
        }
        return password
    }

    /// The new password of `daybook keys password`: `DAYBOOK_NEW_PASSWORD`, else asked twice.
    public func newPassword() throws -> String {
        if let password = environment[Self.newPasswordVariable] {
            guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
            return password
        }
        guard let password = terminal("New password for the encrypted site: ") else { throw SiteEncryptionError.noNewPassword }
        guard !password.isEmpty else { throw SiteEncryptionError.emptyPassword }
        guard terminal("The same new password again: ") == password else { throw SiteEncryptionError.passwordsDiffer }
        return password
    }

    /// Reads a line from the controlling terminal with echo turned off, restoring it after, and
    /// before the process ends if a signal interrupts the prompt (`EchoRestoringSignals`).
    public static func readWithoutEcho(prompt: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        return EchoRestoringSignals.whileRunning({ () -> String? in
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            guard tcsetattr(tty, TCSANOW, &silent) == 0 else { return nil }
            _ = write(tty, prompt, prompt.utf8.count)
            defer {
                _ = tcsetattr(tty, TCSANOW, &saved)
                _ = write(tty, "\n", 1)
            }
            return readLine(from: tty)
        }, restoring: saved, of: tty)
    }

    /// One line from `descriptor`, without its end.
    private static func readLine(from descriptor: Int32) -> String {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n") {
            if byte != UInt8(ascii: "\r") { line.append(byte) }
        }
        return String(decoding: line, as: UTF8.self)
    }
}
