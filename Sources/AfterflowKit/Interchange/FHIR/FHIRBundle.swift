import Foundation

/// A FHIR R4 `Bundle` of type `collection` holding one `Observation` a check-in and an assessment:
/// what `export fhir` writes for a health record or a research tool. Entries are in a fixed order
/// (by time, then path), each with `fullUrl` `urn:uuid:` and the document's id, so that the same
/// vault gives the same bundle.
///
/// The first entry is an anonymous `Patient` (an id and the guide's profile, no name, no
/// identifier) that every Observation's `subject` points to, as the guide's profiles require: the
/// bundle says nothing about who the person is, and the system that reads it links that Patient
/// to its own record.
public struct FHIRBundle: Sendable {
    public var moods: [MoodListing]
    public var assessments: [AssessmentListing]
    public var timeZone: TimeZone
    /// Whether a check-in's suggested labels (`suggested_labels`, which the person did not choose)
    /// join its chosen ones in the `labels` component. Off: the bundle states only their choices.
    public var includeSuggestedLabels = false
    /// The instruments an answer other than PHQ-9 and GAD-7 is scored with (the vault's, from the
    /// command line; the built-ins by default): such an answer is a QuestionnaireResponse and an
    /// Observation of its score (`FHIRInstrumentResponse`).
    public var instruments = InstrumentCatalog()

    /// The anonymous Patient's id: the same in every bundle, so that two exports link up.
    public static let patientID = uuid(fromPath: "afterflow:patient")

    public init(moods: [MoodListing], assessments: [AssessmentListing], timeZone: TimeZone) {
        self.moods = moods
        self.assessments = assessments
        self.timeZone = timeZone
    }

    /// One entry to write: when, its path (for the order and for an id when it has none), and how
    /// to build its resource with the id chosen.
    private struct Item {
        var time: Int
        var path: String
        var id: String?
        /// The resources, each with its id, given the id chosen for the document.
        var build: (String) -> [(id: String, resource: JSONValue)]
    }

    /// Whether `assessment` is written: dated, and every item answered (PHQ-9 and GAD-7), or
    /// every item of its instrument in `instruments` answered.
    public func isExported(_ assessment: AssessmentListing) -> Bool {
        guard assessment.date != nil else { return false }
        if assessment.instrument != nil { return assessment.isComplete && assessment.total != nil }
        guard let instrument = assessment.instrumentKey.flatMap(instruments.instrument(id:)) else { return false }
        return assessment.items.count == instrument.itemCount && !assessment.items.contains(nil)
    }

    /// The bundle as JSON. It has no `timestamp`, so that the same documents give the same bytes.
    public func json() -> JSONValue {
        .object([("resourceType", .string("Bundle")), ("type", .string("collection")), ("entry", .array(entries()))])
    }

    /// The bundle as text: compact JSON with one entry a line, built an entry at a time (a bundle
    /// of 11,000 check-ins is tens of megabytes; indenting it tripled its size and time).
    public func text() -> String {
        var out = "{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"entry\":["
        var first = true
        forEachEntry { entry in
            out += first ? "\n" : ",\n"
            first = false
            out += entry.serialized()
        }
        out += first ? "]}\n" : "\n]}\n"
        return out
    }

    /// `text()` written to `output` an entry at a time, as each is made: the same bytes, without
    /// the whole bundle in memory.
    public func write(to output: ByteOutput) throws(VaultError) {
        let sorted = sortedMoods()
        try write(to: output) { (visit) throws(VaultError) in for mood in sorted { try visit(mood) } }
    }

    /// `write(to:)` with the check-ins taken from `moodsInOrder` instead of `moods`: a function
    /// that hands each check-in to its argument oldest first (by the instant, then path), as
    /// `IndexStore.eachDatedMoodCheckIn` does, so that no list of them is held; check-ins of one
    /// instant are put in order of their path here, as `write(to:)` orders them.
    public func write(to output: ByteOutput,
                      moodsInOrder: ((MoodListing) throws(VaultError) -> Void) throws(VaultError) -> Void) throws(VaultError) {
        try output.write("{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"entry\":[")
        var first = true
        try forEachEntry(moodsInOrder: moodsInOrder) { (entry) throws(VaultError) in
            try output.write((first ? "\n" : ",\n") + entry.serialized())
            first = false
        }
        try output.write(first ? "]}\n" : "\n]}\n")
    }

    /// The entries: the Patient, then the Observations oldest first.
    public func entries() -> [JSONValue] {
        var entries: [JSONValue] = []
        entries.reserveCapacity(moods.count + assessments.count + 1)
        forEachEntry { entries.append($0) }
        return entries
    }

