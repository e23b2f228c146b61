#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
internal import CCmark

/// Renders Markdown with the cmark C library: the one file that talks to it.
///
/// Raw HTML in what a user wrote is never live: it is shown as the text it is (`<sigh>` reads as
/// `<sigh>`, escaped on a page). Unsafe links (`javascript:`, `vbscript:`, `file:`, `data:` other
/// than images) are blanked: cmark's safe mode, which is its default.
public enum CmarkRenderer {
    /// The library's version, `0.30.2`: proof that it is linked.
    public static var version: String { String(cString: cmark_version_string()) }

    /// HTML for `markdown`, safe for a page (raw HTML as escaped text, no unsafe links).
    public static func html(_ markdown: String) -> String {
        render(markdown) { _ in }
    }

    /// HTML for a page that must fetch nothing: as `html(_:)`, and every image becomes a link to
    /// it (its alt text as the link's text), so that opening or printing the page loads nothing.
    public static func offlineHTML(_ markdown: String) -> String {
        render(markdown, replaceImagesWithLinks)
    }

    private static let options = CMARK_OPT_DEFAULT | CMARK_OPT_SMART

    /// Parses `markdown`, turns raw HTML into text, lets `adjust` change the tree, renders HTML.
    private static func render(_ markdown: String, _ adjust: (OpaquePointer) -> Void) -> String {
        guard let root = parse(markdown) else { return "" }
        defer { cmark_node_free(root) }
        rawHTMLAsText(root)
        adjust(root)
        guard let html = cmark_render_html(root, options) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// cmark's tree of `markdown` (free it with `cmark_node_free`).
    fileprivate static func parse(_ markdown: String) -> OpaquePointer? {
        let bytes = Array(markdown.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress else { return cmark_parse_document("", 0, options) }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                cmark_parse_document($0, buffer.count, options)
            }
        }
    }

    /// The nodes under `root` of the given types, in document order.
    fileprivate static func nodes(under root: OpaquePointer, ofType types: Set<UInt32>) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(root) else { return found }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator),
               types.contains(cmark_node_get_type(node).rawValue) {
                found.append(node)
            }
        }
        return found
    }

    /// Replaces raw HTML with text nodes holding the same characters: an inline tag becomes text
    /// in its paragraph, an HTML block a paragraph of its lines. Rendered, the tags show as
    /// written and none of them is live.
    fileprivate static func rawHTMLAsText(_ root: OpaquePointer) {
        let raw = nodes(under: root, ofType: [CMARK_NODE_HTML_INLINE.rawValue, CMARK_NODE_HTML_BLOCK.rawValue])
        for node in raw {
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            if cmark_node_get_type(node) == CMARK_NODE_HTML_INLINE {
                guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
                cmark_node_set_literal(text, literal)
                cmark_node_replace(node, text)
            } else {
                guard let paragraph = cmark_node_new(CMARK_NODE_PARAGRAPH) else { continue }
                var lines = literal.split(separator: "\n", omittingEmptySubsequences: false)
                while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { lines.removeLast() }
                for (index, line) in lines.enumerated() {
                    if index > 0, let lineBreak = cmark_node_new(CMARK_NODE_LINEBREAK) {
                        cmark_node_append_child(paragraph, lineBreak)
                    }
                    guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
                    cmark_node_set_literal(text, String(line))
                    cmark_node_append_child(paragraph, text)
                }
                cmark_node_replace(node, paragraph)
            }
            cmark_node_free(node)
        }
    }

    /// Turns every image node under `root` into a link node with the same destination, title
    /// and children (the alt text), or the destination as text when there is no alt text.
    private static func replaceImagesWithLinks(_ root: OpaquePointer) {
        for image in nodes(under: root, ofType: [CMARK_NODE_IMAGE.rawValue]) {
            guard let link = cmark_node_new(CMARK_NODE_LINK) else { continue }
            let url = cmark_node_get_url(image).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(image).map { String(cString: $0) } ?? ""
            cmark_node_set_url(link, url)
            cmark_node_set_title(link, title)
            while let child = cmark_node_first_child(image) {
                cmark_node_unlink(child)
                cmark_node_append_child(link, child)
            }
            if cmark_node_first_child(link) == nil, let text = cmark_node_new(CMARK_NODE_TEXT) {
                let web = url.lowercased().hasPrefix("https://") || url.lowercased().hasPrefix("http://")
                cmark_node_set_literal(text, web ? url : "image")
                cmark_node_append_child(link, text)
            }
            cmark_node_replace(image, link)
            cmark_node_free(image)
        }
    }

    /// Text for a terminal: paragraphs wrapped at `width` columns, lists with bullets, links as
    /// `text (url)`, raw HTML as the text it is, and emphasis in bold or italic when `styled`.
    public static func terminal(_ markdown: String, width: Int = 80, indent: String = "", styled: Bool) -> String {
        guard let root = parse(markdown) else { return markdown }
        defer { cmark_node_free(root) }
        rawHTMLAsText(root)
        var writer = TerminalWriter(width: width, styled: styled)
        writer.blocks(root, indent: indent)
        return writer.output.hasSuffix("\n") ? String(writer.output.dropLast()) : writer.output
    }
}

