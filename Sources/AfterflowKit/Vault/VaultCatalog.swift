import Dispatch
import Foundation

/// Every document of a vault, read from disk (the index issue replaces this with the cache).
public struct VaultCatalog: Sendable {
    public let vault: Vault
    /// Files of the journal and the drafts, sorted by path; plain notes without front matter left out.
    public private(set) var entries: [VaultEntry]
    /// Files that could not be read, with their problems.
    public private(set) var unreadable: [Diagnostic] = []
    /// Markdown files without front matter, left out as plain notes.
    public private(set) var plainNotes: [String] = []

    public init(vault: Vault, includeDrafts: Bool = true) {
        self.vault = vault
        var paths = VaultScanner.documentPaths(in: vault)
        if includeDrafts { paths += VaultScanner.draftPaths(in: vault) }
        let results = VaultCatalog.load(paths, root: vault.root)
        var entries: [VaultEntry] = []
        entries.reserveCapacity(results.count)
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let entry):
                if entry.isPlainNote { plainNotes.append(path) } else { entries.append(entry) }
            case .failure(let error):
                unreadable.append(Diagnostic(.error, error.message, at: SourceLocation(line: 1, column: 1), path: path))
            case .none:
                break
            }
        }
        self.entries = entries
        markDuplicateIDs()
        markPracticeProblems(paths: paths.filter { !Vault.isDraft($0) })
    }

    /// Journal sessions (not drafts, not other kinds), in any order.
    public var sessions: [VaultEntry] {
        entries.filter { $0.session != nil && !$0.isDraft }
    }

    public var drafts: [VaultEntry] {
        entries.filter { $0.session != nil && $0.isDraft }
    }

    /// Every problem of every file, files in path order.
    public var diagnostics: [Diagnostic] {
        (unreadable + entries.flatMap(\.diagnostics)).sorted { ($0.path ?? "", $0.location) < ($1.path ?? "", $1.location) }
    }

    private mutating func markDuplicateIDs() {
        var firstByID: [UUID: String] = [:]
        for index in entries.indices {
            guard let id = entries[index].session?.id else { continue }
            if let first = firstByID[id] {
                let location = entries[index].document.frontMatter?.entry("id")?.valueLocation ?? SourceLocation(line: 1, column: 1)
                entries[index].diagnostics.append(.duplicateID(id.uuidString, firstPath: first, at: location, path: entries[index].path))
            } else {
                firstByID[id] = entries[index].path
            }
        }
    }

    /// Adds the checks that need more than one file (a trial's goal, a goal's client, cue levels
    /// and categories against the settings; see `PracticeCheck`) to the files they are about.
    private mutating func markPracticeProblems(paths: [String]) {
        let found = PracticeCheck(config: vault.config).diagnostics(entries: entries.filter { !$0.isDraft }, paths: paths)
        guard !found.isEmpty else { return }
        var indexByPath: [String: Int] = [:]
        for index in entries.indices { indexByPath[entries[index].path] = index }
        for diagnostic in found {
            guard let path = diagnostic.path, let index = indexByPath[path] else { continue }
            entries[index].diagnostics.append(diagnostic)
        }
    }

    /// Reads and parses files on every core.
    static func load(_ paths: [String], root: String) -> [Result<VaultEntry, VaultError>?] {
        let results = ResultBox<Result<VaultEntry, VaultError>?>(count: paths.count)
        let chunk = 64
        let chunks = (paths.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            for i in (c * chunk)..<min(paths.count, (c + 1) * chunk) {
                let path = paths[i]
                do throws(VaultError) {
                    let bytes = try FileIO.read(root + "/" + path)
                    results.set(i, .success(VaultEntry(path: path, bytes: bytes)))
                } catch {
                    results.set(i, .failure(error))
                }
            }
        }
        return results.values
    }
}

/// Slots written by concurrent workers, each slot by exactly one of them.
final class ResultBox<T>: @unchecked Sendable {
    private var storage: [T?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [T] { storage.compactMap { $0 } }
}
