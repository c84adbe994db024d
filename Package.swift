// swift-tools-version:5.10
import PackageDescription

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
    ],
    targets: [
        // Debian's cmark-gfm (libcmark-gfm-dev, libcmark-gfm-extensions-dev).
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Debian's OpenSSL libcrypto (libssl-dev): AES-256-GCM, SHA-256 and random bytes for
        // encrypted sites. Chosen over swift-crypto, which measured the same speed here but added
        // 5 minutes of CPU to a clean release build (figures in README.md, "Encrypted sites").
        .systemLibrary(name: "CLibCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Plain diary values: no I/O.
        .target(name: "DiaryModel"),
        // Content/ and daybook.yml on disk become DiaryModel values or located diagnostics.
        .target(
            name: "DiaryReader",
            dependencies: ["DiaryModel", "CCmarkGFM", .product(name: "Yams", package: "Yams")]
        ),
        // What the site shows: days, months, years, emotions, tags, gallery. Pure values.
        .target(name: "DiaryIndex", dependencies: ["DiaryModel"]),
        // The sharded search index (built into search/) and the query engine `daybook search` uses.
        .target(name: "DiarySearch", dependencies: ["DiaryModel", "DiaryIndex"]),
        // A template engine that knows nothing about diaries.
        .target(name: "Templating"),
        // Renders the index through the templates and writes the site safely.
        .target(name: "SiteBuilder", dependencies: ["DiaryModel", "DiaryReader", "DiaryIndex", "DiarySearch", "Templating"]),
        // What the commands do (init, new, check, build), testable without a process.
        .target(name: "DiaryCommands", dependencies: ["DiaryModel", "DiaryReader", "DiaryIndex", "DiarySearch", "SiteBuilder"]),
        // `daybook serve`: the HTTP server, the diary watcher, the rebuild loop and live reload.
        .target(
            name: "DiaryServer",
            dependencies: ["DiaryModel", "DiaryReader", "SiteBuilder", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        // Encrypted sites: keys from a password, files encrypted one by one under opaque names,
        // and the unlock page whose script reads the site in the browser.
        .target(name: "SiteEncryption", dependencies: ["CLibCrypto", "DiaryModel"]),
        // A deterministic synthetic diary for tests and benchmarks.
        .target(name: "DiaryCorpus", dependencies: ["DiaryModel"]),
        .executableTarget(
            name: "daybook",
            dependencies: ["DiaryCommands", "SiteBuilder", "DiaryServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "daybook-corpus",
            dependencies: ["DiaryCorpus", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "template-bench", dependencies: ["Templating"]),
        .testTarget(name: "DiaryModelTests", dependencies: ["DiaryModel"]),
        .testTarget(name: "DiaryServerTests", dependencies: ["DiaryServer", "SiteBuilder"]),
        .testTarget(name: "DiaryReaderTests", dependencies: ["DiaryReader", "DiaryCorpus"]),
        .testTarget(name: "DiaryCommandsTests", dependencies: ["DiaryCommands", "DiaryReader", "DiaryCorpus", "SiteEncryption"], exclude: ["Browser"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating"]),
        .testTarget(name: "DiaryIndexTests", dependencies: ["DiaryIndex", "DiaryReader"]),
        .testTarget(name: "DiarySearchTests", dependencies: ["DiarySearch", "DiaryIndex", "DiaryModel", "DiaryReader", "DiaryCorpus"]),
        .testTarget(name: "SiteEncryptionTests", dependencies: ["SiteEncryption", "CLibCrypto", "DiaryCorpus"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder", "DiaryReader", "DiaryCorpus"], exclude: ["Fixtures"]),
    ]
)
