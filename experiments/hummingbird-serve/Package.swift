// swift-tools-version:6.2
// Issue 51's experiment: the page's handlers (ChecklistServe) behind Hummingbird 2 instead of
// checklist-serve's own socket server, to run Tests/hostile/test_hostile.py against it. Not
// built by CI or by the main package; see README.md beside this file.
import Foundation
import PackageDescription

/// The checkout this folder is in: a path dependency is known by its folder's name.
let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "hummingbird-serve",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "HummingbirdServe",
            dependencies: [
                .product(name: "ChecklistModel", package: checkout),
                .product(name: "ChecklistCore", package: checkout),
                .product(name: "ChecklistServe", package: checkout),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ])
    ])
