// swift-tools-version:5.10
import PackageDescription

/// Where GLib's headers are, which libvips' headers include: on Debian (the configuration header is in
/// the architecture's folder; a folder that does not exist is ignored) and under Homebrew.
let glibHeaders: [CSetting] = [
    .unsafeFlags(["-I/usr/include/glib-2.0", "-I/usr/lib/x86_64-linux-gnu/glib-2.0/include",
                  "-I/usr/lib/aarch64-linux-gnu/glib-2.0/include"], .when(platforms: [.linux])),
    .unsafeFlags(["-I/opt/homebrew/include", "-I/opt/homebrew/include/glib-2.0", "-I/opt/homebrew/lib/glib-2.0/include",
                  "-I/usr/local/include/glib-2.0", "-I/usr/local/lib/glib-2.0/include"], .when(platforms: [.macOS])),
]

/// Where Homebrew's OpenSSL 3 keeps its headers (keg-only, so not under Homebrew's own include folder),
/// for CLibCrypto and for the Swift modules whose compiler reads CLibCrypto's header, which includes them.
let opensslHeaderFolders = ["-I/opt/homebrew/opt/openssl@3/include", "-I/usr/local/opt/openssl@3/include"]
let opensslHeaders: [CSetting] = [.unsafeFlags(opensslHeaderFolders, .when(platforms: [.macOS]))]
let opensslHeadersForSwift: [SwiftSetting] = [
    .unsafeFlags(opensslHeaderFolders.flatMap { ["-Xcc", $0] }, .when(platforms: [.macOS])),
]

