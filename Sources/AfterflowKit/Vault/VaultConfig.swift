import Foundation

/// The vault's settings, from `.afterflow/config.yml` (tracked in git).
public struct VaultConfig: Sendable {
    public var version = 1
    public var timeZone: TimeZone
    public var defaultTreatment: Treatment?
    /// Every treatment the vault knows (`TreatmentCatalog.builtIn`, then `treatments:`).
    public var treatments = TreatmentCatalog.builtIn
    public var defaultAdministration: Administration?
    /// Every route of administration the vault knows (`RouteCatalog.builtIn`, then `routes:`).
    public var routes = RouteCatalog.builtIn
    /// The cue (prompt) levels trial lines and goals use, least support first (`cue_levels:`).
    public var cueLevels: CueLevels = .standard
    /// Every goal category the vault knows: `Goal.standardCategories`, then the vault's own
    /// (`goal_categories:`), lower case, each once.
    public var goalCategories: [String] = Goal.standardCategories
    /// The antecedents an ABC line may name (`abc_antecedents:`), lower case; the vault's list
    /// replaces `AbcLists.standardAntecedents`.
    public var abcAntecedents: [String] = AbcLists.standardAntecedents
    /// The consequences an ABC line may name (`abc_consequences:`), as `abcAntecedents`.
    public var abcConsequences: [String] = AbcLists.standardConsequences
    /// The clinician's name for report covers (`clinician:`), free text.
    public var clinician: String?
    /// The practice's name for report covers (`practice:`), free text.
    public var practice: String?
    /// Words the vault adds to the association keywords of mood check-ins (`mood_keywords:
    /// [climbing=fitness, shift=work]`): word (lower case) → association.
    public var moodKeywords: [String: String] = [:]
    /// Daylio's mood words and their scores (`daylio_moods: [awful=1, meh=5, ok=5]`): the
    /// standard ones, changed and added to by the vault's.
    public var daylioScale = DaylioScale.standard
    /// What `export html` and `export pdf` add to the report when not told
    /// (`report_include: [moods, measures]`).
    public var reportInclude: [String] = []
    /// What `assess` shows after PHQ-9's item 9 is answered above 0 (`crisis_line:`): the local
    /// emergency number and a crisis line; `AssessmentSafety.defaultCrisisLine` when absent.
    public var crisisLine: String?
    /// How often every client's progress report is due unless their file says
    /// (`progress_every:` or `report_periods:`).
    public var progressEvery: ReportCadence?
    /// The services trial sessions are billed as (`services:`): `ServiceCode.standard` unless
    /// the vault names its own, which replace them.
    public var services: [ServiceCode] = ServiceCode.standard
    /// The service a new session's end form offers first (`default_service:`), one of
    /// `services`; nil unless set.
    public var defaultService: String?
    /// The places of service the phone page offers (`places:`): `PlaceOfService.common` unless
    /// the vault names its own.
    public var places: [PlaceOfService] = PlaceOfService.common.map { PlaceOfService(code: $0.code, name: $0.name) }
    /// Who may be at a session, as the phone page offers them (`participants:`), lower case:
    /// `SessionBilling.standardParticipants` unless the vault names its own.
    public var participants: [String] = SessionBilling.standardParticipants
    /// The rendering clinician's name and credential (`provider: "J. Doe, CCC-SLP"`), which
    /// `trials start` writes into a new session, and the signer `sign` and `addendum` take when
    /// not told (`--as`).
    public var provider: String?
    /// How timed services become units (`unit_rule:`): `medicare` unless set.
    public var unitRule: UnitRule = .medicare
    /// Whether `check` warns where a trial session lacks what an audit of a claim needs
    /// (`audit: true`), a signature among it; off by default, for a practice that does not bill.
    public var audit = false
    /// Whether the payer pays 97155 for time a 97153 of the same client also covers
    /// (`concurrent_97155:`); true unless set false, when `check` warns at each overlap.
    public var concurrent97155 = true
    /// What the live logger does at each interval's end (`interval_signal: bell`): nothing,
    /// the terminal's bell, or a flash of the screen.
    public var intervalSignal: IntervalSignal = .none
    public var diagnostics: [Diagnostic] = []
    private var pendingDefaultTreatment: (String, SourceLocation)?

    public init(timeZone: TimeZone = .current) {
        self.timeZone = timeZone
    }

