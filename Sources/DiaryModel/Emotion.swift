/// A feeling an entry can be filed under. Configured in `daybook.yml`, or made on the fly
/// for an unknown emotion value (then `isConfigured` is false).
public struct Emotion: Hashable, Sendable {
    public var id: String
    public var label: String
    public var emoji: String
    /// A CSS colour such as `#f5c542`.
    public var color: String
    public var aliases: [String]
    public var isConfigured: Bool

    public init(id: String, label: String, emoji: String, color: String, aliases: [String] = [], isConfigured: Bool = true) {
        self.id = id
        self.label = label
        self.emoji = emoji
        self.color = color
        self.aliases = aliases
        self.isConfigured = isConfigured
    }

    /// The eight emotions a new diary starts with (SPEC §1).
    public static let defaults: [Emotion] = [
        Emotion(id: "happy", label: "Happy", emoji: "😊", color: "#f5c542", aliases: ["joy", "glad"]),
        Emotion(id: "sad", label: "Sad", emoji: "😢", color: "#5b8def", aliases: ["down", "unhappy"]),
        Emotion(id: "angry", label: "Angry", emoji: "😠", color: "#e5534b", aliases: ["mad", "annoyed"]),
        Emotion(id: "anxious", label: "Anxious", emoji: "😰", color: "#a371f7", aliases: ["worried", "nervous"]),
        Emotion(id: "calm", label: "Calm", emoji: "😌", color: "#3fb68b", aliases: ["peaceful", "relaxed"]),
        Emotion(id: "grateful", label: "Grateful", emoji: "🙏", color: "#f0883e", aliases: ["thankful"]),
        Emotion(id: "tired", label: "Tired", emoji: "😴", color: "#8b949e", aliases: ["exhausted", "sleepy"]),
        Emotion(id: "excited", label: "Excited", emoji: "🤩", color: "#db61a2", aliases: ["thrilled"]),
    ]

    /// The emotion an entry gets for a name the configuration does not know: its own id, the
    /// name as written for a label, and a neutral look.
    public static func placeholder(id: String, label: String? = nil) -> Emotion {
        Emotion(id: id, label: label ?? id, emoji: "•", color: "#9aa0a6", isConfigured: false)
    }

    /// Colours given in turn to emotions that do not set one.
    public static let palette = ["#f5c542", "#5b8def", "#e5534b", "#a371f7", "#3fb68b", "#f0883e", "#8b949e", "#db61a2"]
}
