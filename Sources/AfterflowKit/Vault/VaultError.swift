/// A problem with the vault or its files, in one sentence that says what to do.
public struct VaultError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        case notFound, io, changedOnDisk, exists, outsideVault, invalid, noMatch, ambiguous
    }

    public var kind: Kind
    public var message: String
    /// Extra lines for the user: candidates, hints.
    public var details: [String]

    public init(_ kind: Kind, _ message: String, details: [String] = []) {
        self.kind = kind
        self.message = message
        self.details = details
    }

    public var description: String { message }

    static func io(_ path: String, _ action: String, errno code: Int32) -> VaultError {
        VaultError(.io, "cannot \(action) \(path): \(String(cString: strerror(code)))")
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
