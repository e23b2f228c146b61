/// How a scalar was written, kept so that readers can tell `"5"` from `5`.
public enum ScalarStyle: String, Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    case literal
    case folded

    public var isQuoted: Bool { self != .plain }
}

/// A scalar as written in the front matter: its text after unquoting, never converted to a number,
/// boolean or time (that is the typed view's job).
public struct YAMLScalar: Sendable, Hashable {
    public var text: String
    public var style: ScalarStyle
    public var location: SourceLocation

    public init(_ text: String, style: ScalarStyle = .plain, location: SourceLocation = .init(line: 0, column: 0)) {
        self.text = text
        self.style = style
        self.location = location
    }

    /// Whether YAML readers take this scalar as null (`~`, `null`, or nothing, unquoted).
    public var isNull: Bool {
        guard style == .plain else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }
}

/// The value of a top-level front-matter key: the subset of YAML that session files use.
public enum YAMLValue: Sendable, Hashable {
    /// `key:` with nothing after it.
    case null
    case scalar(YAMLScalar)
    /// A list of scalars, written `[a, b]` (flow) or as `- a` lines (block).
    case list([YAMLScalar], flow: Bool)

    /// The scalar, when the value is one and is not null.
    public var scalar: YAMLScalar? {
        if case .scalar(let s) = self, !s.isNull { return s }
        return nil
    }

    public var isNull: Bool {
        switch self {
        case .null: return true
        case .scalar(let s): return s.isNull
        case .list: return false
        }
    }
}
