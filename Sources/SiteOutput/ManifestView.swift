import BuildSupport
import DiaryModel

/// What the last build wrote into the output folder (output path → fingerprint), as a build looks
/// it up: the manifest as the build cache saved it, found by path through an index of its lines
/// (`Manifest.Index`), or a dictionary (a session's, an encrypted build's site view). An edit's
/// build looks up a few dozen paths of a manifest of hundreds of thousands: making a string of
/// each path, as a dictionary would, costs more than the rest of the lookups together.
package struct ManifestView: Sendable {
    private enum Storage: Sendable {
        case saved(Manifest, Manifest.Index)
        case dictionary([String: String])
    }

    private let storage: Storage

    package init(_ manifest: Manifest) {
        storage = .saved(manifest, manifest.makeIndex())
    }

    package init(_ entries: [String: String]) {
        storage = .dictionary(entries)
    }

    package subscript(path: String) -> String? {
        switch storage {
        case .saved(let manifest, let index): return manifest.line(of: path, in: index).map(manifest.fingerprint(ofLine:))
        case .dictionary(let entries): return entries[path]
        }
    }

    package func contains(_ path: String) -> Bool {
        switch storage {
        case .saved(let manifest, let index): return manifest.line(of: path, in: index) != nil
        case .dictionary(let entries): return entries[path] != nil
        }
    }

    package var count: Int {
        switch storage {
        case .saved(let manifest, _): return manifest.count
        case .dictionary(let entries): return entries.count
        }
    }

    /// Every path, in no particular order.
    package var paths: [String] {
        switch storage {
        case .saved(let manifest, _): return (0..<manifest.count).map(manifest.path(ofLine:))
        case .dictionary(let entries): return Array(entries.keys)
        }
    }

    /// The paths that begin with `prefix`.
    package func paths(withPrefix prefix: String) -> [String] {
        switch storage {
        case .saved(let manifest, _): return manifest.paths(withPrefix: prefix)
        case .dictionary(let entries): return entries.keys.filter { $0.hasPrefix(prefix) }
        }
    }

    /// The paths whose hash (`StableHasher.hash` of the path) `keep` accepts: of a saved manifest,
    /// strings are made of those paths only.
    package func paths(whereHash keep: (UInt64) -> Bool) -> [String] {
        switch storage {
        case .saved(let manifest, let index):
            return index.hashes.indices.compactMap { keep(index.hashes[$0]) ? manifest.path(ofLine: $0) : nil }
        case .dictionary(let entries):
            return entries.keys.filter { keep(StableHasher.hash($0)) }
        }
    }

    /// The index of a saved manifest's lines.
    package var savedIndex: Manifest.Index? {
        if case .saved(_, let index) = storage { return index }
        return nil
    }

    /// Output path → fingerprint, made whole.
    package var entries: [String: String] {
        switch storage {
        case .saved(let manifest, _): return manifest.entries()
        case .dictionary(let entries): return entries
        }
    }
}
