import Foundation

/// The `Observation`s of the FHIR export, shaped by the HL7 FHIR Personal Health Record
/// implementation guide (HL7/personal-health-record-format-ig): a check-in as its PGHD State of
/// Mind profile, an assessment as its PGHD Scored Assessment profile (the guide's `phq9`/`gad7` as
/// code, the LOINC total score as the `score` component, no value of its own: FHIR's obs-7 forbids
/// one when a component has the same code) and each item as a component. Every Observation's
/// `subject` is the bundle's anonymous Patient. Displays are the code systems' own (even the
/// guide's `MOMENTARY EMOTIONS` and `Slightly Neutral`); the form's wording goes in `text`.
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
    static let patientProfile = "\(phr)/StructureDefinition/pghd-patient"

    /// The anonymous Patient every Observation is of: an id and the guide's profile, nothing else.
    static func patient(id: String) -> JSONValue {
        .object([("resourceType", .string("Patient")), ("id", .string(id)), ("meta", .object([("profile", .array([.string(patientProfile)]))]))])
    }

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

    /// The kind's display in `state-of-mind-kind-codes`.
    static func display(_ kind: MoodKind) -> String {
        kind == .dailyMood ? "DAILY MOOD" : "MOMENTARY EMOTIONS"
    }

    /// The valence class's display in `state-of-mind-valence-codes`, as that code system writes
    /// it (`slightlyUnpleasant` is "Unpleasant" and `neutral` "Slightly Neutral" there).
    static func display(_ valenceClass: ValenceClass) -> String {
        switch valenceClass {
        case .veryUnpleasant: return "Very Unpleasant"
        case .unpleasant, .slightlyUnpleasant: return "Unpleasant"
        case .neutral: return "Slightly Neutral"
        case .slightlyPleasant: return "Slightly Pleasant"
        case .pleasant: return "Pleasant"
        case .veryPleasant: return "Very Pleasant"
        }
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

    static func subject(_ patient: String) -> (String, JSONValue) {
        ("subject", .object([("reference", .string("urn:uuid:\(patient)"))]))
    }

    static func effective(_ date: LocalDate?, _ zone: TimeZone) -> (String, JSONValue)? {
        date.map { ("effectiveDateTime", .string($0.canonical(in: zone))) }
    }

    static func note(_ text: String) -> (String, JSONValue)? {
        text.isEmpty ? nil : ("note", .array([.object([("text", .string(text))])]))
    }

    /// A check-in: kind, valence (a Quantity), valence classification, labels and associations.
    /// Labels and associations without any names have a component without a value, as the
    /// profile allows. The labels are those the person chose; suggested ones only when asked.
    static func stateOfMind(_ mood: MoodListing, id: String, patient: String, timeZone: TimeZone, suggested: Bool = false) -> JSONValue {
        var fields = common(id: id, profile: stateOfMindProfile)
        fields.append(("code", concept([coding(pghdCodes, "stateOfMind", "State of Mind")])))
        fields.append(subject(patient))
        if let effective = effective(mood.date, timeZone) { fields.append(effective) }
        let kind = MoodKind(rawValue: mood.kind) ?? .momentaryEmotion
        let valence = mood.valence ?? mood.score.map(MoodVocabulary.valence(forScore:)) ?? 0
        let valenceClass = mood.valenceClass.flatMap(ValenceClass.init(rawValue:)) ?? ValenceClass(valence: valence)
        var components: [JSONValue] = [
            component(concept([coding(stateOfMindCodes, "kind", "Kind")]),
                      ("valueCodeableConcept", concept([coding(kindCodes, camelCase(kind.rawValue), display(kind))]))),
            component(concept([coding(stateOfMindCodes, "valence", "Valence")]),
                      ("valueQuantity", .object([("value", .number((valence * 100).rounded() / 100, places: 2))]))),
            component(concept([coding(stateOfMindCodes, "valenceClassification", "Valence Classification")]),
                      ("valueCodeableConcept", concept([coding(valenceCodes, camelCase(valenceClass.rawValue), display(valenceClass))]))),
        ]
        let names = mood.labels + (suggested ? mood.suggestedLabels.filter { !mood.labels.contains($0) } : [])
        let labels = names.map { coding(labelCodes, camelCase($0), display($0)) }
        components.append(component(concept([coding(stateOfMindCodes, "labels", "Labels")]),
                                     labels.isEmpty ? nil : ("valueCodeableConcept", concept(labels))))
        let associations = mood.associations.map { coding(associationCodes, camelCase($0), display($0)) }
        components.append(component(concept([coding(stateOfMindCodes, "associations", "Associations")]),
                                    associations.isEmpty ? nil : ("valueCodeableConcept", concept(associations))))
        fields.append(("component", .array(components)))
        if let note = note(mood.notes) { fields.append(note) }
        return .object(fields)
    }

    /// An assessment, as the guide's examples: code the guide's `phq9`/`gad7` and LOINC's panel,
    /// no value of its own; components the LOINC total score (`score`), the band as the guide's
    /// risk code, and each item with LOINC's display, the form's wording as text and its LOINC
    /// answer.
    static func scoredAssessment(_ assessment: AssessmentListing, id: String, patient: String, timeZone: TimeZone) -> JSONValue {
        guard let instrument = assessment.instrument, let total = assessment.total else { return .null }
        var fields = common(id: id, profile: scoredAssessmentProfile)
        fields.append(("code", concept([coding(pghdCodes, instrument.rawValue, "\(instrument.title) assessment"),
                                        coding(loinc, instrument.panelCode, instrument.panelDisplay)], text: instrument.title)))
        fields.append(subject(patient))
        if let effective = effective(assessment.date, timeZone) { fields.append(effective) }
        let band = assessment.band ?? instrument.band(total: total)
        // "Assesment" is how the guide's code systems spell it.
        let risk = instrument == .phq9 ? ("phq9Risk", "PHQ-9 Assesment Risk", "phq9-risk-codes") : ("gad7Risk", "GAD-7 Assesment Risk", "gad7-risk-codes")
        var components: [JSONValue] = [
            component(concept([coding(loinc, instrument.totalCode, instrument.totalDisplay)], text: "\(instrument.title) total score"), ("valueInteger", .int(total))),
            component(concept([coding(scoredAssessmentCodes, risk.0, risk.1)]),
                      ("valueCodeableConcept", concept([coding("\(phr)/CodeSystem/\(risk.2)", band.riskCode, band.riskDisplay)]))),
        ]
        for (i, answer) in assessment.items.enumerated() where i < instrument.itemCount {
            guard let answer, (0...3).contains(answer) else { continue }
            let words = AssessmentInstrument.answers[answer]
            components.append(component(concept([coding(loinc, instrument.itemCodes[i], instrument.itemDisplays[i])], text: instrument.items[i]),
                                        ("valueCodeableConcept", concept([coding(loinc, AssessmentInstrument.answerCodes[answer], words.prefix(1).uppercased() + words.dropFirst())], text: "\(answer)"))))
        }
        fields.append(("component", .array(components)))
        if let note = note(assessment.notes) { fields.append(note) }
        return .object(fields)
    }
}
