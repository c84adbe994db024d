import CLibraryLoader
import Foundation
import XCTest

/// The loader CVips and CLibCrypto share (CLibraryLoader.h), run on zlib, which every system has:
/// the names tried in order, one load per process whichever thread asks first, and the errors.
final class LibraryLoaderTests: XCTestCase {
    /// How many times a bind function ran; the loader calls it under its lock.
    private static var binds = 0

    /// The names the bind functions say a library lacks, kept for the life of the process.
    private static let zlibVersionName = UnsafePointer(strdup("zlibVersion")!)
    private static let nowhereName = UnsafePointer(strdup("zlib_nowhere")!)

    /// zlib's own `zlibVersion` (`1.2.13`), found through the handle.
    private static let bindZlib: DaybookLibraryBind = { handle, release, function in
        LibraryLoaderTests.binds += 1
        guard let found = dlsym(handle, "zlibVersion") else { return LibraryLoaderTests.zlibVersionName }
        let version = unsafeBitCast(found, to: (@convention(c) () -> UnsafePointer<CChar>).self)
        let parts = String(cString: version()).split(separator: ".").map { Int32($0) ?? 0 }
        release!.pointee = DaybookLibraryVersion(major: parts[0], minor: parts[1], micro: parts[2])
        function!.pointee = UnsafeRawPointer(found)
        return nil
    }

    private static let bindWithoutAFunction: DaybookLibraryBind = { _, _, _ in LibraryLoaderTests.nowhereName }

    /// A library named `name` whose files are `files`, of headers of release `built`; valid inside `body`.
    private func withLibrary<Result>(_ name: String, files: [String], install: String, built: (Int32, Int32, Int32) = (1, 0, 0),
                                     bind: DaybookLibraryBind = bindZlib,
                                     _ body: (UnsafeMutablePointer<DaybookLibrary>) throws -> Result) rethrows -> Result {
        let texts = ([name, install] + files).map { strdup($0)! }
        let list = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: files.count + 1)
        for (index, text) in texts.dropFirst(2).enumerated() { list[index] = UnsafePointer(text) }
        list[files.count] = nil
        let library = UnsafeMutablePointer<DaybookLibrary>.allocate(capacity: 1)
        library.initialize(to: DaybookLibrary())
        library.pointee.name = UnsafePointer(texts[0])
        library.pointee.install = UnsafePointer(texts[1])
        library.pointee.files = UnsafePointer(list)
        library.pointee.built = DaybookLibraryVersion(major: built.0, minor: built.1, micro: built.2)
        library.pointee.bind = bind
        pthread_mutex_init(&library.pointee.lock, nil)
        defer {
            pthread_mutex_destroy(&library.pointee.lock)
            library.deallocate()
            list.deallocate()
            texts.forEach { free($0) }
        }
        return try body(library)
    }

    func testTheFirstNameThatOpensIsTheOneUsed() {
        withLibrary("zlib", files: ["libdaybook-nowhere.so.1", "libz.so.1"], install: "zlib1g") { library in
            XCTAssertNil(daybook_library_load(library).map { String(cString: $0) })
            let path = daybook_library_loaded_path(library).map { String(cString: $0) }
            XCTAssertEqual(path.map { URL(fileURLWithPath: $0).lastPathComponent }, "libz.so.1")
            XCTAssertEqual(daybook_library_loaded_version(library).map { String(cString: $0) }?.hasPrefix("1."), true)
        }
    }

    func testALibraryIsLoadedOnceWhicheverThreadAsksFirst() {
        withLibrary("zlib", files: ["libz.so.1"], install: "zlib1g") { library in
            Self.binds = 0
            let address = Int(bitPattern: library)
            let lock = NSLock()
            var answers: [String?] = []
            DispatchQueue.concurrentPerform(iterations: 16) { _ in
                let library = UnsafeMutablePointer<DaybookLibrary>(bitPattern: address)!
                let answer = daybook_library_load(library).map { String(cString: $0) }
                lock.lock()
                answers.append(answer)
                lock.unlock()
            }
            XCTAssertEqual(answers, Array(repeating: nil, count: 16))
            XCTAssertEqual(Self.binds, 1, "the library is bound by the first load only")
        }
    }

    func testAMissingLibraryIsNamedWithTheReleaseNeededAndWhatToInstall() {
        withLibrary("libnowhere", files: ["libdaybook-nowhere.so.7", "/nowhere/libdaybook-nowhere.so.7"],
                    install: "libnowhere7 (Debian, Ubuntu)", built: (7, 2, 1)) { library in
            XCTAssertEqual(daybook_library_load(library).map { String(cString: $0) },
                           "cannot open libnowhere 7.2.1 or a newer 7.x (libdaybook-nowhere.so.7: cannot open shared object file: "
                           + "No such file or directory); install libnowhere7 (Debian, Ubuntu)")
            XCTAssertNil(daybook_library_loaded_version(library))
            XCTAssertNil(daybook_library_loaded_path(library))
        }
    }

    func testALibraryThatLacksAFunctionIsRefusedByName() {
        withLibrary("zlib", files: ["libz.so.1"], install: "zlib1g", bind: Self.bindWithoutAFunction) { library in
            XCTAssertEqual(daybook_library_load(library).map { String(cString: $0) },
                           "the zlib found has no function zlib_nowhere; install zlib1g")
            XCTAssertNil(daybook_library_loaded_version(library))
        }
    }

    func testAnOlderReleaseThanTheHeadersIsRefused() {
        withLibrary("zlib", files: ["libz.so.1"], install: "zlib1g", built: (1, 99, 0)) { library in
            let failure = daybook_library_load(library).map { String(cString: $0) }
            XCTAssertEqual(failure?.hasPrefix("found zlib 1."), true, failure ?? "accepted")
            XCTAssertEqual(failure?.contains("needs 1.99.0 or newer of 1.x (install a newer one"), true, failure ?? "accepted")
            XCTAssertNil(daybook_library_loaded_path(library))
        }
    }
}
