/// A JSON value whose objects keep their keys in the order they were added, for output that reads
/// the same way as the file it came from.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with a fraction, written to `places` decimals without trailing zeros; not a
    /// finite number is null.
    case number(Double, places: Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `value` as a JSON number rounded to `places` decimals (`4.4` for 4.4000001), or `null`
    /// when there is none: averages and other measures, which a parser should read as numbers.
    public static func rounded(_ value: Double?, places: Int = 2) -> JSONValue {
        value.map { .number($0, places: places) } ?? .null
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// Compact JSON, or indented by two spaces when `pretty`.
    public func serialized(pretty: Bool = false) -> String {
        var out = ""
        write(into: &out, pretty: pretty, depth: 0)
        return out
    }

    private func write(into out: inout String, pretty: Bool, depth: Int) {
        let newline = pretty ? "\n" + String(repeating: "  ", count: depth + 1) : ""
        let close = pretty ? "\n" + String(repeating: "  ", count: depth) : ""
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .number(let value, let places):
            guard value.isFinite else { out += "null"; return }
            var scale = 1.0
            for _ in 0..<max(0, places) { scale *= 10 }
            let rounded = (value * scale).rounded() / scale
            out += rounded == rounded.rounded() && abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        case .string(let value): JSONValue.writeString(value, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                out += newline
                item.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            out += close + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += newline
                JSONValue.writeString(key, into: &out)
                out += pretty ? ": " : ":"
                value.write(into: &out, pretty: pretty, depth: depth + 1)
            }
            out += close + "}"
        }
    }

    static func writeString(_ value: String, into out: inout String) {
        out += "\""
        // Most text needs no escape: append it whole.
        var copy = value
        let plain = copy.withUTF8 { bytes in
            !bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }
        }
        if plain {
            out += value
            out += "\""
            return
        }
        // Escaped byte by byte into one buffer: appending scalar by scalar to a String cost
        // 3.6 billion instructions for 'list --format json' of 10,000 sessions.
        copy.withUTF8 { bytes in
            var escaped: [UInt8] = []
            escaped.reserveCapacity(bytes.count + 16)
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\""): escaped += [0x5C, 0x22]
                case UInt8(ascii: "\\"): escaped += [0x5C, 0x5C]
                case 0x0A: escaped += [0x5C, UInt8(ascii: "n")]
                case 0x0D: escaped += [0x5C, UInt8(ascii: "r")]
                case 0x09: escaped += [0x5C, UInt8(ascii: "t")]
                case 0..<0x20:
                    escaped += Array("\\u00".utf8)
                    escaped += Array(((byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
                case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    // U+2028 and U+2029, line breaks to JavaScript.
                    escaped += Array((bytes[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    i += 2
                default: escaped.append(byte)
                }
                i += 1
            }
            out += String(decoding: escaped, as: UTF8.self)
        }
        out += "\""
    }
}
