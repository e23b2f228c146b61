/// The settings a front end offers when a session's billing is chosen rather than typed (the
/// phone page's end form): `default_service:`, `places:` and `participants:`.
extension VaultConfig {
    /// Reads the three keys once every other key is read (`default_service` must be one of
    /// `services`, wherever that is written). A bad item is an error at that item and is left out.
    mutating func readBillingChoices(_ entries: [FrontMatterEntry]) {
        for entry in entries {
            switch entry.key {
            case "places": readPlaces(entry)
            case "participants": readParticipants(entry)
            case "default_service": readDefaultService(entry)
            default: continue
            }
        }
    }

    private mutating func readDefaultService(_ entry: FrontMatterEntry) {
        switch entry.value {
        case .null: return
        case .list:
            diagnostics.append(.error("default_service must be a single value, found a list", at: entry.valueLocation))
        case .scalar(let scalar):
            guard !scalar.isNull else { return }
            let code = scalar.text.trimmingASCIIWhitespace().uppercased()
            if let service = services.service(code) {
                defaultService = service.code
            } else {
                diagnostics.append(.error("default_service must be one of the vault's services (\(services.map(\.code).joined(separator: ", "))), found \(quoted(scalar.text))", at: scalar.location))
            }
        }
    }

    /// `places: [11 Office, 03 School, 12 Home]`: each a place of service as `place:` writes it.
    private mutating func readPlaces(_ entry: FrontMatterEntry) {
        guard let items = items(entry) else { return }
        var list: [PlaceOfService] = []
        for item in items {
            guard let place = PlaceOfService(parsing: item.text) else {
                diagnostics.append(.error("each of places must be \(PlaceOfService.expected), found \(quoted(item.text))", at: item.location))
                continue
            }
            if list.contains(where: { $0.code == place.code }) {
                diagnostics.append(.error("places names \(place.code) twice; write each once", at: item.location))
            } else {
                list.append(place)
            }
        }
        if items.isEmpty { diagnostics.append(.error("places must name at least one, like [11 Office, 12 Home]", at: entry.valueLocation)) }
        if !list.isEmpty { places = list }
    }

    /// `participants: [client, parent, grandparent]`: one word each, as `participants:` writes it.
    private mutating func readParticipants(_ entry: FrontMatterEntry) {
        if let names = readWords(entry, like: ", like parent", empty: "at least one, like [client, parent]") { participants = names }
    }
}
