import AfterflowKit

/// The questionnaires the journal page asks: every instrument of the vault's catalogue
/// (`InstrumentCatalog`: the built-ins, a vault copy in a built-in's place, then `instruments/*.md`),
/// each as the page draws it, item by item on its own scale.
enum JournalInstruments {
    /// Every instrument of `vault`, in the catalogue's order.
    static func all(in vault: Vault) -> [Instrument] { InstrumentCatalog(vault: vault).all }

    /// What the page needs to ask `instrument`: its items' wording (`item N` where it is not
    /// shipped, `worded` false then), its scale (lowest, highest, the anchors' words: one for each
    /// answer, or the two ends) and the item whose answer above 0 brings the crisis line.
    static func json(_ instrument: Instrument) -> JSONValue {
        let standard = AssessmentInstrument(rawValue: instrument.id)
        return .object([
            ("name", .string(instrument.id)), ("title", .string(instrument.title)), ("measures", .string(instrument.measures)),
            ("stem", instrument.stem.map { .string($0) } ?? .null),
            ("items", .array(instrument.items.map { .string($0.display) })), ("worded", .bool(instrument.hasWording)),
            ("minimum", .int(instrument.minimum)), ("maximum", .int(instrument.maximum)),
            ("anchors", .array(instrument.anchors.map { .string($0) })),
            ("safety_item", standard?.safetyItem.map { .int($0) } ?? .null),
        ])
    }

    /// The result in words, as the page shows it once saved: `PHQ-9: 6 of 27, mild`,
    /// `MEQ-30: 63.3%`, with the band and each threshold's verdict where the instrument has them.
    static func result(_ answer: AssessmentAnswer) -> String {
        if let standard = answer.standard, let total = answer.total, let band = answer.band {
            return "\(answer.instrument.title): \(total) of \(standard.maximum), \(band.words)"
        }
        let score = answer.score
        var words = "\(answer.instrument.title): \(score.total?.shown(answer.instrument.scoring) ?? "–")"
        if let band = score.band { words += ", \(band)" }
        for verdict in score.thresholds { words += "; \(verdict.name): \(verdict.met.map { $0 ? "yes" : "no" } ?? "not known")" }
        return words
    }
}
