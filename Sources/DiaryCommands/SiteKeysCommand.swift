import Foundation
import SiteBuilder
import SiteEncryption

/// `daybook keys`: the key slots of an encrypted site (SPEC §8). Every change opens the site key
/// with the current password (or a recovery key), then builds the site into the output folder
/// with the new slots, which rewrites the unlock page and nothing else (a rotation rewrites
/// everything), and keeps the record in `.daybook/` once that build has published them.
public struct SiteKeysCommand {
    public var root: URL
    /// The output folder (default Output/).
    public var output: URL?
    public var passwords: PasswordSource

    public init(root: URL, output: URL? = nil, passwords: PasswordSource = PasswordSource()) {
        self.root = root
        self.output = output
        self.passwords = passwords
    }

    /// What a change printed, and the build that published it.
    public struct Outcome {
        /// For standard output: what the person must see (a recovery key) and the build's summary.
        public var lines: [String] = []
        /// For standard error: what changed.
        public var notes: [String] = []
        public var report: SiteBuilder.Report
    }

    private var builder: SiteBuilder { SiteBuilder(root: root) }

    // MARK: - list

    /// One line a slot: id, kind, label, when added.
    public func list() throws -> [String] {
        let listed = try opened { try builder.keySlots(output: output) }
        guard let slots = listed else { throw CommandError(KeySlotError.noEncryptedSite.description) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let rows = [["ID", "KIND", "LABEL", "ADDED"]] + slots.map { [$0.id, $0.kind, $0.label, $0.added.map(formatter.string(from:)) ?? "-"] }
        let widths = (0..<3).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[3]
        }
    }

    // MARK: - Changes

    /// A new password: the password slot is wrapped anew; the old password opens nothing.
    public func changePassword() throws -> Outcome {
        let current = try currentKeys().keys
        let changed = try opened { try current.changingPassword(to: passwords.newPassword()) }
        return try publish(changed, notes: ["Changed the password: the old one no longer opens the site once the unlock page is published."])
    }

    /// A new recovery key, printed once.
    public func addRecoveryKey(label: String?) throws -> Outcome {
        let added = try opened { try currentKeys().keys.addingRecoveryKey(label: label) }
        var outcome = try publish(added.change, notes: ["Added key slot \(added.slotID) (recovery)."])
        outcome.lines.insert(contentsOf: [
            "Recovery key (shown once; write it down and keep it apart from the password):",
            "",
            "    \(added.recoveryKey.text)",
            "",
        ], at: 0)
        return outcome
    }

    /// A passkey slot from the code a reader's page showed.
    public func addPasskey(code: PasskeyCode, label: String?) throws -> Outcome {
        let added = try opened { try currentKeys().keys.adding(code, label: label) }
        return try publish(added.change, notes: ["Added key slot \(added.slotID) (passkey): the passkey opens the site on every device it is synced to."])
    }

    /// Removes slot `id`.
    public func remove(slot id: String) throws -> Outcome {
        let current = try currentKeys().keys
        let label = current.label(of: id)
        let changed = try opened { try current.removing(slot: id) }
        return try publish(changed, notes: ["Removed key slot \(id)\(label.map { " (\($0))" } ?? ""): it no longer opens the site once the unlock page is published."])
    }

    /// A new site key: every published file changes. The password stays, unless the keys were
    /// opened with a recovery key: then the new key's password is asked as `password` asks it.
    public func rotate() throws -> Outcome {
        let (current, secret) = try currentKeys()
        let password = current.openedWithPassword ? secret : try opened { try passwords.newPassword() }
        let rotated = try opened { try current.rotated(password: password) }
        var notes = ["Made a new site key: every published file changes, and no device, copy or key slot of the old one opens the site "
                     + "once it is deployed. \(current.openedWithPassword ? "The same password opens it." : "The new password opens it.")"]
        for slot in rotated.dropped {
            notes.append("Dropped key slot \(slot.id) (passkey, \(slot.label)): unlock in the browser and add the passkey again.")
        }
        var outcome = try publish(rotated.change, notes: notes)
        if let recoveryKey = rotated.recoveryKey {
            outcome.lines.insert(contentsOf: [
                "New recovery key (the old one opens nothing now; shown once, write it down):",
                "",
                "    \(recoveryKey.text)",
                "",
            ], at: 0)
        }
        return outcome
    }

    // MARK: - Helpers

    /// The current keys, opened with the password (or recovery key) asked once, and that password.
    private func currentKeys() throws -> (keys: KeySlotChange, password: String) {
        try opened {
            let password = try passwords.password(confirming: false)
            return (try builder.currentKeys(password: password, output: output), password)
        }
    }

    private func publish(_ change: KeySlotChange, notes: [String]) throws -> Outcome {
        let report = try opened { try builder.publish(change, options: SiteBuilder.Options(output: output)) }
        guard !report.hasErrors else {
            throw CommandError("the site could not be built, so the key slots were not changed:\n"
                + report.diagnostics.filter(\.isError).map(\.description).joined(separator: "\n"))
        }
        return Outcome(lines: [report.summary], notes: notes, report: report)
    }

    /// Runs `body`, turning the build's and the keys' errors into command errors (exit 1).
    private func opened<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as SiteEncryptionError {
            throw CommandError(error.description)
        } catch let error as BuildError {
            throw CommandError(error.message, isUsage: error.isUsage, location: error.location)
        } catch let error as KeySlotError {
            throw CommandError(error.description)
        }
    }
}
