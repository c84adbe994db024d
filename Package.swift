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
        // Debian's libvips (libvips-dev): decodes, resizes and encodes pictures; HEIC and AVIF through
        // libheif, SVG through librsvg.
        .systemLibrary(
            name: "CVips",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"]), .brew(["vips"])]
        ),
        // OpenSSL's libcrypto (libssl-dev): SHA-256 with the processor's SHA instructions, for the
        // picture cache's keys.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl"])]
        ),
        // Published pictures: resized, oriented, in sRGB, stripped of metadata, cached by content.
        .target(name: "Pictures", dependencies: ["CVips", "CLibCrypto"]),
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
        .executableTarget(name: "picture-bench", dependencies: ["Pictures"]),
        .testTarget(name: "DiaryModelTests", dependencies: ["DiaryModel"]),
        .testTarget(name: "DiaryServerTests", dependencies: ["DiaryServer", "SiteBuilder"]),
        .testTarget(name: "DiaryReaderTests", dependencies: ["DiaryReader", "DiaryCorpus"]),
        .testTarget(name: "DiaryCommandsTests", dependencies: ["DiaryCommands", "DiaryReader", "DiaryCorpus"], exclude: ["Browser"]),
        .testTarget(name: "TemplatingTests", dependencies: ["Templating"]),
        .testTarget(name: "PicturesTests", dependencies: ["Pictures", "CVips"]),
        .testTarget(name: "DiaryIndexTests", dependencies: ["DiaryIndex", "DiaryReader"]),
        .testTarget(name: "DiarySearchTests", dependencies: ["DiarySearch", "DiaryIndex", "DiaryModel", "DiaryReader", "DiaryCorpus"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder", "DiaryReader", "DiaryCorpus"], exclude: ["Fixtures"]),
    ]
)