    /// `moods`' dated check-ins, oldest first: by the instant, then path.
    private func sortedMoods() -> [MoodListing] {
        let dated = moods.compactMap { mood in mood.date.map { (time: $0.epochSeconds(in: timeZone), mood: mood) } }
        return dated.sorted { ($0.time, $0.mood.path) < ($1.time, $1.mood.path) }.map(\.mood)
    }

    private func forEachEntry(_ body: @escaping (JSONValue) -> Void) {
        let sorted = sortedMoods()
        do {
            try forEachEntry(moodsInOrder: { (visit) throws(VaultError) in for mood in sorted { try visit(mood) } }, body)
        } catch {
            // Neither the list nor `body` throws.
        }
    }

    /// The Patient, then the check-ins (as `moodsInOrder` hands them, oldest first) and the
    /// assessments merged in order of time, then path.
    private func forEachEntry(moodsInOrder: ((MoodListing) throws(VaultError) -> Void) throws(VaultError) -> Void,
                              _ body: @escaping (JSONValue) throws(VaultError) -> Void) throws(VaultError) {
        let patient = FHIRBundle.patientID
        try body(.object([("fullUrl", .string("urn:uuid:\(patient)")), ("resource", FHIRObservation.patient(id: patient))]))
        let others = assessmentItems(patient: patient)
        var next = 0
        var used = UsedIDs()
        func emit(_ item: Item) throws(VaultError) {
            for (resourceID, resource) in item.build(used.choose(item)) {
                try body(.object([("fullUrl", .string("urn:uuid:\(resourceID)")), ("resource", resource)]))
            }
        }
        // The check-ins of one instant, held until the next instant comes to be put in order of
        // their path; the assessments before each go first.
        var instant: [Item] = []
        func flush() throws(VaultError) {
            for item in instant.sorted(by: { $0.path < $1.path }) {
                while next < others.count, (others[next].time, others[next].path) < (item.time, item.path) {
                    try emit(others[next])
                    next += 1
                }
                try emit(item)
            }
            instant.removeAll(keepingCapacity: true)
        }
        try moodsInOrder { (mood) throws(VaultError) in
            guard let date = mood.date else { return }
            let item = Item(time: date.epochSeconds(in: timeZone), path: mood.path, id: mood.id) { id in
                [(id, FHIRObservation.stateOfMind(mood, id: id, patient: patient, timeZone: timeZone, suggested: includeSuggestedLabels))]
            }
            if let held = instant.first, held.time != item.time { try flush() }
            instant.append(item)
        }
        try flush()
        while next < others.count {
            try emit(others[next])
            next += 1
        }
    }

    /// The assessments written, as items in order of time, then path.
    private func assessmentItems(patient: String) -> [Item] {
        var items: [Item] = []
        for assessment in assessments {
            guard isExported(assessment), let date = assessment.date else { continue }
            if let instrument = assessment.instrument == nil ? assessment.instrumentKey.flatMap(instruments.instrument(id:)) : nil {
                let scoreID = FHIRBundle.uuid(fromPath: assessment.path + "#score")
                items.append(Item(time: date.epochSeconds(in: timeZone), path: assessment.path, id: assessment.id) { id in
                    FHIRInstrumentResponse.resources(assessment, instrument: instrument, score: instrument.score(answers: assessment.items),
                                                     id: id, scoreID: scoreID, patient: patient, timeZone: timeZone)
                })
                continue
            }
            items.append(Item(time: date.epochSeconds(in: timeZone), path: assessment.path, id: assessment.id) { id in
                [(id, FHIRObservation.scoredAssessment(assessment, id: id, patient: patient, timeZone: timeZone))]
            })
        }
        return items.sorted { ($0.time, $0.path) < ($1.time, $1.path) }
    }

    /// The ids given so far, as UUIDs (16 bytes each; a set of 100,000 strings would be several
    /// times larger): a document's id, lower case; one without an id, or with one already used,
    /// gets an id made from its path, the same each time.
    private struct UsedIDs {
        var ids: Set<UUID> = [UUID(uuidString: FHIRBundle.patientID)].compactMap { $0 }.reduce(into: []) { $0.insert($1) }

        mutating func choose(_ item: Item) -> String {
            if let own = item.id.flatMap({ UUID(uuidString: $0) }), !ids.contains(own) {
                ids.insert(own)
                return own.uuidString.lowercased()
            }
            let made = FHIRBundle.uuid(fromPath: item.path)
            if let uuid = UUID(uuidString: made) { ids.insert(uuid) }
            return made
        }
    }

    /// A version-5-shaped UUID (lower case) from two FNV-1a hashes of the path: stable across runs
    /// and machines.
    static func uuid(fromPath path: String) -> String {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let high = fnv(0xCBF2_9CE4_8422_2325), low = fnv(0x8422_2325_CBF2_9CE4)
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) } + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let u = UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
        return u.uuidString.lowercased()
    }
}
