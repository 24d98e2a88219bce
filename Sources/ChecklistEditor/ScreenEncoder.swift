/// Turns screen lines into the bytes that draw them: one cursor move per changed line, SGR
/// attributes per span, and a clear to the end of the line. Reverse video and bold need no
/// colour; colour (and dim) only when `usesColour`.
public struct ScreenEncoder {
    public let usesColour: Bool
    private var previous: [ScreenLine] = []

    public init(usesColour: Bool) {
        self.usesColour = usesColour
    }

    /// The bytes that turn the last frame into `lines`: only changed lines are redrawn.
    public mutating func frame(_ lines: [ScreenLine]) -> String {
        var output = ""
        for (index, line) in lines.enumerated()
        where index >= previous.count || previous[index] != line {
            output += "\u{1B}[\(index + 1);1H" + encode(line) + "\u{1B}[K"
        }
        previous = lines
        return output
    }

    /// Forgets the last frame (after a resize or at start), so the next one draws everything.
    public mutating func invalidate() {
        previous = []
    }

    /// One line with its attributes, ending with attributes reset.
    public func encode(_ line: ScreenLine) -> String {
        var output = ""
        for span in line.spans {
            let attributes = sgr(span.style)
            if attributes.isEmpty {
                output += span.text
            } else {
                output += "\u{1B}[" + attributes + "m" + span.text + "\u{1B}[0m"
            }
        }
        return output
    }

    private func sgr(_ style: TextStyle) -> String {
        switch style {
        case .plain: ""
        case .title: usesColour ? "1;36" : "1"
        case .cursor: "7"
        case .checked: usesColour ? "32" : ""
        case .unavailable: usesColour ? "2" : ""
        case .message: usesColour ? "1;33" : "1"
        case .marked: usesColour ? "1;35" : "1"
        }
    }
}