    /// Reads the settings; unknown keys are kept in the file and ignored here.
    public init(bytes: [UInt8]) {
        self.init()
        let lines = SourceLines.split(bytes, from: 0)
        var parser = FrontMatterParser(bytes: bytes, lines: lines)
        parser.parse(0..<lines.count)
        diagnostics = parser.diagnostics
        // The routes first: treatments: and default_administration name them, in any order.
        for entry in parser.entries where entry.key == "routes" { readRoutes(entry) }
        for entry in parser.entries {
            switch entry.key {
            case "routes":
                continue
            case "cue_levels":
                readCueLevels(entry)
                continue
            case "goal_categories":
                readGoalCategories(entry)
                continue
            case "abc_antecedents":
                if let names = readAbcList(entry) { abcAntecedents = names }
                continue
            case "abc_consequences":
                if let names = readAbcList(entry) { abcConsequences = names }
                continue
            case "mood_keywords":
                readMoodKeywords(entry)
                continue
            case "daylio_moods":
                readDaylioMoods(entry)
                continue
            case "report_include":
                readReportInclude(entry)
                continue
            case "progress_every", "report_periods":
                readReportCadence(entry)
                continue
            case "services":
                readServices(entry)
                continue
            case "treatments":
                readTreatments(entry)
                continue
            case "version", "time_zone", "default_treatment", "default_administration", "clinician", "practice", "crisis_line",
                 "provider", "unit_rule", "audit", "interval_signal", "concurrent_97155":
                break
            default:
                continue
            }
            guard let scalar = single(entry) else { continue }
            readSingle(entry.key, scalar)
        }
        readBillingChoices(parser.entries)
        if let (text, location) = pendingDefaultTreatment {
            if let value = treatments.treatment(parsing: text) {
                defaultTreatment = value
            } else {
                diagnostics.append(.error(treatments.unknownMessage(text, what: "default_treatment"), at: location))
            }
            pendingDefaultTreatment = nil
        }
    }

    /// A setting that holds one value.
    private mutating func readSingle(_ key: String, _ scalar: YAMLScalar) {
        let text = scalar.text.trimmingASCIIWhitespace()
        switch key {
        case "version":
            if let value = Int(text) { version = value }
        case "time_zone":
            if let zone = TimeZone(identifier: text) {
                timeZone = zone
            } else {
                diagnostics.append(.error("time_zone must be a time zone name like America/Los_Angeles or Europe/Berlin, found \(quoted(text))", at: scalar.location))
            }
        case "default_treatment":
            // Checked against the catalogue once every key is read: treatments: may come later.
            pendingDefaultTreatment = (text, scalar.location)
        case "default_administration":
            if let value = routes.route(parsing: text) {
                defaultAdministration = value
            } else {
                diagnostics.append(.error(routes.unknownMessage(text, what: "default_administration"), at: scalar.location))
            }
        case "clinician":
            if !text.isEmpty { clinician = text }
        case "practice":
            if !text.isEmpty { practice = text }
        case "crisis_line":
            if !text.isEmpty { crisisLine = text }
        case "interval_signal":
            if let signal = IntervalSignal(rawValue: text.lowercased()) {
                intervalSignal = signal
            } else {
                diagnostics.append(.error("interval_signal must be one of none, bell, flash (what the live logger does at each interval's end), found \(quoted(text))", at: scalar.location))
            }
        case "provider":
            if !text.isEmpty { provider = text }
        case "unit_rule":
            if let rule = UnitRule(rawValue: text.lowercased()) {
                unitRule = rule
            } else {
                diagnostics.append(.error("unit_rule must be \(UnitRule.expectedList), found \(quoted(text))", at: scalar.location))
            }
        case "audit":
            switch text.lowercased() {
            case "true", "yes": audit = true
            case "false", "no": audit = false
            default: diagnostics.append(.error("audit must be true or false, found \(quoted(text))", at: scalar.location))
            }
        case "concurrent_97155":
            switch text.lowercased() {
            case "true", "yes": concurrent97155 = true
            case "false", "no": concurrent97155 = false
            default: diagnostics.append(.error("concurrent_97155 must be true or false (whether the payer pays 97155 for time a 97153 of the same client covers), found \(quoted(text))", at: scalar.location))
            }
        default:
            return
        }
    }

    /// The one scalar of a setting that holds one value; a list is an error, no value nil.
    private mutating func single(_ entry: FrontMatterEntry) -> YAMLScalar? {
        switch entry.value {
        case .null: return nil
        case .scalar(let s): return s.isNull ? nil : s
        case .list:
            diagnostics.append(.error("\(entry.key) must be a single value, found a list", at: entry.valueLocation))
            return nil
        }
    }

