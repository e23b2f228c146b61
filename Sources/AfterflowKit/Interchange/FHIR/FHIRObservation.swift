import Foundation

/// The `Observation`s of the FHIR export, shaped by the HL7 FHIR Personal Health Record
/// implementation guide (HL7/personal-health-record-format-ig): a check-in as its PGHD State of
/// Mind profile, an assessment as its PGHD Scored Assessment profile with the LOINC total score
/// as its code and value and each item as a component.
enum FHIRObservation {
    static let phr = "http://hl7.org/fhir/uv/phr"
    static let loinc = "http://loinc.org"
    static let categorySystem = "http://terminology.hl7.org/CodeSystem/observation-category"
    static let pghdCodes = "\(phr)/CodeSystem/observation-pghd-codes"
    static let stateOfMindCodes = "\(phr)/CodeSystem/state-of-mind-codes"
    static let kindCodes = "\(phr)/CodeSystem/state-of-mind-kind-codes"
    static let valenceCodes = "\(phr)/CodeSystem/state-of-mind-valence-codes"
    static let labelCodes = "\(phr)/CodeSystem/state-of-mind-label-codes"
    static let associationCodes = "\(phr)/CodeSystem/state-of-mind-association-codes"
    static let scoredAssessmentCodes = "\(phr)/CodeSystem/scored-assessment-codes"
    static let stateOfMindProfile = "\(phr)/StructureDefinition/pghd-observation-state-of-mind"
    static let scoredAssessmentProfile = "\(phr)/StructureDefinition/pghd-observation-scored-assessment"

    static func coding(_ system: String, _ code: String, _ display: String) -> JSONValue {
        .object([("system", .string(system)), ("code", .string(code)), ("display", .string(display))])
    }

    static func concept(_ codings: [JSONValue], text: String? = nil) -> JSONValue {
        var fields: [(String, JSONValue)] = [("coding", .array(codings))]
        if let text { fields.append(("text", .string(text))) }
        return .object(fields)
    }

    static let survey = JSONValue.array([concept([coding(categorySystem, "survey", "Survey")])])

    /// `self-care` → `selfCare`: the guide's codes are the names in camelCase.
    static func camelCase(_ name: String) -> String {
        var out = ""
        var upper = false
        for character in name {
            if character == "-" { upper = true; continue }
            out += upper ? character.uppercased() : String(character)
            upper = false
        }
        return out
    }

