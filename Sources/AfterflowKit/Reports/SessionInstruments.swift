import Foundation

/// The instruments given around one session, with their scores: what `show` and the session's
/// report set beside its mood before and after.
///
/// An answer belongs to the session when its `session:` names the session's id; or, linked to no
/// session, when it was answered in its instrument's window: one given `before` a session on the
/// session's day at or before its time; one given `after`, from the session's time through
/// `days_after` days later (MEQ-30 the same day, EBI the day after). An instrument given at any
/// time (PHQ-9, GAD-7) belongs only when linked.
public struct SessionInstruments: Sendable {
    public struct Given: Sendable {
        public var instrument: Instrument
        public var listing: AssessmentListing
        public var score: InstrumentScore
        /// Whether the answer names the session (`session:`).
        public var linked: Bool
        /// Days from the session's day to the answer's: 0 the same day, 1 the day after, -1 before.
        public var days: Int

        /// `before`, `after`, `the day after`, `2 days after`, with `linked` when it names the session.
        public var whenWords: String {
            let when: String
            switch days {
            case ..<0: when = "\(-days) day\(days == -1 ? "" : "s") before"
            case 0: when = (listing.date?.wallClockSeconds ?? 0) < sessionSeconds ? "before" : "after"
            case 1: when = "the day after"
            default: when = "\(days) days after"
            }
            return linked ? "\(when), linked" : when
        }

        var sessionSeconds: Int
    }

    public var given: [Given]

    /// The answers around an indexed session, from the index's listings.
    public init(_ session: IndexedSession, listings: [AssessmentListing], catalog: InstrumentCatalog) {
        self.init(sessionID: session.id.flatMap { UUID(uuidString: $0) }, date: session.date ?? LocalDate(year: 1970, month: 1, day: 1),
                  listings: session.date == nil ? [] : listings, catalog: catalog)
    }

    /// The answers around the session with id `sessionID` at `date`, oldest first.
    public init(sessionID: UUID?, date: LocalDate, listings: [AssessmentListing], catalog: InstrumentCatalog) {
        let sessionDay = date.wallClockSeconds / 86_400
        let start = date.wallClockSeconds
        let id = sessionID?.uuidString.lowercased()
        given = listings.compactMap { listing -> Given? in
            guard let key = listing.instrumentKey, let instrument = catalog.instrument(id: key), let answered = listing.date else { return nil }
            let days = answered.wallClockSeconds / 86_400 - sessionDay
            let linked = id != nil && listing.session?.lowercased() == id
            guard linked || (listing.session == nil && Self.inWindow(instrument, days: days, answered: answered.wallClockSeconds, start: start)) else {
                return nil
            }
            return Given(instrument: instrument, listing: listing, score: instrument.score(answers: listing.items), linked: linked,
                         days: days, sessionSeconds: start)
        }
    }

    static func inWindow(_ instrument: Instrument, days: Int, answered: Int, start: Int) -> Bool {
        switch instrument.given {
        case .any: return false
        case .before: return days == 0 && answered <= start
        case .after: return answered >= start && days <= instrument.daysAfter
        }
    }

    /// One line a score: `MEQ-30 (after, linked): total 73.3 % · mystical 80.0 % · …; complete mystical experience: no`.
    public var lines: [String] {
        given.map { g in
            var parts: [String] = []
            if let total = g.score.total {
                parts.append(total.shown(g.instrument.scoring) + (g.score.band.map { ", \($0)" } ?? ""))
            } else {
                parts.append("incomplete (\(g.listing.items.compactMap { $0 }.count) of \(g.instrument.itemCount) items)")
            }
            for (name, part) in g.score.subscales { parts.append("\(name) \(part?.shown(g.instrument.scoring) ?? "–")") }
            var line = "\(g.instrument.title) (\(g.whenWords)): " + parts.joined(separator: " · ")
            for verdict in g.score.thresholds {
                line += "; \(verdict.name): " + (verdict.met.map { $0 ? "yes" : "no" } ?? "not known")
            }
            return line
        }
    }
}

extension SessionInstruments {
    /// The answers around `session`, read from the vault's `assessments/` files (not the index, so
    /// that a command about one session walks only that folder), scored with the vault's catalog.
    public init(session: Session, in vault: Vault) {
        guard let date = session.date else {
            self.init(sessionID: nil, date: LocalDate(year: 1970, month: 1, day: 1), listings: [], catalog: InstrumentCatalog())
            return
        }
        let listings = VaultScanner.documentPaths(in: vault, under: AssessmentWriter.folder).compactMap { path -> AssessmentListing? in
            guard let absolute = try? vault.path(path), let bytes = try? FileIO.read(absolute) else { return nil }
            let document = Document(bytes: bytes)
            guard DocumentKind(typeValue: DocumentKind.typeValue(of: document)) == .assessment else { return nil }
            return AssessmentListing(Assessment(document: document), path: path)
        }.sorted { ($0.date?.wallClockSeconds ?? 0, $0.path) < ($1.date?.wallClockSeconds ?? 0, $1.path) }
        self.init(sessionID: session.id, date: date, listings: listings, catalog: InstrumentCatalog(vault: vault))
    }
}

extension AssessmentListing {
    /// The listing of an assessment read from its file, as the index would list it.
    public init(_ assessment: Assessment, path: String) {
        self.init(path: path, id: assessment.id?.uuidString, date: assessment.date, day: assessment.date?.dayString,
                  instrument: assessment.instrument, instrumentID: assessment.instrumentID, items: assessment.items,
                  total: assessment.total, band: assessment.band, notes: assessment.notes, session: assessment.session)
    }
}
