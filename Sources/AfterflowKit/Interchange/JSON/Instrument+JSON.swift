import Foundation

extension Instrument {
    /// The definition for scripts: `instrument list|show --format json`.
    public var json: JSONValue {
        var source: JSONValue = .string("built-in")
        if case .vault(let path) = self.source { source = .string(path) }
        return .object([
            ("id", .string(id)), ("title", .string(title)), ("measures", .string(measures)), ("citation", .string(citation)),
            ("licence", .string(licence)), ("source", source), ("wording", .string(hasWording ? "included" : "user-supplied")),
            ("scale", .object([("minimum", .int(minimum)), ("maximum", .int(maximum)), ("anchors", .array(anchors.map { .string($0) }))])),
            ("items", .array(items.map { .object([("number", .int($0.number)), ("text", $0.text.map { .string($0) } ?? .null), ("reverse", .bool($0.reverse))]) })),
            ("subscales", .array(subscales.map { .object([("name", .string($0.name)), ("items", .array($0.items.map { .int($0) }))]) })),
            ("score", .string(scoring.rawValue)),
            ("bands", .array(bands.map { .object([("name", .string($0.name)), ("from", .number($0.lower, places: 1)), ("to", .number($0.upper, places: 1))]) })),
            ("thresholds", .array(thresholds.map { .object([("name", .string($0.name)), ("rule", .string($0.ruleText))]) })),
            ("given", .string(given.rawValue)), ("days_after", .int(daysAfter)),
            ("loinc", loinc.map { .string($0) } ?? .null),
        ])
    }
}

extension InstrumentScore {
    /// The scores for scripts: total and subscales (sum, mean, percent of maximum, score), band, thresholds.
    public var json: JSONValue {
        func part(_ p: Part?) -> JSONValue {
            guard let p else { return .null }
            return .object([("sum", .int(p.sum)), ("mean", .number(p.mean, places: 2)), ("percent_of_max", .number(p.percentOfMax, places: 1)),
                            ("score", .number(p.score, places: 2))])
        }
        return .object([
            ("total", part(total)),
            ("subscales", .object(subscales.map { ($0.name, part($0.part)) })),
            ("band", band.map { .string($0) } ?? .null),
            ("thresholds", .object(thresholds.map { ($0.name, $0.met.map { .bool($0) } ?? .null) })),
        ])
    }
}

extension Instrument.Threshold {
    /// `every subscale >= 60%`, as the file writes it.
    public var ruleText: String {
        let subject: String
        switch target {
        case .total: subject = "total"
        case .everySubscale: subject = "every subscale"
        case .subscale(let name): subject = name
        }
        return "\(subject) >= \(scoreText(minimum))\(percent ? "%" : "")"
    }
}

extension SessionInstruments {
    /// Each answer around the session: instrument, path, date, whether linked, days after, scores.
    public func json(timeZone: TimeZone) -> JSONValue {
        .array(given.map { g in
            .object([("instrument", .string(g.instrument.id)), ("title", .string(g.instrument.title)), ("path", .string(g.listing.path)),
                     ("date", g.listing.date.map { .string($0.canonical(in: timeZone)) } ?? .null), ("linked", .bool(g.linked)),
                     ("days_after", .int(g.days)), ("scores", g.score.json)])
        })
    }
}
