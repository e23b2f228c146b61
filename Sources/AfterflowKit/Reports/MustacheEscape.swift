/// HTML escaping exactly as swift-mustache does it for `{{name}}`, byte for byte.
///
/// swift-mustache replaces the characters `<`, `>`, `&`, `"` and `'` by entities, comparing whole
/// `Character`s: a `<` that a combining mark follows is one character, not `<`, and is left as it
/// is. This does the same, but copies a text with none of those bytes without walking its
/// characters, which is almost every text of a report.
enum MustacheEscape {
    static func html(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x3C || $0 == 0x3E || $0 == 0x26 || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "&": escaped += "&amp;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
