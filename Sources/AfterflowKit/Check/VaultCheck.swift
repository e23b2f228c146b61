import Foundation

/// Every problem of the vault, or of chosen files: what `afterflow check` prints, for any front end
/// (the command line, the phone page, an editor server).
///
/// - each document's own problems, as the index recorded them when it read the file;
/// - duplicate ids among documents of every kind (an error on each file but the first by path);
/// - the checks across files (`PracticeCheck`: a trial's goal, a goal's client, cue levels,
///   files outside their client's folder; `InstrumentCheck`: the vault's instrument files, and
///   answers to them) and against the settings (a session's treatment the vault's `treatments`
///   lacks);
/// - a link to another record that names nothing (`LinkCheck`, a warning);
/// - the vault's settings (`.afterflow/config.yml`) and the files that could not be read;
/// - with a `git` repository, the files an unfinished merge left in conflict without markers.
///
/// A front end may hand in the text of documents not yet saved (an editor's buffers): each such
/// document is checked from that text, and the checks across files see that text in place of the
/// file on disk. Nothing is written, printed or read from the environment; the files on disk are
/// only read.
public struct VaultCheck: Sendable {
    /// The vault's index, brought up to date by the caller (`IndexStore.refresh` or `refreshed`).
    public let store: IndexStore
    /// The files the refresh could not read (`RefreshReport.readFailures`).
    public var readFailures: [Diagnostic]
    /// The repository the vault is kept in, found on the search path the front end passes: while
    /// a merge is unfinished, its files left unmerged without conflict markers (a file deleted on
    /// one machine and changed on the other) are reported last. Nil: git is not asked.
    public var git: GitRepository?
    /// The front end's clock, for the warnings that depend on it (a note still unsigned 24 hours
    /// after its session, with `audit: true`); nil: those are told without the time.
    public var now: Date?

    public init(store: IndexStore, readFailures: [Diagnostic] = [], git: GitRepository? = nil) {
        self.store = store
        self.readFailures = readFailures
        self.git = git
    }

    /// What a check found.
    public struct Report: Sendable {
        /// In the order `check` prints them: the settings' problems, then every file's in path
        /// order (by line and column within a file), the files that could not be read, the
        /// conflicts.
        public var diagnostics: [Diagnostic]
        /// How many files were checked: the vault's documents (plain notes and other tools' notes
        /// left out) and the files that could not be read; with `files`, how many were asked for.
        public var fileCount: Int

        public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
        public var warningCount: Int { diagnostics.count - errorCount }
        /// How many files have at least one problem.
        public var affectedFileCount: Int { Set(diagnostics.compactMap(\.path)).count }
    }

    /// Every problem of the vault, or only those of `files` (vault-relative paths).
    ///
    /// `unsaved` maps documents to the text they hold in an editor, not yet saved: their paths are
    /// vault-relative or absolute inside the vault, and may name files that do not exist yet.
    /// Throws `outsideVault` for a path outside the vault and `invalid` for one the vault does not
    /// read as a document (not `.md`, in a dot-folder other than the drafts, in `Templates/`).
    /// Another tool's note, or a file without front matter, has no problems.
    ///
    /// Without `unsaved`, the documents' problems come from the index and only the checks across
    /// files read the files. With `files`, the cost follows them and not the vault: the index is
    /// asked about those files and the ids they hold, and the checks across files read only the
    /// files that can change their problems (`PracticeCheck.diagnostics(of:)`); the problems are
    /// the same as the whole vault's of those files, in the same order.
    public func check(files: Set<String>? = nil, unsaved: [String: String] = [:]) throws(VaultError) -> Report {
        let vault = store.vault
        let overlay = try UnsavedDocuments(unsaved, in: vault)
        let stored: [Diagnostic]
        let practice: [Diagnostic]
        if let files {
            stored = try store.problems(of: files)
            practice = PracticeCheck.diagnostics(of: files, in: vault, replacing: overlay.bytes, parsed: overlay.entries, now: now)
        } else {
            stored = try store.problems()
            practice = try PracticeCheck.diagnostics(in: store, replacing: overlay.bytes, now: now)
        }
        var problems = try overlay.replacingProblems(stored, in: store)
        let instruments = try InstrumentCheck.apply(to: problems, in: store, replacing: overlay.bytes, files: files)
        problems = instruments.problems
        let acrossFiles = practice
            + (try VaultCheck.treatmentProblems(in: store, unsaved: overlay.entries, files: files))
            + (try LinkCheck.diagnostics(store: store, overlay: overlay, files: files))
        if !acrossFiles.isEmpty {
            problems = (problems + acrossFiles).sorted(by: VaultCheck.inFileOrder)
        }
        let failures = readFailures.filter { $0.path.map { overlay.entries[$0] == nil } ?? true }
        let conflicts = git?.conflictDiagnostics() ?? []
        let diagnostics = vault.config.diagnostics + problems + failures + conflicts
        guard let files else {
            let fileCount = try store.documentCount() + instruments.files + failures.count + overlay.documentCountChange(in: store)
            return Report(diagnostics: diagnostics, fileCount: fileCount)
        }
        return Report(diagnostics: diagnostics.filter { $0.path.map(files.contains) ?? false }, fileCount: files.count)
    }

    /// The problems of the one document at `path` (vault-relative, or absolute inside the vault)
    /// if it held `unsavedText`: its own, and those the checks across files find in it with the
    /// rest of the vault as it is on disk. What an editor shows while the document is typed.
    public func check(path: String, unsavedText: String) throws(VaultError) -> [Diagnostic] {
        let relative = try UnsavedDocuments.relativePath(path, in: store.vault)
        return try check(files: [relative], unsaved: [relative: unsavedText]).diagnostics
    }

    /// `path` (vault-relative, or absolute inside the vault) as the vault-relative path of a
    /// document the vault reads: what `check(path:unsavedText:)` accepts. Throws `outsideVault`
    /// or `invalid` as it does, for a front end to tell before checking.
    public static func documentPath(_ path: String, in vault: Vault) throws(VaultError) -> String {
        try UnsavedDocuments.relativePath(path, in: vault)
    }

    /// Files in path order, problems by line and column within a file.
    static func inFileOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        (a.path ?? "", a.location) < (b.path ?? "", b.location)
    }
}
