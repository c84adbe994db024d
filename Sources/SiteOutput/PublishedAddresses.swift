import BuildSupport
import DiaryModel
import SitePages

/// The file of the build cache that holds, of an encrypted output, each published path's
/// address, with the id of the keys the paths were made with (`OutputEncryption.keyID`).
package struct PublishedAddresses: CacheRecord, Equatable {
    package static var file: BuildCache.File { .publishedAddresses }

    var keyID: [UInt8]
    /// Published path → address.
    package var byPublishedPath: [String: String]

    package init(keyID: [UInt8], byPublishedPath: [String: String]) {
        self.keyID = keyID
        self.byPublishedPath = byPublishedPath
    }

    /// The keys' id, then each path and its address, in no particular order.
    package func write(into writer: inout BinaryWriter) {
        writer.write(rawBytes: keyID)
        writer.write(byPublishedPath.count)
        for (published, address) in byPublishedPath {
            writer.write(published)
            writer.write(address)
        }
    }

    package init?(reading reader: inout BinaryReader) {
        guard let keyID = reader.rawBytes(), let count = reader.int(), count >= 0, count <= reader.remainingCount / 16 else { return nil }
        var byPublishedPath: [String: String] = [:]
        byPublishedPath.reserveCapacity(count)
        for _ in 0..<count {
            guard let published = reader.string(), let address = reader.string() else { return nil }
            byPublishedPath[published] = address
        }
        self.init(keyID: keyID, byPublishedPath: byPublishedPath)
    }
}
