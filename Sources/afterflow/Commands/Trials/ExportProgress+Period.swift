import AfterflowKit
import Foundation

/// `export progress --period`: the period since the last report, and its record.
extension ExportProgress {
    func reportPeriod(of record: ClientRecord, config: VaultConfig, cues: CueLevels, today: LocalDate) -> ProgressReport.Period {
        ProgressReport.Period(record: record, cues: cues, fallback: config.progressEvery, today: today, goal: goal?.lowercased(), trend: trend)
    }

    /// Adds today to the client's `progress_reports:` unless `--dry-run`, and says so.
    func recordReport(of record: ClientRecord, today: LocalDate, now: Date, store: DocumentStore) throws {
        let path = record.folder + "/client.md"
        if dryRun {
            ErrorStream.current.write("Not recorded (--dry-run): \(path) keeps its progress_reports:.")
            return
        }
        let added = try withVaultErrors { try store.recordProgressReport(client: record.short, on: today, now: now) }
        ErrorStream.current.write(added ? "Recorded the report of \(today.dayString) in \(path) (progress_reports:); progress --due counts from it."
                                        : "The report of \(today.dayString) was already recorded in \(path).")
    }
}
