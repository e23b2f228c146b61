import Foundation

/// The live tags of a rendered page: every `<name …>` (text a user wrote is escaped, so any `<`
/// left in the HTML opens a real tag).
enum LiveHTML {
    struct Tag: CustomStringConvertible {
        var name: String
        var attributes: String
        var description: String { "<\(name)\(attributes)>" }
    }

    /// The tags cmark writes for Markdown itself.
    static let markdownTags: Set<String> = [
        "p", "em", "strong", "a", "br", "code", "pre", "ul", "ol", "li", "blockquote", "hr",
        "h1", "h2", "h3", "h4", "h5", "h6",
    ]

    static func tags(in html: String) -> [Tag] {
        var tags: [Tag] = []
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: open)...]
            if rest.first == "/" { rest = rest.dropFirst() }
            let name = rest.prefix { $0.isLetter || $0.isNumber }
            guard !name.isEmpty, let close = rest.firstIndex(of: ">") else { continue }
            var attributes = String(rest[name.endIndex..<close])
            if attributes.hasSuffix("/") { attributes.removeLast() }
            tags.append(Tag(name: name.lowercased(), attributes: attributes.trimmingCharacters(in: .whitespaces)))
            rest = rest[close...]
        }
        return tags
    }
}
