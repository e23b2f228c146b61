/// A problem with the vault or its files, in one sentence that says what to do.
public struct VaultError: Error, Sendable, CustomStringConvertible, Equatable {
    public enum Kind: Sendable, Equatable {
        case notFound, io, changedOnDisk, exists, outsideVault, invalid, noMatch, ambiguous
        /// Another afterflow process held the vault's lock for longer than the timeout.
        case locked
        /// The reflection queue holds as many as it may.
        case full
        /// The index cannot be written now (the disk is full, failing or read-only); the message
        /// says why, and `code` is `ENOSPC` when the disk is full.
        case indexUnwritable
    }

    public var kind: Kind
    public var message: String
    /// Extra lines for the user: candidates, hints.
    public var details: [String]
    /// The C library's error number behind an `.io` error.
    public var code: Int32?

    public init(_ kind: Kind, _ message: String, details: [String] = [], code: Int32? = nil) {
        self.kind = kind
        self.message = message
        self.details = details
        self.code = code
    }

    public var description: String { message }

    /// Whether the vault cannot be written right now but may be later: its lock is held, or its
    /// file system is read-only, full, gone or not mounted. A reflection that meets one of these
    /// waits in the queue instead of being lost.
    public var isWriteUnavailable: Bool {
        switch kind {
        case .locked: return true
        case .io: return code.map(VaultError.unavailableCodes.contains) ?? false
        default: return false
        }
    }

    static let unavailableCodes: Set<Int32> = [EROFS, EACCES, EPERM, EIO, ENOSPC, EDQUOT, ENOENT, ENOTDIR, ESTALE]

    static func io(_ path: String, _ action: String, errno code: Int32) -> VaultError {
        VaultError(.io, "cannot \(action) \(path): \(String(cString: strerror(code)))", code: code)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
