import Foundation

/// Writes assessments: one new file each in `assessments/YYYY/`, under the vault's lock, never
/// over another file.
public struct AssessmentStore: Sendable {
    public let vault: Vault

    public init(vault: Vault) {
        self.vault = vault
    }

    /// Writes a new assessment and returns its path: `assessments/2025/2025-03-04-0815-phq9.md`,
    /// or `-2`, `-3` … before `.md` when that minute has one of the instrument already.
    public func add(_ values: AssessmentValues) throws(VaultError) -> String {
        let zone = vault.timeZone
        let bytes = Array(AssessmentWriter.newDocument(values, timeZone: zone).utf8)
        return try vault.withLock { () throws(VaultError) -> String in
            for attempt in 1...99 {
                let path = AssessmentWriter.path(for: values.date, instrument: values.instrument, timeZone: zone, attempt: attempt)
                let absolute = try vault.writablePath(path)
                if FileIO.exists(absolute) { continue }
                try WriteCheck.validate(Document(bytes: bytes), at: path)
                try FileIO.createDirectories(FileIO.parentPath(of: absolute))
                try FileIO.create(absolute, contents: bytes)
                return path
            }
            throw VaultError(.exists, "there are 99 \(values.instrument.title) assessments in that minute already",
                             details: ["Give another time with --date."])
        }
    }
}