    /// The items of a setting that holds a list (`[a, b]`, a block list, or one value).
    func items(_ entry: FrontMatterEntry) -> [YAMLScalar]? {
        switch entry.value {
        case .null: return nil
        case .scalar(let s): return s.isNull ? nil : [s]
        case .list(let items, _): return items
        }
    }

    /// `cue_levels: [independent, gestural, verbal, model, partial-physical, full-physical]`: names
    /// as trial lines write them, each once. A bad item is reported and left out; the levels that
    /// remain are used, the standard ones when none does.
    private mutating func readCueLevels(_ entry: FrontMatterEntry) {
        let names = readWords(entry, like: " (as trial lines write it, like partial-physical)", twice: "write each level once, least support first",
                              empty: "at least one level, least support first, like [independent, minimal, moderate, maximal]")
        if let names { cueLevels = CueLevels(names) }
    }

    /// `goal_categories: [feeding, play]`: categories added to the standard ones.
    private mutating func readGoalCategories(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        for item in items {
            let name = item.text.trimmingASCIIWhitespace().lowercased()
            if name.isEmpty {
                diagnostics.append(.error("each of goal_categories must be a name, like feeding, found an empty one", at: item.location))
            } else if !goalCategories.contains(name) {
                goalCategories.append(name)
            }
        }
    }

    /// `abc_antecedents: [demand, transition, denied-access]`: one word each (as ABC lines write
    /// them), each once. Bad items are reported and left out; nil when none remains.
    private mutating func readAbcList(_ entry: FrontMatterEntry) -> [String]? {
        let standard = entry.key == "abc_antecedents" ? AbcLists.standardAntecedents : AbcLists.standardConsequences
        return readWords(entry, like: " (as ABC lines write it, like denied-access)", empty: "at least one, like [\(standard.prefix(3).joined(separator: ", "))]")
    }

    /// A list of words (letters, digits, - and _), read in lower case, each once: `cue_levels`,
    /// the ABC lists, `participants`. A bad item is an error at that item and is left out; an
    /// empty list is an error at the value. `like` follows "…, - and _" in the message of a bad
    /// item, `twice` follows "names N twice; ", `empty` follows "must name". Nil when none remains.
    mutating func readWords(_ entry: FrontMatterEntry, like: String, twice: String = "write each once", empty: String) -> [String]? {
        guard let items = items(entry) else { return nil }
        var names: [String] = []
        for item in items {
            let name = item.text.trimmingASCIIWhitespace().lowercased()
            if !Trial.isShortName(name) {
                diagnostics.append(.error("each of \(entry.key) must be one word of letters, digits, - and _\(like), found \(quoted(item.text))", at: item.location))
            } else if names.contains(name) {
                diagnostics.append(.error("\(entry.key) names \(name) twice; \(twice)", at: item.location))
            } else {
                names.append(name)
            }
        }
        if items.isEmpty { diagnostics.append(.error("\(entry.key) must name \(empty)", at: entry.valueLocation)) }
        return names.isEmpty ? nil : names
    }

