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
                try FileIO.createDirectories(FileIO.parentPath(of: absolute))
                try FileIO.create(absolute, contents: bytes)
                return path
            }
            throw VaultError(.exists, "there are 99 check-ins in that minute already (\(MoodWriter.path(for: values.date, timeZone: zone)))",
                             details: ["Give another time with --date."])
        }
    }
}
