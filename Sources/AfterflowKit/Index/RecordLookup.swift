import Foundation
import GRDB

/// How a command about one record (`show`, `set`, `reflect`, `remind`, `open`, `trial`, `note`,
/// `summary`, …) finds it without walking the vault: the rule of docs/ARCHITECTURE.md, "A
/// command about one record".
///
/// The reference is first answered from the index as it stands and from file names, without the
/// refresh that stats every file. The answer is taken only when it can be vouched for:
///
/// - the index exists and has been brought up to date at least once;
/// - exactly one record is named, and its file is still there (it is read, and its size and
///   modification time compared with the index's row: when they differ, the file was edited since
///   the last refresh, and the record as read must still be the one the reference names, by day,
///   id or date);
/// - no file named for the same day (or, for the newest, a later one) lies in the record's
///   folder that the index does not hold.
///
/// Anything else (no index, a file gone, an id prefix the index does not hold, no match, two
/// matches) brings the index up to date with `refresh` and answers again as before, with every
/// message of a full look-up. The record is always read from disk, so a file edited by hand is
/// seen as it is now.
public struct RecordLookup {
    public let vault: Vault
    private let bringUpToDate: () throws(VaultError) -> IndexStore
    private let opened = OpenedIndexes()
    private var fresh = false

    /// `refresh` opens the index and brings it up to date (the front end's, with its progress bar
    /// and warnings): called only when the quick answer cannot be trusted, and at most once (a
    /// second question of the same look-up, as `show`'s backlinks after its record, asks the
    /// index it brought up to date, so a warning is not said twice).
    public init(vault: Vault, refresh: @escaping () throws(VaultError) -> IndexStore) {
        self.vault = vault
        self.bringUpToDate = refresh
    }

    /// The index brought up to date, once.
    func refresh() throws(VaultError) -> IndexStore {
        if let index = opened.refreshed { return index }
        let index = try bringUpToDate()
        opened.refreshed = index
        return index
    }

    /// Where a look-up keeps the indexes it opened (a look-up is a value; its copies share them):
    /// the one it brought up to date, and the one as it stood, opened once (each open reads and
    /// parses the whole schema, a tenth of `show`).
    private final class OpenedIndexes: @unchecked Sendable {
        var refreshed: IndexStore?
        /// nil until asked; then the standing index, or nil inside when there is none.
        var standing: IndexStore??
    }

    /// A look-up whose index has just been brought up to date by the caller: no quick answer is
    /// tried.
    public init(refreshed index: IndexStore) {
        self.vault = index.vault
        self.bringUpToDate = { index }
        fresh = true
    }

    /// The index brought up to date, by the front end's `refresh`.
    public func refreshed() throws(VaultError) -> IndexStore {
        try refresh()
    }

    /// One try at an answer: from the index as it stood (`trusting`), or from an index brought up
    /// to date.
    public struct Attempt {
        public let index: IndexStore
        /// Whether the index has not been refreshed: every answer must be vouched for.
        public let trusting: Bool
    }

    /// The answer `body` gives from the index as it stands when it vouches for it (non-nil), else
    /// the answer it gives once the index is brought up to date (where nil means nothing; its
    /// errors are the command's).
    public func find<T>(_ body: (Attempt) throws(VaultError) -> T?) throws(VaultError) -> T? {
        if !fresh, let index = standingIndex(), let answer = try? body(Attempt(index: index, trusting: true)) {
            return answer
        }
        return try body(Attempt(index: try refresh(), trusting: false))
    }

    /// The index as it was left, when there is one that has been brought up to date before; nil
    /// when it is missing, of another version (opening it empties it), or cannot be opened.
    func standingIndex() -> IndexStore? {
        if let standing = opened.standing { return standing }
        let path = vault.root + "/" + Vault.stateFolder + "/" + IndexStore.fileName
        var index: IndexStore?
        if FileIO.exists(path), let found = try? IndexStore(vault: vault), (try? found.hasBeenRefreshed()) == true { index = found }
        opened.standing = .some(index)
        return index
    }
}

extension RecordLookup.Attempt {
    /// The record at `path`, read from disk. When trusting: nil when the file is gone, and nil when
    /// it changed since the index read it (size or modification time) and `stillNamed` says the
    /// file as it is now is not the record the reference named.
    public func read(_ path: String, stillNamed: (VaultEntry) -> Bool) throws(VaultError) -> VaultEntry? {
        let absolute = try index.vault.path(path)
        guard trusting else { return VaultEntry(path: path, bytes: try FileIO.read(absolute)) }
        guard let read = try? FileIO.readWithFingerprint(absolute) else { return nil }
        let entry = VaultEntry(path: path, bytes: read.bytes)
        if let known = try index.fingerprint(of: path), known.size == read.size, known.modified == read.modified { return entry }
        return stillNamed(entry) ? entry : nil
    }

    /// Whether a Markdown file in the vault-relative `folder` whose name starts with a day from
    /// `day` on (`YYYY-MM-DD`; only that day unless `later`) is missing from `known` and from the
    /// index: a file the index has not seen, which might be the record named.
    public func hasUnknownNames(in folder: String, day: String, later: Bool = false, known: Set<String>) throws(VaultError) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: index.vault.root + "/" + folder) else { return false }
        var unknown: [String] = []
        for name in names where name.hasSuffix(".md") && !name.hasPrefix(".") {
            let stem = name.utf8.count >= 10 ? String(name.prefix(10)) : ""
            guard later ? stem >= day : stem == day else { continue }
            let path = folder + "/" + name
            if !known.contains(path) { unknown.append(path) }
        }
        guard !unknown.isEmpty else { return false }
        return try index.knownCount(of: unknown) < unknown.count
    }
}

extension IndexStore {
    /// Whether a refresh has ever completed on this index (it saves the vault's fingerprint).
    func hasBeenRefreshed() throws(VaultError) -> Bool {
        try query { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'files'") != nil }
    }

    /// The size and modification time (nanoseconds) the index last read `path` at; nil when it
    /// does not hold it.
    func fingerprint(of path: String) throws(VaultError) -> (size: Int64, modified: Int64)? {
        try query { db in
            try Row.fetchOne(db, sql: "SELECT size, modified FROM documents WHERE path = ?", arguments: [path])
                .map { row -> (size: Int64, modified: Int64) in (row[0], row[1]) }
        }
    }

    /// How many of `paths` the index holds.
    func knownCount(of paths: [String]) throws(VaultError) -> Int {
        try query { db in
            let marks = Array(repeating: "?", count: paths.count).joined(separator: ",")
            return try Int.fetchOne(db, sql: "SELECT count(*) FROM documents WHERE path IN (\(marks))", arguments: StatementArguments(paths)) ?? 0
        }
    }
}
