import AfterflowKit
import ArgumentParser
import Foundation

struct ExportFHIR: DisclosingCommand {
    static let configuration = CommandConfiguration(
        commandName: "fhir",
        abstract: "Write the check-ins and assessments as a FHIR R4 Bundle, for a health record or a research tool.",
        discussion: """
            A Bundle of type collection with one Observation a check-in and an assessment, oldest first. A check-in follows the HL7 Personal Health Record guide's State of Mind profile: its kind, valence, valence classification, labels and associations, with that guide's code systems. Only the labels you chose are written: those suggested from the score (suggested_labels) join them with --suggested-labels. An assessment follows the guide's Scored Assessment profile: code phq9 or gad7 (and the LOINC panel), its LOINC total score (PHQ-9 44261-6, GAD-7 70274-6) as the score component, its band as the guide's risk code, and each item's answer with its LOINC codes. Notes go in each Observation's note. Each entry's fullUrl is urn:uuid: and the document's id, so the same vault gives the same bundle. Every Observation's subject is one anonymous Patient, the first entry: an id and nothing else, so nothing in it says who you are.

            Examples:
              afterflow export fhir -o ~/Documents/
              afterflow export fhir --since 2025-01-01 -o for-my-clinician.json
              afterflow export fhir | jq '.entry | length'
            """)

    @OptionGroup var vaultOptions: VaultOptions

    @Option(help: ArgumentHelp("Only what was recorded on or after this day (2025-01-01, last-month, …).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only what was recorded on or before this day.", valueName: "date"))
    var until: String?

    @Flag(help: "Also write the labels suggested from the score, which you did not choose, as labels.")
    var suggestedLabels = false

    @OptionGroup var output: OutputOptions
    @OptionGroup var disclosureOptions: DisclosureOptions

    func run() throws {
        let now = CommandClock.now
        let (index, report) = try vaultOptions.index()
        let zone = index.vault.timeZone
        let range = try dayRange(since: since, until: until, zone: zone)
        let destination = try output.destination(in: index.vault, extension: "json", now: now)
        // The check-ins are read from the index as each entry is written, never held as a list,
        // and so are their ids as the log of disclosures is written: only the count is read first.
        let moodCount = try withVaultErrors { try index.datedMoodCount(since: range.since, until: range.until) }
        let assessments = try withVaultErrors { try index.assessments(since: range.since, until: range.until) }
        var bundle = FHIRBundle(moods: [], assessments: assessments, timeZone: zone)
        bundle.includeSuggestedLabels = suggestedLabels
        bundle.instruments = InstrumentCatalog(vault: index.vault)
        let exported = assessments.filter(bundle.isExported)
        var disclosure = disclosureOptions.disclosure(by: Self.self, vault: index.vault, now: now, what: "check-ins and assessments",
                                                      count: moodCount + exported.count, to: .output(destination))
        let exportedIDs = exported.compactMap(\.id)
        disclosure.streamedRecords = { [range] (add) throws(VaultError) in
            try index.eachDatedMoodID(since: range.since, until: range.until) { (id) throws(VaultError) in if let id { try add(id) } }
            for id in exportedIDs { try add(id) }
        }
        let (_, path) = try streamOutput(to: destination, logging: disclosure) { (out) throws(VaultError) in
            try bundle.write(to: out) { (visit) throws(VaultError) in
                try index.eachDatedMoodCheckIn(since: range.since, until: range.until, visit)
            }
        }
        if let path {
            let m = moodCount, a = exported.count
            ErrorStream.current.write("Wrote \(m) check-in\(m == 1 ? "" : "s") and \(a) assessment\(a == 1 ? "" : "s") to \(path)")
        }
        try index.warnProblems(report, hints: vaultOptions.hints)
    }
}
