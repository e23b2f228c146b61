import Foundation

/// Mood check-ins and assessments: one new file each, in `moods/YYYY/` and `assessments/YYYY/`.
extension DocumentStore {
    /// Writes a new check-in and returns its path: `moods/2025/2025-03-04-0815.md`, or `-2`, `-3`
    /// … before `.md` when that minute has one already.
    public func create(_ values: MoodValues) throws(VaultError) -> String {
        let zone = vault.timeZone
        return try create(Document(MoodWriter.newDocument(values, timeZone: zone)), at: .mood(date: values.date, timeZone: zone))
    }

    /// Writes new check-ins, in order, under one hold of the lock, and returns their paths. A
    /// failure stops there: the files written before it stay, and the error says how many.
    public func createAll(_ list: [MoodValues]) throws(VaultError) -> [String] {
        let zone = vault.timeZone
        return try vault.withLock { () throws(VaultError) -> [String] in
            var paths: [String] = []
            var folders = Set<String>()
            for values in list {
                let document = Document(MoodWriter.newDocument(values, timeZone: zone))
                let placement = Placement.mood(date: values.date, timeZone: zone)
                var written: String?
                do throws(VaultError) {
                    if let path = try freePath(for: placement) {
                        try WriteCheck.validate(document, at: path)
                        let absolute = try vault.writablePath(path)
                        let folder = FileIO.parentPath(of: absolute)
                        if folders.insert(folder).inserted { try FileIO.createDirectories(folder) }
                        try FileIO.create(absolute, contents: document.bytes)
                        written = path
                    }
                } catch {
                    throw VaultError(error.kind, error.message, details: ["\(paths.count) of \(list.count) check-ins were written before this; importing again skips them."] + error.details)
                }
                guard let written else {
                    throw VaultError(.exists, "there are 99 check-ins in that minute already (\(placement.path(attempt: 1)))")
                }
                paths.append(written)
            }
            return paths
        }
    }
}