// Optimized in the debug build too: the search index's code and the tests that run it, and the
// site tests, over diaries of hundreds to a thousand entries. Unoptimized, three test classes took
// 264 s of processor time (search index updates 131, phrases 61, encrypted builds 72); optimized,
// 47 s (17, 10, 20), for about 1.5 minutes more of compiling from clean.
let optimizedInTests: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "daybook",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "daybook", targets: ["daybook"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", exact: "5.0.1"),
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", exact: "0.9.20"),
    ],
    targets: [
        // Debian's cmark-gfm (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Debian's OpenSSL libcrypto (libssl-dev): AES-256-GCM, HMAC, SHA-256 and random bytes for
        // encrypted sites and the picture cache's keys. Chosen over swift-crypto, which measured the
        // same speed here but added 5 minutes of CPU to a clean release build (README, "Encrypted sites").
        // Opened on first use rather than linked (Sources/CLibCrypto/include/CLibCrypto.h says why).
        .target(name: "CLibCrypto", dependencies: ["CLibraryLoader"], cSettings: opensslHeaders),
        // The one way a C library is opened on first use (CLibCrypto, CVips): names per system tried in
        // order, loaded once, the release accepted in place of the headers' one, the error that says
        // what to install. The release rule is apart so that tests can check it without loading a library.
        .target(name: "CLibraryLoader"),
        // The commit `daybook` was built from, which the Makefile's release build records at link time.
        .target(name: "CBuildCommit"),
        // Debian's libvips (libvips-dev): decodes, resizes and encodes pictures; HEIC and AVIF through
        // libheif, SVG through librsvg. Opened on first use rather than linked (Sources/CVips/include/CVips.h
        // says why), so not a system-library target: SwiftPM would link what pkg-config names. Only this
        // target's C files read libvips' headers, which need GLib's, found here as pkg-config would.
        .target(name: "CVips", dependencies: ["CLibraryLoader"], cSettings: glibHeaders),
        // libcurl, which Foundation's URLSession calls (S3 deploy), opened on first use rather than loaded
        // at every start (Sources/CCurlOnDemand/include/CCurlOnDemand.h says why).
        .target(name: "CCurlOnDemand", dependencies: ["CLibraryLoader"]),
        // Published pictures: resized, oriented, in sRGB, stripped of metadata, cached by content.
        .target(name: "Pictures", dependencies: ["DiaryFiles", "CVips", "CLibCrypto", "CLibraryLoader"],
                swiftSettings: opensslHeadersForSwift),
        // The build's own tools, which know nothing of diaries: a binary codec for the build cache,
        // a stable hasher, bytes shared without copying, work spread over every core or put on another.
        .target(name: "BuildSupport", swiftSettings: optimizedInTests),
        // Plain diary values: no I/O.
        .target(name: "DiaryModel", dependencies: ["BuildSupport"]),
        // The file primitives every module that touches the disk shares: status, listing, reading, atomic writing.
        .target(name: "DiaryFiles", dependencies: ["BuildSupport", "DiaryModel"]),
        // Content/ and daybook.yml on disk become DiaryModel values or located diagnostics.
        .target(
            name: "DiaryReader",
            dependencies: ["BuildSupport", "DiaryModel", "DiaryFiles", "CCmarkGFM", "CLibraryLoader", .product(name: "Yams", package: "Yams")]
        ),
        // What the site shows: days, months, years, emotions, tags, gallery, on this day, statistics. Pure values.
        .target(name: "DiaryIndex", dependencies: ["BuildSupport", "DiaryModel"]),
        // The sharded search index (built into search/) and the query engine `daybook search` uses.
        .target(name: "DiarySearch", dependencies: ["BuildSupport", "DiaryModel", "DiaryIndex"], swiftSettings: optimizedInTests),
        // A template engine that knows nothing about diaries.
        .target(name: "Templating"),
        // The site's pages as values: the page plan, what each page's template is given (site values,
        // entry cards, charts, calendars) and the pictures as published. No disk: testable alone.
        .target(name: "SitePages", dependencies: ["BuildSupport", "DiaryModel", "DiaryIndex", "Pictures", "Templating",
                                                  .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // The output folder and the build cache: the writer that changes the folder safely (only
        // changed files, atomically, encrypted on request), its manifest, the look at what is gone,
        // and the staging of pages rendered in batches.
        .target(name: "SiteOutput", dependencies: ["BuildSupport", "DiaryModel", "DiaryFiles", "DiaryReader", "SiteEncryption", "SitePages"]),
        // The build: a list of named steps over one context from the diary to the site, what it reuses
        // of the last build (a serve session's memory or the build cache), and what makes it incremental.
        .target(name: "SiteBuilder", dependencies: ["BuildSupport", "DiaryModel", "DiaryFiles", "DiaryReader", "DiaryIndex", "DiarySearch", "Pictures", "Templating", "SiteEncryption",
                                                    "SitePages", "SiteOutput",
                                                    .product(name: "ZIPFoundation", package: "ZIPFoundation")],
                exclude: ["Browser"]),
        // Entries from other apps' exports (Day One, jrnl, Daylio), and the text and never-overwriting
        // placement of a new entry file that `daybook new` shares. ZIPFoundation reads Day One's zip.
        .target(
            name: "DiaryImport",
            dependencies: ["BuildSupport", "DiaryModel", "DiaryReader", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        // What `init`, `new`, `import`, `check` and `search` do, testable without a process (`build` is SiteBuilder).
        .target(name: "DiaryCommands", dependencies: ["DiaryModel", "DiaryReader", "DiaryIndex", "DiarySearch", "SiteBuilder", "DiaryImport",
                                                    "Pictures", "SitePages", "SiteEncryption", "CBuildCommit"]),
        // `daybook serve`: the HTTP server, the diary watcher, the rebuild loop and live reload.
        .target(
            name: "DiaryServer",
            dependencies: ["DiaryModel", "DiaryFiles", "DiaryReader", "SiteBuilder",
                           .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")]
        ),
        // Encrypted sites: keys from a password, files encrypted one by one under opaque names,
        // and the unlock page whose script reads the site in the browser.
        .target(name: "SiteEncryption", dependencies: ["BuildSupport", "CLibCrypto", "DiaryModel"], exclude: ["Browser"],
                swiftSettings: opensslHeadersForSwift),
        // `daybook deploy`: what the last build wrote, planned against what a target last received, sent by
        // git, rsync, S3 (its own SigV4 client over URLSession) or into a folder, and remembered per target.
        .target(name: "SiteDeploy", dependencies: ["BuildSupport", "DiaryModel", "DiaryFiles", "DiaryReader", "SiteBuilder", "SiteEncryption", "CLibCrypto"],
                swiftSettings: opensslHeadersForSwift),
        // A deterministic synthetic diary for tests and benchmarks.
        .target(name: "DiaryCorpus", dependencies: ["DiaryModel"]),
        .executableTarget(
            name: "daybook",
            dependencies: ["DiaryCommands", "DiaryImport", "DiarySearch", "SiteBuilder", "SiteEncryption", "DiaryServer", "SiteDeploy", "CCurlOnDemand",
                           .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "daybook-corpus",
            dependencies: ["DiaryCorpus", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "template-bench", dependencies: ["Templating"]),
        .executableTarget(name: "picture-bench", dependencies: ["Pictures"]),
        .executableTarget(name: "stat-floor", dependencies: ["DiaryFiles"]),
        // What the test targets share: temporary folders, programs and servers, the terminal, and
        // one rule for a missing tool or a server that does not start (a failure in CI).
        .target(name: "DaybookTestSupport", path: "Tests/DaybookTestSupport"),
        .testTarget(name: "DiaryModelTests", dependencies: ["BuildSupport", "DiaryModel"]),
        .testTarget(name: "DiaryServerTests", dependencies: ["DaybookTestSupport", "DiaryServer", "SiteBuilder", "CCurlOnDemand"]),
        .testTarget(name: "DiaryReaderTests", dependencies: ["DaybookTestSupport", "DiaryReader", "DiaryIndex", "DiaryCorpus"]),
        .testTarget(name: "DiaryCommandsTests", dependencies: ["DaybookTestSupport", "DiaryCommands", "DiarySearch", "DiaryModel", "DiaryReader", "DiaryCorpus", "SiteEncryption"], exclude: ["Browser"]),
        .testTarget(name: "DiaryImportTests", dependencies: ["DaybookTestSupport", "BuildSupport", "DiaryImport", "DiaryReader", "DiaryModel", "DiaryCorpus", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating"]),
        .testTarget(name: "SiteDeployTests", dependencies: ["DaybookTestSupport", "SiteDeploy", "SiteBuilder", "SiteEncryption", "DiaryModel", "DiaryReader", "CCurlOnDemand"],
                    exclude: ["Servers"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "CVips", "CLibraryLoader"]),
        .testTarget(name: "DiaryIndexTests", dependencies: ["DiaryIndex", "DiaryReader"]),
        .testTarget(name: "DiarySearchTests", dependencies: ["DaybookTestSupport", "BuildSupport", "DiarySearch", "DiaryIndex", "DiaryModel", "DiaryReader", "DiaryCorpus"], swiftSettings: optimizedInTests),
        // The known-answer tests check Daybook's PBKDF2 against libcrypto's own, which they call directly.
        .testTarget(name: "SiteEncryptionTests", dependencies: ["DaybookTestSupport", "SiteEncryption", "CLibCrypto", "DiaryCorpus"], exclude: ["Node"],
                    swiftSettings: opensslHeadersForSwift, linkerSettings: [.linkedLibrary("crypto")]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["DaybookTestSupport", "BuildSupport", "SiteBuilder", "SitePages", "SiteOutput", "SiteEncryption", "DiaryReader", "DiaryCorpus",
                                                         .product(name: "ZIPFoundation", package: "ZIPFoundation")], exclude: ["Fixtures", "Scripts"],
                    swiftSettings: optimizedInTests),
    ]
)
