/// A page's HTML file with named slots (`{{name}}`), read once: filling it puts each slot's
/// text in its place, as given (whoever fills a slot escapes what goes in it). The files stay
/// plain HTML that an HTML tool reads; the slots are the only syntax.
struct PageTemplate: Sendable {
    private enum Part: Sendable {
        case text(String)
        case slot(String)
    }

    private let parts: [Part]
    /// The slots' names, each once, in the order they first appear.
    let slots: [String]

    init(_ bytes: [UInt8]) {
        let source = String(decoding: bytes, as: UTF8.self)
        var parts: [Part] = []
        var slots: [String] = []
        var rest = Substring(source)
        while let open = rest.firstRange(of: "{{"),
            let close = rest[open.upperBound...].firstRange(of: "}}")
        {
            parts.append(.text(String(rest[..<open.lowerBound])))
            let name = String(rest[open.upperBound..<close.lowerBound])
            parts.append(.slot(name))
            if !slots.contains(name) { slots.append(name) }
            rest = rest[close.upperBound...]
        }
        parts.append(.text(String(rest)))
        self.parts = parts
        self.slots = slots
    }

    /// The page with every slot filled. A slot without a value, or a value without a slot, is
    /// a name misspelt in this program or in the file: it stops there rather than serve a page
    /// with a hole (the tests fill every page).
    func filled(_ values: [String: String]) -> String {
        precondition(
            values.keys.allSatisfy(slots.contains),
            "a value for a slot the page lacks: \(values.keys.filter { !slots.contains($0) })")
        var html = ""
        for part in parts {
            switch part {
            case .text(let text): html += text
            case .slot(let name):
                guard let value = values[name] else {
                    preconditionFailure("the page's slot {{\(name)}} has no value")
                }
                html += value
            }
        }
        return html
    }
}
