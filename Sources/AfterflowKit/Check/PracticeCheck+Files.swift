import Foundation

/// The checks across files for a few files only (an editor's buffers, `check FILE`): the problems
/// `diagnostics(in:replacing:now:)` finds in those files, found by reading only the files that can
/// change them, so that the cost follows the files asked for and not the vault's size.
extension PracticeCheck {
    /// What `diagnostics(in:replacing:now:)` reports in `files` (vault-relative paths), in the same
    /// order, read from disk (or from `unsaved`) as that check reads them. It reads:
    ///
    /// - each file asked for (its kind's own rules of the practice: its place, its cue levels,
    ///   categories and service against the settings, the audit's warnings);
    /// - for a file in `clients/<short>/`, that folder's `goals/*.md` (the goals a trial or event
    ///   line may name, their measures and steps) and its `client.md` (whose folder it is);
    /// - when that folder has no client's file, its first goal or trial session by path (where
    ///   the error about it is put);
    /// - when a goal or trial session asked for states another client's id, every
    ///   `clients/*/client.md` (to say whose id it is);
    /// - with `concurrent_97155: false` and a 97155 session asked for, the folder's trial sessions
    ///   (the 97153 sessions it may overlap).
    ///
    /// The files are read as they are on disk now: a file edited since the index was refreshed is
    /// seen as it is. `parsed` may hold the unsaved documents already read (`VaultEntry(path:bytes:)`
    /// of their bytes), so that a long one is not parsed twice.
    public static func diagnostics(of files: Set<String>, in vault: Vault, replacing unsaved: [String: [UInt8]] = [:],
                                   parsed: [String: VaultEntry] = [:], now: Date? = nil) -> [Diagnostic] {
        var check = PracticeCheck(config: vault.config)
        check.now = now
        var read = PracticeFiles(vault: vault, unsaved: unsaved, parsed: parsed)
        for path in files.sorted() { read.add(path) }
        for short in Set(files.compactMap { Place($0)?.short }).sorted() {
            read.addFolder(short, asked: files, check: check)
        }
        return check.diagnostics(entries: read.entries, paths: read.paths).filter { $0.path.map(files.contains) ?? false }
    }
}

/// The files a check of a few files reads, each once, as `PracticeCheck.diagnostics(in:)` reads
/// them: only paths the walk of the vault lists (or unsaved documents' paths), the unsaved bytes in
/// place of a file's, a file outside `clients/` only if it may name a kind, plain notes left out.
struct PracticeFiles {
    let vault: Vault
    let unsaved: [String: [UInt8]]
    /// Unsaved documents already read from those bytes.
    let parsed: [String: VaultEntry]
    /// The document paths found, read or not (a file that could not be read still exists).
    private var found: Set<String> = []
    /// The entries read, by path.
    private var byPath: [String: VaultEntry] = [:]

    init(vault: Vault, unsaved: [String: [UInt8]], parsed: [String: VaultEntry] = [:]) {
        self.vault = vault
        self.unsaved = unsaved
        self.parsed = parsed.filter { unsaved[$0.key] != nil }
    }

    /// The paths found, sorted as the walk's are.
    var paths: [String] { found.sorted() }
    /// The entries read, in path order.
    var entries: [VaultEntry] { paths.compactMap { byPath[$0] } }

    /// Adds `path` if the whole check would see it (`listed`: already known to be), reading it.
    mutating func add(_ path: String, listed: Bool = false) {
        guard !found.contains(path) else { return }
        guard listed || (VaultScanner.isDocumentPath(path) && (unsaved[path] != nil || VaultScanner.lists(path, in: vault))) else { return }
        found.insert(path)
        guard let bytes = unsaved[path] ?? (try? FileIO.read(vault.root + "/" + path)),
              path.hasPrefix(PracticeCheck.clientsFolder + "/") || PracticeCheck.mayNameKind(bytes) else { return }
        let entry = parsed[path] ?? VaultEntry(path: path, bytes: bytes)
        if !entry.isPlainNote { byPath[path] = entry }
    }

    /// The document paths under `folder` the whole check sees: the walk's, and unsaved ones.
    func listed(under folder: String) -> [String] {
        let prefix = folder + "/"
        let extra = unsaved.keys.filter { $0.hasPrefix(prefix) && VaultScanner.isDocumentPath($0) }
        return Set(VaultScanner.listedPaths(in: vault, under: folder)).union(extra).sorted()
    }

    /// Adds what the problems of the files `asked` in `clients/<short>/` depend on (see
    /// `PracticeCheck.diagnostics(of:in:replacing:now:)`).
    mutating func addFolder(_ short: String, asked: Set<String>, check: PracticeCheck) {
        let base = "\(PracticeCheck.clientsFolder)/\(short)"
        for path in listed(under: base + "/goals") where PracticeCheck.Place(path)?.rest.count == 2 { add(path, listed: true) }
        add(base + "/client.md")
        let members = asked.compactMap { byPath[$0] }.filter { PracticeFiles.isMember($0) }
        guard !members.isEmpty else { return }
        guard case .client(let client)? = byPath[base + "/client.md"]?.content else {
            // The folder's error goes to its first member: a goal (all read) before any session.
            guard !byPath.values.contains(where: { PracticeFiles.isMember($0) && $0.kind == .goal && $0.path.hasPrefix(base + "/") }) else { return }
            for path in listed(under: base + "/sessions") {
                add(path, listed: true)
                if let entry = byPath[path], PracticeFiles.isMember(entry) { return }
            }
            return
        }
        if let id = client.id, members.contains(where: { PracticeFiles.statedClient($0).map { $0 != id } ?? false }) {
            addClientFiles()
        }
        if !check.concurrent97155, members.contains(where: PracticeFiles.isSupervisorSession) {
            for path in listed(under: base + "/sessions") { add(path, listed: true) }
        }
    }

    /// Every `clients/<short>/client.md`: whose id a goal or trial session states.
    mutating func addClientFiles() {
        let folder = vault.root + "/" + PracticeCheck.clientsFolder
        var shorts = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        for path in unsaved.keys {
            if let place = PracticeCheck.Place(path), place.isClientFile { shorts.insert(place.short) }
        }
        for short in shorts.sorted() { add("\(PracticeCheck.clientsFolder)/\(short)/client.md") }
    }

    /// Whether `entry` is a member of its client's folder (`PracticeCheck.Folder.members`): a goal
    /// in `goals/`, a trial session under `sessions/`.
    static func isMember(_ entry: VaultEntry) -> Bool {
        guard let place = PracticeCheck.Place(entry.path), place.rest.count >= 2 else { return false }
        if entry.kind == .goal { return place.rest.count == 2 && place.rest[0] == "goals" }
        return entry.kind == .trials && place.rest[0] == "sessions"
    }

    /// The client id a goal or trial session states.
    static func statedClient(_ entry: VaultEntry) -> UUID? {
        if case .goal(let goal) = entry.content { return goal.client }
        if case .trials(let session) = entry.content { return session.client }
        return nil
    }

    /// Whether `entry` is a trial session billed as 97155 (`PracticeCheck+Concurrency`).
    static func isSupervisorSession(_ entry: VaultEntry) -> Bool {
        guard case .trials(let session) = entry.content else { return false }
        return session.service?.uppercased() == PracticeCheck.supervisorCode
    }
}
