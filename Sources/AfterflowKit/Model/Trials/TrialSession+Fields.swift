/// A trial session's keys and values, for an editor (docs/FORMAT.md, "Trial sessions").
extension TrialSession {
    public static func meaning(ofKey key: String) -> String? {
        switch key {
        case "client": return "The id in the client's client.md."
        case "date": return "When the session started: 2025-01-14T15:00:00-08:00."
        case "end": return "When it ended; not before date. Absent: not ended yet."
        case "location": return "Where it took place, free text: Clinic, room 2."
        case "service": return "The CPT code billed, from the vault's services (services: in .afterflow/config.yml): 97153, 92507."
        case "place": return "The place of service, a two-digit CMS code and its name: 11 Office, 03 School, 12 Home."
        case "participants": return "Who was there: [client, parent, teacher]."
        case "provider": return "The rendering clinician's name and credential: J. Doe, CCC-SLP."
        case "pauses": return "Breaks not billed, as clock times: [15:20-15:25]. Billed minutes are end - date less these."
        case "observer": return "The observer's initials: JL."
        case "probe": return "true for a probe session: the goals are tested, not taught; its trials are reported apart from teaching."
        case "recorded_on": return "How the trials were recorded: terminal, phone, script, import."
        case "role": return "reliability for a second observer's record of a session (primary names it); else the session's own."
        case "primary": return "In a reliability record, the id of the session it checks."
        default: return keys.contains(key) ? FieldChoice.sharedMeaning(ofKey: key) : nil
        }
    }

    public static func valueChoices(forKey key: String) -> [FieldChoice] {
        switch key {
        case "recorded_on": return RecordedOn.allCases.map { FieldChoice($0.rawValue, "Recorded with afterflow's \($0.rawValue) front end.") }
        case "probe": return [FieldChoice("true", "A probe session."), FieldChoice("false", "A teaching session (the default).")]
        case "service": return ServiceCode.standard.map { FieldChoice($0.code, ($0.timed ? "Timed, 15-minute units: " : "Once a session: ") + $0.name + ".") }
        case "place": return PlaceOfService.common.map { FieldChoice("\($0.code) \($0.name)", "Place of service \($0.code).") }
        default: return []
        }
    }
}
