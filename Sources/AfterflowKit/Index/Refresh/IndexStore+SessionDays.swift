import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A refresh of the sessions of some days only: what an export of a period reads, so that its
/// cost follows the sessions it writes and not the size of the vault (docs/ARCHITECTURE.md, "An
/// export of some days").
extension IndexStore {
    /// What can hold a session of a period: files to compare one by one, and folders to walk whole.
    struct SessionDayScope: Equatable {
        /// Vault-relative paths: the files of `sessions/YYYY/` (for each year of the period) named
        /// for a day of it or for no day, and the files of the index's sessions of the period.
        var files: [String]
        /// Walked and compared whole: the drafts, and any folder inside a year folder.
        var folders: [String]
    }

    /// Brings the index up to date for the sessions from the day of `since` (inclusive) to the day
    /// of `until` (exclusive; nil for no end), in the vault's time zone, without walking the rest
    /// of the vault (`SessionDayScope`). Falls back to the whole refresh when there is no day to
    /// start from or when the index has never been brought up to date.
    @discardableResult
    public func refreshSessions(since: Int?, until: Int?, progress: (@Sendable (Int, Int) -> Void)? = nil) throws(VaultError) -> RefreshReport {
        do {
            guard let since, let scope = try sessionScope(since: since, until: until) else {
                return try refresh(progress: progress)
            }
            return try refresh(scope, progress: progress)
        } catch {
            throw refreshError(error)
        }
    }

    /// The scope of a period; nil when only the whole refresh will do (an index never brought up
    /// to date).
    func sessionScope(since: Int, until: Int?) throws -> SessionDayScope? {
        let state = StoredIndexState(database: database)
        guard try state.savedDigest() != nil, try state.hasDocuments() else { return nil }
        let zone = vault.timeZone
        func day(_ instant: Int) -> String { LocalDate(Date(timeIntervalSince1970: TimeInterval(instant)), in: zone).dayString }
        let first = day(since)
        let last = until.map(day)
        var scope = SessionDayScope(files: [], folders: [Vault.draftsFolder])
        var seen = Set<String>()
        for year in IndexStore.yearFolders(in: vault.root, from: String(first.prefix(4)), to: last.map { String($0.prefix(4)) }) {
            IndexStore.listNames(in: vault.root + "/" + year) { name, isFolder in
                if isFolder {
                    scope.folders.append(year + "/" + name)
                } else if name.hasSuffix(".md"), IndexStore.named(name, from: first, to: last) {
                    seen.insert(year + "/" + name)
                }
            }
        }
        let indexed = try database.read { db in
            try String.fetchAll(db, sql: "SELECT path FROM sessions WHERE day >= ?" + (last == nil ? "" : " AND day < ?"),
                                arguments: StatementArguments([first] + (last.map { [$0] } ?? [])))
        }
        seen.formUnion(indexed)
        scope.files = seen.filter { path in !scope.folders.contains { path.hasPrefix($0 + "/") } }.sorted()
        scope.folders.sort()
        return scope
    }

    /// Whether a file name can be a session of the days from `first` to `last` (exclusive): it
    /// starts with one of them (`2024-12-10-psilocybin.md`), or with no day at all.
    static func named(_ name: String, from first: String, to last: String?) -> Bool {
        let prefix = name.utf8.prefix(10)
        let isDay = prefix.count == 10 && prefix.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        guard isDay else { return true }
        let day = String(decoding: prefix, as: UTF8.self)
        return day >= first && (last == nil || day < last!)
    }

    /// `sessions/YYYY` for each year folder from `from` to `to` (inclusive; nil for no end).
    static func yearFolders(in root: String, from: String, to: String?) -> [String] {
        var years: [String] = []
        listNames(in: root + "/" + Vault.sessionsFolder) { name, isFolder in
            guard isFolder, name.utf8.count == 4, name.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return }
            if name >= from && (to == nil || name <= to!) { years.append(Vault.sessionsFolder + "/" + name) }
        }
        return years.sorted()
    }

    /// Calls `body` with each name in the folder at `path` not starting with a dot, and whether it
    /// is a folder (as the directory entry says; a link is not a folder, as in the walk).
    static func listNames(in path: String, _ body: (String, Bool) -> Void) {
        guard let folder = opendir(path) else { return }
        defer { closedir(folder) }
        while let entry = readdir(folder) {
            let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            if !name.hasPrefix(".") { body(name, isFolder) }
        }
    }

    /// The refresh of a scope alone: its files stated and its folders walked, compared with the
    /// index's rows of them; no fingerprint is saved (`RefreshPlan.scoped`).
    private func refresh(_ scope: SessionDayScope, progress: (@Sendable (Int, Int) -> Void)?) throws -> RefreshReport {
        let timer = PhaseTimer()
        defer { timer.report() }
        var temporary: [String] = []
        var files = VaultScanner.walk(vault.root, from: scope.folders, temporaryFiles: &temporary).files
        TemporaryFiles.notice(temporary, in: vault)
        for path in scope.files {
            var info = stat()
            guard stat(vault.root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            files.append(ScannedFile(path: path, size: Int64(info.st_size), modified: VaultScanner.modificationTime(info)))
        }
        timer.mark("scan \(scope.files.count) files, \(scope.folders.count) folders")
        let state = StoredIndexState(database: database)
        var known = try state.known(in: Set(scope.folders), expected: scope.files.count, deep: true)
        known.merge(try state.known(paths: scope.files)) { old, _ in old }
        let plan = RefreshPlan(scoped: files, known: known)
        var report = RefreshReport()
        report.documents = plan.documents
        report.unchanged = plan.unchanged
        guard plan.action == .write else { return report }
        timer.mark("compare")
        try write(plan, into: &report, progress: progress, timer: timer)
        return report
    }
}

extension StoredIndexState {
    /// The files of `paths` the index holds, in one query.
    func known(paths: [String]) throws -> [String: KnownFile] {
        let list = JSONValue.array(paths.map(JSONValue.string)).serialized()
        return try database.read { db in
            var known: [String: KnownFile] = [:]
            try RawRow.each(db, sql: "SELECT path, size, modified, hash FROM documents WHERE path IN (SELECT value FROM json_each(?))",
                            arguments: [list]) { row in
                known[String(decoding: row.bytes(0), as: UTF8.self)] = KnownFile(row)
            }
            return known
        }
    }
}