    /// `mood_keywords: [climbing=fitness, shift=work]`: a word of the notes and the association it
    /// names. A bad item is an error at that item and is left out.
    private mutating func readMoodKeywords(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        for item in items {
            let parts = item.text.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace() }
            guard parts.count == 2, !parts[0].isEmpty, !parts[0].contains(" ") else {
                diagnostics.append(.error("each of mood_keywords must be a word and an association, like climbing=fitness, found \(quoted(item.text))", at: item.location))
                continue
            }
            guard let association = MoodVocabulary.canonical(parts[1], in: MoodVocabulary.associations) else {
                diagnostics.append(.error("mood_keywords: \(quoted(parts[1])) is not an association; write one of \(MoodVocabulary.associations.joined(separator: ", "))\(Suggestion.clause(for: parts[1], among: MoodVocabulary.associations))", at: item.location))
                continue
            }
            moodKeywords[parts[0].lowercased()] = association
        }
    }

    /// `daylio_moods: [awful=1, meh=5, ok=5]`: a Daylio mood word and the score (1-10) it becomes.
    private mutating func readDaylioMoods(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        for item in items {
            guard let (word, score) = DaylioScale.parseMapping(item.text) else {
                diagnostics.append(.error("each of daylio_moods must be a mood word and a score from 1 to 10, like meh=5, found \(quoted(item.text))", at: item.location))
                continue
            }
            daylioScale.set(word, score)
        }
    }

    /// `services: [97153, 97155, 92507, 0362T=timed]`: the codes the vault bills, replacing the
    /// standard list. A code afterflow knows (`ServiceCode.known`) is named bare; another says
    /// whether it is `timed` or `untimed`.
    private mutating func readServices(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        var list: [ServiceCode] = []
        for item in items {
            let parts = item.text.split(separator: "=", maxSplits: 1).map { String($0).trimmingASCIIWhitespace() }
            let code = parts[0].uppercased()
            guard ServiceCode.isCodeShaped(code) else {
                diagnostics.append(.error("each of services must be a CPT code of five digits or letters, like 97153, or a code and its timing, like 0362T=timed, found \(quoted(item.text))", at: item.location))
                continue
            }
            var service = ServiceCode.known.service(code) ?? ServiceCode(code: code, timed: false)
            if parts.count == 2 {
                guard ["timed", "untimed"].contains(parts[1].lowercased()) else {
                    diagnostics.append(.error("services: \(code)'s timing must be timed or untimed, found \(quoted(parts[1]))", at: item.location))
                    continue
                }
                service.timed = parts[1].lowercased() == "timed"
            } else if ServiceCode.known.service(code) == nil {
                diagnostics.append(.error("services: afterflow does not know whether \(code) is billed by time; write \(code)=timed (15-minute units) or \(code)=untimed (once a session)", at: item.location))
                continue
            }
            if list.service(code) != nil {
                diagnostics.append(.error("services names \(code) twice; write each once", at: item.location))
            } else {
                list.append(service)
            }
        }
        if items.isEmpty {
            diagnostics.append(.error("services must name at least one code, like [97153, 97155]", at: entry.valueLocation))
        }
        if !list.isEmpty { services = list }
    }

    /// The parts a report may include besides the sessions.
    public static let reportParts = ["moods", "measures"]

    /// `report_include: [moods, measures]`.
    private mutating func readReportInclude(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        for item in items {
            let name = item.text.trimmingASCIIWhitespace().lowercased()
            guard VaultConfig.reportParts.contains(name) else {
                diagnostics.append(.error("report_include names what a report adds to the sessions: \(VaultConfig.reportParts.joined(separator: ", ")), found \(quoted(item.text))", at: item.location))
                continue
            }
            if !reportInclude.contains(name) { reportInclude.append(name) }
        }
    }

    /// `progress_every: 10 visits` or `report_periods: [2025-11-14, 2026-01-30]`: the default of
    /// every client; one of the two.
    private mutating func readReportCadence(_ entry: FrontMatterEntry) {
        let both = progressEvery != nil
        if entry.key == "progress_every" {
            guard let scalar = single(entry) else { return }
            guard let cadence = ReportCadence.parse(every: scalar.text) else {
                diagnostics.append(.error("progress_every must be \(ReportCadence.expected), found \(quoted(scalar.text))", at: scalar.location))
                return
            }
            progressEvery = cadence == .never ? nil : cadence
        } else {
            let (periods, problems) = ReportPeriod.read(items(entry) ?? [])
            diagnostics += problems
            if !periods.isEmpty { progressEvery = .periods(periods) }
        }
        if both { diagnostics.append(.error("progress_every and report_periods both say when reports are due; keep one", at: entry.valueLocation)) }
    }

    /// The defaults `init` writes when not told others.
    public static let initialTreatment = Treatment.psilocybin
    public static let initialAdministration = Administration.oral

    /// The file `init` writes.
    public static func initialText(timeZoneName: String, treatment: Treatment = initialTreatment,
                                   administration: Administration = initialAdministration) -> String {
        """
        # Afterflow vault settings. Tracked in git; edit freely.
        version: 1
        time_zone: \(YAMLWriter.scalar(timeZoneName))
        default_treatment: \(treatment.rawValue)
        default_administration: \(administration.rawValue)

        """
    }

    /// `.afterflow/.gitignore`: the tool's own state stays out of git.
    public static let gitignoreText = """
        # The tool's own state: rebuilt or recreated as needed, never shared.
        index.sqlite*
        drafts/
        trash/
        queue/
        serve/
        lock
        disclosures.log
        *.tmp

        """
}
