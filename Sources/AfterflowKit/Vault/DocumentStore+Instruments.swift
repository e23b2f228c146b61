import Foundation

/// Writing an instrument definition into the vault (`afterflow instrument add`).
extension DocumentStore {
    /// Where `instrument add` put a definition, and whether it replaced a file.
    public struct AddedInstrument: Sendable {
        public var path: String
        public var instrument: Instrument
        public var replaced: Bool
    }

    /// Checks the instrument file `text` and writes it as `instruments/ID.md`, holding the lock,
    /// atomically. Refuses a file with errors (thrown as `.invalid`, each problem a detail line at
    /// `sourceName:line:column`), one whose id is a built-in's but whose items, scale or scoring
    /// differ from it (answers already given would change their scores), and a file already there
    /// unless `replacing` is true.
    @discardableResult
    public func addInstrument(text: String, sourceName: String, replacing: Bool) throws(VaultError) -> AddedInstrument {
        let file = InstrumentFile(text: text, source: .vault(""))
        guard let parsed = file.instrument else {
            let lines = file.diagnostics.map { d -> String in var d = d; d.path = sourceName; return d.description }
            throw VaultError(.invalid, "\(sourceName) is not a valid instrument file; nothing was written", details: lines)
        }
        if let builtIn = InstrumentCatalog.builtIn(id: parsed.id), let difference = Self.scoringDifference(builtIn, parsed) {
            throw VaultError(.invalid, "\(sourceName) defines \(builtIn.title) (id \(parsed.id)) with \(difference); nothing was written",
                             details: ["A copy of a built-in instrument may add its wording, not change how it is scored: keep its items, scale and scoring, or give it another id."])
        }
        let path = "\(InstrumentCatalog.folder)/\(parsed.id).md"
        var instrument = parsed
        instrument.source = .vault(path)
        let replaced = try vault.withLock { () throws(VaultError) -> Bool in
            let absolute = try vault.writablePath(path)
            try FileIO.createDirectories(FileIO.parentPath(of: absolute))
            let bytes = Array(text.utf8)
            if FileIO.exists(absolute) {
                guard replacing else {
                    throw VaultError(.exists, "\(path) already exists; nothing was written",
                                     details: ["Add --force to replace it with \(sourceName)."])
                }
                try FileIO.overwrite(absolute, contents: bytes)
                return true
            }
            try FileIO.create(absolute, contents: bytes)
            return false
        }
        return AddedInstrument(path: path, instrument: instrument, replaced: replaced)
    }

    /// What a vault copy of a built-in changes in its scoring, in words; nil when nothing.
    static func scoringDifference(_ builtIn: Instrument, _ copy: Instrument) -> String? {
        if copy.itemCount != builtIn.itemCount { return "\(copy.itemCount) items, where it has \(builtIn.itemCount)" }
        if copy.minimum != builtIn.minimum || copy.maximum != builtIn.maximum { return "the scale \(copy.scaleText), where it is \(builtIn.scaleText)" }
        if copy.scoring != builtIn.scoring { return "the scoring \(copy.scoring.rawValue), where it is \(builtIn.scoring.rawValue)" }
        if (!builtIn.subscales.isEmpty && copy.subscales != builtIn.subscales) || copy.items.map(\.reverse) != builtIn.items.map(\.reverse) {
            return "other subscales or reverse-scored items"
        }
        if copy.bands != builtIn.bands || copy.thresholds != builtIn.thresholds { return "other bands or thresholds" }
        return nil
    }
}

extension DocumentStore {
    /// Writes a new answer to an instrument other than PHQ-9 and GAD-7 and returns its path,
    /// `assessments/2025/2025-03-04-0815-meq30.md`. Checked first as `check` would check it,
    /// against the instrument (built-in or the vault's own); nothing is written on an error.
    private func createOther(_ values: AssessmentAnswer) throws(VaultError) -> String {
        let zone = vault.timeZone
        let document = Document(AssessmentWriter.newDocument(values, timeZone: zone))
        let placement = Placement.assessment(date: values.date, instrumentID: values.instrument.id, title: values.instrument.title, timeZone: zone)
        return try vault.withLock { () throws(VaultError) -> String in
            let named = try namedFreely(placement)
            let answer = Assessment(document: document)
            var errors = WriteCheck.errors(in: document, at: named).filter { $0.location != answer.instrumentLocation }
            errors += answer.problems(against: values.instrument)
            if let first = errors.first {
                throw VaultError(.invalid, "\(named):\(first.location): \(first.message); nothing was written")
            }
            let (absolute, relative) = try destination(of: named, placement)
            try FileIO.createDirectories(FileIO.parentPath(of: absolute))
            try FileIO.create(absolute, contents: document.bytes)
            return relative
        }
    }
}

extension DocumentStore {
    /// Writes a new answer to any instrument and returns its path:
    /// `assessments/2025/2025-03-04-0815-phq9.md`, or `-2`, `-3` … before `.md` when that minute
    /// has one of the instrument already. PHQ-9 and GAD-7 go through the store's one create
    /// (checked as `check` checks the file); any other is checked against its instrument.
    public func create(_ answer: AssessmentAnswer) throws(VaultError) -> String {
        guard let standard = answer.standard else { return try createOther(answer) }
        let zone = vault.timeZone
        let placement = Placement.assessment(date: answer.date, instrument: standard, timeZone: zone)
        return try create(Document(AssessmentWriter.newDocument(answer, timeZone: zone)), at: placement)
    }
}
