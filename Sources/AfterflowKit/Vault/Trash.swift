import Foundation

/// Deleted sessions, kept in `.afterflow/trash/` until the user empties it.
///
/// A deletion moves the file there under a new name and records its original path and the time
/// in `manifest.json`. Restoring moves it back and refuses to replace anything at the original
/// path. Only `empty` removes files for good. Every change holds the vault's lock.
public struct Trash: Sendable {
    public let vault: Vault

    public static let manifestName = "manifest.json"

    public init(vault: Vault) {
        self.vault = vault
    }

    /// One deleted session.
    public struct Entry: Codable, Sendable, Hashable {
        /// The file's name in the trash folder.
        public var file: String
        /// Where it was, vault-relative.
        public var original: String
        /// When it was deleted: `2024-12-11T09:12:05-08:00`.
        public var deleted: String
        /// The session's id, when it had one.
        public var id: String?
        /// Set when the file is a copy of a session kept before text the user wrote was replaced
        /// (`set --replace`), not the session itself: restoring it puts the copy back over the
        /// session, and keeps what it replaces as such a copy in turn.
        public var replaced: Bool?

        /// Vault-relative path of the file in the trash.
        public var path: String { Vault.trashFolder + "/" + file }

        public var deletedDate: Date? {
            LocalDate.parse(deleted).map { $0.date(in: TimeZone(identifier: "UTC") ?? .current) }
        }
    }

    private struct Manifest: Codable {
        var version = 1
        var entries: [Entry] = []
    }

    /// The deleted sessions whose files are still in the trash, most recently deleted first.
    public func entries() -> [Entry] {
        ((try? readManifest()) ?? Manifest()).entries
            .filter { FileIO.exists(vault.root + "/" + $0.path) }
            .sorted { ($0.deletedDate ?? .distantPast, $0.file) > ($1.deletedDate ?? .distantPast, $1.file) }
    }

    /// Moves a session or draft into the trash, removing its reminder first (a deleted session
    /// reminds no one). Returns the new trash entry.
    @discardableResult
    public func delete(_ entry: VaultEntry, now: Date) throws(VaultError) -> Entry {
        try vault.withLock { () throws(VaultError) -> Entry in
            let store = DocumentStore(vault: vault)
            let current = try store.reread(entry)
            if current.isPlainNote {
                throw VaultError(.invalid, "refusing to delete \(current.path): " + DocumentReference.whatItIs(current) + "; afterflow leaves such files alone")
            }
            // Every path is checked before anything is written: a trash that leads outside the
            // vault is refused with the session untouched.
            let folder = try vault.writablePath(Vault.trashFolder)
            let manifest = try manifestWritablePath()
            let source = try vault.writablePath(current.path, followingFinalLink: false)
            try FileIO.createDirectories(folder)
            let name = freeName(for: current.path, in: folder, now: now)
            let record = Entry(file: name, original: current.path,
                               deleted: LocalDate(now, in: vault.timeZone).canonical(in: vault.timeZone),
                               id: current.session?.id?.uuidString)
            // The record first: a crash before the move leaves a record without a file, which
            // is ignored, never a file without its way back.
            var entries = try readManifest()
            entries.entries.append(record)
            try writeManifest(entries, to: manifest)
            do throws(VaultError) {
                try FileIO.move(source, to: folder + "/" + name)
            } catch {
                entries.entries.removeAll { $0 == record }
                try? writeManifest(entries, to: manifest)
                throw error
            }
            // The reminder is cancelled in the trashed copy, after the move: a crash in between
            // leaves the session whole where it was, or whole in the trash, never half-deleted.
            if current.document.frontMatter?.entry(SessionKey.reminder.rawValue) != nil {
                let cleared = current.document.settingFrontMatter(SessionKey.reminder.rawValue, to: nil, order: SessionKey.order)
                let document = SessionEditor(timeZone: vault.timeZone).finishing(cleared, now: now)
                try FileIO.replace(folder + "/" + name, expecting: current.document.bytes, with: document.bytes)
            }
            return record
        }
    }

