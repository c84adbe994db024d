import Foundation

/// The ways into an encrypted site as its unlock page publishes them: the site key's id and its
/// slots. Everything here is public, and none of it opens the site without a slot's secret.
public struct KeySlots: Equatable, Sendable {
    /// The site key's id (`SiteKeys.keyID`): which site key the slots wrap.
    public var keyID: [UInt8]
    /// In the order they were added.
    public var slots: [KeySlot]

    public init(keyID: [UInt8], slots: [KeySlot]) {
        self.keyID = keyID
        self.slots = slots
    }

    /// The slot with this id.
    public func slot(_ id: String) -> KeySlot? {
        slots.first { $0.id == id }
    }

    // MARK: - As published

    /// The slots as a JSON array, keys in sorted order, byte strings in base64: the `slots` of
    /// the unlock page's settings (`UnlockPage.settingsJSON`).
    var json: String {
        "[" + slots.map(Self.json(of:)).joined(separator: ",") + "]"
    }

    private static func json(of slot: KeySlot) -> String {
        let base64 = { (bytes: [UInt8]) in "\"\(Data(bytes).base64EncodedString())\"" }
        var fields: [(String, String)] = [("id", "\"\(slot.id)\""), ("kind", "\"\(slot.kind.name)\""), ("wrapped", base64(slot.wrapped))]
        switch slot.kind {
        case .password(let salt, let iterations):
            fields += [("iterations", String(iterations)), ("salt", base64(salt))]
        case .recovery(let salt):
            fields += [("salt", base64(salt))]
        case .passkey(let credential, let salt):
            fields += [("credential", base64(credential)), ("salt", base64(salt))]
        }
        return "{" + fields.sorted { $0.0 < $1.0 }.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// One slot as the settings' JSON holds it.
    struct Published: Decodable {
        var id: String
        var kind: String
        var wrapped: String
        var salt: String
        var iterations: Int?
        var credential: String?
    }

    /// The most rounds a published password slot may ask for: more would hang every build for minutes.
    static let mostIterations = 10_000_000
    /// The longest credential id WebAuthn allows.
    static let longestCredential = 1023

    /// The slots of published settings, or why they cannot be used (a phrase that follows "the
    /// unlock page's settings …").
    static func decoded(keyID text: String, slots published: [Published]) -> Result<KeySlots, SlotProblem> {
        guard let keyID = Data(base64Encoded: text), keyID.count == SiteKeys.keyIDByteCount else {
            return .failure(SlotProblem("hold a site key id that is not \(SiteKeys.keyIDByteCount) bytes of base64: '\(text)'"))
        }
        var slots: [KeySlot] = []
        for slot in published {
            switch decoded(slot) {
            case .success(let decoded): slots.append(decoded)
            case .failure(let problem): return .failure(problem)
            }
        }
        guard !slots.isEmpty else { return .failure(SlotProblem("hold no key slot")) }
        guard Set(slots.map(\.id)).count == slots.count else { return .failure(SlotProblem("hold two key slots with one id")) }
        return .success(KeySlots(keyID: [UInt8](keyID), slots: slots))
    }

    private static func decoded(_ slot: Published) -> Result<KeySlot, SlotProblem> {
        let name = "key slot '\(slot.id)'"
        guard !slot.id.isEmpty, slot.id.count <= 32, slot.id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return .failure(SlotProblem("hold a key slot id that is not up to 32 letters, digits and dashes: '\(slot.id)'"))
        }
        guard let wrapped = Data(base64Encoded: slot.wrapped), wrapped.count == KeyWrap.wrappedByteCount else {
            return .failure(SlotProblem("hold a \(name) whose wrapped key is not \(KeyWrap.wrappedByteCount) bytes of base64"))
        }
        let salt = Data(base64Encoded: slot.salt).map { [UInt8]($0) }
        let kind: KeySlot.Kind
        switch slot.kind {
        case "password":
            guard let salt, salt.count == KeySlot.saltByteCount else {
                return .failure(SlotProblem("hold a \(name) whose salt is not \(KeySlot.saltByteCount) bytes of base64"))
            }
            let iterations = slot.iterations ?? 0
            guard (SiteKeys.iterations...mostIterations).contains(iterations) else {
                return .failure(SlotProblem("hold a \(name) that asks for \(iterations) rounds (from \(SiteKeys.iterations) to \(mostIterations))"))
            }
            kind = .password(salt: salt, iterations: iterations)
        case "recovery":
            guard let salt, salt.count == KeySlot.saltByteCount else {
                return .failure(SlotProblem("hold a \(name) whose salt is not \(KeySlot.saltByteCount) bytes of base64"))
            }
            kind = .recovery(salt: salt)
        case "passkey":
            guard let salt, salt.count == KeySlot.passkeySaltByteCount else {
                return .failure(SlotProblem("hold a \(name) whose salt is not \(KeySlot.passkeySaltByteCount) bytes of base64"))
            }
            guard let credential = slot.credential.flatMap({ Data(base64Encoded: $0) }), (1...longestCredential).contains(credential.count) else {
                return .failure(SlotProblem("hold a \(name) whose credential is not 1 to \(longestCredential) bytes of base64"))
            }
            kind = .passkey(credential: [UInt8](credential), salt: salt)
        default:
            return .failure(SlotProblem("hold a \(name) of the unknown kind '\(slot.kind)' (known: password, recovery, passkey)"))
        }
        return .success(KeySlot(id: slot.id, kind: kind, wrapped: [UInt8](wrapped)))
    }

    /// Why published slots cannot be used.
    struct SlotProblem: Error {
        var phrase: String
        init(_ phrase: String) { self.phrase = phrase }
    }
}
