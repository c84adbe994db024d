import BuildSupport
import DiaryModel
import Foundation
import SiteEncryption
import SiteOutput

/// The diary's record of its encrypted site's key slots (`.daybook/key-slots.bin`): the slots as
/// the unlock page publishes them, with what is not published, each slot's label and the date it
/// was added, for `daybook keys list`. Never a password, a recovery key or the site key.
///
/// The published unlock page holds the same slots (not the labels), so a diary whose `.daybook/`
/// is gone still opens its site key from the output folder; its slots are then listed under
/// their kinds' names, with no date.
struct KeySlotRecord: CacheRecord, Equatable {
    static var file: BuildCache.File { .keySlots }

    /// What is not published of a slot.
    struct Note: Equatable {
        var label: String
        /// Seconds since 1970; nil when not known (slots read back from a published page).
        var added: Int?
    }

    var published: KeySlots
    /// By slot id.
    var notes: [String: Note]

    init(published: KeySlots, notes: [String: Note]) {
        self.published = published
        self.notes = notes.filter { id, _ in published.slot(id) != nil }
    }

    /// The record of slots read back from a published page: labels are the kinds' names.
    init(readBack published: KeySlots) {
        self.init(published: published, notes: [:])
    }

    /// A slot's label: its own, else its kind's name.
    func label(of slot: KeySlot) -> String {
        notes[slot.id]?.label ?? slot.kind.name
    }

    /// The record of `keys`' slots, keeping the notes of the slots that stay and giving `added`
    /// ones (id → label) the date `now`.
    func updated(to keys: SiteKeys, adding added: [String: String] = [:], now: Date = Date()) -> KeySlotRecord {
        var notes = self.notes
        for (id, label) in added { notes[id] = Note(label: label, added: Int(now.timeIntervalSince1970)) }
        return KeySlotRecord(published: keys.published, notes: notes)
    }

    // MARK: - Coding

    func write(into writer: inout BinaryWriter) {
        writer.write(rawBytes: published.keyID)
        writer.write(published.slots.count)
        for slot in published.slots {
            writer.write(slot.id)
            writer.write(rawBytes: slot.wrapped)
            switch slot.kind {
            case .password(let salt, let iterations):
                writer.write("password")
                writer.write(rawBytes: salt)
                writer.write(iterations)
            case .recovery(let salt):
                writer.write("recovery")
                writer.write(rawBytes: salt)
            case .passkey(let credential, let salt):
                writer.write("passkey")
                writer.write(rawBytes: salt)
                writer.write(rawBytes: credential)
            }
            writer.write(optional: notes[slot.id]?.label)
            writer.write(optional: notes[slot.id]?.added)
        }
    }

    init?(reading reader: inout BinaryReader) {
        guard let keyID = reader.rawBytes(), let count = reader.int(), count >= 0, count <= reader.remainingCount else { return nil }
        var slots: [KeySlot] = []
        var notes: [String: Note] = [:]
        for _ in 0..<count {
            guard let id = reader.string(), let wrapped = reader.rawBytes(), let kindName = reader.string(),
                  let salt = reader.rawBytes() else { return nil }
            let kind: KeySlot.Kind
            switch kindName {
            case "password":
                guard let iterations = reader.int() else { return nil }
                kind = .password(salt: salt, iterations: iterations)
            case "recovery":
                kind = .recovery(salt: salt)
            case "passkey":
                guard let credential = reader.rawBytes() else { return nil }
                kind = .passkey(credential: credential, salt: salt)
            default:
                return nil
            }
            guard let label = reader.optionalString(), let added = reader.optionalInt() else { return nil }
            slots.append(KeySlot(id: id, kind: kind, wrapped: wrapped))
            if let label { notes[id] = Note(label: label, added: added) }
        }
        self.init(published: KeySlots(keyID: keyID, slots: slots), notes: notes)
    }
}
