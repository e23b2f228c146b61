import Foundation

/// Writes mood check-ins: one new file each in `moods/YYYY/`, under the vault's lock, never over
/// another file.
public struct MoodStore: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Writes a new check-in and returns its path: `moods/2025/2025-03-04-0815.md`, or `-2`, `-3`
    /// … before `.md` when that minute has one already.
    public func add(_ values: MoodValues) throws(VaultError) -> String {
        let zone = vault.timeZone
        let bytes = Array(MoodWriter.newDocument(values, timeZone: zone).utf8)
        return try vault.withLock { () throws(VaultError) -> String in
            for attempt in 1...99 {
                let path = MoodWriter.path(for: values.date, timeZone: zone, attempt: attempt)
                let absolute = try vault.writablePath(path)
                if FileIO.exists(absolute) { continue }
                try WriteCheck.validate(Document(bytes: bytes), at: path)
                try FileIO.createDirectories(FileIO.parentPath(of: absolute))
                try FileIO.create(absolute, contents: bytes)
                return path
            }
            throw VaultError(.exists, "there are 99 check-ins in that minute already (\(MoodWriter.path(for: values.date, timeZone: zone)))",
                             details: ["Give another time with --date."])
        }
    }

    /// Writes new check-ins, in order, under one hold of the lock, and returns their paths. A
    /// failure stops there: the files written before it stay, and the error says how many.
    public func addAll(_ list: [MoodValues]) throws(VaultError) -> [String] {
        let zone = vault.timeZone
        return try vault.withLock { () throws(VaultError) -> [String] in
            var paths: [String] = []
            var folders = Set<String>()
            for values in list {
                let bytes = Array(MoodWriter.newDocument(values, timeZone: zone).utf8)
                var written: String?
                do throws(VaultError) {
                    for attempt in 1...99 {
                        let path = MoodWriter.path(for: values.date, timeZone: zone, attempt: attempt)
                        let absolute = try vault.writablePath(path)
                        if FileIO.exists(absolute) { continue }
                        try WriteCheck.validate(Document(bytes: bytes), at: path)
                        let folder = FileIO.parentPath(of: absolute)
                        if folders.insert(folder).inserted { try FileIO.createDirectories(folder) }
                        try FileIO.create(absolute, contents: bytes)
                        written = path
                        break
                    }
                } catch {
                    throw VaultError(error.kind, error.message, details: ["\(paths.count) of \(list.count) check-ins were written before this; importing again skips them."] + error.details)
                }
                guard let written else {
                    throw VaultError(.exists, "there are 99 check-ins in that minute already (\(MoodWriter.path(for: values.date, timeZone: zone)))")
                }
                paths.append(written)
            }
            return paths
        }
    }
}
