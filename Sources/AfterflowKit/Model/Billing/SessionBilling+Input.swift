/// The billing values a person typed or chose (`trials start` and `trials end`'s `--service`,
/// `--place`, `--participants`, `--provider`; the phone page's end form), checked by one set of
/// rules so that every front end refuses the same input with the same words.
extension SessionBilling {
    /// Why typed billing values were refused: a message that names the field as the front end
    /// calls it (`--service` on the command line, `service` on the page) and says what was expected.
    public struct InputError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Reads the values given; nil or empty leaves a key as it is. `prefix` is put before each
    /// field's name in messages (`--` for the command line). With `services`, a service must be
    /// on the vault's list (compared without case); without, only its shape is checked.
    /// Participants are lower-cased, each one word of letters, digits, `-` and `_`.
    public static func parse(service: String?, place: String?, participants: [String], provider: String?,
                             services: [ServiceCode]?, prefix: String = "") throws(InputError) -> SessionBilling {
        let service = service.map { $0.trimmingASCIIWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        if let service, !ServiceCode.isCodeShaped(service.uppercased()) {
            throw InputError(message: "\(prefix)service must be a CPT code of five digits or letters, like 97153 or 92507, found \"\(service.visible())\"")
        }
        if let service, let services, services.service(service) == nil {
            throw InputError(message: "\(prefix)service \(service.visible()) is not one of the vault's services (\(services.map(\.code).joined(separator: ", "))); "
                + "add it to services in .afterflow/config.yml, or give one of them")
        }
        let placeText = place.map { $0.trimmingASCIIWhitespace() }.flatMap { $0.isEmpty ? nil : $0 }
        var parsedPlace: PlaceOfService?
        if let placeText {
            guard let read = PlaceOfService(parsing: placeText) else {
                throw InputError(message: "\(prefix)place must be \(PlaceOfService.expected), found \"\(placeText.visible())\"")
            }
            parsedPlace = read
        }
        if let provider, let problem = FieldText.problem(field: prefix + "provider", text: provider, multiline: false) {
            throw InputError(message: problem)
        }
        var who: [String] = []
        for word in participants.map({ $0.trimmingASCIIWhitespace().lowercased() }) where !word.isEmpty {
            guard Trial.isShortName(word) else {
                throw InputError(message: "\(prefix)participants must be words separated by commas, like client,parent, found \"\(word.visible())\"")
            }
            who.append(word)
        }
        return SessionBilling(service: service?.uppercased(), place: parsedPlace, participants: who, provider: provider)
    }
}
