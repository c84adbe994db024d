import DiaryModel
import Foundation
import SiteEncryption
import SiteOutput

/// One slot as `daybook keys list` shows it.
public struct ListedKeySlot: Equatable, Sendable {
    public var id: String
    /// `password`, `recovery` or `passkey`.
    public var kind: String
    public var label: String
    /// When it was added; nil when not known (slots read back from the unlock page).
    public var added: Date?
}

/// A change to an encrypted site's key slots, worked out but not yet published: the keys to
/// build with, and the record the diary keeps once the build has published them.
public struct KeySlotChange: Sendable {
    /// The keys to build the site with: the same site key with other slots, or a new site key.
    public let keys: SiteKeys
    let record: KeySlotRecord
    /// Whether the secret that opened the keys was the password (not a recovery key).
    public var openedWithPassword = false
}

extension SiteBuilder {
    /// The encrypted site's key slots, for `daybook keys list`: from the diary's record, else from
    /// the unlock page in `output` (default Output/); nil when the diary has no site in key slots.
    public func keySlots(output: URL? = nil) throws -> [ListedKeySlot]? {
        guard case .slots(let record, _) = try knownKeys(output: output) else { return nil }
        return record.published.slots.map { slot in
            ListedKeySlot(id: slot.id, kind: slot.kind.name, label: record.label(of: slot),
                          added: record.notes[slot.id]?.added.map { Date(timeIntervalSince1970: TimeInterval($0)) })
        }
    }

    /// The current keys and record, opened with `password` (or a recovery key), for a change of
    /// the slots. A site not yet in key slots is refused: its next build moves it.
    public func currentKeys(password: String, output: URL? = nil) throws -> KeySlotChange {
        switch try knownKeys(output: output) {
        case .slots(let record, _):
            guard let opened = try SiteKeys.opening(record.published, with: password) else {
                throw BuildError.wrongPassword
            }
            var change = KeySlotChange(keys: opened.keys, record: record)
            if case .password = opened.slot.kind { change.openedWithPassword = true }
            return change
        case .passwordDerived:
            throw KeySlotError.notYetInSlots
        case .unverifiable(let folder):
            throw BuildError.unverifiableEncryptedSite(folder)
        case .none:
            throw KeySlotError.noEncryptedSite
        }
    }

    /// Publishes `change`: builds the site with its keys into `options`' output folder and, once the
    /// build has written it, keeps the new record. A build with errors publishes nothing and keeps
    /// the record as it was, so the published slots and the record never part.
    public func publish(_ change: KeySlotChange, options: Options, progress: (String) -> Void = { _ in }) throws -> Report {
        var options = options
        options.encryption = change.keys
        let report = try build(options, progress: progress)
        if !report.hasErrors && !options.dryRun { try KeySlotStore(root: root).save(change.record) }
        return report
    }
}

extension KeySlotChange {
    /// The same site key, `password` in the password slot.
    public func changingPassword(to password: String) throws -> KeySlotChange {
        try changed(to: keys.changingPassword(to: password))
    }

    /// The same site key with a new recovery slot labelled `label`, and its key (to print once).
    public func addingRecoveryKey(label: String?) throws -> (change: KeySlotChange, recoveryKey: RecoveryKey, slotID: String) {
        let added = try keys.addingRecoveryKey()
        return (try changed(to: added.keys, adding: [added.slotID: label ?? "recovery"]), added.recoveryKey, added.slotID)
    }

    /// The same site key with a passkey slot from a reader's code.
    public func adding(_ code: PasskeyCode, label: String?) throws -> (change: KeySlotChange, slotID: String) {
        let added = try keys.adding(code)
        return (try changed(to: added.keys, adding: [added.slotID: label ?? "passkey"]), added.slotID)
    }

    /// The same site key without slot `id`.
    public func removing(slot id: String) throws -> KeySlotChange {
        try changed(to: keys.removing(slot: id))
    }

    /// A new site key in a password slot for `password`; a new recovery key in place of the old
    /// ones when there were any (returned, to print once). Passkey slots are dropped: a passkey
    /// can wrap the new key only in the reader's browser.
    public func rotated(password: String) throws -> (change: KeySlotChange, recoveryKey: RecoveryKey?, dropped: [ListedKeySlot]) {
        var rotated = try changed(to: keys.rotated(password: password))
        var recoveryKey: RecoveryKey?
        let recoverySlots = keys.slots.filter { if case .recovery = $0.kind { return true } else { return false } }
        if let first = recoverySlots.first {
            let added = try rotated.addingRecoveryKey(label: record.label(of: first))
            rotated = added.change
            recoveryKey = added.recoveryKey
        }
        let dropped = keys.slots.filter { if case .passkey = $0.kind { return true } else { return false } }
            .map { ListedKeySlot(id: $0.id, kind: $0.kind.name, label: record.label(of: $0), added: nil) }
        return (rotated, recoveryKey, dropped)
    }

    /// Labels of the slots of the record, by id.
    public func label(of id: String) -> String? {
        keys.slots.first { $0.id == id }.map(record.label(of:))
    }

    private func changed(to keys: SiteKeys, adding added: [String: String] = [:]) throws -> KeySlotChange {
        var added = added
        // A slot made anew under an id it had (the password slot) keeps its label and is dated now.
        for slot in keys.slots where !self.keys.slots.contains(slot) && added[slot.id] == nil {
            added[slot.id] = record.label(of: slot)
        }
        return KeySlotChange(keys: keys, record: record.updated(to: keys, adding: added))
    }
}

/// Why the key slots cannot be changed.
public enum KeySlotError: Error, Equatable, CustomStringConvertible {
    /// The diary has no encrypted site.
    case noEncryptedSite
    /// The site was built by a release before key slots, and no build has moved it yet.
    case notYetInSlots

    public var description: String {
        switch self {
        case .noEncryptedSite:
            return "this diary has no encrypted site (no record in .daybook/ and no unlock page in the output folder); "
                + "build one with `daybook build --encrypt`"
        case .notYetInSlots:
            return "the encrypted site was built by an earlier Daybook, whose keys came from the password; "
                + "run `daybook build --encrypt` once to move it to key slots, then change them"
        }
    }
}
