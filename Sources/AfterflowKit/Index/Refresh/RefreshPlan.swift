/// What the index holds of one file, as a refresh compares it.
struct KnownFile: Sendable, Equatable {
    var size: Int64
    var modified: Int64
    /// `ContentHash` of the bytes last indexed.
    var hash: Int64
}

/// What a refresh plan reads of the index: the fingerprints the last refresh saved and the
/// files it holds. `IndexStore` answers from its database; a test answers from memory.
protocol RefreshIndexState {
    /// The whole vault's fingerprint the last refresh saved (`IndexStore.digest`), if any.
    func savedDigest() throws -> String?
    /// Each folder's fingerprint the last refresh saved (`IndexStore.folderDigests`).
    func savedFolders() throws -> [String: String]
    func hasDocuments() throws -> Bool
    /// The files the index holds in `folders` (those directly in them, not deeper), or every
    /// file when `folders` is nil.
    func known(in folders: Set<String>?, expected: Int) throws -> [String: KnownFile]
}

/// The first part of a refresh (plan → read → write; see `IndexStore.refresh`): from the scan of
/// the files and what the index knows of them, which files to read and which to remove. Files
/// whose path, size and modification time the index already holds are not read; only the folders
/// whose fingerprint changed are compared file by file.
struct RefreshPlan: Sendable {
    /// What the refresh has to do.
    enum Action: Sendable, Equatable {
        /// The vault's fingerprint is what the index saved: nothing to do.
        case none
        /// No file to read or remove, but the fingerprints are saved again.
        case saveFingerprints
        /// Files to read or to remove (or a rebuild).
        case write
    }

    let rebuild: Bool
    /// Files found on disk.
    let documents: Int
    /// The whole vault's fingerprint, and each folder's.
    let digest: String
    /// A plan of some folders only (`IndexStore.refreshSessions`): it saves no fingerprint, so the
    /// next whole refresh compares those folders file by file and finds their rows current.
    private(set) var scoped = false
    private(set) var folders: [String: String] = [:]
    /// The index is filled from nothing (a rebuild, or an empty index): every file is read, rows
    /// go in first and the full-text index in one statement.
    private(set) var bulk = false
    private(set) var action = Action.none
    /// Files not read: their fingerprint (or their folder's) is what the index holds.
    private(set) var unchanged = 0
    /// The index's rows of the files compared one by one (nothing in a rebuild).
    private(set) var known: [String: KnownFile] = [:]
    /// New files and files whose size or modification time changed, in the scan's order.
    private(set) var toRead: [ScannedFile] = []
    /// Files the index holds that are gone.
    private(set) var removed: [String] = []

    /// Plans the refresh of `scanned` against `index`, reading of it only what it needs: the
    /// saved digest first, then (when it differs) the saved folders and the known files of the
    /// folders that changed. `mark` names the phases for the timing sink.
    init(scanned: [ScannedFile], rebuild: Bool, index: some RefreshIndexState, mark: (String) -> Void = { _ in }) throws {
        try self.init(count: scanned.count, digest: IndexStore.digest(scanned), files: { scanned }, rebuild: rebuild, index: index, mark: mark)
    }

    /// The plan of the walk's `scan`, whose paths are made into strings only when the vault's
    /// fingerprint is not the one the index saved.
    init(scan: VaultScan, rebuild: Bool, index: some RefreshIndexState, mark: (String) -> Void = { _ in }) throws {
        try self.init(count: scan.count, digest: IndexStore.digest(count: scan.count, sum: scan.sum), files: { scan.files },
                      rebuild: rebuild, index: index, mark: mark)
    }

    private init(count: Int, digest: String, files: () -> [ScannedFile], rebuild: Bool, index: some RefreshIndexState,
                 mark: (String) -> Void) throws {
        self.rebuild = rebuild
        documents = count
        // Nothing changed when every path, size and modification time is what the last refresh saw.
        self.digest = digest
        if !rebuild, try index.savedDigest() == digest {
            unchanged = count
            mark("digest")
            return
        }
        let scanned = files()
        // Each folder has its own fingerprint too: only the folders whose files changed are compared
        // row by row with the index.
        folders = IndexStore.folderDigests(scanned)
        let saved = rebuild ? [:] : try index.savedFolders()
        bulk = try rebuild || !index.hasDocuments()
        let changedFolders = Set(folders.keys.filter { saved[$0] != folders[$0] }).union(saved.keys.filter { folders[$0] == nil })
        let everyFolder = bulk || saved.isEmpty || changedFolders.contains("")
        let considered = everyFolder ? scanned : RefreshPlan.files(of: scanned, in: changedFolders)
        unchanged = scanned.count - considered.count
        if !rebuild { known = try index.known(in: everyFolder ? nil : changedFolders, expected: considered.count) }
        mark("load known")
        compare(considered)
        action = rebuild || !toRead.isEmpty || !removed.isEmpty ? .write : .saveFingerprints
    }

    /// The plan of some files only (`files`, found by `IndexStore.refreshSessions`), against
    /// `known`, the index's rows of the same files: what changed, was added or is gone there.
    init(scoped files: [ScannedFile], known: [String: KnownFile]) {
        rebuild = false
        scoped = true
        documents = files.count
        digest = ""
        self.known = known
        compare(files)
        action = toRead.isEmpty && removed.isEmpty ? .none : .write
    }

    /// The files of `scanned` directly in one of `folders`, in the scan's order.
    private static func files(of scanned: [ScannedFile], in folders: Set<String>) -> [ScannedFile] {
        var files: [ScannedFile] = []
        IndexStore.folderRuns(scanned) { folder, run in
            if folders.contains(folder) { files += scanned[run] }
        }
        return files
    }

    /// Sorts the `considered` files into unchanged and to read, and finds the known files gone.
    private mutating func compare(_ considered: [ScannedFile]) {
        var stillThere = 0
        for file in considered {
            let old = known[file.path]
            if old != nil { stillThere += 1 }
            if let old, old.size == file.size, old.modified == file.modified {
                unchanged += 1
            } else {
                toRead.append(file)
            }
        }
        // Some known file is gone only when fewer of them were seen than the index holds.
        if stillThere < known.count {
            let present = Set(considered.map(\.path))
            removed = known.keys.filter { !present.contains($0) }
        }
    }
}
