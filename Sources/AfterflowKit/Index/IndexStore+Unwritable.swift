import Foundation
import GRDB

/// An index that cannot be written (a full disk): why, and the in-memory index used instead.
extension IndexStore {
    /// Why the index at `path` cannot be written, when `error` is SQLite saying so: the disk is
    /// full (`SQLITE_FULL`, or an I/O error on a file system with less than 1 MB left), failing,
    /// or read-only. Nil for other errors.
    static func unwritable(_ error: Error, at path: String) -> VaultError? {
        guard let error = error as? DatabaseError else { return nil }
        switch error.resultCode {
        case .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_CANTOPEN, .SQLITE_READONLY:
            if error.resultCode == .SQLITE_FULL || FileIO.availableBytes(near: path).map({ $0 < 1 << 20 }) == true {
                return VaultError(.indexUnwritable, "the disk is full", code: ENOSPC)
            }
            return VaultError(.indexUnwritable, error.message ?? "\(error.resultCode)", code: EIO)
        default:
            return nil
        }
    }

    /// The vault's index brought up to date with the files; when it cannot be written (a full,
    /// failing or read-only disk), an index built in memory from the files instead, with the
    /// reason (`VaultError.Kind.indexUnwritable`) for the caller to pass on.
    /// With `sessionDays`, only the sessions of those days are brought up to date
    /// (`refreshSessions(since:until:)`), as an export of a period needs.
    public static func refreshed(_ vault: Vault, rebuild: Bool = false, sessionDays: (since: Int?, until: Int?)? = nil,
                                 progress: (@Sendable (Int, Int) -> Void)? = nil)
        throws(VaultError) -> (store: IndexStore, report: RefreshReport, unwritable: VaultError?) {
        do {
            let store = try IndexStore(vault: vault)
            if let sessionDays, !rebuild {
                return (store, try store.refreshSessions(since: sessionDays.since, until: sessionDays.until, progress: progress), nil)
            }
            return (store, try store.refresh(rebuild: rebuild, progress: progress), nil)
        } catch where error.kind == .indexUnwritable {
            let store = try IndexStore(inMemoryFor: vault)
            return (store, try store.refresh(progress: progress), error)
        }
    }
}
