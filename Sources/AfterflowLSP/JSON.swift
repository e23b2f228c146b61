import Foundation

/// A JSON value as a message carries it, read and written with Foundation's coders.
public indirect enum JSON: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSON].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value.isFinite ? value : 0)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value parsed from `bytes`; nil when they are not JSON (or nest deeper than
    /// `JSONSerialization` reads, 512 levels). Read with `JSONSerialization`, whose time grows
    /// with the text alone: decoding nested arrays through `Decodable` grows with the square of
    /// their depth, which a hostile client could use to stall the server.
    public static func parse(_ bytes: [UInt8]) -> JSON? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else { return nil }
        return JSON(foundation: object)
    }

    /// A value `JSONSerialization` read.
    init(foundation object: Any) {
        switch object {
        case let number as NSNumber:
            // A JSON boolean is an NSNumber of type `c` (char); a number with a fraction, or too
            // large for an Int, a `d` or `Q`.
            switch String(cString: number.objCType) {
            case "c": self = .bool(number.boolValue)
            case "d", "f", "Q": self = .double(number.doubleValue)
            default: self = .int(number.intValue)
            }
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSON.init(foundation:)))
        case let members as [String: Any]: self = .object(members.mapValues(JSON.init(foundation:)))
        default: self = .null
        }
    }

    /// Compact JSON, keys sorted (the same value always writes the same bytes).
    public var serialized: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data("null".utf8))
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var string: String? { if case .string(let value) = self { return value } else { return nil } }
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value) where value.rounded() == value && abs(value) < 1e15: return Int(value)
        default: return nil
        }
    }
    public var bool: Bool? { if case .bool(let value) = self { return value } else { return nil } }
    public var array: [JSON]? { if case .array(let value) = self { return value } else { return nil } }
    public var isObject: Bool { if case .object = self { return true } else { return false } }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
