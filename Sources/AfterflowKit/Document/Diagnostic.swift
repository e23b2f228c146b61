/// A place in a source file: line and column, both 1-based; the column counts UTF-8 bytes.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A problem found in a file, located so that an editor can jump to it.
public struct Diagnostic: Sendable, Hashable, Error, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    public var severity: Severity
    /// One lower-case sentence that says what was expected and what was found.
    public var message: String
    public var location: SourceLocation
    /// The file, when known; the library fills it in when it reads from disk.
    public var path: String?

    public init(_ severity: Severity, _ message: String, at location: SourceLocation, path: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.path = path
    }

    public static func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.error, message, at: location)
    }

    public static func warning(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.warning, message, at: location)
    }

    /// The error on a file whose id an earlier file (by path) already has.
    static func duplicateID(_ id: String, firstPath: String, at location: SourceLocation, path: String) -> Diagnostic {
        Diagnostic(.error, "id \(id) is also the id of \(firstPath); give this file a new id (delete the id line and run 'afterflow fmt')",
                   at: location, path: path)
    }

    /// `path:line:col: severity: message`, the form compilers and editors understand.
    public var description: String {
        "\(path ?? "<input>"):\(location.line):\(location.column): \(severity.rawValue): \(message)"
    }

    public func withPath(_ path: String) -> Diagnostic {
        var copy = self
        copy.path = path
        return copy
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
}
