import BuildSupport
import DiaryModel
import Templating

extension TemplateValue {
    /// Feeds the whole value into `hasher`, maps in key order, so equal values hash equally.
    package func fingerprint(into hasher: inout StableHasher) {
        switch self {
        case .string(let text): hasher.combine(1); hasher.combine(text)
        case .int(let number): hasher.combine(2); hasher.combine(number)
        case .double(let number): hasher.combine(3); hasher.combine(number.bitPattern)
        case .bool(let flag): hasher.combine(4); hasher.combine(flag)
        case .date(let date): hasher.combine(5); hasher.combine(date.timeIntervalSince1970.bitPattern)
        case .html(let text): hasher.combine(6); hasher.combine(text)
        case .null: hasher.combine(7)
        case .list(let items):
            hasher.combine(8)
            hasher.combine(items.count)
            for item in items { item.fingerprint(into: &hasher) }
        case .map(let pairs):
            hasher.combine(9)
            hasher.combine(pairs.count)
            for key in pairs.keys.sorted() {
                hasher.combine(key)
                pairs[key]!.fingerprint(into: &hasher)
            }
        }
    }
}