    /// `current-events` → `Current Events`; `self-care` → `Self-Care`, as the guide displays them.
    static func display(_ name: String) -> String {
        if name == "self-care" { return "Self-Care" }
        return name.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    static func component(_ code: JSONValue, _ value: (String, JSONValue)?) -> JSONValue {
        var fields: [(String, JSONValue)] = [("code", code)]
        if let value { fields.append(value) }
        return .object(fields)
    }

    static func common(id: String, profile: String) -> [(String, JSONValue)] {
        [("resourceType", .string("Observation")), ("id", .string(id)), ("meta", .object([("profile", .array([.string(profile)]))])),
         ("status", .string("final")), ("category", survey)]
    }

    static func effective(_ date: LocalDate?, _ zone: TimeZone) -> (String, JSONValue)? {
        date.map { ("effectiveDateTime", .string($0.canonical(in: zone))) }
    }

    static func note(_ text: String) -> (String, JSONValue)? {
        text.isEmpty ? nil : ("note", .array([.object([("text", .string(text))])]))
    }

    /// A check-in: kind, valence (a Quantity), valence classification, labels and associations.
    /// Labels and associations without any names have a component without a value, as the
    /// profile allows.
    static func stateOfMind(_ mood: MoodListing, id: String, timeZone: TimeZone) -> JSONValue {
        var fields = common(id: id, profile: stateOfMindProfile)
        fields.append(("code", concept([coding(pghdCodes, "stateOfMind", "State of Mind")])))
        if let effective = effective(mood.date, timeZone) { fields.append(effective) }
        let kind = MoodKind(rawValue: mood.kind) ?? .momentaryEmotion
        let valence = mood.valence ?? mood.score.map(MoodVocabulary.valence(forScore:)) ?? 0
        let valenceClass = mood.valenceClass.flatMap(ValenceClass.init(rawValue:)) ?? ValenceClass(valence: valence)
        var components: [JSONValue] = [
            component(concept([coding(stateOfMindCodes, "kind", "Kind")]),
                      ("valueCodeableConcept", concept([coding(kindCodes, camelCase(kind.rawValue), kind == .dailyMood ? "Daily Mood" : "Momentary Emotion")]))),
            component(concept([coding(stateOfMindCodes, "valence", "Valence")]),
                      ("valueQuantity", .object([("value", .number((valence * 100).rounded() / 100, places: 2))]))),
            component(concept([coding(stateOfMindCodes, "valenceClassification", "Valence Classification")]),
                      ("valueCodeableConcept", concept([coding(valenceCodes, camelCase(valenceClass.rawValue), display(valenceClass.rawValue))]))),
        ]
        let labels = mood.labels.map { coding(labelCodes, camelCase($0), display($0)) }
        components.append(component(concept([coding(stateOfMindCodes, "labels", "Labels")]),
                                     labels.isEmpty ? nil : ("valueCodeableConcept", concept(labels))))
        let associations = mood.associations.map { coding(associationCodes, camelCase($0), display($0)) }
        components.append(component(concept([coding(stateOfMindCodes, "associations", "Associations")]),
                                    associations.isEmpty ? nil : ("valueCodeableConcept", concept(associations))))
        fields.append(("component", .array(components)))
        if let note = note(mood.notes) { fields.append(note) }
        return .object(fields)
    }

    /// An assessment: code the LOINC total score (and the guide's `phq9`/`gad7`), value the total,
    /// components the score, the band as the guide's risk code, and each item with its LOINC
    /// answer.
    static func scoredAssessment(_ assessment: AssessmentListing, id: String, timeZone: TimeZone) -> JSONValue {
        guard let instrument = assessment.instrument, let total = assessment.total else { return .null }
        var fields = common(id: id, profile: scoredAssessmentProfile)
        fields.append(("code", concept([coding(loinc, instrument.totalCode, instrument.totalDisplay),
                                        coding(pghdCodes, instrument.rawValue, "\(instrument.title) assessment")], text: "\(instrument.title) total score")))
        if let effective = effective(assessment.date, timeZone) { fields.append(effective) }
        fields.append(("valueInteger", .int(total)))
        let band = assessment.band ?? instrument.band(total: total)
        let risk = instrument == .phq9 ? ("phq9Risk", "PHQ-9 Assessment Risk", "phq9-risk-codes") : ("gad7Risk", "GAD-7 Assessment Risk", "gad7-risk-codes")
        var components: [JSONValue] = [
            component(concept([coding(loinc, instrument.totalCode, instrument.totalDisplay)]), ("valueInteger", .int(total))),
            component(concept([coding(scoredAssessmentCodes, risk.0, risk.1)]),
                      ("valueCodeableConcept", concept([coding("\(phr)/CodeSystem/\(risk.2)", band.riskCode, band.riskDisplay)]))),
        ]
        for (i, answer) in assessment.items.enumerated() where i < instrument.itemCount {
            guard let answer, (0...3).contains(answer) else { continue }
            let words = AssessmentInstrument.answers[answer]
            components.append(component(concept([coding(loinc, instrument.itemCodes[i], instrument.items[i])]),
                                        ("valueCodeableConcept", concept([coding(loinc, AssessmentInstrument.answerCodes[answer], words.prefix(1).uppercased() + words.dropFirst())], text: "\(answer)"))))
        }
        fields.append(("component", .array(components)))
        if let note = note(assessment.notes) { fields.append(note) }
        return .object(fields)
    }
}