    /// Keeps a copy of `entry`'s file as it is on disk now in the trash, before a change replaces
    /// text the user wrote (`set --replace`). Returns the new trash entry, which `undo` restores.
    @discardableResult
    public func keepCopy(of entry: VaultEntry, now: Date) throws(VaultError) -> Entry {
        try vault.withLock { () throws(VaultError) -> Entry in
            let current = try DocumentStore(vault: vault).reread(entry)
            return try keep(current.document.bytes, of: current.path, id: current.session?.id?.uuidString, now: now)
        }
    }

    /// Writes `bytes` into the trash as a kept copy of the session at `original`; holds the lock.
    private func keep(_ bytes: [UInt8], of original: String, id: String?, now: Date) throws(VaultError) -> Entry {
        let folder = try vault.writablePath(Vault.trashFolder)
        let manifest = try manifestWritablePath()
        try FileIO.createDirectories(folder)
        let name = freeName(for: original, in: folder, now: now)
        try FileIO.create(folder + "/" + name, contents: bytes)
        let record = Entry(file: name, original: original, deleted: LocalDate(now, in: vault.timeZone).canonical(in: vault.timeZone),
                           id: id, replaced: true)
        var entries = try readManifest()
        entries.entries.append(record)
        try writeManifest(entries, to: manifest)
        return record
    }

    /// `20241211-091205-2024-12-10-psilocybin.md`: the UTC time of `now` and the file's name,
    /// with `-2`, `-3`… when taken.
    private func freeName(for path: String, in folder: String, now: Date) -> String {
        let stamp = LocalDate(now, in: TimeZone(identifier: "UTC") ?? .current)
        let prefix = String(format: "%04d%02d%02d-%02d%02d%02d", stamp.year, stamp.month, stamp.day,
                            stamp.time?.hour ?? 0, stamp.time?.minute ?? 0, stamp.time?.second ?? 0)
        let base = FreeName.sanitize(path.split(separator: "/").last.map { String($0.dropLast($0.hasSuffix(".md") ? 3 : 0)) } ?? "session")
        let free = FreeName.first({ FreeName.fileName("\(prefix)-\(base)", extension: "md", attempt: $0) }) { FileIO.exists(folder + "/" + $0) }
        return free ?? "\(prefix)-\(base).md"
    }

    /// Moves a deleted session back to its original path; returns that path. Refuses when
    /// something is there now. A kept copy (`replaced`) goes back over the session it was taken
    /// of, and the text it replaces is kept as a copy in turn, so that nothing is lost.
    @discardableResult
    public func restore(_ entry: Entry, now: Date) throws(VaultError) -> String {
        try vault.withLock { () throws(VaultError) -> String in
            let source = try vault.writablePath(entry.path, followingFinalLink: false)
            guard FileIO.exists(source) else {
                throw VaultError(.notFound, "\(entry.path) is no longer in the trash; nothing was restored")
            }
            if entry.replaced == true, FileIO.exists(try vault.writablePath(entry.original)) {
                return try putBack(entry, from: source, now: now)
            }
            let destination = try vault.writablePath(entry.original, followingFinalLink: false)
            guard !FileIO.exists(destination) else {
                throw VaultError(.exists, "\(entry.original) already exists; afterflow never replaces a file, so nothing was restored",
                                 details: ["Move that file away first, or copy the deleted one from \(entry.path) yourself."])
            }
            let manifestPath = try manifestWritablePath()
            try FileIO.createDirectories(FileIO.parentPath(of: destination))
            try FileIO.move(source, to: destination)
            var manifest = try readManifest()
            manifest.entries.removeAll { $0.file == entry.file }
            try writeManifest(manifest, to: manifestPath)
            return entry.original
        }
    }