/// Walks cmark's tree and writes text for a terminal.
private struct TerminalWriter {
    let width: Int
    let styled: Bool
    var output = ""

    mutating func blocks(_ parent: OpaquePointer, indent: String) {
        var node = cmark_node_first_child(parent)
        var first = true
        while let current = node {
            if !first { output += "\n" }
            first = false
            block(current, indent: indent)
            node = cmark_node_next(current)
        }
    }

    mutating func block(_ node: OpaquePointer, indent: String) {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH:
            wrap(inlines(node), indent: indent, hanging: indent)
        case CMARK_NODE_HEADING:
            let text = inlines(node)
            output += indent + (styled ? "\u{1B}[1m\(text)\u{1B}[0m" : text) + "\n"
        case CMARK_NODE_BLOCK_QUOTE:
            var inner = TerminalWriter(width: width, styled: styled)
            inner.blocks(node, indent: indent + "│ ")
            output += inner.output
        case CMARK_NODE_LIST:
            let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
            var number = Int(cmark_node_get_list_start(node))
            var item = cmark_node_first_child(node)
            while let current = item {
                let marker = ordered ? "\(number). " : "• "
                var inner = TerminalWriter(width: width, styled: styled)
                inner.blocks(current, indent: indent + String(repeating: " ", count: marker.count))
                var text = inner.output
                let prefixLength = indent.count + marker.count
                if text.count >= prefixLength {
                    text = indent + marker + String(text.dropFirst(prefixLength))
                }
                output += text
                number += 1
                item = cmark_node_next(current)
            }
        case CMARK_NODE_CODE_BLOCK:
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            for line in literal.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                output += indent + "    " + line + "\n"
            }
        case CMARK_NODE_THEMATIC_BREAK:
            output += indent + String(repeating: "─", count: max(3, min(width - indent.count, 40))) + "\n"
        default:
            blocks(node, indent: indent)
        }
    }

    func inlines(_ parent: OpaquePointer) -> String {
        var out = ""
        var node = cmark_node_first_child(parent)
        while let current = node {
            let literal = cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT: out += literal
            case CMARK_NODE_CODE: out += styled ? "\u{1B}[2m\(literal)\u{1B}[0m" : "`\(literal)`"
            case CMARK_NODE_SOFTBREAK: out += " "
            case CMARK_NODE_LINEBREAK: out += "\n"
            case CMARK_NODE_EMPH:
                let inner = inlines(current)
                out += styled ? "\u{1B}[3m\(inner)\u{1B}[0m" : "_\(inner)_"
            case CMARK_NODE_STRONG:
                let inner = inlines(current)
                out += styled ? "\u{1B}[1m\(inner)\u{1B}[0m" : "*\(inner)*"
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                let inner = inlines(current)
                let url = cmark_node_get_url(current).map { String(cString: $0) } ?? ""
                out += url.isEmpty || url == inner ? inner : "\(inner) (\(url))"
            default:
                out += inlines(current)
            }
            node = cmark_node_next(current)
        }
        return out
    }

    /// Wraps words at `width` display columns (escape sequences do not count).
    mutating func wrap(_ text: String, indent: String, hanging: String) {
        for (index, paragraphLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = index == 0 ? indent : hanging
            var column = line.count
            var lineHasWord = false
            for word in paragraphLine.split(separator: " ", omittingEmptySubsequences: true) {
                let length = TerminalWriter.visibleLength(word)
                if lineHasWord && column + 1 + length > width {
                    output += line + "\n"
                    line = hanging
                    column = hanging.count
                    lineHasWord = false
                }
                if lineHasWord {
                    line += " "
                    column += 1
                }
                line += word
                column += length
                lineHasWord = true
            }
            output += line + "\n"
        }
    }

    static func visibleLength<S: StringProtocol>(_ text: S) -> Int {
        var count = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if scalar == "m" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                continue
            }
            count += 1
        }
        return count
    }
}
