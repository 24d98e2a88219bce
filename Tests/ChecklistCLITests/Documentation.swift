import Foundation

/// The documentation a reader gets: README.md and the pages under docs/ (the manual and the
/// internals), found on disk, so a page added there is tested without being listed here.
enum Documentation {
    /// The package's folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// README.md, then every Markdown file under docs/, by path: package-relative paths.
    static func pages() throws -> [String] {
        var found: [String] = []
        let docs = root.appendingPathComponent("docs")
        if let walk = FileManager.default.enumerator(atPath: docs.path) {
            for case let path as String in walk where path.hasSuffix(".md") {
                found.append("docs/" + path)
            }
        }
        return ["README.md"] + found.sorted()
    }

    /// Every Markdown file a reader may follow a link into: the pages, and the READMEs of
    /// packaging/ and bench/.
    static func linkedPages() throws -> [String] {
        try pages()
            + ["packaging/README.md", "bench/README.md"].filter {
                FileManager.default.fileExists(atPath: root.appendingPathComponent($0).path)
            }
    }

    static func text(_ page: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
    }

    /// All the pages' text, one after another.
    static func allText() throws -> String {
        try pages().map(text).joined(separator: "\n")
    }

    /// The relative links of a Markdown text (`[text](target)`, outside code), as written.
    static func relativeLinks(in text: String) -> [(line: Int, target: String)] {
        var links: [(Int, String)] = []
        var inFence = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence else { continue }
            // Inline code spans are not links.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                let target =
                    String(after[..<close]).split(separator: " ").first.map(String.init)
                    ?? ""
                rest = after[close...]
                if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") {
                    continue
                }
                links.append((index + 1, target))
            }
        }
        return links
    }

    /// The anchors of a Markdown text's headings, as GitHub makes them: lowercase, every
    /// character but letters, digits, spaces, hyphens and underscores dropped, spaces made
    /// hyphens; a repeated one gets `-1`, `-2`.
    static func anchors(in text: String) -> Set<String> {
        var anchors = Set<String>()
        var seen: [String: Int] = [:]
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            guard !inFence, line.hasPrefix("#") else { continue }
            let heading = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in heading.lowercased() {
                if character.isLetter || character.isNumber || character == "-"
                    || character == "_"
                {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }
}
