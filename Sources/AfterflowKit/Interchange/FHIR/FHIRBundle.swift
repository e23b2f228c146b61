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
        try output.write("{\"resourceType\":\"Bundle\",\"type\":\"collection\",\"entry\":[")
        var first = true
        var failure: VaultError?
        forEachEntry { entry in
            guard failure == nil else { return }
            do throws(VaultError) {
                try output.write((first ? "\n" : ",\n") + entry.serialized())
            } catch {
                failure = error
            }
            first = false
        }
        if let failure { throw failure }
        try output.write(first ? "]}\n" : "\n]}\n")
    }

    /// The entries: the Patient, then the Observations oldest first.
    public func entries() -> [JSONValue] {
        var entries: [JSONValue] = []
        entries.reserveCapacity(moods.count + assessments.count + 1)
        forEachEntry { entries.append($0) }
        return entries
    }

    private func forEachEntry(_ body: (JSONValue) -> Void) {
        let patient = FHIRBundle.patientID
        body(.object([("fullUrl", .string("urn:uuid:\(patient)")), ("resource", FHIRObservation.patient(id: patient))]))
        var items: [Item] = []
        items.reserveCapacity(moods.count + assessments.count)
        for mood in moods {
            guard let date = mood.date else { continue }
            items.append(Item(time: date.epochSeconds(in: timeZone), path: mood.path, id: mood.id) { id in
                [(id, FHIRObservation.stateOfMind(mood, id: id, patient: patient, timeZone: timeZone,
                                                  suggested: includeSuggestedLabels))]
            })
        }
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
        items.sort { ($0.time, $0.path) < ($1.time, $1.path) }
        var used: Set<String> = [patient]
        used.reserveCapacity(items.count)
        for item in items {
            // A document's id, lower case; one without an id, or with one already used, gets an id
            // made from its path, the same each time.
            var id = item.id.flatMap { UUID(uuidString: $0) }?.uuidString.lowercased()
            if id == nil || used.contains(id ?? "") { id = FHIRBundle.uuid(fromPath: item.path) }
            let chosen = id ?? FHIRBundle.uuid(fromPath: item.path)
            used.insert(chosen)
            for (resourceID, resource) in item.build(chosen) {
                body(.object([("fullUrl", .string("urn:uuid:\(resourceID)")), ("resource", resource)]))
            }
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
