import BuildSupport
import DaybookTestSupport
import Foundation
@testable import SiteBuilder
@testable import SiteOutput
import XCTest

/// A site built into memory (`SiteBuilder.Options.memoryOutput`) rather than its output folder:
/// the same files, byte for byte, as a build onto disk, through the same writer, and the folder
/// on disk left as it was.
final class MemoryOutputTests: XCTestCase {
    func testSeoulDiaryBuiltIntoMemoryHoldsTheFilesOfItsBuildOnDisk() throws {
        try assertMemoryBuildMatchesDiskBuild("seoul-diary")
    }

    func testEnglishDiaryBuiltIntoMemoryHoldsTheFilesOfItsBuildOnDisk() throws {
        try assertMemoryBuildMatchesDiskBuild("english-subpath")
    }

    func testPagesStagedInBatchesAreMovedIntoMemoryAndLeaveNoStagedFile() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let memory = MemoryOutput()
        var options = SiteBuilder.Options()
        options.memoryOutput = memory
        options.pageBatchSize = 2
        let report = try buildSite(root, options: options)
        XCTAssertGreaterThan(report.pageCount, 20, "many batches")
        try assertFiles(of: memory, equalDiskBuildOf: "seoul-diary")
        let staging = BuildCache(root: root, output: SiteBuilder(root: root).outputFolder(options), memory: memory).stagingFolder
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging), "staged pages left behind")
    }

    func testAnEntryRemovedBetweenTwoBuildsIntoTheSameMemoryLeavesTheFilesOfAFullBuild() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        let memory = MemoryOutput()
        var options = SiteBuilder.Options()
        options.memoryOutput = memory
        try buildSite(root, options: options)
        let before = memory.files
        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/2025/03/02/new-york-call.md"))
        let report = try buildSite(root, options: options)
        XCTAssertFalse(report.deletedPaths.isEmpty, "the entry's page is removed from memory")
        XCTAssertLessThan(report.writtenPaths.count, before.count, "files whose bytes did not change are not written again")
        try buildSite(root, options: .init(output: root.appendingPathComponent("Fresh")))
        try assertFiles(of: memory, equal: filesBelow(root.appendingPathComponent("Fresh")))
    }

    func testABuildIntoMemoryLeavesItsOutputFolderOnDiskAsItWas() throws {
        let root = try copyOfFixture("seoul-diary", test: self)
        try buildSite(root)
        let onDisk = try filesBelow(root.appendingPathComponent("Output"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/2025/03/02/new-york-call.md"))
        var options = SiteBuilder.Options()
        options.memoryOutput = MemoryOutput()
        try buildSite(root, options: options)
        XCTAssertEqual(try filesBelow(root.appendingPathComponent("Output")), onDisk)
        // The memory build's cache is its own: the folder's next build still finds the entry's page to remove.
        let next = try buildSite(root)
        XCTAssertTrue(next.deletedPaths.contains { $0.contains("new-york-call") }, "deleted: \(next.deletedPaths)")
    }

    func testWritesFromEveryCoreAllLandInMemory() throws {
        let memory = MemoryOutput()
        let paths = (0..<2_000).map { "day/\($0 % 37)/\($0).html" }
        let failures = ParallelMap.map(paths, chunkSize: 8) { path -> Error? in
            do { try memory.write(Array(path.utf8), to: path) } catch { return error }
            return nil
        }
        XCTAssertTrue(failures.allSatisfy { $0 == nil })
        XCTAssertEqual(memory.filePaths().count, paths.count)
        for path in paths { XCTAssertEqual(memory.read(path), Array(path.utf8)) }
        XCTAssertTrue(memory.remove(paths[0]))
        XCTAssertFalse(memory.contains(paths[0]))
    }

    // MARK: - Helpers

    private func assertMemoryBuildMatchesDiskBuild(_ fixture: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let root = try copyOfFixture(fixture, test: self)
        let memory = MemoryOutput()
        var options = SiteBuilder.Options()
        options.memoryOutput = memory
        try buildSite(root, options: options, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Output").path),
                       "a build into memory made its output folder on disk", file: file, line: line)
        try assertFiles(of: memory, equalDiskBuildOf: fixture, file: file, line: line)
    }

    private func assertFiles(of memory: MemoryOutput, equalDiskBuildOf fixture: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let root = try copyOfFixture(fixture, test: self)
        try buildSite(root, file: file, line: line)
        try assertFiles(of: memory, equal: filesBelow(root.appendingPathComponent("Output")), file: file, line: line)
    }

    private func assertFiles(of memory: MemoryOutput, equal disk: [String: Data],
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let inMemory = memory.files
        XCTAssertFalse(disk.isEmpty, file: file, line: line)
        XCTAssertEqual(inMemory.keys.sorted(), disk.keys.sorted(), file: file, line: line)
        for (path, bytes) in disk.sorted(by: { $0.key < $1.key }) where inMemory[path].map({ Data($0) }) != bytes {
            XCTFail("\(path) differs between the build into memory and the build on disk", file: file, line: line)
        }
    }
}
