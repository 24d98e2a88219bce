// swift-tools-version:6.1
import PackageDescription

/// This manifest's folder, for the linker flags that name a folder of the package.
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

/// How both release binaries are linked. They carry Foundation and read files and databases
/// that other people made, through C code (libsqlite3, libpq): they stay position-independent,
/// as Debian builds every package, so their own code is placed at random too. Their relative
/// relocations are packed (DT_RELR), which makes applying them cheap. The Swift runtime's C++
/// library and GCC's unwinder come from GCC's static archives (link/static-libstdc++ stands in
/// for libstdc++.so; -static-libgcc): the loader then loads neither libstdc++.so nor
/// libgcc_s.so, nor binds their symbols, and the package depends on neither.
/// `.ci/check-release-link.sh` checks all of it, for each binary.
let releaseLink: [LinkerSetting] = [
    .unsafeFlags(
        [
            "-use-ld=lld", "-Xclang-linker", "-static-libgcc",
            "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--no-export-dynamic",
            "-L\(packageDirectory)/link/static-libstdc++",
        ],
        .when(platforms: [.linux], configuration: .release))
]

let package = Package(
    name: "checklist",
    products: [
        .executable(name: "checklist", targets: ["checklist"]),
        .executable(name: "checklist-serve", targets: ["checklist-serve"]),
        .library(name: "ChecklistModel", targets: ["ChecklistModel"]),
        .library(name: "ChecklistCore", targets: ["ChecklistCore"]),
        .library(name: "ChecklistEditor", targets: ["ChecklistEditor"]),
        // For experiments/hummingbird-serve (issue 51's test of another HTTP stack).
        .library(name: "ChecklistServe", targets: ["ChecklistServe"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The values: IDs, names, titles, items, the changes a command reports, the text rules,
        // the errors and their exit statuses, where the database lives, and the declaration of
        // the stored fields (with each dialect's column names). It runs no statement and does
        // no I/O.
        .target(name: "ChecklistModel"),
        // Lists as text: Markdown and JSON read and written, leniently where people write them.
        .target(name: "ChecklistTransfer", dependencies: ["ChecklistModel"]),
        // The offline copies' sync: the order of its steps and its decisions, over a copy's
        // side and a server's (protocols each engine conforms to). No SQL of either dialect.
        .target(name: "ChecklistSync", dependencies: ["ChecklistModel"]),
        // The store: `ChecklistStore`, the only public way to the lists, with every rule once,
        // over an engine's protocols (`StoreEngine` and its steps). It speaks no SQL.
        .target(
            name: "ChecklistStore",
            dependencies: ["ChecklistModel", "ChecklistTransfer", "ChecklistSync"]),
        // The schema's migrations, both dialects (`migrations/`), compiled in: an installed binary
        // needs no files beside it.
        .target(name: "ChecklistMigrations", resources: [.embedInCode("Migrations")]),
        // The engines, each in its own SQL: a file over GRDB, and a server over libpq, which it
        // opens on first use.
        .target(
            name: "ChecklistSQLite",
            dependencies: [
                "ChecklistModel", "ChecklistTransfer", "ChecklistSync", "ChecklistStore",
                "ChecklistMigrations", "CSQLiteDefensive",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .target(
            name: "ChecklistPostgres",
            dependencies: [
                "ChecklistModel", "ChecklistTransfer", "ChecklistSync", "ChecklistStore",
                "ChecklistMigrations",
            ]
        ),
        // What needs both engines: opening the database a command names, a copy's clone and
        // sync (a file on one side, a server on the other), a backup, and a server's copies.
        .target(
            name: "ChecklistCore",
            dependencies: [
                "ChecklistModel", "ChecklistSync", "ChecklistStore", "ChecklistSQLite",
                "ChecklistPostgres",
            ]
        ),
        // sqlite3_db_config, which takes variable arguments (Swift cannot call them): defensive
        // mode and an untrusted schema on every connection.
        .target(name: "CSQLiteDefensive", linkerSettings: [.linkedLibrary("sqlite3")]),
        // The edit mode's pure parts: its state machine, renderer and key decoder, and the
        // engine that turns its effects into store calls. No terminal I/O: that is the
        // executable's driver.
        .target(
            name: "ChecklistEditor",
            dependencies: ["ChecklistModel", "ChecklistStore"]),
        .executableTarget(
            name: "checklist",
            dependencies: [
                "ChecklistModel", "ChecklistTransfer", "ChecklistSync", "ChecklistStore",
                "ChecklistCore", "ChecklistEditor", "ChecklistServeOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: releaseLink
        ),
        // The page for phones (`checklist serve`): its HTTP surface over the store, without a
        // socket, and the binary that serves it. A binary of its own, which `checklist serve`
        // runs, so that the command-line program's start-up does not pay for a server library.
        // The server is its own (Sources/checklist-serve/SocketServer.swift): FlyingFox could
        // neither bound a request's head nor survive EMFILE (issue 32), and Hummingbird 2 failed
        // the hostile suite (experiments/hummingbird-serve/README.md, issue 51).
        // Its page's HTML, CSS and JavaScript are files (Sources/ChecklistServe/Page/), compiled
        // in as the migrations are.
        .target(
            name: "ChecklistServe",
            dependencies: ["ChecklistModel", "ChecklistSync", "ChecklistStore", "ChecklistCore"],
            resources: [.embedInCode("Page")]),
        // `serve`'s options, declared once for both binaries.
        .target(
            name: "ChecklistServeOptions",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "checklist-serve",
            dependencies: [
                "ChecklistModel", "ChecklistCore", "ChecklistServe", "ChecklistServeOptions",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: releaseLink
        ),
        // What several test targets share: the seedable generator of their random tests.
        .target(name: "ChecklistTestSupport", path: "Tests/ChecklistTestSupport"),
        .testTarget(
            name: "ChecklistServeTests",
            dependencies: [
                "ChecklistServe", "ChecklistModel", "ChecklistStore", "ChecklistSQLite",
                "ChecklistCore",
            ]
        ),
        .testTarget(
            name: "ChecklistCoreTests",
            dependencies: [
                "ChecklistModel", "ChecklistTransfer", "ChecklistSync", "ChecklistStore",
                "ChecklistSQLite", "ChecklistPostgres", "ChecklistCore", "ChecklistTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ChecklistEditorTests",
            dependencies: [
                "ChecklistEditor", "ChecklistModel", "ChecklistStore", "ChecklistSQLite",
                "ChecklistCore", "ChecklistTestSupport",
            ]
        ),
        .testTarget(
            name: "ChecklistCLITests",
            // Depending on the executable makes `swift test` build it first.
            dependencies: [
                "checklist", "checklist-serve", "ChecklistModel", "ChecklistCore",
                "ChecklistTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Read from the source tree by RealChecklistCorpusTests, not a bundled resource.
            exclude: ["RealChecklists.json"]
        ),
    ]
)