    /// Puts a kept copy back over its session, keeping the session's text as a copy first; holds
    /// the lock.
    private func putBack(_ entry: Entry, from source: String, now: Date) throws(VaultError) -> String {
        let destination = try vault.writablePath(entry.original)
        let copy = try FileIO.read(source)
        let current = try FileIO.read(destination)
        let manifestPath = try manifestWritablePath()
        _ = try keep(current, of: entry.original, id: entry.id, now: now)
        try FileIO.replace(destination, expecting: current, with: copy)
        try FileIO.remove(source)
        var manifest = try readManifest()
        manifest.entries.removeAll { $0.file == entry.file }
        try writeManifest(manifest, to: manifestPath)
        return entry.original
    }

    /// Removes deleted sessions for good: all of them, or those deleted more than `olderThan`
    /// seconds before `now`. Returns what was removed.
    @discardableResult
    public func empty(olderThan: Int? = nil, now: Date) throws(VaultError) -> [Entry] {
        try vault.withLock { () throws(VaultError) -> [Entry] in
            let manifestPath = try manifestWritablePath()
            var manifest = try readManifest()
            let doomed = manifest.entries.filter { entry in
                guard let olderThan else { return true }
                guard let deleted = entry.deletedDate else { return false }
                return now.timeIntervalSince(deleted) > TimeInterval(olderThan)
            }
            var removed: [Entry] = []
            for entry in doomed {
                let path = try vault.writablePath(entry.path, followingFinalLink: false)
                if FileIO.exists(path) { try FileIO.remove(path) }
                manifest.entries.removeAll { $0.file == entry.file }
                removed.append(entry)
            }
            if !doomed.isEmpty { try writeManifest(manifest, to: manifestPath) }
            return removed
        }
    }

    /// The deleted sessions `reference` names: an id prefix (4+ characters), the original path
    /// (or the path in the trash), or the session's day.
    public func matching(_ reference: String) -> [Entry] {
        let text = reference.trimmingASCIIWhitespace()
        let key = text.uppercased()
        let bare = key.replacingOccurrences(of: "-", with: "")
        let day = LocalDate.parse(text).flatMap { $0.isDayOnly ? $0 : nil }
        return entries().filter { entry in
            if entry.original == text || entry.path == text || text.hasSuffix("/" + entry.original) { return true }
            if key.utf8.count >= 4, let id = entry.id?.uppercased(),
               id.hasPrefix(key) || id.replacingOccurrences(of: "-", with: "").hasPrefix(bare) { return true }
            if let day, let bytes = try? FileIO.read(vault.root + "/" + entry.path),
               let date = Session(document: Document(bytes: bytes)).date {
                return date.year == day.year && date.month == day.month && date.day == day.day
            }
            return false
        }
    }

    // MARK: - The manifest

    private var manifestPath: String { vault.root + "/" + Vault.trashFolder + "/" + Trash.manifestName }

    /// Where the manifest is written, refused when the trash leads outside the vault.
    private func manifestWritablePath() throws(VaultError) -> String {
        try vault.writablePath(Vault.trashFolder + "/" + Trash.manifestName)
    }

    /// The manifest; an empty one when there is none yet.
    private func readManifest() throws(VaultError) -> Manifest {
        guard FileIO.exists(manifestPath) else { return Manifest() }
        let bytes = try FileIO.read(manifestPath)
        guard let manifest = try? JSONDecoder().decode(Manifest.self, from: Data(bytes)) else {
            throw VaultError(.invalid, "\(Vault.trashFolder)/\(Trash.manifestName) is not a trash manifest afterflow can read; nothing was changed",
                             details: ["Restore it from a backup, or move it away to start a new one (the deleted files stay in \(Vault.trashFolder)/)."])
        }
        return manifest
    }

    private func writeManifest(_ manifest: Manifest, to manifestPath: String) throws(VaultError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(manifest) else {
            throw VaultError(.invalid, "cannot encode the trash's manifest")
        }
        try FileIO.createDirectories(FileIO.parentPath(of: manifestPath))
        try FileIO.overwrite(manifestPath, contents: Array(data) + [0x0A])
    }
}
