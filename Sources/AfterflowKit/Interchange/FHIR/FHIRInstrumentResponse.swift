import Foundation

/// An answer to an instrument other than PHQ-9 and GAD-7 in the FHIR export: a
/// `QuestionnaireResponse` with every item's answer, and an `Observation` of its score derived from
/// it. The Observation's code is the instrument's LOINC code where it has one, else its id in
/// afterflow's own code system (`urn:afterflow:instrument`); its value the total score as a
/// Quantity; a component each subscale and each threshold's verdict.
enum FHIRInstrumentResponse {
    static let instrumentSystem = "urn:afterflow:instrument"

    /// The two resources, the response with `id` first, the Observation with `scoreID`.
    static func resources(_ answer: AssessmentListing, instrument: Instrument, score: InstrumentScore, id: String, scoreID: String,
                          patient: String, timeZone: TimeZone) -> [(id: String, resource: JSONValue)] {
        [(id, response(answer, instrument: instrument, id: id, patient: patient, timeZone: timeZone)),
         (scoreID, observation(answer, instrument: instrument, score: score, id: scoreID, responseID: id, patient: patient, timeZone: timeZone))]
    }

    static func response(_ answer: AssessmentListing, instrument: Instrument, id: String, patient: String, timeZone: TimeZone) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("resourceType", .string("QuestionnaireResponse")), ("id", .string(id)),
            ("questionnaire", .string("\(instrumentSystem):\(instrument.id)")), ("status", .string("completed")),
            FHIRObservation.subject(patient),
        ]
        if let date = answer.date { fields.append(("authored", .string(date.canonical(in: timeZone)))) }
        let items: [JSONValue] = zip(instrument.items, answer.items).compactMap { item, value in
            guard let value else { return nil }
            return .object([("linkId", .string(String(item.number))), ("text", .string(item.display)),
                            ("answer", .array([.object([("valueInteger", .int(value))])]))])
        }
        fields.append(("item", .array(items)))
        return .object(fields)
    }

    static func observation(_ answer: AssessmentListing, instrument: Instrument, score: InstrumentScore, id: String, responseID: String,
                            patient: String, timeZone: TimeZone) -> JSONValue {
        var codings = [FHIRObservation.coding(instrumentSystem, instrument.id, instrument.title)]
        if let loinc = instrument.loinc { codings.insert(FHIRObservation.coding(FHIRObservation.loinc, loinc, "\(instrument.title) score"), at: 0) }
        var fields: [(String, JSONValue)] = [
            ("resourceType", .string("Observation")), ("id", .string(id)), ("status", .string("final")), ("category", FHIRObservation.survey),
            ("code", FHIRObservation.concept(codings, text: "\(instrument.title) score")), FHIRObservation.subject(patient),
        ]
        if let effective = FHIRObservation.effective(answer.date, timeZone) { fields.append(effective) }
        if let total = score.total { fields.append(("valueQuantity", quantity(total, instrument.scoring))) }
        fields.append(("derivedFrom", .array([.object([("reference", .string("urn:uuid:\(responseID)"))])])))
        var components: [JSONValue] = score.subscales.compactMap { name, part in
            guard let part else { return nil }
            return FHIRObservation.component(FHIRObservation.concept([FHIRObservation.coding("\(instrumentSystem):\(instrument.id)", name, name)], text: name),
                                             ("valueQuantity", quantity(part, instrument.scoring)))
        }
        if let band = score.band {
            components.append(FHIRObservation.component(FHIRObservation.concept([FHIRObservation.coding("\(instrumentSystem):\(instrument.id)", "band", "band")], text: "band"), ("valueString", .string(band))))
        }
        for verdict in score.thresholds {
            guard let met = verdict.met else { continue }
            components.append(FHIRObservation.component(
                FHIRObservation.concept([FHIRObservation.coding("\(instrumentSystem):\(instrument.id)", verdict.name, verdict.name)], text: verdict.name),
                ("valueBoolean", .bool(met))))
        }
        if !components.isEmpty { fields.append(("component", .array(components))) }
        if let note = FHIRObservation.note(answer.notes) { fields.append(note) }
        return .object(fields)
    }

    /// A score as a Quantity: `%` (UCUM) for a percentage of the maximum, `{score}` otherwise.
    static func quantity(_ part: InstrumentScore.Part, _ scoring: Instrument.Scoring) -> JSONValue {
        let percent = scoring == .percentOfMax
        return .object([("value", .number((part.score * 10).rounded() / 10, places: 1)), ("unit", .string(percent ? "%" : "score")),
                        ("system", .string("http://unitsofmeasure.org")), ("code", .string(percent ? "%" : "{score}"))])
    }
}
