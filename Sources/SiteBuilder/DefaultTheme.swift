// Generated from Templates/ by scripts/embed-theme.py (`make theme`). Do not edit.

/// The default theme, built into the binary so a diary without Templates/ still builds.
enum DefaultTheme {
    static let files: [String: String] = [:
    ]
}
