extension ReportTemplate {
    /// The names of the `{{#name}}` sections around the template's `{{#sessions}}` sections, or
    /// nil when those cannot be rendered by themselves, one session at a time, and give what
    /// swift-mustache gives for the whole page.
    ///
    /// Nil unless the template keeps the default delimiters, has no partials, blocks, pragmas or
    /// transforms (`{{> …}}`, `{{$ …}}`, `{{% …}}`, `{{first()}}`), and names `sessions` only in
    /// `{{#sessions}}…{{/sessions}}` sections, none inside another, and none inside a section with
    /// a dotted name. Inverted sections (`{{^empty}}`) are not counted: they add nothing to where
    /// names are looked up. The report renders sessions alone only when each name returned is,
    /// in the page, a flag or a text, which have no names of their own: then a name a session lacks
    /// is found in the page and nowhere else. Reads tags as swift-mustache does (the character
    /// after `{{` says what the tag is); anything it does not recognise gives nil.
    static func sectionsAroundSessions(_ text: String) -> Set<String>? {
        let bytes = Array(text.utf8)
        var open: [(name: ArraySlice<UInt8>, inverted: Bool)] = []
        var around: Set<String> = []
        var index = 0
        while let start = find([0x7B, 0x7B], in: bytes, from: index) {
            var nameStart = start + 2
            guard nameStart < bytes.count else { return nil }
            let sigil = bytes[nameStart]
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "{"):
                nameStart += 1
            case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "$"), UInt8(ascii: "%"):
                return nil
            default:
                break
            }
            let close: [UInt8] = sigil == UInt8(ascii: "{") ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
            guard let end = find(close, in: bytes, from: nameStart) else { return nil }
            index = end + close.count
            if sigil == UInt8(ascii: "!") { continue }
            let name = trimmed(bytes[nameStart..<end])
            if name.contains(UInt8(ascii: "(")) { return nil }
            let sessions = Array("sessions".utf8)
            let isSessions = name.elementsEqual(sessions)
            let mentionsSessions = find(sessions, in: Array(name), from: 0) != nil
            switch sigil {
            case UInt8(ascii: "#") where isSessions:
                for section in open where !section.inverted {
                    if section.name.contains(UInt8(ascii: ".")) || section.name.elementsEqual(sessions) { return nil }
                    around.insert(String(decoding: section.name, as: UTF8.self))
                }
                open.append((name, false))
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                if mentionsSessions { return nil }
                open.append((name, sigil == UInt8(ascii: "^")))
            case UInt8(ascii: "/"):
                guard let last = open.popLast(), last.name.elementsEqual(name) else { return nil }
            default:
                if mentionsSessions { return nil }
            }
        }
        return open.isEmpty ? around : nil
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard pattern.count <= bytes.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0] && bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    private static func trimmed(_ name: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = name.firstIndex(where: { !blank($0) }), let last = name.lastIndex(where: { !blank($0) }) else {
            return name[name.startIndex..<name.startIndex]
        }
        return name[first...last]
    }
}
