/// A front-matter value Daybook has no field for (`weather: sunny`), kept for templates.
public indirect enum MetadataValue: Hashable, Sendable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case list([MetadataValue])
    case map([String: MetadataValue])
}
