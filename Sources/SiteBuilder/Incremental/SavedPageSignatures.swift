import BuildSupport
import DiaryModel
import SiteOutput

/// The file of the build cache that holds each page's signature (`PageSignatureTable`) and the
/// plan the pages were signed with (`SavedPagePlan`), when the build kept one.
struct SavedPageSignatures: CacheRecord, Equatable {
    static var file: BuildCache.File { .pageSignatures }

    var signatures: PageSignatureTable
    var plan: SavedPagePlan?

    func write(into writer: inout BinaryWriter) {
        // Two numbers a page, then the plan: sized once, not grown by doubling.
        writer.reserveCapacity(8 + signatures.count * 16 + 1
                               + (plan.map { 8 * $0.versions.count + 4 * ($0.pageStarts.count + $0.pagePositions.count) + 64 } ?? 0))
        signatures.write(into: &writer)
        writer.write(plan != nil)
        plan?.write(into: &writer)
    }

    init(signatures: PageSignatureTable, plan: SavedPagePlan?) {
        self.signatures = signatures
        self.plan = plan
    }

    init?(reading reader: inout BinaryReader) {
        guard let signatures = PageSignatureTable(reading: &reader), let hasPlan = reader.bool() else { return nil }
        self.signatures = signatures
        guard hasPlan else { return }
        guard let plan = SavedPagePlan(reading: &reader) else { return nil }
        self.plan = plan
    }
}
